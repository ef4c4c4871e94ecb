import {
  ADMIN_USER_FLAG_FILTERS,
  type AdminUserFilters,
  type AdminUserRow,
  effectivePurchases,
  PREMIUM_PRODUCT_IDS,
} from '@examprep/contracts';
import { Keyset } from '@examprep/nest-kit';

/**
 * One row of the admin user list as the identity service keeps it (collection user_directory,
 * `_id` = uid; issue 26, ADR 0030): what Keycloak says of the account, what the user document
 * and the ledger's purchase view say, and the test count of the testing service's facts, with
 * the fields the list sorts and filters on. A user neither in auth nor in the database has no
 * entry.
 */
export interface DirectoryEntry {
  _id: string;
  /** The account's email while there is an account, else the document's (lower case). */
  email: string;
  /** The part after the last '@' (the `@domain` filter). */
  emailDomain: string;
  /** 0 for admins, 1 for the others: the list's first key (admins first). */
  adminRank: 0 | 1;
  isAdmin: boolean;
  emailVerified: boolean;
  inAuth: boolean;
  inDatabase: boolean;
  /** The account's email (null without an account). */
  authEmail: string | null;
  /** The document's email (null without a document). */
  docEmail: string | null;
  purchases: Record<string, unknown>;
  premium: boolean;
  qbankGenerations: number;
  hasQbank: boolean;
  tests: number;
  hasTests: boolean;
  /** The version of the last `events.user.testsCounted` applied (0: none yet). */
  testsVersion: number;
  /** Another entry has the same email. */
  duplicate: boolean;
}

/** What an entry starts from before any source spoke. */
export function emptyEntry(uid: string): DirectoryEntry {
  return {
    _id: uid,
    email: '',
    emailDomain: '',
    adminRank: 1,
    isAdmin: false,
    emailVerified: false,
    inAuth: false,
    inDatabase: false,
    authEmail: null,
    docEmail: null,
    purchases: {},
    premium: false,
    qbankGenerations: 0,
    hasQbank: false,
    tests: 0,
    hasTests: false,
    testsVersion: 0,
    duplicate: false,
  };
}

/** The account's part of an entry (Keycloak). `isAdmin` undefined: keep what the entry says. */
export interface AccountFacts {
  email: string;
  emailVerified: boolean;
  isAdmin?: boolean;
}

/** The database's part of an entry: the user document and the ledger's purchase view. */
export interface StoredFacts {
  doc: {
    email: string;
    purchases?: Record<string, unknown>;
    infiniteQbankGenerations?: number;
  } | null;
  view: { purchases: Record<string, unknown> } | null;
}

const lower = (email: string | undefined | null) => (email ?? '').trim().toLowerCase();

/** The entry with the account's facts (null: no account any more). */
export function withAccount(entry: DirectoryEntry, account: AccountFacts | null): DirectoryEntry {
  if (account === null) {
    return derive({
      ...entry,
      inAuth: false,
      authEmail: null,
      emailVerified: false,
      isAdmin: false,
    });
  }
  return derive({
    ...entry,
    inAuth: true,
    authEmail: lower(account.email),
    emailVerified: account.emailVerified,
    isAdmin: account.isAdmin ?? entry.isAdmin,
  });
}

/** The entry with the database's facts. */
export function withStored(entry: DirectoryEntry, { doc, view }: StoredFacts): DirectoryEntry {
  const purchases = doc || view ? effectivePurchases(doc?.purchases, view?.purchases) : {};
  return derive({
    ...entry,
    inDatabase: doc !== null,
    docEmail: doc ? lower(doc.email) : null,
    purchases,
    premium: PREMIUM_PRODUCT_IDS.some((id) => purchases[id] === true),
    qbankGenerations: doc?.infiniteQbankGenerations ?? 0,
  });
}

/** The entry with the testing service's count. */
export function withTests(entry: DirectoryEntry, tests: number, version: number): DirectoryEntry {
  return derive({ ...entry, tests: Math.max(0, tests), testsVersion: version });
}

/** The fields that follow from the others. */
export function derive(entry: DirectoryEntry): DirectoryEntry {
  const email = (entry.inAuth && entry.authEmail) || entry.docEmail || entry.authEmail || '';
  const at = email.lastIndexOf('@');
  return {
    ...entry,
    email,
    emailDomain: at >= 0 ? email.slice(at + 1) : '',
    adminRank: entry.isAdmin ? 0 : 1,
    hasQbank: entry.qbankGenerations > 0,
    hasTests: entry.tests > 0,
  };
}

/** Whether the list shows the user: in auth, in the database or both. */
export const isListed = (entry: DirectoryEntry) => entry.inAuth || entry.inDatabase;

