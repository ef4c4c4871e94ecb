/** The texts of the admin's read-only view of a user's learning (issue 29 §5, admin spec §2.1). */
export const USER_LEARNING_MESSAGES = {
  tabGradebook: 'Gradebook',
  tabLearning: 'Learning',
  adminView: (email: string) =>
    `You are viewing the learning data of ${email} (read-only): what the learner sees on their readiness page.`,
  loading: 'Loading learning data…',
  loadFailed: 'Failed to load the learning data of this user.',
  tryAgain: 'Try Again',
  totals: (answers: number, due: number) =>
    `${answers} graded ${answers === 1 ? 'answer' : 'answers'} · ${due} ${due === 1 ? 'review' : 'reviews'} due`,
  noAnswers: 'This user has not answered any questions the learning engine counts yet.',
} as const;
