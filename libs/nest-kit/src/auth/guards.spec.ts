import { type Actor, ErrorCodes } from '@examprep/contracts';
import { ServiceError } from '../rpc/rpc-error';
import {
  type AdminActor,
  EMAIL_NOT_VERIFIED,
  GUARD_MESSAGES,
  requireActor,
  requireAdmin,
  requireVerified,
  type VerifiedActor,
} from './guards';

const learner: Actor = {
  uid: 'u-learner',
  email: 'learner@examprep.test',
  isAdmin: false,
  emailVerified: true,
};
const unverified: Actor = { ...learner, uid: 'u-unverified', emailVerified: false };
const admin: Actor = { ...learner, uid: 'u-admin', isAdmin: true };
const unverifiedAdmin: Actor = { ...admin, emailVerified: false };

/** The ServiceError a guard threw (fails the test when it threw nothing or something else). */
function thrownBy(guard: () => void): ServiceError {
  try {
    guard();
  } catch (e) {
    expect(e).toBeInstanceOf(ServiceError);
    return e as ServiceError;
  }
  throw new Error('the guard let the caller through');
}

describe('requireActor', () => {
  it('lets any signed-in caller through', () => {
    for (const actor of [learner, unverified, admin])
      expect(() => requireActor(actor)).not.toThrow();
  });

  it.each([null, undefined])('answers %p with 401 UNAUTHENTICATED', (actor) => {
    const err = thrownBy(() => requireActor(actor));
    expect(err.payload).toEqual({
      status: 401,
      code: ErrorCodes.UNAUTHENTICATED,
      message: GUARD_MESSAGES.signedIn,
    });
    expect(err.getError()).toBe(err.payload);
  });

  it('answers with the text the service passes', () => {
    expect(thrownBy(() => requireActor(null, 'You must be logged in.')).payload).toEqual({
      status: 401,
      code: ErrorCodes.UNAUTHENTICATED,
      message: 'You must be logged in.',
    });
  });
});

describe('requireAdmin', () => {
  it('lets an admin through, verified or not', () => {
    expect(() => requireAdmin(admin)).not.toThrow();
    expect(() => requireAdmin(unverifiedAdmin)).not.toThrow();
  });

  it.each([
    ['a learner', learner],
    ['an unverified learner', unverified],
    ['an anonymous caller', null],
    ['a missing actor', undefined],
  ])('answers %s with 403 FORBIDDEN', (_who, actor) => {
    expect(thrownBy(() => requireAdmin(actor)).payload).toEqual({
      status: 403,
      code: ErrorCodes.FORBIDDEN,
      message: 'Access Denied: Admins only.',
    });
  });

  it('answers with the text the service passes', () => {
    expect(thrownBy(() => requireAdmin(learner, 'Admins only.')).payload).toEqual({
      status: 403,
      code: ErrorCodes.FORBIDDEN,
      message: 'Admins only.',
    });
  });
});

describe('requireVerified', () => {
  it('lets a verified caller through', () => {
    expect(() => requireVerified(learner)).not.toThrow();
    expect(() => requireVerified(admin)).not.toThrow();
  });

  it('lets an admin whose email is not verified through: admins are exempt (learner spec §2, the gateway’s rule)', () => {
    expect(() => requireVerified(unverifiedAdmin)).not.toThrow();
  });

  it('answers an anonymous caller with 401 UNAUTHENTICATED first', () => {
    expect(thrownBy(() => requireVerified(null)).payload).toEqual({
      status: 401,
      code: ErrorCodes.UNAUTHENTICATED,
      message: GUARD_MESSAGES.signedIn,
    });
  });

  it('answers a learner whose email is not verified with 403 EMAIL_NOT_VERIFIED', () => {
    expect(thrownBy(() => requireVerified(unverified)).payload).toEqual({
      status: 403,
      code: EMAIL_NOT_VERIFIED,
      message: 'Please verify your email address to use this feature.',
    });
  });

  it('answers with the text the service passes', () => {
    expect(thrownBy(() => requireVerified(unverified, 'Verify first.')).payload).toMatchObject({
      status: 403,
      message: 'Verify first.',
    });
  });
});

// Compile-time checks of the narrowing: checked by `tsc` (npm run typecheck), never called.
// Each `@ts-expect-error` line must fail to compile, each line without one must compile.
export function narrowing(actor: Actor | null): void {
  // @ts-expect-error before a guard the actor may be null
  void actor.uid;
  requireActor(actor);
  const uid: string = actor.uid;
  // @ts-expect-error signed in is not admin
  const notYetAdmin: AdminActor = actor;
  requireAdmin(actor);
  const isAdmin: true = actor.isAdmin;
  const asAdmin: AdminActor = actor;
  void [uid, notYetAdmin, isAdmin, asAdmin];
}

export function verifiedNarrowing(actor: Actor | null | undefined): void {
  // @ts-expect-error before the guard the email may be unverified (and the actor absent)
  const early: VerifiedActor = actor;
  requireVerified(actor);
  // @ts-expect-error past the rule is not a verified address: an admin is exempt
  const verified: true = actor.emailVerified;
  const asVerified: VerifiedActor = actor;
  // @ts-expect-error past the rule is not admin
  const isAdmin: true = actor.isAdmin;
  const rule: boolean = actor.emailVerified || actor.isAdmin;
  void [early, verified, asVerified, isAdmin, rule];
}
