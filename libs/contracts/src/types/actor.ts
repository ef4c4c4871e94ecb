/** Who is calling, as verified by the gateway from the bearer token (DESIGN.md §3). */
export interface Actor {
  uid: string;
  email: string;
  isAdmin: boolean;
  emailVerified: boolean;
  /** Realm role `staging-access` (admins always have it): may use the staging host. */
  stagingAccess?: boolean;
}

/** Every request/reply message: the actor (null for anonymous calls) plus the payload. */
export type Envelope<T extends object = object> = { actor: Actor | null } & T;