/** Two entries equal in every stored field (purchases compared by their entries). */
export function sameEntry(a: DirectoryEntry, b: DirectoryEntry): boolean {
  for (const key of Object.keys(b) as (keyof DirectoryEntry)[]) {
    if (key === 'purchases') continue;
    if (a[key] !== b[key]) return false;
  }
  const pa = Object.entries(a.purchases ?? {});
  const pb = b.purchases ?? {};
  return pa.length === Object.keys(pb).length && pa.every(([k, v]) => pb[k] === v);
}

/**
 * The facets the maintained counts are kept by (user_directory_counts: one document per
 * combination, 256 at most): each yes/no filter of the list is one bit.
 */
export const FACET_BITS = {
  emailVerified: 1,
  inDatabase: 2,
  inAuth: 4,
  isAdmin: 8,
  premium: 16,
  hasTests: 32,
  hasQbank: 64,
  duplicate: 128,
} as const;
const FACETS = Object.entries(FACET_BITS) as [keyof typeof FACET_BITS, number][];
export const FACET_COMBINATIONS = 256;

/** The entry's combination of facets. */
export function facetsOf(entry: DirectoryEntry): number {
  return FACETS.reduce((mask, [field, bit]) => (entry[field] ? mask | bit : mask), 0);
}

/** The facet each filter sets, and the value it wants. */
function wantedFacets(filters: AdminUserFilters): [number, boolean][] {
  const wanted: [number, boolean][] = [];
  for (const f of ADMIN_USER_FLAG_FILTERS) {
    if (filters[f]) wanted.push([FACET_BITS[f], filters[f] === 'yes']);
  }
  if (filters.tests) wanted.push([FACET_BITS.hasTests, filters.tests === 'yes']);
  if (filters.qbank) wanted.push([FACET_BITS.hasQbank, filters.qbank === 'gt0']);
  if (filters.duplicates) wanted.push([FACET_BITS.duplicate, true]);
  return wanted;
}

/** Whether a combination of facets passes the filters' yes/no parts (the email aside). */
export function facetsMatch(mask: number, filters: AdminUserFilters): boolean {
  return wantedFacets(filters).every(([bit, yes]) => ((mask & bit) !== 0) === yes);
}

/** The stored fields and values the filters' yes/no parts ask for (equalities). */
export function facetEqualities(filters: AdminUserFilters): Record<string, boolean> {
  const q: Record<string, boolean> = {};
  for (const f of ADMIN_USER_FLAG_FILTERS) if (filters[f]) q[f] = filters[f] === 'yes';
  if (filters.tests) q.hasTests = filters.tests === 'yes';
  if (filters.qbank) q.hasQbank = filters.qbank === 'gt0';
  if (filters.duplicates) q.duplicate = true;
  return q;
}

/**
 * The email filter (admin spec §2.1, served by an index; issue 26): `@domain` is every address
 * of exactly that domain; anything else is the start of the address. Case is ignored.
 */
export type EmailFilter = { domain: string } | { prefix: string } | null;
export function emailFilterOf(email: string | undefined): EmailFilter {
  const needle = lower(email);
  if (!needle) return null;
  if (needle.startsWith('@') && needle.length > 1) return { domain: needle.slice(1) };
  return { prefix: needle };
}

/** Whether an entry passes the email filter (what the store's range selects). */
export function emailMatches(entry: DirectoryEntry, filter: EmailFilter): boolean {
  if (filter === null) return true;
  if ('domain' in filter) return entry.emailDomain === filter.domain;
  return entry.email.startsWith(filter.prefix);
}

/** The whole filter, in memory (the fake repository and the specs). */
export function entryMatches(entry: DirectoryEntry, filters: AdminUserFilters): boolean {
  return facetsMatch(facetsOf(entry), filters) && emailMatches(entry, emailFilterOf(filters.email));
}

/** The list's order (admin spec §2.1: admins first, then by email), the uid breaking ties. */
export const DIRECTORY_ORDER = new Keyset<DirectoryEntry>([
  { field: 'adminRank', dir: 1, kind: 'number', of: (e) => e.adminRank },
  { field: 'email', dir: 1, kind: 'string', of: (e) => e.email },
  { field: '_id', dir: 1, kind: 'string', of: (e) => e._id },
]);

/** The row the list answers. */
export function toAdminUserRow(entry: DirectoryEntry): AdminUserRow {
  return {
    uid: entry._id,
    email: entry.email,
    emailVerified: entry.emailVerified,
    isAdmin: entry.isAdmin,
    inAuth: entry.inAuth,
    inDatabase: entry.inDatabase,
    purchases: entry.purchases as AdminUserRow['purchases'],
    premium: entry.premium,
    qbankGenerations: entry.qbankGenerations,
    tests: entry.tests,
  };
}
