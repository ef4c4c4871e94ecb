import { ApiError, TIMEOUT_MESSAGE } from '../api/api-client';
import {
  AUTH_ERROR_MESSAGES,
  DATABASE_ERROR_MESSAGES,
  GENERIC_ERROR_MESSAGES,
  REQUEST_ERROR_MESSAGES,
  STORAGE_ERROR_MESSAGES,
} from './error-messages';
import { cleanMessage, messageForCode, translateError } from './translate-error';

// Learner spec §8 "Authentication messages", word for word.
const SPEC_AUTH_TABLE: ReadonlyArray<readonly [string, string]> = [
  ['user-not-found', 'No account found with this email address.'],
  ['wrong-password', 'Incorrect password. Please try again.'],
  ['invalid-email', 'Please enter a valid email address.'],
  ['email-already-in-use', 'An account with this email already exists.'],
  ['weak-password', 'Password should be at least 6 characters long.'],
  ['user-disabled', 'This account has been disabled. Please contact support.'],
  ['too-many-requests', 'Too many failed attempts. Please try again later.'],
  ['network-request-failed', 'Network error. Please check your connection and try again.'],
  ['invalid-credential', 'Invalid email or password. Please check your credentials.'],
  ['user-token-expired', 'Your session has expired. Please log in again.'],
  ['requires-recent-login', 'Please log out and log back in to perform this action.'],
  ['email-change-needs-verification', 'Please verify your new email address.'],
  ['captcha-check-failed', 'reCAPTCHA verification failed. Please try again.'],
  [
    'EMAIL_ALREADY_EXISTS',
    'An account with this email already exists. Please log in instead or use a different email.',
  ],
];

// "Also mapped with friendly messages" and the database, file-storage and generic codes.
const ALSO_MAPPED_AUTH = [
  'invalid-verification-code',
  'invalid-verification-id',
  'code-expired',
  'missing-email',
  'missing-password',
  'invalid-phone-number',
  'quota-exceeded',
  'app-deleted',
  'app-not-authorized',
  'argument-error',
  'invalid-api-key',
  'invalid-user-token',
  'operation-not-allowed',
  'web-storage-unsupported',
];
const DATABASE_CODES = [
  'permission-denied',
  'unavailable',
  'not-found',
  'already-exists',
  'resource-exhausted',
  'failed-precondition',
  'aborted',
  'out-of-range',
  'unimplemented',
  'internal',
  'deadline-exceeded',
  'data-loss',
  'unauthenticated',
];
const STORAGE_CODES = [
  'object-not-found',
  'bucket-not-found',
  'quota-exceeded',
  'unauthenticated',
  'unauthorized',
  'retry-limit-exceeded',
  'invalid-checksum',
  'canceled',
  'invalid-url',
  'invalid-argument',
  'no-default-bucket',
];
const GENERIC_CODES = ['timeout', 'unknown', 'cancelled'];

const UNEXPECTED = 'An unexpected error occurred. Please try again.';

