import { type AdminUserRow } from '@examprep/contracts/types';
import { DEFAULT_FILTERS, duplicateEmails, filterUsers, isDefaultFilters } from './user-filters';

const row = (uid: string, email: string, over: Partial<AdminUserRow> = {}): AdminUserRow => ({
  uid,
  email,
  emailVerified: true,
  isAdmin: false,
  inAuth: true,
  inDatabase: true,
  premium: false,
  purchases: {},
  qbankGenerations: 0,
  tests: null,
  ...over,
});

const ROWS = [
  row('1', 'admin@x.test', { isAdmin: true, tests: 0 }),
  row('2', 'Dup@X.test', { qbankGenerations: 4, tests: 3 }),
  row('3', 'dup@x.test ', { inAuth: false, tests: 1 }),
  row('4', 'solo@x.test', { premium: true, emailVerified: false, tests: 0 }),
  row('5', '', { inAuth: false }),
  row('6', '', { inAuth: false }),
];

const uids = (rows: AdminUserRow[]) => rows.map((r) => r.uid);

describe('user filters', () => {
  it('lets everything through by default, in the given order', () => {
    expect(uids(filterUsers(ROWS, DEFAULT_FILTERS))).toEqual(['1', '2', '3', '4', '5', '6']);
    expect(isDefaultFilters(DEFAULT_FILTERS)).toBe(true);
  });

  it('finds duplicates ignoring case and surrounding spaces, but not empty emails', () => {
    expect([...duplicateEmails(ROWS)]).toEqual(['dup@x.test']);
    expect(uids(filterUsers(ROWS, { ...DEFAULT_FILTERS, duplicatesOnly: true }))).toEqual([
      '2',
      '3',
    ]);
  });

  it('matches the email filter as a trimmed, case-insensitive substring', () => {
    expect(uids(filterUsers(ROWS, { ...DEFAULT_FILTERS, email: '  DUP ' }))).toEqual(['2', '3']);
  });

  it('combines flags and the QBank filter', () => {
    const filters = { ...DEFAULT_FILTERS, inAuth: 'yes', qbank: 'eq0' } as const;
    expect(uids(filterUsers(ROWS, filters))).toEqual(['1', '4']);
    expect(isDefaultFilters(filters)).toBe(false);
    expect(uids(filterUsers(ROWS, { ...DEFAULT_FILTERS, qbank: 'gt0' }))).toEqual(['2']);
    expect(uids(filterUsers(ROWS, { ...DEFAULT_FILTERS, emailVerified: 'no' }))).toEqual(['4']);
  });

  it('filters on tests: yes = tests > 0, no = tests = 0, an unknown count only under all', () => {
    expect(uids(filterUsers(ROWS, { ...DEFAULT_FILTERS, tests: 'yes' }))).toEqual(['2', '3']);
    expect(uids(filterUsers(ROWS, { ...DEFAULT_FILTERS, tests: 'no' }))).toEqual(['1', '4']);
    expect(uids(filterUsers(ROWS, { ...DEFAULT_FILTERS, tests: 'all' }))).toHaveLength(6);
    expect(isDefaultFilters({ ...DEFAULT_FILTERS, tests: 'yes' })).toBe(false);
    expect(uids(filterUsers(ROWS, { ...DEFAULT_FILTERS, tests: 'yes', qbank: 'gt0' }))).toEqual([
      '2',
    ]);
  });
});
