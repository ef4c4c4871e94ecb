import { displayNameOf, identityFromClaims, type TokenClaims } from './claims';

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
      isInstructor: false,
      emailVerified: true,
    });
  });

  it('reads the instructor role (an LMS course teacher) apart from admin', () => {
    const teacher = identityFromClaims({
      sub: 'u2',
      realm_access: { roles: ['offline_access', 'instructor'] },
    });
    expect(teacher).toMatchObject({ isInstructor: true, isAdmin: false });
    expect(identityFromClaims({ sub: 'u3', realm_access: { roles: ['admin'] } })).toMatchObject({
      isInstructor: false,
    });
    expect(identityFromClaims({ sub: 'u4' })).toMatchObject({
      isInstructor: false,
      isAdmin: false,
    });
    // a malformed claim is no role
    const odd = { sub: 'u5', realm_access: { roles: 'instructor' } } as unknown as TokenClaims;
    expect(identityFromClaims(odd).isInstructor).toBe(false);
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
