import { displayNameOf, identityFromClaims } from './claims';

describe('identityFromClaims', () => {
  it('reads the user, the admin role and email_verified from the tokens', () => {
    expect(
      identityFromClaims({
        sub: 'u1',
        email: 'a@x.test',
        name: 'Ada Lovelace',
        email_verified: true,
        realm_access: { roles: ['admin'] },
      }),
    ).toEqual({
      user: { uid: 'u1', email: 'a@x.test', name: 'Ada Lovelace' },
      isAdmin: true,
      emailVerified: true,
    });
  });
});

describe('displayNameOf', () => {
  it('is the email, or for a school account with a placeholder address its name', () => {
    expect(displayNameOf({ uid: 'u', email: 'lee@school.test', name: 'Lee Learner' })).toBe(
      'lee@school.test',
    );
    expect(
      displayNameOf({ uid: 'u', email: 'lti-0123abcd@lti.invalid', name: 'Lee Learner' }),
    ).toBe('Lee Learner');
    expect(displayNameOf({ uid: 'u', email: 'lti-0123abcd@LTI.INVALID' })).toBe('');
  });
});
