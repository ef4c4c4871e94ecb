import { LEARNING_MESSAGES } from '@examprep/contracts/types';

/** The texts of /unsubscribe, the study reminder mail's link (issue 29 §4). */
export const UNSUBSCRIBE_MESSAGES = {
  title: 'Study reminders',
  ask: 'Stop the daily study reminder mail?',
  askDetail: 'You can turn reminders on again on your study plan page.',
  confirm: 'Unsubscribe',
  pending: 'Unsubscribing...',
  done: LEARNING_MESSAGES.unsubscribed,
  invalid: LEARNING_MESSAGES.unsubscribe,
  failed: 'Could not unsubscribe you.',
  tryAgain: 'Try Again',
} as const;
