import {
  LEARNING_LIMITS as L,
  LEARNING_MESSAGES,
  MASTERY_LEVEL_LABELS,
} from '@examprep/contracts/types';

const plural = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;

/**
 * The texts of the study plan page (/study-plan, issue 29 §4). The field errors are the
 * service's own (LEARNING_MESSAGES), so the browser's check and the server's answer read the
 * same.
 */
export const STUDY_PLAN_MESSAGES = {
  title: 'Study plan',
  intro:
    'Tell us when your exam is and how long you can study each day. The plan spreads your practice by what you need most and changes as you improve.',
  formHeading: 'Your exam',
  examDate: 'Exam date',
  examDateHint: 'From today up to two years ahead.',
  minutesPerDay: 'Minutes per day',
  minutesHint: `A whole number from ${L.minutesPerDayMin} to ${L.minutesPerDayMax}.`,
  reminders: 'Email me a daily reminder',
  remindersHint:
    'You can turn this off here any time, or from the unsubscribe link in the mail itself.',
  save: 'Save plan',
  saving: 'Saving...',
  saved: 'Your study plan was saved.',
  saveFailed: 'Could not save your study plan.',
  fixFields: 'Please correct the fields marked below.',
  examDateInvalid: LEARNING_MESSAGES.examDate,
  minutesInvalid: LEARNING_MESSAGES.minutesPerDay,
  loading: 'Loading your study plan...',
  loadFailed: 'Could not load your study plan.',
  tryAgain: 'Try Again',
  empty: `${LEARNING_MESSAGES.noPlan} Set your exam date and minutes per day above to get your plan.`,
  planHeading: 'Your plan',
  daysLeft: (days: number) =>
    days === 0 ? 'Your exam is today.' : `${plural(days, 'day')} left until your exam.`,
  perDay: (minutes: number) => `${plural(minutes, 'minute')} a day`,
  focusHeading: 'Where your practice goes',
  focusCaption: 'Share of your practice time per objective, with your level in it',
  focusColumns: ['Objective', 'Share', 'Level'],
  focusEmpty: 'There are no objectives to practise yet.',
  daysHeading: 'The next days',
  restDay: 'No practice planned.',
  today: 'Today',
  reviewBlock: (questions: number, minutes: number) =>
    `Review ${plural(questions, 'missed question')} · ${minutes} min`,
  practiceBlock: (name: string, minutes: number, questions: number) =>
    questions > 0
      ? `Practise ${name} · ${minutes} min · ~${plural(questions, 'question')}`
      : `Practise ${name} · ${minutes} min`,
  levels: MASTERY_LEVEL_LABELS,
} as const;
