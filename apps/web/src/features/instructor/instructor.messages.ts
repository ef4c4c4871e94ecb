import { INSTRUCTOR_MESSAGES, type ClassLearner } from '@examprep/contracts/types';

/** The TEAS Math score the readiness summary counts learners against (percent of the items). */
export const READINESS_THRESHOLD_PERCENT = 60;
/** '60 %' kept on one line inside a sentence (a no-break space). */
const THRESHOLD = `${READINESS_THRESHOLD_PERCENT}\u00a0%`;

/** The texts of the instructor's screens: their classes and one class (issue 30, ADR 0040). */
export const INSTRUCTOR_TEXT = {
  // the same words as the gateway's refusal of a token without the role
  instructorsOnly: 'Instructors only: open ExamPrep from a course you teach in your LMS.',

  classesTitle: 'My classes',
  classesIntro: 'The courses you teach that have opened ExamPrep from your LMS.',
  classesLoading: 'Loading your classes…',
  classesFailed: 'Could not load your classes.',
  classesEmpty: 'No classes yet: open ExamPrep from a course you teach in your LMS.',
  classesCaption: 'Your classes, the latest opened first',
  classesColumns: ['Class', 'LMS', 'Learners', 'Last activity'],
  tryAgain: 'Try Again',

  classTitle: 'Class',
  classLoading: 'Loading the class…',
  classFailed: 'Could not load the class.',
  notYourClass: INSTRUCTOR_MESSAGES.notYourClass,
  backToClasses: 'All my classes',
  lmsOf: (platform: string) => `From ${platform}`,
  learnerCount: (n: number) => `${n} ${n === 1 ? 'learner' : 'learners'}`,
  tabsLabel: 'Class views',
  tabs: { gradebook: 'Gradebook', readiness: 'Readiness', items: 'Item analysis' },

  gradebookCaption: 'The class’s learners',
  noLearners: 'No learners yet: they appear here once they open ExamPrep from your course.',
  columns: {
    name: 'Learner',
    email: 'Email',
    status: 'Status',
    testsSubmitted: 'Tests submitted',
    averageScore: 'Average',
    lastScore: 'Last score',
    lastSubmittedAt: 'Last submitted',
    teas: 'TEAS Math readiness',
  },
  sortBy: (column: string) => `Sort by ${column.toLowerCase()}`,
  statuses: {
    active: 'Active',
    inactive: 'Inactive',
    deleted: 'Removed',
  } satisfies Record<ClassLearner['status'], string>,
  notStarted: 'Not started',
  unnamed: 'Unnamed learner',
  none: '—',
  percent: (n: number) => `${Math.round(n)} %`,
  readiness: (percent: number, low: number, high: number) =>
    `about ${percent} % (${low}–${high} %)`,
  notEnough: 'Not enough answers yet',

  exportCsv: 'Export CSV',
  exporting: 'Exporting…',
  exportProgress: (rows: number, total: number | null, kb: string) =>
    total === null ? `${rows} rows, ${kb} KB` : `${rows} of ${total} rows, ${kb} KB`,
  cancelExport: 'Cancel',
  exported: (rows: number) => `Exported ${rows} ${rows === 1 ? 'learner' : 'learners'}.`,
  exportCancelled: 'Export cancelled.',
  exportFailed: (why: string) => `Could not export the class: ${why}`,

  readinessIntro:
    'Each learner’s predicted TEAS Math score with its likely range (8 chances in 10), from their answers in ExamPrep.',
  readinessSummary: (learners: number, likelyAbove: number, lacking: number) =>
    `Of ${learners} ${learners === 1 ? 'learner' : 'learners'}, ${likelyAbove} ${
      likelyAbove === 1 ? 'is' : 'are'
    } likely to score ${THRESHOLD} or more; ${lacking} ${
      lacking === 1 ? 'has' : 'have'
    } not answered enough for an estimate.`,
  readinessNoChart: 'No learner has answered enough questions for an estimate yet.',
  readinessCaption: 'TEAS Math readiness per learner',
  readinessColumns: ['Learner', 'Estimate', 'Likely range'],
  showTable: 'Show as table',
  showChart: 'Show as chart',
  legendRange: 'Likely range',
  chartKey: `Each band is a learner’s likely range, the dark mark their estimate; the dashed line is ${THRESHOLD}.`,
  range: (low: number, high: number) => `${low}–${high} %`,

  itemsIntro: (tests: number) =>
    `The questions of the class’s ${tests} submitted ${tests === 1 ? 'test' : 'tests'}, the hardest first (facility: the share answered correctly).`,
  itemsLoading: 'Loading the item analysis…',
  itemsFailed: 'Could not load the item analysis.',
  itemsEmpty: 'No submitted tests yet in this class.',
  itemsCaption: 'The class’s questions, the hardest first',
  itemsColumns: ['Question', 'Course', 'Objective', 'Answers', 'Facility'],
} as const;
