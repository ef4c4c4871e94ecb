import type { Page } from '@examprep/contracts';
import type { DirectoryEntry, EmailFilter } from './directory-entry';

/** A page of the list: the yes/no equalities, the email filter, and where to start. */
export interface DirectoryQuery {
  /** Stored boolean fields and the value each must have (facetEqualities). */
  equalities: Record<string, boolean>;
  email: EmailFilter;
}

/** One change of a rebuild: the entry to store, or the uid whose entry goes. */
export type DirectoryWrite = { put: DirectoryEntry } | { remove: string };

/**
 * The queries of the user directory (collections user_directory and user_directory_counts;
 * ADR 0030). The port the directory injects; MongoDirectoryRepository is the real one.
 */
export abstract class DirectoryRepository {
  /** The entry (by `_id`), or null. */
  abstract get(uid: string): Promise<DirectoryEntry | null>;

  /** Stores the whole entry (inserted or replaced, by `_id`). */
  abstract put(entry: DirectoryEntry): Promise<void>;

  /** Removes the entry (by `_id`); whether there was one. */
  abstract remove(uid: string): Promise<boolean>;

  /**
   * One page in the list's order (DIRECTORY_ORDER) after the cursor: the entries with these
   * equalities and email, `limit` of them and the cursor after the last when more follow.
   */
  abstract page(
    query: DirectoryQuery,
    cursor: string | undefined,
    limit: number,
  ): Promise<Page<DirectoryEntry>>;

  /** The entries with exactly this email (a handful: the duplicates check). */
  abstract withEmail(email: string): Promise<DirectoryEntry[]>;

  /** Up to `limit` entries in `_id` order after `after` (the rebuild's pass). */
  abstract scan(after: string | undefined, limit: number): Promise<DirectoryEntry[]>;

  /** A rebuild's changes, in one round trip per batch. */
  abstract write(changes: DirectoryWrite[]): Promise<void>;

  /** Adds `by` to the count of a combination of facets. */
  abstract bump(facets: number, by: number): Promise<void>;

  /** Every count by its combination of facets (256 small documents at most). */
  abstract counts(): Promise<Map<number, number>>;

  /** Sets every count to these (the others to zero). */
  abstract setCounts(counts: Map<number, number>): Promise<void>;
}