describe('translateError (learner spec §8)', () => {
  describe('the authentication table', () => {
    it.each(SPEC_AUTH_TABLE)('%s -> %s', (code, text) => {
      expect(translateError({ code, message: 'raw' })).toBe(text);
    });

    it.each(SPEC_AUTH_TABLE.filter(([code]) => code !== 'EMAIL_ALREADY_EXISTS'))(
      'auth/%s matches on the part after the slash',
      (code, text) => {
        expect(translateError({ code: `auth/${code}`, message: 'Firebase: Error (x).' })).toBe(
          text,
        );
      },
    );

    it('maps the server answer of POST /api/create-user (409 EMAIL_ALREADY_EXISTS)', () => {
      const err = new ApiError(409, 'EMAIL_ALREADY_EXISTS', 'server words');
      expect(translateError(err)).toBe(
        'An account with this email already exists. Please log in instead or use a different email.',
      );
    });
  });

  describe('every other code of §8 has a friendly text of its own', () => {
    it.each(ALSO_MAPPED_AUTH)('auth %s', (code) => {
      const text = translateError({ code: `auth/${code}` });
      expect(text).toBe(AUTH_ERROR_MESSAGES[code as keyof typeof AUTH_ERROR_MESSAGES]);
      expect(text).not.toBe(UNEXPECTED);
      expect(text).toMatch(/\.$/);
    });

    it('asks for a new or correct code and for missing fields', () => {
      expect(translateError({ code: 'auth/code-expired' })).toMatch(/request a new one/);
      expect(translateError({ code: 'auth/invalid-verification-code' })).toMatch(/check it/);
      expect(translateError({ code: 'auth/invalid-verification-id' })).toMatch(/new code/);
      expect(translateError({ code: 'auth/missing-email' })).toBe(
        'Please enter your email address.',
      );
      expect(translateError({ code: 'auth/missing-password' })).toBe('Please enter your password.');
    });

    it.each(DATABASE_CODES)('database %s', (code) => {
      expect(translateError({ code })).toBe(
        DATABASE_ERROR_MESSAGES[code as keyof typeof DATABASE_ERROR_MESSAGES],
      );
      expect(translateError({ code: `firestore/${code}` })).toBe(translateError({ code }));
    });

    it.each(STORAGE_CODES)('file storage storage/%s', (code) => {
      const key = `storage/${code}` as keyof typeof STORAGE_ERROR_MESSAGES;
      expect(translateError({ code: key })).toBe(STORAGE_ERROR_MESSAGES[key]);
      expect(STORAGE_ERROR_MESSAGES[key]).toBeTruthy();
    });

    it('an exact storage code wins over the bare code of the same name', () => {
      expect(translateError({ code: 'storage/quota-exceeded' })).not.toBe(
        translateError({ code: 'auth/quota-exceeded' }),
      );
      expect(translateError({ code: 'storage/unauthenticated' })).toBe(
        'Please log in to access this file.',
      );
      expect(translateError({ code: 'unauthenticated' })).toBe('Please log in to continue.');
    });

    it.each(GENERIC_CODES)('generic %s', (code) => {
      expect(translateError({ code })).toBe(
        GENERIC_ERROR_MESSAGES[code as keyof typeof GENERIC_ERROR_MESSAGES],
      );
    });
  });

  describe('fallback order', () => {
    it('returns a plain string as is', () => {
      expect(translateError('wrong-password')).toBe('wrong-password');
      expect(translateError('Something odd.')).toBe('Something odd.');
    });

    it('prefers the exact code over the message', () => {
      expect(translateError({ code: 'wrong-password', message: 'Wrong!' })).toBe(
        'Incorrect password. Please try again.',
      );
    });

    it('matches the part after the slash', () => {
      expect(messageForCode('auth/wrong-password')).toBe('Incorrect password. Please try again.');
      expect(messageForCode('functions/unavailable')).toBe(DATABASE_ERROR_MESSAGES.unavailable);
      expect(messageForCode('auth/')).toBeNull();
      expect(messageForCode('')).toBeNull();
    });

    it("the gateway's request-shape codes (413, 415, unreadable bodies) get human text", () => {
      const answers: [number, string, string][] = [
        [413, 'PAYLOAD_TOO_LARGE', 'The request body is too large (at most 256 KB).'],
        [
          415,
          'UNSUPPORTED_MEDIA_TYPE',
          'Send the request body as JSON (Content-Type: application/json).',
        ],
        [400, 'BODY_TOO_DEEP', 'The request body is nested too deeply (at most 32 levels).'],
        [400, 'MALFORMED_REQUEST', 'The request body is not valid JSON.'],
        [400, 'BODY_NOT_OBJECT', 'The request body must be a JSON object.'],
      ];
      for (const [status, code, serverText] of answers) {
        const text = translateError(new ApiError(status, code, serverText));
        expect(text).toBe(REQUEST_ERROR_MESSAGES[code as keyof typeof REQUEST_ERROR_MESSAGES]);
        expect(text).not.toMatch(/JSON|Content-Type|body/);
      }
      expect(translateError(new ApiError(413, 'PAYLOAD_TOO_LARGE', 'x'))).toBe(
        'What you sent is too large. Please shorten it and try again.',
      );
    });

    it('codes are case-sensitive: server codes keep their own message', () => {
      const err = new ApiError(401, 'UNAUTHENTICATED', 'Authentication required.');
      expect(translateError(err)).toBe('Authentication required.');
    });

    it('uses the cleaned raw message for unknown codes', () => {
      expect(
        translateError({
          code: 'auth/brand-new',
          message: 'Firebase: Boom happened (auth/brand-new).',
        }),
      ).toBe('Boom happened');
      expect(translateError(new Error('Error: disk full'))).toBe('disk full');
      expect(
        translateError(new ApiError(400, 'VALIDATION_FAILED', 'Please enter your email address.')),
      ).toBe('Please enter your email address.');
    });

    it("keeps the API client's time-out text (learner spec §8)", () => {
      expect(translateError(new ApiError(0, 'TIMEOUT', TIMEOUT_MESSAGE))).toBe(
        'Request timed out after 15 seconds',
      );
    });

    it.each([
      ['null', null],
      ['undefined', undefined],
      ['a number', 42],
      ['an empty object', {}],
      ['a blank message', { message: '  ' }],
      ['a bare Error', new Error('Error')],
    ])('falls back to the unexpected-error text for %s', (_label, value) => {
      expect(translateError(value)).toBe('An unexpected error occurred. Please try again.');
    });

    it('cleans provider prefixes and codes', () => {
      expect(cleanMessage('Firebase: Error (auth/network-request-failed).')).toBe('');
      expect(cleanMessage('  too   many\nspaces ')).toBe('too many spaces');
      expect(cleanMessage('Error: x')).toBe('x');
    });
  });
});
