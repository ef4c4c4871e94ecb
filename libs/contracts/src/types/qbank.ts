/** Question-bank shapes shared by web and services (admin spec §3, learner spec §3, §7). */
import type { QuestionMediaChanges } from './media';
import type { PumpQuestion } from './simulations';

// The answer rules grade the typed answers of these questions (ADR 0036).
export * from './answer-rules';

export const QUESTION_TYPES = ['single', 'sata', 'blank'] as const;
export type QuestionType = (typeof QUESTION_TYPES)[number];

/** How a numeric answer is rounded: decimal places kept (0 = whole number). */
export interface RoundingRule {
  places: number;
}

const PLACE_NAMES = ['whole number', 'tenth', 'hundredth', 'thousandth'];

/**
 * The one wording of a rounding rule, wherever a learner reads it: the generators write it into
 * the question, the test screens show it under a typed answer ('Round to the nearest tenth.').
 */
export function roundingInstruction(places: number): string {
  const name = PLACE_NAMES[places];
  if (name) return `Round to the nearest ${name}.`;
  if (Number.isInteger(places) && places > 0) return `Round to ${places} decimal places.`;
  throw new RangeError(`no rounding instruction for ${places} places`);
}

/** Whether the question's text states its rounding already (a generated one does). */
export function statesRounding(text: string, rule: RoundingRule): boolean {
  return text.includes(roundingInstruction(rule.places));
}

/** The media of a stored question; null = none. */
export interface QuestionMedia {
  questionImage: string | null;
  explanationImage: string | null;
  video: string | null;
}

/** Body of create and update (admin spec §3 question fields; media come with the media service). */
export interface QuestionInput {
  question: string;
  type: QuestionType;
  choices: string[];
  correctAnswer: string[];
  explanation: string;
  course: string;
  objective: string;
  /** Grading rule of blank answers; null = exact numeric or text comparison. */
  rounding?: RoundingRule | null;
  /**
   * Media changes of this save (types/media.ts): a slot left out keeps its file, null removes
   * it, `{ uploadId }` replaces it with a staged upload. The stored question's `media` holds
   * the resulting paths.
   */
  media?: QuestionMediaChanges;
}

/**
 * The stored question document (collection questions, id = qid): the fields of create and
 * update (QuestionInput) plus what the bank keeps with them.
 */
export interface Question extends Omit<QuestionInput, 'media'> {
  qid: string;
  media: QuestionMedia;
  createdAt?: string;
  updatedAt?: string;
}

/** A topic of a course objective (admin spec §3). */
export interface Topic {
  key: string;
  name: string;
  hasGenerator: boolean;
  free: boolean;
  available: boolean;
}

export interface Objective {
  name: string;
  section: string;
  topics: Topic[];
}

export interface Course {
  id: string;
  name: string;
  /** Objectives keyed by code; sort keys numerically for display. */
  objectives: Record<string, Objective>;
}

/**
 * One generated Infinite QBank item as the browser first sees it: no answer, no
 * explanation until the learner checks (DESIGN §5). `id` replays the item exactly.
 */
export interface InfiniteQuestion {
  id: string;
  topicKey: string;
  seed: number;
  course: string;
  objective: string;
  /** 'pump': answered on the pump face (Med Dosage pump topics), see `pump`. */
  type: InfiniteItemType;
  question: string;
  choices: string[];
  rounding: RoundingRule | null;
  /** Unit written after a blank's input, e.g. 'mL/hr'. */
  unit: string | null;
  /**
   * Pump items: what the pump face shows (no answer; `display` only in Time mode). The answer
   * is sent as strings in PUMP_ANSWER_ORDER of its calculate mode. null for other items.
   */
  pump: PumpQuestion | null;
}

export const INFINITE_ITEM_TYPES = ['single', 'blank', 'pump'] as const;
export type InfiniteItemType = (typeof INFINITE_ITEM_TYPES)[number];

/**
 * The order of a pump item's answer strings in InfiniteCheckInput.answer (and of its
 * correctAnswer): Rate and VTBI modes both channels, Time mode hours then two-digit minutes.
 */
export const PUMP_ANSWER_ORDER = {
  channels: ['A.rate', 'A.vtbi', 'B.rate', 'B.vtbi'],
  time: ['hours', 'minutes'],
} as const;

/** A wrong answer and the named misconception that produces it (generators' distractors). */
export interface NamedMisconception {
  value: string;
  misconception: string;
}

