import { PASSWORD_MIN_LENGTH } from '../limits';
import { validateEmail } from '../validators/email.validator';
import { invalid, VALID, type ValidationResult } from '../validation-result';

/** Login, sign-up, reset and resend-verification messages (learner spec §5 and §8). */
export const AUTH_FORM_MESSAGES = {
  loginFieldsRequired: 'Please enter both email and password.',
  signUpFieldsRequired: 'Please fill in all fields.',
  passwordsDoNotMatch: 'Passwords do not match.',
  passwordTooShort: `Password should be at least ${PASSWORD_MIN_LENGTH} characters long.`,
  resetEmailRequired: 'Please enter your email address.',
  signupsDisabled: 'Signups are currently disabled.',
  notLoggedIn: 'You must be logged in.',
  alreadyVerified: 'Your email is already verified.',
} as const;

export interface LoginForm {
  readonly email: string;
  readonly password: string;
}

export interface SignUpForm {
  readonly email: string;
  readonly password: string;
  readonly confirmPassword: string;
}

/** A blank email counts as missing; a password is never trimmed (spaces may be part of it). */
function isBlank(value: string): boolean {
  return value.trim() === '';
}

/** Both fields required, then the email validator. */
export function validateLoginForm(form: LoginForm): ValidationResult {
  if (isBlank(form.email) || form.password === '') {
    return invalid(AUTH_FORM_MESSAGES.loginFieldsRequired);
  }
  return validateEmail(form.email);
}

/** All fields required; valid email; passwords match; password at least 6 characters. */
export function validateSignUpForm(form: SignUpForm): ValidationResult {
  if (isBlank(form.email) || form.password === '' || form.confirmPassword === '') {
    return invalid(AUTH_FORM_MESSAGES.signUpFieldsRequired);
  }
  const email = validateEmail(form.email);
  if (!email.isValid) return email;
  if (form.password !== form.confirmPassword) {
    return invalid(AUTH_FORM_MESSAGES.passwordsDoNotMatch);
  }
  if (form.password.length < PASSWORD_MIN_LENGTH) {
    return invalid(AUTH_FORM_MESSAGES.passwordTooShort);
  }
  return VALID;
}

/** Forgot-password modal: a non-empty, valid email. */
export function validateResetForm(form: { readonly email: string }): ValidationResult {
  if (isBlank(form.email)) return invalid(AUTH_FORM_MESSAGES.resetEmailRequired);
  return validateEmail(form.email);
}

/** Sign-up is allowed only when the setting is `true` or the string `'true'`. */
export function isSignupAllowed(allowSignup: unknown): boolean {
  return allowSignup === true || allowSignup === 'true';
}

/** Resending verification needs a signed-in user whose email is not yet verified. */
export function validateResendVerification(user: {
  readonly signedIn: boolean;
  readonly emailVerified: boolean;
}): ValidationResult {
  if (!user.signedIn) return invalid(AUTH_FORM_MESSAGES.notLoggedIn);
  if (user.emailVerified) return invalid(AUTH_FORM_MESSAGES.alreadyVerified);
  return VALID;
}
