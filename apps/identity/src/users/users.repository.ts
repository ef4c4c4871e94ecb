import type { Dashboard } from '@examprep/contracts';
import type { UserRecord } from './user.schema';

/** The fields of a new user document (the rest take the schema's defaults). */
export interface NewUser {
  email: string;
  purchases: Record<string, unknown>;
  defaultDashboard?: Dashboard;
}

/**
 * The queries of the user documents (collection users, `_id` = the Keycloak user id; email
 * unique). The port the services inject; MongoUsersRepository is the real one.
 */
export abstract class UsersRepository {
  /** The user's document (lean), or null. */
  abstract findById(uid: string): Promise<UserRecord | null>;

  /** Whether the user has a document. */
  abstract exists(uid: string): Promise<boolean>;

  /** Whether a user other than `uid` has this email. */
  abstract emailTakenByOther(uid: string, email: string): Promise<boolean>;

  /**
   * Inserts the user's document; null when the insert lost to a document with the same `_id`
   * or email (duplicate key: two calls racing, or an email another user has).
   */
  abstract insert(uid: string, user: NewUser): Promise<UserRecord | null>;

  /** Sets the user's defaultDashboard (nothing when they have no document). */
  abstract setDefaultDashboard(uid: string, dashboard: Dashboard): Promise<void>;

  /** Adds `count` to the user's infiniteQbankGenerations; whether a document changed. */
  abstract addGenerations(uid: string, count: number): Promise<boolean>;

  /** Up to `limit` documents in `_id` order after `after` (the user directory's rebuild). */
  abstract pageById(after: string | undefined, limit: number): Promise<UserRecord[]>;

  /** Deletes the user's document (nothing when there is none). */
  abstract remove(uid: string): Promise<void>;
}
