import { type AdminUserFilters, ADMIN_USER_FLAG_FILTERS } from '@examprep/contracts/types';

export type YesNoAll = 'all' | 'yes' | 'no';
export type QbankFilter = 'all' | 'gt0' | 'eq0';

/** The yes/no/all filters of admin spec §2.1 on the rows' boolean flags. */
export const FLAG_FILTERS = ADMIN_USER_FLAG_FILTERS;
export type FlagFilter = (typeof FLAG_FILTERS)[number];

/** The screen's filters (admin spec §2.1); the server applies them (issue 26, ADR 0030). */
export interface UserFilters extends Record<FlagFilter, YesNoAll> {
  /** The start of the email, or `@domain` for exactly that domain (case ignored). */
  email: string;
  /** Has tests: yes = at least one, no = none. */
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

/** The query of GET /api/admin/users and its export: only the filters that narrow. */
export function toServerFilters(filters: UserFilters): AdminUserFilters {
  const q: AdminUserFilters = {};
  const email = filters.email.trim();
  if (email) q.email = email;
  for (const key of FLAG_FILTERS) if (filters[key] !== 'all') q[key] = filters[key];
  if (filters.tests !== 'all') q.tests = filters.tests;
  if (filters.qbank !== 'all') q.qbank = filters.qbank;
  if (filters.duplicatesOnly) q.duplicates = true;
  return q;
}

export function isDefaultFilters(filters: UserFilters): boolean {
  return (Object.keys(DEFAULT_FILTERS) as (keyof UserFilters)[]).every(
    (key) => filters[key] === DEFAULT_FILTERS[key],
  );
}
