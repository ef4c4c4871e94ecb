import { QBANK_MESSAGES } from '@examprep/contracts/types';

/** Texts of /infinite-qbank and the dashboard's Infinite QBank section (learner spec §1, §2, §8). */
export const INFINITE_QBANK_MESSAGES = {
  title: 'Infinite QBank',
  intro:
    'Endless auto-generated practice questions by course, objective and topic. Free in open beta.',
  loadingCourses: 'Loading the Infinite QBank…',
  coursesFailed: 'The Infinite QBank could not be loaded.',
  tryAgain: 'Try Again',
  empty: 'The Infinite QBank has no topics open right now. Please check back soon.',
  linkNotAvailable:
    'The course, objective or topic in this link is not available right now, so the closest available choice is selected.',

  choose: 'Choose what to practise',
  course: 'Course',
  objective: 'Objective',
  objectiveLabel: (section: string, name: string) => `${section} - ${name}`,
  topic: 'Topic',
  allTopics: 'All topics of this objective',
  count: 'Questions per batch',
  start: 'Start practising',
  restart: 'Start over with these choices',
  practising: 'Practising:',
  changeChoices: 'Change',
  hint: 'Choose a topic and press Start practising. You can keep going as long as you like.',

  generating: 'Generating questions…',
  /** Learner spec §8: question bank batch failures are prefixed 'Woah there... '. */
  batchFailed: (message: string) => `${QBANK_MESSAGES.batchPrefix}${message}`,
  noQuestions: 'No questions came back. Please try again.',

  progress: (n: number, total: number) => `Question ${n} of ${total}`,
  batchNumber: (n: number) => `Batch ${n}`,
  topicOf: (name: string) => `Topic: ${name}`,
  score: (correct: number, answered: number) =>
    answered === 0 ? 'Score: no answers yet' : `Score: ${correct} of ${answered} correct`,
  choicesLegend: 'Choose one answer',
  answerLabel: 'Your answer',
  check: 'Check Answer',
  checking: 'Checking…',
  /** Learner spec §5 (the typed-answer text, 'Please enter an answer before submitting!', is ANSWER_MESSAGES.answerRequired). */
  selectAnswer: QBANK_MESSAGES.selectAnswer,
  correct: 'Correct!',
  incorrect: 'Incorrect.',
  correctAnswer: 'Correct answer:',
  pumpLegend: 'Program the pump',
  /** A pump item's correct answer: what each pump reads, or the time (issue 14). */
  pumpChannelAnswer: (channel: string, rate: string, vtbi: string) =>
    `Pump ${channel}: RATE ${rate} mL/hr, VTBI ${vtbi} mL`,
  pumpTimeAnswer: (hours: string, minutes: string) => `${hours} hr ${minutes} min`,
  yourAnswer: 'Your answer',
  theCorrectAnswer: 'Correct answer',
  explanation: 'Explanation',
  next: 'Next question',
  more: 'Get more questions',
  batchDone: (correct: number, total: number) =>
    `Batch finished: ${correct} of ${total} correct. Keep going with a new batch.`,

  viewAs: 'View as:',
  viewAdmin: 'Admin',
  viewLearner: 'Learner',
  viewFailed: 'The view could not be changed.',
  viewHelpAdmin: 'Admin view: every topic with a generator, open to learners or not.',
  viewHelpLearner: 'Learner view: only the topics learners can use.',
  notOpen: 'Not open to learners',
  notOpenCount: (n: number) =>
    n === 1
      ? '1 topic here is not open to learners yet'
      : `${n} topics here are not open to learners yet`,

  dashboardTitle: 'Infinite QBank',
  dashboardBadge: 'Free · open beta',
  dashboardText:
    'Unlimited auto-generated TEAS Math and Med Dosage questions, with a worked explanation after every answer.',
  dashboardButton: 'Open the Infinite QBank',
} as const;
