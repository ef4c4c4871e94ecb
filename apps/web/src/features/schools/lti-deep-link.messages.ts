import { DEEP_LINK_MESSAGES, LTI_LIMITS } from '@examprep/contracts/types';

/**
 * The texts of /lti/deep-link/:id, the instructor's picker after an LMS's "add content" (issue
 * 30, Deep Linking 2.0). The refusals are the service's own (DEEP_LINK_MESSAGES), so the
 * browser's check and the server's answer read the same.
 */
export const LTI_DEEP_LINK_MESSAGES = {
  title: 'Add content to your course',
  heading: (course: string | null) =>
    course ? `Add ExamPrep content to ${course}` : 'Add ExamPrep content to your course',
  intro: 'Choose what to add. Each item becomes a link in your course that opens it here.',
  introOne: 'Your course takes one item at a time: choose the one to add.',
  groups: {
    test: 'Tests',
    workbook: 'Workbooks',
    practice: 'Practice',
    dashboard: 'Dashboard',
  },
  graded: 'Graded in the course gradebook',
  gradedHint: "The learner's score is sent to your course's gradebook when they submit the test.",
  linkTitle: 'Title in your course',
  linkTitleHint: `Optional, at most ${LTI_LIMITS.name} characters. Empty: the item's own title.`,
  /** Extends a repeated field's name with its item's title (several items may be picked). */
  forItem: (field: string, title: string) => `${field}: ${title}`,
  add: 'Add to course',
  sending: 'Sending to your course…',
  loading: 'Loading the content you can add…',
  loadFailed: 'Could not load the content you can add.',
  sendFailed: 'Could not add the content to your course.',
  fixTitles: 'Please correct the titles marked below.',
  tryAgain: 'Try Again',
  noOptions: 'There is no content you can add to this course yet.',
  nothingPicked: DEEP_LINK_MESSAGES.nothingPicked,
  oneOnly: DEEP_LINK_MESSAGES.oneOnly,
  titleTooLong: DEEP_LINK_MESSAGES.titleTooLong,
  notFound: DEEP_LINK_MESSAGES.notFound,
  badReturnUrl:
    'Your course gave an address the content cannot be sent to. Start again from your course.',
} as const;
