import { ASSIGNMENT_MESSAGES, type LtiAttempt } from '@examprep/contracts/types';

/** The texts of /lti/assignment/:linkKey, an LMS assignment that opens a test (issue 30). */
export const LTI_ASSIGNMENT_MESSAGES = {
  title: 'Course assignment',
  course: 'Course',
  test: 'Test',
  modes: { full: 'Full test', practice: 'Practice test' },
  gradedNote: "Your score is sent to your course's gradebook when you submit.",
  start: 'Start test',
  resume: 'Resume test',
  starting: 'Opening the test…',
  startFailed: 'Could not open the test.',
  attemptsHeading: 'Your attempts',
  attemptsCaption: 'Your attempts at this assignment, newest first',
  columns: ['Started', 'Status', 'Score', 'Grade in your course'],
  noAttempts: 'You have not started this test yet.',
  statuses: { 'in-progress': 'In progress', submitted: 'Submitted' },
  gradeSync: {
    none: '—',
    pending: 'Sending…',
    sent: 'Sent',
    failed: 'Not sent yet: we keep trying',
  } satisfies Record<LtiAttempt['gradeSync'], string>,
  noScore: '—',
  teachingNote: 'You teach this course. Your learners start this test here.',
  teachingGradedNote: "Each submitted score goes to the course's gradebook.",
  openClass: 'Open your class',
  review: 'Review',
  /** The review link's full name: one link per attempt. */
  reviewOf: (started: string) => `Review the test started ${started}`,
  loading: 'Loading the assignment…',
  loadFailed: 'Could not load the assignment.',
  tryAgain: 'Try Again',
  notFound: ASSIGNMENT_MESSAGES.notFound,
} as const;
