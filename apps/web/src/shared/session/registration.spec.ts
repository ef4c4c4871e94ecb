import { afterSignIn, SIGNUP_SIGN_IN_WINDOW_MS, signedInBySignup } from './registration';

const CREATED = Date.UTC(2026, 0, 5, 10, 0, 0);
const seconds = (ms: number) => Math.floor(ms / 1000);

describe('signedInBySignup', () => {
  it('is true when the sign-in ended right after the account was made (the sign-up form)', () => {
    expect(signedInBySignup({ account_created_ms: CREATED, auth_time: seconds(CREATED) })).toBe(
      true,
    );
    expect(
      signedInBySignup({ account_created_ms: CREATED + 400, auth_time: seconds(CREATED + 1500) }),
    ).toBe(true);
    // auth_time is whole seconds: creation at .999 and sign-in in the same second
    expect(
      signedInBySignup({ account_created_ms: CREATED + 999, auth_time: seconds(CREATED) }),
    ).toBe(true);
  });

  it('allows a slow server up to 60 s between the creation and the sign-in', () => {
    expect(
      signedInBySignup({
        account_created_ms: CREATED,
        auth_time: seconds(CREATED + SIGNUP_SIGN_IN_WINDOW_MS),
      }),
    ).toBe(true);
    expect(
      signedInBySignup({
        account_created_ms: CREATED,
        auth_time: seconds(CREATED + SIGNUP_SIGN_IN_WINDOW_MS + 1000),
      }),
    ).toBe(false);
  });

  it('is false for an existing account signing in', () => {
    expect(
      signedInBySignup({ account_created_ms: CREATED, auth_time: seconds(CREATED) + 86_400 }),
    ).toBe(false);
    // a session that signed in before the account existed is not its sign-up either
    expect(signedInBySignup({ account_created_ms: CREATED, auth_time: seconds(CREATED) - 3 })).toBe(
      false,
    );
  });

  it('is null when the token does not say', () => {
    expect(signedInBySignup(undefined)).toBeNull();
    expect(signedInBySignup({ auth_time: seconds(CREATED) })).toBeNull();
    expect(signedInBySignup({ account_created_ms: CREATED })).toBeNull();
    expect(signedInBySignup({ account_created_ms: String(CREATED), auth_time: 1 })).toBeNull();
    expect(signedInBySignup({ account_created_ms: Number.NaN, auth_time: 1 })).toBeNull();
  });
});

describe('afterSignIn', () => {
  it('shows the sign-up completion to a sign-up without its user document', () => {
    expect(afterSignIn({ bySignup: true, hasDocument: false, emailVerified: false })).toBe(
      'complete-signup',
    );
    // GET /api/me failed: the completion screen's create-user call decides (and can retry)
    expect(afterSignIn({ bySignup: true, hasDocument: null, emailVerified: false })).toBe(
      'complete-signup',
    );
  });

  it('creates the document quietly for an older account without one', () => {
    expect(afterSignIn({ bySignup: false, hasDocument: false, emailVerified: false })).toBe(
      'create-silently',
    );
  });

  it('never takes an account whose email is already verified (made by staff) for a sign-up (issue 24 #10a)', () => {
    // signed in within the sign-up window of its creation, but verified: no 'Signup
    // successful! Please verify your email inbox...', the document is made quietly
    expect(afterSignIn({ bySignup: true, hasDocument: false, emailVerified: true })).toBe(
      'create-silently',
    );
    expect(afterSignIn({ bySignup: true, hasDocument: null, emailVerified: true })).toBe('none');
    expect(afterSignIn({ bySignup: true, hasDocument: true, emailVerified: true })).toBe('none');
  });

  it('does nothing when the document exists, or when it is unknown for an older account', () => {
    expect(afterSignIn({ bySignup: true, hasDocument: true, emailVerified: false })).toBe('none');
    expect(afterSignIn({ bySignup: false, hasDocument: true, emailVerified: true })).toBe('none');
    expect(afterSignIn({ bySignup: false, hasDocument: null, emailVerified: true })).toBe('none');
  });
});
