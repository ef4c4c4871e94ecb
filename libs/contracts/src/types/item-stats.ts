import type { QuestionType } from './qbank';
import type { TestMode } from './catalog';

/**
 * Item analysis (issue 28 part 4, ADR 0037): statistics per question folded from the
 * `events.test.submitted` facts, in the spirit of Moodle's quiz statistics report (facility
 * index, discrimination index, response analysis per option).
 */

/**
 * Upper bounds (seconds, inclusive) of the time histogram's buckets; the last bucket holds
 * everything above the previous bound. Fixed, so counts are `$inc`remented per bucket and the
 * median is read from the counts (medianFromHistogram).
 */
export const TIME_BUCKETS_SECONDS = [10, 20, 30, 45, 60, 90, 120, 180, 300, 600, 1800] as const;
/** Bucket labels for the chart and the CSV ('≤10 s' … '>1800 s'). */
export const TIME_BUCKET_LABELS: readonly string[] = [
  ...TIME_BUCKETS_SECONDS.map((s) => `≤${s} s`),
  `>${TIME_BUCKETS_SECONDS[TIME_BUCKETS_SECONDS.length - 1]} s`,
];

/** How a learner answered one question of a graded test, as the fact carries it. */
export type ItemOutcome = 'correct' | 'incorrect' | 'unanswered';

/**
 * One response option as counted: a choice (by its text), a typed value that is a named
 * misconception, or 'other' / 'none' for typed answers that are neither, and no answer.
 */
export interface ItemResponse {
  /** Stable key: 'h' + 12 hex of sha1(text) for a choice or named value; 'other'; 'none'. */
  key: string;
  /** The choice's text, the typed value, 'Other wrong answer' or 'No answer'. */
  label: string;
  correct: boolean;
  /** The misconception this wrong response stands for (generated questions), or null. */
  misconception: string | null;
}

/** One question of a graded test, what the statistics need of it. */
export interface TestSubmittedItem {
  qid: string;
  type: QuestionType;
  course: string;
  objective: string;
  /** The generator topic the question was built from; null when unknown or hand-made. */
  topic: string | null;
  /** The question text's start (plain, at most 120 characters), for the admin table. */
  stem: string;
  outcome: ItemOutcome;
  /**
   * The question's options as the test showed them: every choice of a choice question; the
   * correct value and the named wrong values of a typed one.
   */
  options: ItemResponse[];
  /**
   * Keys of the responses given: the chosen choices (several for SATA), the typed value's key
   * (a named one, or 'other'), or 'none' when unanswered.
   */
  chosen: string[];
  /** The misconception the answer hit, or null. */
  misconception: string | null;
  /** Every misconception the question names (its wrong values), to count how often each was open. */
  misconceptions: string[];
  flagged: boolean;
  /**
   * Seconds from the learner's previous answer in this test (or the test's start) to this
   * answer's last save: the time-on-question estimate of ADR 0037. Null when unanswered.
   */
  seconds: number | null;
}

/**
 * `events.test.submitted`: a test was graded (the learner's submit, or the settlement of a
 * timed test whose time ran out). Message id `test-submitted:<testId>`; folded once per test
 * by the item statistics (idempotent by test id).
 */
export interface TestSubmittedEvent {
  testId: string;
  /** The test's owner (the learning engine's mastery is theirs, issue 29). */
  uid: string;
  mode: TestMode;
  submittedAt: string;
  /** Questions of the test (its snapshot's count). */
  total: number;
  correct: number;
  /** round(100 × correct / total), the test's grade. */
  finalScore: number;
  items: TestSubmittedItem[];
  /**
   * The LMS assignment the test was started from (issue 30: `<platform id>:<resource link id>`);
   * the schools service sends its score to the LMS gradebook.
   */
  ltiLink?: string;
}

/** The orders of the item list. */
export const ITEM_STATS_SORTS = [
  'facility',
  'discrimination',
  'n',
  'flagRate',
  'medianTime',
] as const;
export type ItemStatsSort = (typeof ITEM_STATS_SORTS)[number];
export const SORT_DIRECTIONS = ['asc', 'desc'] as const;
export type SortDirection = (typeof SORT_DIRECTIONS)[number];

/** Filters of the item list, the error rates and the export. */
export interface ItemStatsFilters {
  course?: string;
  objective?: string;
}

export interface ItemStatsListQuery extends ItemStatsFilters {
  sort?: ItemStatsSort;
  dir?: SortDirection;
}

/** One row of the item list (and of the CSV). Ratios are 0..1; null where undefined. */
export interface ItemStatsRow {
  qid: string;
  course: string;
  objective: string;
  topic: string | null;
  stem: string;
  /** Graded attempts of the question. */
  n: number;
  correct: number;
  /** Share correct (Moodle's facility index / 100). */
  facility: number;
  /** Standard deviation of the item score (0/1), sample form as Moodle's. Null for n < 2. */
  sd: number | null;
  /**
   * Moodle's discrimination index: the correlation of this item's score with the score on the
   * rest of the test (item-rest). Null while undefined (no variance).
   */
  discrimination: number | null;
  /** Point-biserial correlation with the whole test's score (item-total). Null while undefined. */
  pointBiserial: number | null;
  flagged: number;
  flagRate: number;
  /** Median seconds on the question (from the histogram); null without timed answers. */
  medianSeconds: number | null;
  lastAt: string;
}

export interface ItemStatsPage {
  items: ItemStatsRow[];
  next: string | null;
}

/** GET /api/admin/item-analysis (a page; the next is the Link header). */
export interface ItemStatsListAnswer {
  items: ItemStatsRow[];
}

/** A response of the detail: how often it was chosen. */
export interface ItemResponseCount extends ItemResponse {
  count: number;
  /** count / n. */
  share: number;
}

/** GET /api/admin/item-analysis/questions/{qid}. */
export interface ItemStatsDetail {
  row: ItemStatsRow;
  responses: ItemResponseCount[];
  /** Counts per TIME_BUCKET_LABELS entry. */
  timeHistogram: { label: string; count: number }[];
  unanswered: number;
}

/** One error-rate row: a generator topic or a named misconception. */
export interface ErrorRateRow {
  kind: 'topic' | 'misconception';
  course: string;
  objective: string;
  name: string;
  /** Topic: attempts; misconception: attempts of questions that offer it. */
  n: number;
  /** Topic: answered wrong or left empty; misconception: answers that hit it. */
  errors: number;
  rate: number;
}

/** GET /api/admin/item-analysis/error-rates. */
export interface ItemErrorRates {
  topics: ErrorRateRow[];
  misconceptions: ErrorRateRow[];
}

/** The CSV export's columns, in order (item_analysis.csv). */
export const ITEM_STATS_CSV_COLUMNS = [
  'qid',
  'course',
  'objective',
  'topic',
  'stem',
  'n',
  'correct',
  'facility',
  'sd',
  'discrimination',
  'pointBiserial',
  'flagged',
  'flagRate',
  'medianSeconds',
  'lastAt',
] as const satisfies readonly (keyof ItemStatsRow)[];
export const ITEM_STATS_CSV_FILE_NAME = 'item_analysis.csv';

export const ITEM_STATS_MESSAGES = {
  questionNotFound: 'No statistics for this question yet.',
  nothingToExport: 'No item statistics match the filters.',
  objectiveNeedsCourse: 'Choose a course before an objective.',
} as const;

/** Labels of the responses that are not the question's own options (labels, not sentences). */
export const ITEM_RESPONSE_LABELS = {
  none: 'No answer',
  other: 'Other wrong answer',
  earlierChoice: 'A choice the question no longer has',
} as const;
