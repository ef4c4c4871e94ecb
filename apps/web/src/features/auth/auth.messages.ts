/** Texts of the sign-in and verification screens (learner spec §2, §4). */
export const AUTH_MESSAGES = {
  signInTitle: 'Sign in',
  redirecting: 'Redirecting to sign in…',
  redirectFallback: 'If nothing happens, continue with the button below.',
  continueToSignIn: 'Continue to sign in',
  signingOut: 'Signing out…',
  signInUnavailable: 'The sign-in service could not be reached.',
  verifyTitle: 'Verify your email',
  verifyText:
    'Your email address must be verified before you can use the site. Open the link in the verification email we sent you, then come back here.',
  verifyRefresh: 'I Have Verified - Refresh Page',
  verifyChecking: 'Checking…',
  verifySignOut: 'Sign out and use different email',
  stillUnverified:
    'Your email address is not verified yet. Open the link in the email, then try again.',
  refreshFailed: 'Could not refresh your session. Please sign in again.',
} as const;
