import {
  AUTH_FORM_MESSAGES,
  isSignupAllowed,
  validateLoginForm,
  validateResendVerification,
  validateResetForm,
  validateSignUpForm,
} from './auth-forms.validator';

const ok = { isValid: true, error: null };

describe('auth form messages (learner spec §5, §8)', () => {
  it('quotes the spec', () => {
    expect(AUTH_FORM_MESSAGES).toEqual({
      loginFieldsRequired: 'Please enter both email and password.',
      signUpFieldsRequired: 'Please fill in all fields.',
      passwordsDoNotMatch: 'Passwords do not match.',
      passwordTooShort: 'Password should be at least 6 characters long.',
      resetEmailRequired: 'Please enter your email address.',
      signupsDisabled: 'Signups are currently disabled.',
      notLoggedIn: 'You must be logged in.',
      alreadyVerified: 'Your email is already verified.',
    });
  });
});

describe('validateLoginForm', () => {
  it.each([
    [{ email: '', password: 'secret1' }, 'Please enter both email and password.'],
    [{ email: '  ', password: 'secret1' }, 'Please enter both email and password.'],
    [{ email: 'a@example.com', password: '' }, 'Please enter both email and password.'],
    [{ email: 'not-an-email', password: 'secret1' }, 'Please enter a valid email address.'],
    [{ email: '<script>@x.com', password: 'x' }, 'Invalid characters detected in email address.'],
  ])('rejects %p with %p', (form, error) => {
    expect(validateLoginForm(form)).toEqual({ isValid: false, error });
  });

  it('accepts an email and any password (the identity provider judges it)', () => {
    expect(validateLoginForm({ email: ' Student@Example.com ', password: 'x' })).toEqual(ok);
  });
});

describe('validateSignUpForm', () => {
  const form = { email: 'new@example.com', password: 'secret1', confirmPassword: 'secret1' };

  it('accepts a complete form', () => {
    expect(validateSignUpForm(form)).toEqual(ok);
  });

  it.each([
    [{ ...form, email: '' }, 'Please fill in all fields.'],
    [{ ...form, password: '' }, 'Please fill in all fields.'],
    [{ ...form, confirmPassword: '' }, 'Please fill in all fields.'],
    [{ ...form, email: 'new@' }, 'Please enter a valid email address.'],
    [{ ...form, confirmPassword: 'secret2' }, 'Passwords do not match.'],
    [
      { ...form, password: 'abc', confirmPassword: 'abc' },
      'Password should be at least 6 characters long.',
    ],
  ])('rejects %p with %p', (input, error) => {
    expect(validateSignUpForm(input)).toEqual({ isValid: false, error });
  });

  it('checks in the spec order: fields, email, match, length', () => {
    expect(validateSignUpForm({ email: 'x', password: 'a', confirmPassword: 'b' }).error).toBe(
      'Please enter a valid email address.',
    );
    expect(
      validateSignUpForm({ email: 'x@example.com', password: 'a', confirmPassword: 'b' }).error,
    ).toBe('Passwords do not match.');
  });

  it('accepts exactly 6 characters', () => {
    expect(validateSignUpForm({ ...form, password: '123456', confirmPassword: '123456' })).toEqual(
      ok,
    );
  });
});

describe('validateResetForm', () => {
  it.each([
    ['', 'Please enter your email address.'],
    ['   ', 'Please enter your email address.'],
    ['nobody', 'Please enter a valid email address.'],
  ])('rejects %p with %p', (email, error) => {
    expect(validateResetForm({ email })).toEqual({ isValid: false, error });
  });

  it('accepts a valid email', () => {
    expect(validateResetForm({ email: 'a@example.com' })).toEqual(ok);
  });
});

describe('isSignupAllowed', () => {
  it.each([
    [true, true],
    ['true', true],
    [false, false],
    ['false', false],
    ['TRUE', false],
    [1, false],
    [undefined, false],
    [null, false],
  ])('%p -> %p', (setting, allowed) => {
    expect(isSignupAllowed(setting)).toBe(allowed);
  });
});

describe('validateResendVerification', () => {
  it.each([
    [{ signedIn: false, emailVerified: false }, 'You must be logged in.'],
    [{ signedIn: true, emailVerified: true }, 'Your email is already verified.'],
  ])('rejects %p with %p', (user, error) => {
    expect(validateResendVerification(user)).toEqual({ isValid: false, error });
  });

  it('allows a signed-in, unverified user', () => {
    expect(validateResendVerification({ signedIn: true, emailVerified: false })).toEqual(ok);
  });
});
