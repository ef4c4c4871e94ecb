import { type AdminUserRow } from '@examprep/contracts/types';

export type YesNoAll = 'all' | 'yes' | 'no';
export type QbankFilter = 'all' | 'gt0' | 'eq0';

/** The yes/no/all filters of admin spec §2.1 on the rows' boolean flags. */
export const FLAG_FILTERS = [
  'emailVerified',
  'inDatabase',
  'inAuth',
  'isAdmin',
  'premium',
] as const;
export type FlagFilter = (typeof FLAG_FILTERS)[number];

export interface UserFilters extends Record<FlagFilter, YesNoAll> {
  email: string;
  /** Has tests: yes = at least one, no = none (a count the server could not load matches neither). */
  tests: YesNoAll;
  qbank: QbankFilter;
  duplicatesOnly: boolean;
}

export const DEFAULT_FILTERS: UserFilters = {
  email: '',
  emailVerified: 'all',
  inDatabase: 'all',
  inAuth: 'all',
  isAdmin: 'all',
  premium: 'all',
  tests: 'all',
  qbank: 'all',
  duplicatesOnly: false,
};

function matchesFlag(value: boolean, filter: YesNoAll): boolean {
  return filter === 'all' || value === (filter === 'yes');
}

/** Admin spec §2.1 Tests filter: yes = tests > 0, no = tests = 0; an unknown count (null) only under all. */
export function matchesTests(tests: number | null, filter: YesNoAll): boolean {
  if (filter === 'all') return true;
  if (tests === null) return false;
  return filter === 'yes' ? tests > 0 : tests === 0;
}

/** Lower-cased emails held by more than one row (admin spec §2.1: same email ignoring case). */
export function duplicateEmails(rows: readonly AdminUserRow[]): Set<string> {
  const seen = new Set<string>();
  const dups = new Set<string>();
  for (const row of rows) {
    const key = row.email.trim().toLowerCase();
    if (!key) continue;
    if (seen.has(key)) dups.add(key);
    seen.add(key);
  }
  return dups;
}

/** The rows the filters let through, in the server's order (admins first, then by email). */
export function filterUsers(rows: readonly AdminUserRow[], filters: UserFilters): AdminUserRow[] {
  const needle = filters.email.trim().toLowerCase();
  const dups = filters.duplicatesOnly ? duplicateEmails(rows) : null;
  return rows.filter(
    (row) =>
      (!needle || row.email.toLowerCase().includes(needle)) &&
      FLAG_FILTERS.every((key) => matchesFlag(row[key], filters[key])) &&
      matchesTests(row.tests, filters.tests) &&
      (filters.qbank === 'all' ||
        (filters.qbank === 'gt0' ? row.qbankGenerations > 0 : row.qbankGenerations === 0)) &&
      (dups === null || dups.has(row.email.trim().toLowerCase())),
  );
}

export function isDefaultFilters(filters: UserFilters): boolean {
  return (Object.keys(DEFAULT_FILTERS) as (keyof UserFilters)[]).every(
    (key) => filters[key] === DEFAULT_FILTERS[key],
  );
}
