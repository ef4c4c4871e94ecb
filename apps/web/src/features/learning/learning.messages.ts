import { MASTERY_LEVEL_LABELS } from '@examprep/contracts/types';

/**
 * Texts of the learning screens (issue 29): the dashboard's progress card, "Practise my weak
 * spots" in the Infinite QBank, and /readiness. Tests and screens quote the same strings.
 */
export const LEARNING_TEXT = {
  levels: MASTERY_LEVEL_LABELS,
  tryAgain: 'Try Again',

  // dashboard card
  cardTitle: 'Your progress',
  cardLoading: 'Loading your progress…',
  cardFailed: 'Your progress could not be loaded.',
  cardEmpty: 'Answer questions in the Infinite QBank to see your progress.',
  openQbank: 'Start practising in the Infinite QBank',
  reviewsDue: (n: number) =>
    n === 0 ? 'No reviews due today' : `${n} ${n === 1 ? 'review' : 'reviews'} due today`,
  startReviews: 'Start reviews',
  answersSoFar: (n: number) => `${n} ${n === 1 ? 'answer' : 'answers'} so far`,
  weakestTitle: 'Your weakest topics',
  noWeakSpots: 'No weak spots with enough answers yet: keep practising to find them.',
  weakSpotOf: (name: string, course: string) => `${name} (${course})`,
  seeReadiness: 'See my readiness',
  practiseWeakSpots: 'Practise my weak spots',

  // weak-spots practice in the Infinite QBank
  weakTitle: 'Practise my weak spots',
  weakIntro:
    'A batch picked for you: questions you missed come back first, then the topics where practice helps most.',
  weakStart: (course: string) => `Practise my weak spots: ${course}`,
  weakCourseLegend: 'Course to practise',
  weakBack: 'Back to choosing a topic',
  weakLoading: 'Picking your questions…',
  weakFailed: 'Your practice could not be loaded.',
  weakNone: 'Nothing to practise in this course yet.',
  nextBatch: 'Next batch',
  /** A review of a missed item: the item itself, or a sibling (siblingIds) with new numbers. */
  reviewBadge: 'Review: you missed this question before',
  reviewSiblingBadge: 'Review: the same idea as a question you missed, with new numbers',
  reviewCount: (n: number) =>
    n === 0 ? 'No reviews in this batch' : `${n} ${n === 1 ? 'review' : 'reviews'} in this batch`,

  // readiness page
  title: 'Readiness',
  intro:
    'How ready you are, from every answer you give. Each estimate comes with a range: the more you practise, the narrower it gets.',
  loading: 'Loading your readiness…',
  failed: 'Your readiness could not be loaded.',
  teasTitle: 'TEAS Math',
  teasHeadline: (predicted: number, of: number, percent: number, low: number, high: number) =>
    `About ${predicted} of ${of} (${percent} %), likely ${low}–${high}`,
  teasScale: (of: number) => `Predicted score out of ${of} scored questions`,
  rangeLegend: 'Likely range (8 chances in 10)',
  sectionsTitle: 'By section',
  sectionLine: (predicted: number, of: number, low: number, high: number) =>
    `about ${predicted} of ${of}, likely ${low}–${high}`,
  notEnough: MASTERY_LEVEL_LABELS['not-enough'],
  sectionNotEnough: (answers: number) =>
    `${MASTERY_LEVEL_LABELS['not-enough']} (${answers} so far)`,
  evidence: (answers: number, recency: string | null) =>
    answers === 0
      ? 'No answers yet.'
      : `Based on ${answers} ${answers === 1 ? 'answer' : 'answers'}${recency ? `, the latest ${recency}` : ''}.`,
  today: 'today',
  yesterday: 'yesterday',
  daysAgo: (n: number) => `${n} days ago`,
  medTitle: 'Med Dosage by topic family',
  medEmpty: 'No Med Dosage families yet.',
  masteryTitle: 'Mastery by objective',
  masteryNote:
    'A level is a rough guide (it matches the true level about two times in three), so the range beside it matters: it is where your chance of a right answer on a typical question most likely lies.',
  masteryCaption: (course: string) => `${course}: mastery by objective`,
  masteryEmpty: 'No objectives yet.',
  colObjective: 'Objective',
  colSection: 'Section',
  colLevel: 'Level (likely range)',
  colAnswers: 'Answers',
  /** After the mastery table's answer count: "15 (last Nov 28)". */
  lastAnswer: (date: string) => `(last ${date})`,
  colFamily: 'Topic family',
  never: '—',
  trendTitle: 'Score trend',
  trendEmpty: 'No scores yet: take a test or keep practising to start your trend.',
  trendShowTable: 'Show as table',
  trendShowChart: 'Show as chart',
  trendSummary: (tests: number, estimates: number) =>
    `The chart shows ${tests} graded ${tests === 1 ? 'test' : 'tests'} and ${estimates} ${estimates === 1 ? 'estimate' : 'estimates'}; “Show as table” lists them.`,
  trendCaption: 'Score trend: graded tests and estimates over time',
  colDate: 'Date',
  colCourse: 'Course',
  colKind: 'Kind',
  colScore: 'Score',
  colRange: 'Likely range',
  kindTest: 'Graded test',
  kindEstimate: 'Estimate',
  legendTests: 'Graded tests',
  legendEstimate: 'Estimate',
  legendBand: 'Estimate’s likely range',
  percent: (n: number) => `${n} %`,
  range: (low: number, high: number) => `${low}–${high} %`,
} as const;

/** The two courses of weak-spots practice (the learning engine's COURSE_DEFINITIONS). */
export const WEAK_SPOT_COURSES = [
  { id: 'teas_math', name: 'TEAS Math' },
  { id: 'med_dosage', name: 'Med Dosage' },
] as const;
export type WeakSpotCourse = (typeof WEAK_SPOT_COURSES)[number]['id'];
