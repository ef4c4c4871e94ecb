import { LEARNING_MESSAGES } from '@examprep/contracts/types';

/** The texts of the learner's own learning data in the account menu (issue 29 §5). */
export const LEARNING_DATA_MESSAGES = {
  download: 'Download my learning data',
  downloading: 'Preparing your learning data...',
  downloadFailed: 'Could not download your learning data.',
  fileName: 'learning-data.json',
  delete: 'Delete my learning data',
  deleteTitle: 'Delete your learning data?',
  deleteWhat:
    'This deletes what the app has learned about you: your mastery of each topic, your review queue of missed questions, your study plan and your score trend.',
  deleteKeeps: 'Your tests, their grades and your purchases stay.',
  deleteUndo: 'This cannot be undone. You may download your learning data first.',
  cancel: 'Cancel',
  confirm: 'Delete my learning data',
  deleting: 'Deleting...',
  deleted: LEARNING_MESSAGES.deleted,
  close: 'Close',
  dismiss: 'Dismiss',
} as const;
