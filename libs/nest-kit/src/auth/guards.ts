// The second line behind the gateway's route decorators (`@Authenticated()`, `@AdminOnly()`):
// the service that owns the data checks the caller again before it acts. Each guard is a
// TypeScript assertion, so after the call `actor` is narrowed and needs no `actor!`.
import { type Actor, EMAIL_NOT_VERIFIED_MESSAGE, passesVerification } from '@examprep/contracts';
import { ServiceError } from '../rpc/rpc-error';

/**
 * Texts the guards answer with when the caller passes none. A service whose spec words a check
 * differently passes its own text (`QBANK_MESSAGES.topicsAccessDenied`, ...).
 */
export const GUARD_MESSAGES = {
  signedIn: 'Authentication required.',
  adminOnly: 'Access Denied: Admins only.',
  verified: EMAIL_NOT_VERIFIED_MESSAGE,
} as const;

/** Code of the 403 for a signed-in caller whose email is not verified (the gateway's too). */
export const EMAIL_NOT_VERIFIED = 'EMAIL_NOT_VERIFIED';

/** A caller with the realm role `admin`. */
export type AdminActor = Actor & { isAdmin: true };
/**
 * A caller past the verification rule: their email is verified, or they are an admin (admins
 * are exempt, learner spec §2; `passesVerification`). Code that needs a verified address
 * itself reads `emailVerified`.
 */
export type VerifiedActor = Actor & ({ emailVerified: true } | { isAdmin: true });

/** 401 UNAUTHENTICATED for an anonymous call. */
export function requireActor(
  actor: Actor | null | undefined,
  message: string = GUARD_MESSAGES.signedIn,
): asserts actor is Actor {
  if (!actor) throw ServiceError.unauthenticated(message);
}

/** 403 FORBIDDEN unless the caller is an admin (an anonymous caller too: no 401 here). */
export function requireAdmin(
  actor: Actor | null | undefined,
  message: string = GUARD_MESSAGES.adminOnly,
): asserts actor is AdminActor {
  if (!actor?.isAdmin) throw ServiceError.forbidden(message);
}

/**
 * 401 UNAUTHENTICATED for an anonymous call, then 403 EMAIL_NOT_VERIFIED unless the caller
 * passes the verification rule (a verified email, or an admin: the rule the gateway's route
 * guard applies, `passesVerification` of the contracts).
 */
export function requireVerified(
  actor: Actor | null | undefined,
  message: string = GUARD_MESSAGES.verified,
): asserts actor is VerifiedActor {
  requireActor(actor);
  if (!passesVerification(actor))
    throw new ServiceError({ status: 403, code: EMAIL_NOT_VERIFIED, message });
}
