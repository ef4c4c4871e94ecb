import { IDENTITY_MESSAGES } from '@examprep/contracts/types';

/** Where the user came from when the verification screen shows (learner spec §2). */
export type VerificationVariant = 'signup' | 'login' | 'other';

/** Where the identity provider returns after its sign-up form. */
export const SIGNUP_COMPLETE_PATH = '/signup/complete';

/** Learner spec §9: the sign-up success page redirects after 2 seconds. */
export const SIGNUP_REDIRECT_MS = 2_000;

/** Texts of the sign-in, sign-up, verification and reset screens (learner spec §2, §4, §5). */
export const AUTH_MESSAGES = {
  signInTitle: 'Sign in',
  redirecting: 'Redirecting to sign in…',
  redirectFallback: 'If nothing happens, continue with the button below.',
  continueToSignIn: 'Continue to sign in',
  signingOut: 'Signing out…',
  signInUnavailable: 'The sign-in service could not be reached.',

  stagingTitle: 'Staging Access Restricted',
  stagingText:
    'This environment is only for authorised personnel, and your account does not have staging access.',
  stagingHelp: 'If you think you should have access, ask an administrator to grant it.',
  stagingSignInOther: 'Sign in with a different account',

  signupTitle: 'Sign Up',
  signupChecking: 'Checking whether sign-up is open…',
  signupUnavailable:
    'Sign Ups Are Temporarily Unavailable. This may be due to maintenance or updates. Please check back later.',
  signupRedirecting: 'Taking you to the sign-up form…',
  continueToSignUp: 'Continue to sign up',
  haveAccount: 'Already have an account?',
  logIn: 'Log in',
  signupsDisabled: IDENTITY_MESSAGES.signupsDisabled,

  creatingAccount: 'Creating Account...',
  creatingAccountOneMoment: 'Creating account... one moment...',
  signupSuccess:
    "Signup successful! Please verify your email inbox. If you don't see it, check your spam/junk folder.",
  signupRedirectNotice: 'Taking you to your dashboard…',
  goToDashboardNow: 'Go to dashboard now',
  signupFailed: 'We could not finish creating your account.',
  signupFailedHelp:
    'Your sign-up is saved: nothing is lost. Try again, or sign out and use a different email.',
  signupNoSession: 'Your sign-up session has ended. Please log in to finish creating your account.',
  tryAgain: 'Try Again',

  verifyTitle: 'Verify your email',
  verifyRefresh: 'I Have Verified - Refresh Page',
  verifyChecking: 'Checking…',
  verifySignOut: 'Sign out and use different email',
  resend: 'Resend Verification Email',
  sending: 'Sending...',
  stillUnverified:
    'Your email address is not verified yet. Open the link in the email, then try again.',
  refreshFailed: 'Could not refresh your session. Please sign in again.',
  signedInAs: 'Signed in as',

  forgotTitle: 'Forgot Password',
  forgotIntro:
    "Enter the email address of your account and we'll send you a link to choose a new password.",
  emailLabel: 'Email',
  sendResetLink: 'Send Reset Link',
  sendingReset: 'Sending…',
  emailSentTitle: 'Email Sent!',
  emailSentBefore: 'If an account exists for',
  emailSentAfter: ', we have sent it a link to reset your password. The link is valid for 1 hour.',
  emailSentHelp:
    "Not arriving? Check that the address is spelled correctly, and look in your spam/junk folder. If you don't see it after a few minutes, try again.",
  useDifferentEmail: 'Use a different email',
  backToSignIn: 'Back to sign in',
  resetEmailRequired: IDENTITY_MESSAGES.resetEmailRequired,
} as const;

/** The verification screen's introduction, per navigation source (learner spec §2). */
export const VERIFY_INTRO: Record<VerificationVariant, { heading: string; text: string }> = {
  signup: {
    heading: 'Thanks for signing up!',
    text: 'One last step: we sent a verification email to your address. Open the link in it to activate your account, then come back here and refresh.',
  },
  login: {
    heading: 'Welcome back!',
    text: 'Your email address has not been verified yet. Open the link in the verification email we sent you, or send a new one below.',
  },
  other: {
    heading: 'Please verify your email first',
    text: 'This page is available once your email address is verified. Open the link in the verification email we sent you, then come back here.',
  },
};