/**
 * A stored question as a new test snapshots it (qbank.questions.pool, service to service):
 * everything a test needs to show, grade and explain it later, whatever happens to the bank.
 * `misconceptions` name the wrong answers of questions built from a generator (empty for
 * hand-made questions, and for choices an admin changed since). Never sent to a browser as is.
 */
export interface PoolQuestion {
  qid: string;
  type: QuestionType;
  question: string;
  choices: string[];
  correctAnswer: string[];
  explanation: string;
  course: string;
  objective: string;
  rounding: RoundingRule | null;
  media: QuestionMedia;
  misconceptions: NamedMisconception[];
  /**
   * The generator topic the question was built from (its `generatedFrom`), for the item
   * analysis' error rates per topic (ADR 0037); null for hand-made questions. Absent in
   * snapshots taken before it existed.
   */
  topic?: string | null;
}

/** Which questions a test draws: `count` of the course (all of it when smaller), in QID order. */
export interface PoolQuery {
  course: string;
  count: number;
}

export interface PoolAnswer {
  questions: PoolQuestion[];
  /** Questions the course holds (the draw took min(count, available)). */
  available: number;
}

/** Result of checking an Infinite QBank answer. */
export interface InfiniteCheckResult {
  correct: boolean;
  correctAnswer: string[];
  explanation: string;
  /**
   * How the answer was written, when the answer rules have something to say (ADR 0036): a
   * missing leading zero (ANSWER_RULE_MESSAGES.leadingZero, the answer is incorrect), a trailing
   * zero (still correct), or the pump's hint. Absent when there is nothing to say.
   */
  feedback?: string;
}

/** Limits of the question bank and the Infinite QBank (learner spec §7, §9; admin spec §9). */
export const QBANK_LIMITS = {
  batchDefault: 5,
  batchMax: 20,
  questionMax: 10_000,
  explanationMax: 20_000,
  choiceMax: 1_000,
  choicesMax: 12,
  nameMax: 200,
  searchMax: 200,
  newChoices: 4,
} as const;

/** QID: two uppercase letters and two digits (admin spec §3). */
export const QID_PATTERN = /^[A-Z]{2}\d{2}$/;
export const QID_SPACE = 26 * 26 * 100;

const QID_LETTERS = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ';

/** The n-th QID of the space, n in [0, QID_SPACE): AA00, AA01, ... ZZ99. */
export function qidAt(n: number): string {
  const pair = Math.floor(n / 100);
  return `${QID_LETTERS[Math.floor(pair / 26)]}${QID_LETTERS[pair % 26]}${String(n % 100).padStart(2, '0')}`;
}

/** The value of the pickers' 'Create New' option; never a valid stored name. */
export const CREATE_NEW = 'new';

/** Texts of the question bank (admin spec §2.3-2.6, §5, §8; learner spec §8). */
export const QBANK_MESSAGES = {
  fixTitle: 'Please fix the following:',
  questionRequired: 'Please enter a question.',
  typeRequired: 'Please select a question type.',
  objectiveRequired: 'Please enter a new objective name.',
  courseRequired: 'Please enter a new course name.',
  explanationRequired: 'Please provide an explanation.',
  singleMinChoices: 'Single choice questions must have at least 2 choices.',
  singleOneCorrect: 'Single choice questions must have exactly ONE valid correct answer.',
  sataMinChoices: 'SATA questions must have at least 4 answer choices.',
  sataCorrect: 'SATA questions must have at least one valid correct answer.',
  blankAnswer: 'Fill in the blank questions must have a correct answer.',
  /** Beyond the spec (ADR 0036): learners must write the leading zero, so the key shows it. */
  blankLeadingZero:
    'Write the correct answer with a zero before the decimal point (0.5, not .5): learners are graded on writing it.',
  emptyChoices: 'Answer choices cannot be empty.',
  saved: 'Question saved successfully!',
  saveFailed: 'Failed to save question. Please try again.',
  loadFailed: (message: string) => `Failed to load question: ${message}`,
  notFound: (id: string) => `Question with ID "${id}" not found`,
  modeNeedsId: (mode: string) => `${mode} mode requires a question ID`,
  listFailed: 'Failed to load questions.',
  nothingToExport: 'No questions to export.',
  doesNotExist: 'Question does not exist.',
  deleteFailed: 'Failed to delete question.',
  deleted: 'Question deleted successfully.',
  exported: (n: number) => `Successfully exported ${n} questions to JSON file.`,
  noResults: 'No results found.',
  coursesFailed: 'Failed to load courses from API.',
  coursesFetchFailed: 'Failed to fetch courses.',
  selectAnswer: 'Please select an answer before submitting!',
  accessDenied: 'Access Denied: Admins only.',
  topicsAccessDenied: 'Access Denied - This feature is only available to administrators.',
  qidSpaceExhausted:
    'Every question ID (AA00-ZZ99) is taken. Delete unused questions before adding more.',
  noGenerator: 'This topic has no generator, so it cannot be made free or available.',
  topicNotFound: 'Topic not found.',
  courseNotFound: 'Course not found.',
  batchPrefix: 'Woah there... ',
  topicUnavailable: 'This topic is not available right now.',
  noTopics: 'No topics are available for this objective yet.',
  unknownItem: 'This question can no longer be checked. Please get another one.',
} as const;

