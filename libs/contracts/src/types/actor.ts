/** Who is calling, as verified by the gateway from the bearer token (DESIGN.md §3). */
export interface Actor {
  uid: string;
  email: string;
  isAdmin: boolean;
  emailVerified: boolean;
  /** Realm role `staging-access` (admins always have it): may use the staging host. */
  stagingAccess?: boolean;
  /**
   * Realm role `instructor` (issue 30, ADR 0040): teaches LMS courses. Which classes is the
   * schools service's to say (the launches' memberships), never the token's.
   */
  isInstructor?: boolean;
}

/** Every request/reply message: the actor (null for anonymous calls) plus the payload. */
export type Envelope<T extends object = object> = { actor: Actor | null } & T;

/**
 * The one verification rule (learner spec §2 protected routes, §6 roles): a signed-in user
 * whose email is not verified is limited to the verification screen; admins are exempt. The
 * gateway's route guard, every service's `requireVerified` and the web app's protected routes
 * all ask this.
 */
export function passesVerification(who: Pick<Actor, 'isAdmin' | 'emailVerified'>): boolean {
  return who.emailVerified === true || who.isAdmin === true;
}

/** The text of the 403 EMAIL_NOT_VERIFIED, the gateway's and the services' alike. */
export const EMAIL_NOT_VERIFIED_MESSAGE = 'Please verify your email address to use this feature.';
