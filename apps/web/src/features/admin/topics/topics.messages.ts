import { QBANK_MESSAGES } from '@examprep/contracts/types';

/** Texts of /course-topic-manager (admin spec §2.6, §4, §8): spec texts from QBANK_MESSAGES. */
export const TOPICS_MESSAGES = {
  accessDenied: QBANK_MESSAGES.topicsAccessDenied,
  loadFailed: QBANK_MESSAGES.coursesFailed,
  noGenerator: QBANK_MESSAGES.noGenerator,
  title: 'Course Topic Manager',
  intro:
    'Choose which generated topics learners may use. A topic needs a generator before it can be made free or available.',
  loading: 'Loading courses...',
  tryAgain: 'Try Again',
  filtersHeading: 'Filters',
  searchLabel: 'Search',
  searchPlaceholder: 'Course, objective or topic',
  availabilityLabel: 'Availability',
  availabilityAll: 'All',
  availableOnly: 'Available Only',
  unavailableOnly: 'Unavailable Only',
  pricingLabel: 'Pricing',
  pricingAll: 'All',
  freeOnly: 'Free Only',
  paidOnly: 'Paid Only',
  clearAll: 'Clear All Filters',
  noCourses: 'No courses found.',
  noMatches: 'No topics match the current filters.',
  noTopics: 'No topics yet.',
  objectiveTitle: (section: string, name: string) => `${section} - ${name}`,
  courseSummary: (topics: number, available: number, free: number) =>
    `${topics} topics · ${available} available · ${free} free`,
  generator: 'Generator',
  noGeneratorMark: 'No generator',
  free: 'Free',
  available: 'Available',
  flagLabel: (flag: string, topic: string) => `${flag} ${topic}`,
  saving: 'Saving…',
  saveFailed: (topic: string, message: string) => `Could not update ${topic}: ${message}`,
  dismiss: 'Dismiss',
} as const;