export type MediaFilter = 'has' | 'missing';

/** Question list filters (admin spec §2.4). Empty or absent = any. */
export interface QuestionFilters {
  search?: string;
  course?: string;
  objective?: string;
  type?: QuestionType;
  questionImage?: MediaFilter;
  explanationImage?: MediaFilter;
  video?: MediaFilter;
}

export interface QuestionListResponse {
  /** One page (ADR 0026; the next page is the Link header's rel="next"). */
  questions: Question[];
  /**
   * Every question the filters match: a maintained count of the course, objective and type
   * filters; null with a search or a media filter (no count answers those without reading
   * the bank: the screen counts the pages it has).
   */
  total: number | null;
}

/** What the qbank service answers for a page of the list: the page and the next cursor. */
export interface QuestionListPage extends QuestionListResponse {
  next: string | null;
}

/** Export Questions: the JSON file questions_export_{date}.json. */
export interface QuestionsExport {
  exportDate: string;
  totalQuestions: number;
  filters: QuestionFilters;
  questions: Question[];
}

/**
 * One page of the export, as the qbank service answers it: the file's fields (the same on every
 * page), one page of questions, and the cursor of the next (null after the last). The gateway
 * writes the file as it reads the pages.
 */
export interface QuestionsExportPage extends Omit<QuestionsExport, 'totalQuestions'> {
  /** The maintained count, or null with a search or a media filter (counted as written). */
  totalQuestions: number | null;
  next: string | null;
}

/** Existing course and objective names for the editor's pickers. */
export interface QuestionFacets {
  courses: string[];
  objectives: Record<string, string[]>;
}

/** Fetch courses (admin): success and a courses map keyed by course id. */
export interface CoursesResponse {
  success: true;
  courses: Record<string, Course>;
}

/** PATCH /api/courses/{courseId}/topics/{topicKey} */
export interface TopicFlagsInput {
  objective: string;
  free?: boolean;
  available?: boolean;
}

export const VIEW_MODES = ['admin', 'learner'] as const;
export type ViewMode = (typeof VIEW_MODES)[number];

/** GET /api/infiniteqbank/courses: what the caller may practise (admins in admin mode: all). */
export interface InfiniteCoursesResponse {
  courses: Course[];
  viewMode: ViewMode | null;
}

export interface GenerateBatchQuery {
  course: string;
  objective: string;
  count?: number;
  topic?: string;
}

export interface GenerateBatchResponse {
  questions: InfiniteQuestion[];
}

export interface InfiniteCheckInput {
  id: string;
  answer: string[];
  /**
   * The item was served as a review of a missed one (the weak-spots batch's reviewIds, issue 29):
   * its answer reviews the card even when the same item was checked minutes before.
   */
  review?: boolean;
}

/** Sorts objective codes numerically ('2' before '10'; '1.2' before '1.10'). */
export function compareObjectiveCodes(a: string, b: string): number {
  const pa = a.split('.').map(Number);
  const pb = b.split('.').map(Number);
  for (let i = 0; i < Math.max(pa.length, pb.length); i++) {
    const d = (pa[i] ?? -1) - (pb[i] ?? -1);
    if (d !== 0 && !Number.isNaN(d)) return d;
  }
  return a.localeCompare(b);
}

/** A topic learners may use: it has a generator and an admin made it free and available. */
export function isTopicOpen(topic: Topic): boolean {
  return topic.hasGenerator && topic.free && topic.available;
}
