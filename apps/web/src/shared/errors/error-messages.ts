import { ErrorCodes, IDENTITY_CODES, IDENTITY_MESSAGES } from '@examprep/contracts/types';

/** Learner spec §8: the last resort of the translator. */
export const UNEXPECTED_ERROR_MESSAGE = 'An unexpected error occurred. Please try again.';

/**
 * Learner spec §8 authentication messages. The first block is the spec's table, word for
 * word; the second the codes it says are "also mapped with friendly messages" (texts ours).
 * Keyed by the bare code, so 'auth/wrong-password' finds 'wrong-password' (partial match).
 */
export const AUTH_ERROR_MESSAGES = {
  'user-not-found': 'No account found with this email address.',
  'wrong-password': 'Incorrect password. Please try again.',
  'invalid-email': 'Please enter a valid email address.',
  'email-already-in-use': 'An account with this email already exists.',
  'weak-password': 'Password should be at least 6 characters long.',
  'user-disabled': 'This account has been disabled. Please contact support.',
  'too-many-requests': 'Too many failed attempts. Please try again later.',
  'network-request-failed': 'Network error. Please check your connection and try again.',
  'invalid-credential': 'Invalid email or password. Please check your credentials.',
  'user-token-expired': 'Your session has expired. Please log in again.',
  'requires-recent-login': 'Please log out and log back in to perform this action.',
  'email-change-needs-verification': 'Please verify your new email address.',
  'captcha-check-failed': 'reCAPTCHA verification failed. Please try again.',

  'invalid-verification-code': 'The verification code is incorrect. Please check it and try again.',
  'invalid-verification-id':
    'This verification request is no longer valid. Please request a new code.',
  'code-expired': 'This code has expired. Please request a new one.',
  'missing-email': 'Please enter your email address.',
  'missing-password': 'Please enter your password.',
  'invalid-phone-number': 'Please enter a valid phone number.',
  'quota-exceeded': 'The service is busy right now. Please try again later.',
  'app-deleted': 'This application is no longer available. Please contact support.',
  'app-not-authorized':
    'This site is not authorised to use the sign-in service. Please contact support.',
  'argument-error': 'Something was wrong with the request. Please try again.',
  'invalid-api-key': 'The site is not configured correctly. Please contact support.',
  'invalid-user-token': 'Your session is no longer valid. Please log in again.',
  'operation-not-allowed': 'This sign-in method is not enabled. Please contact support.',
  'web-storage-unsupported':
    'Your browser blocks the storage this site needs. Please allow cookies and site data, or use another browser.',
} as const;

/** Learner spec §8: the database codes the translator covers (texts ours). */
export const DATABASE_ERROR_MESSAGES = {
  'permission-denied': 'You do not have permission to perform this action.',
  unavailable: 'The service is temporarily unavailable. Please try again in a moment.',
  'not-found': 'The requested item could not be found.',
  'already-exists': 'This item already exists.',
  'resource-exhausted': 'Too many requests right now. Please wait a moment and try again.',
  'failed-precondition':
    'This action cannot be completed right now. Please refresh the page and try again.',
  aborted: 'The operation was interrupted. Please try again.',
  'out-of-range': 'A value is outside the allowed range. Please check your input.',
  unimplemented: 'This feature is not available yet.',
  internal: 'Something went wrong on our side. Please try again later.',
  'deadline-exceeded': 'The request took too long. Please try again.',
  'data-loss': 'Some data could not be read. Please contact support.',
  unauthenticated: 'Please log in to continue.',
} as const;

/**
 * Learner spec §8: the file-storage codes (texts ours). Keyed with their 'storage/' prefix so
 * an exact match wins over the auth and database codes of the same name (quota-exceeded,
 * unauthenticated, unknown).
 */
export const STORAGE_ERROR_MESSAGES = {
  'storage/unknown': 'An unknown error occurred with the file. Please try again.',
  'storage/object-not-found': 'The file could not be found.',
  'storage/bucket-not-found': 'The file storage is not available. Please contact support.',
  'storage/project-not-found': 'The file storage is not available. Please contact support.',
  'storage/quota-exceeded': 'The file storage is full right now. Please contact support.',
  'storage/unauthenticated': 'Please log in to access this file.',
  'storage/unauthorized': 'You do not have permission to access this file.',
  'storage/retry-limit-exceeded': 'The file transfer took too long. Please try again.',
  'storage/invalid-checksum': 'The file was damaged in transfer. Please try again.',
  'storage/canceled': 'The file transfer was cancelled.',
  'storage/invalid-event-name': 'The file request is invalid. Please try again.',
  'storage/invalid-url': 'The file address is invalid.',
  'storage/invalid-argument': 'The file request is invalid. Please try again.',
  'storage/no-default-bucket': 'No file storage is configured. Please contact support.',
  'storage/cannot-slice-blob': 'The file changed during the transfer. Please try again.',
  'storage/server-file-wrong-size': 'The file size did not match. Please try again.',
} as const;

/** Learner spec §8: generic codes (texts ours). */
export const GENERIC_ERROR_MESSAGES = {
  timeout: 'The request timed out. Please try again.',
  unknown: 'An unknown error occurred. Please try again.',
  cancelled: 'The request was cancelled.',
} as const;

/** Product codes of our own API that the spec names (learner spec §8 table, last row). */
export const PRODUCT_ERROR_MESSAGES = {
  [IDENTITY_CODES.EMAIL_ALREADY_EXISTS]: IDENTITY_MESSAGES.emailAlreadyExists,
} as const;

/**
 * The gateway's answers to a request it cannot read (ADR 0011). The app never sends one of
 * these on purpose, so the texts say what to do rather than what went wrong in the wire format.
 */
export const REQUEST_ERROR_MESSAGES = {
  [ErrorCodes.PAYLOAD_TOO_LARGE]: 'What you sent is too large. Please shorten it and try again.',
  [ErrorCodes.BODY_TOO_DEEP]:
    'What you sent could not be read. Please refresh the page and try again.',
  [ErrorCodes.MALFORMED_REQUEST]:
    'What you sent could not be read. Please refresh the page and try again.',
  [ErrorCodes.BODY_NOT_OBJECT]:
    'What you sent could not be read. Please refresh the page and try again.',
  [ErrorCodes.UNSUPPORTED_MEDIA_TYPE]:
    'What you sent could not be read. Please refresh the page and try again.',
} as const;

/** Every code the translator knows, exact keys. */
export const ERROR_MESSAGES: Readonly<Record<string, string>> = Object.freeze({
  ...GENERIC_ERROR_MESSAGES,
  ...DATABASE_ERROR_MESSAGES,
  ...AUTH_ERROR_MESSAGES,
  ...STORAGE_ERROR_MESSAGES,
  ...PRODUCT_ERROR_MESSAGES,
  ...REQUEST_ERROR_MESSAGES,
});
