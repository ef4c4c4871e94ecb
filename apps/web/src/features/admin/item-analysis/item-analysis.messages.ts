import type { ItemStatsSort } from '@examprep/contracts/types';

/** Texts of /item-analysis (issue 28 part 4, ADR 0037). */
export const ITEM_ANALYSIS_MESSAGES = {
  title: 'Item Analysis',
  accessDenied: 'Access Denied - This page is only available to administrators.',
  intro:
    'Statistics of every question from graded tests: facility (share correct), discrimination (correlation with the rest of the test, as Moodle’s discrimination index), how often it was flagged and the median time spent.',
  filtersHeading: 'Filters',
  courseFilter: 'Course',
  objectiveFilter: 'Objective',
  allCourses: 'All courses',
  allObjectives: 'All objectives',
  facetsFailed:
    'The course and objective lists could not be loaded; the statistics are still shown.',
  loading: 'Loading item statistics…',
  listFailed: 'Failed to load the item statistics.',
  tryAgain: 'Try Again',
  empty: 'No graded tests have been analysed for these filters yet.',
  tableCaption: 'Questions by their statistics; choose a column heading to sort.',
  sortBy: (column: string) => `Sort by ${column}`,
  colQid: 'QID',
  colQuestion: 'Question',
  colCourse: 'Course / Objective',
  colN: 'Attempts',
  colFacility: 'Facility',
  colDiscrimination: 'Discrimination',
  colFlagRate: 'Flagged',
  colMedianTime: 'Median time',
  colActions: 'Details',
  details: (qid: string) => `Details of ${qid}`,
  loadMore: 'Load more',
  loadingMore: 'Loading more…',
  loadMoreFailed: (message: string) => `Could not load more questions: ${message}`,
  updating: 'Updating…',
  listToolbar: 'Item analysis actions',
  exportCsv: 'Export CSV',
  exporting: 'Exporting…',
  exportProgress: (rows: number, total: number | null, kb: string) =>
    total === null ? `${rows} questions (${kb} KB)` : `${rows} of ${total} questions (${kb} KB)`,
  cancelExport: 'Cancel export',
  exportCancelled: 'Export cancelled.',
  exported: (rows: number) => `Exported ${rows} questions.`,
  nothingToExport: 'No item statistics match the filters.',
  exportFailed: (message: string) => `Failed to export the item statistics: ${message}`,
  dismiss: 'Dismiss',

  detailHeading: (qid: string) => `Question ${qid}`,
  closeDetail: 'Close details',
  detailLoading: 'Loading the question’s statistics…',
  detailFailed: 'Failed to load the question’s statistics.',
  responsesHeading: 'Responses',
  responsesCaption: 'How often each option was chosen',
  colOption: 'Option',
  colChosen: 'Chosen',
  colShare: 'Share',
  colMisconception: 'Misconception',
  correctMark: '(correct)',
  timeHeading: 'Time on the question',
  timeCaption: 'Answers per time bucket',
  colBucket: 'Time',
  colAnswers: 'Answers',
  noTimes: 'No timed answers yet.',
  summary: (n: number, correct: number, unanswered: number) =>
    `${n} attempts, ${correct} correct, ${unanswered} unanswered.`,
  sd: 'SD',
  pointBiserial: 'Point-biserial (item-total)',

  errorRatesHeading: 'Error rates by topic and misconception',
  errorRatesLoading: 'Loading error rates…',
  errorRatesFailed: 'Failed to load the error rates.',
  topicsCaption: 'Generator topics: attempts answered wrong or left empty',
  misconceptionsCaption: 'Named misconceptions: how often a question offering one drew it',
  colTopic: 'Topic',
  colMisconceptionName: 'Misconception',
  colAttempts: 'Attempts',
  colErrors: 'Errors',
  colRate: 'Rate',
  noTopics: 'No generated questions in these tests yet.',
  noMisconceptions: 'No named misconceptions in these tests yet.',
  undefinedValue: '—',
} as const;

/** The column heading of each sort. */
export const SORT_LABELS: Readonly<Record<ItemStatsSort, string>> = {
  n: ITEM_ANALYSIS_MESSAGES.colN,
  facility: ITEM_ANALYSIS_MESSAGES.colFacility,
  discrimination: ITEM_ANALYSIS_MESSAGES.colDiscrimination,
  flagRate: ITEM_ANALYSIS_MESSAGES.colFlagRate,
  medianTime: ITEM_ANALYSIS_MESSAGES.colMedianTime,
};

/** 0.625 → '62.5%'. */
export const percent = (v: number) => `${Math.round(v * 1000) / 10}%`;
/** A correlation with two decimals, '—' when undefined. */
export const decimal = (v: number | null) =>
  v === null ? ITEM_ANALYSIS_MESSAGES.undefinedValue : v.toFixed(2);
/** Seconds as '45 s' or '2 min 5 s'. */
export function duration(seconds: number | null): string {
  if (seconds === null) return ITEM_ANALYSIS_MESSAGES.undefinedValue;
  const s = Math.round(seconds);
  if (s < 60) return `${s} s`;
  return s % 60 === 0 ? `${s / 60} min` : `${Math.floor(s / 60)} min ${s % 60} s`;
}
