/** Texts of the dashboard's Contact section (learner spec §2 Dashboard "Contact", §8 Captcha). */
export const CONTACT_MESSAGES = {
  title: 'Contact',
  intro: 'Answer a quick math question to see our phone number.',
  contact: 'Contact',
  starting: 'Loading…',
  answerLabelHint: 'Type the answer in digits.',
  expiresIn: (seconds: number) =>
    seconds >= 120
      ? `This question expires in ${Math.round(seconds / 60)} minutes.`
      : `This question expires in ${seconds} seconds.`,
  verify: 'Verify',
  verifying: 'Verifying…',
  businessNumberLabel: 'Our business number',
  // learner spec §8 Captcha, word for word
  issueFailed: 'Failed to issue verification challenge',
  verifyFailed: 'Failed to verify',
  startFailed: 'Unable to start verification. Please refresh and try again.',
  somethingWrong: 'Something went wrong. Please refresh and try again.',
  tryAgain: 'Please try again.',
} as const;
