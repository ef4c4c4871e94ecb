import {
  derive,
  emailFilterOf,
  emptyEntry,
  entryMatches,
  FACET_BITS,
  facetEqualities,
  facetsMatch,
  facetsOf,
  sameEntry,
  toAdminUserRow,
  withAccount,
  withStored,
  withTests,
} from './directory-entry';

const base = emptyEntry('u1');

describe('directory entry (ADR 0030)', () => {
  it('takes the account email while there is an account, else the document email', () => {
    const both = withStored(withAccount(base, { email: ' A@Auth.test ', emailVerified: true }), {
      doc: { email: 'd@doc.test' },
      view: null,
    });
    expect([both.email, both.emailDomain, both.inAuth, both.inDatabase]).toEqual([
      'a@auth.test',
      'auth.test',
      true,
      true,
    ]);
    const gone = withAccount(both, null);
    expect([gone.email, gone.emailVerified, gone.isAdmin]).toEqual(['d@doc.test', false, false]);
  });

  it('keeps isAdmin when the account facts do not say, and ranks admins first', () => {
    const admin = withAccount(base, { email: 'a@x.test', emailVerified: true, isAdmin: true });
    expect(admin.adminRank).toBe(0);
    const again = withAccount(admin, { email: 'a@x.test', emailVerified: false });
    expect([again.isAdmin, again.adminRank, again.emailVerified]).toEqual([true, 0, false]);
  });

  it('purchases: the ledger over legacy values; Premium from a premium product held', () => {
    const e = withStored(base, {
      doc: {
        email: 'x@y.test',
        purchases: { teas_math_qbank: 'true', other: 1 },
        infiniteQbankGenerations: 3,
      },
      view: { purchases: { teas_math_qbank: false, med_dosage_qbank: true } },
    });
    expect(e.purchases).toEqual({ other: true, med_dosage_qbank: true });
    expect([e.premium, e.qbankGenerations, e.hasQbank]).toEqual([true, 3, true]);
    expect(withStored(e, { doc: null, view: null })).toMatchObject({
      inDatabase: false,
      purchases: {},
      premium: false,
      hasQbank: false,
    });
  });

  it('facets: one bit per yes/no filter; filters match combinations and name stored fields', () => {
    const e = derive({ ...withTests(base, 2, 1), inAuth: true, premium: true, duplicate: true });
    expect(facetsOf(e)).toBe(
      FACET_BITS.inAuth | FACET_BITS.premium | FACET_BITS.hasTests | FACET_BITS.duplicate,
    );
    const mask = facetsOf(e);
    expect(facetsMatch(mask, { inAuth: 'yes', tests: 'yes', duplicates: true })).toBe(true);
    expect(facetsMatch(mask, { inDatabase: 'yes' })).toBe(false);
    expect(facetsMatch(mask, { qbank: 'eq0', isAdmin: 'no' })).toBe(true);
    expect(facetEqualities({ inAuth: 'no', tests: 'yes', qbank: 'gt0', duplicates: true })).toEqual(
      {
        inAuth: false,
        hasTests: true,
        hasQbank: true,
        duplicate: true,
      },
    );
    expect(facetEqualities({ duplicates: false })).toEqual({});
  });

  it('email filter: a start of the address, or @ and exactly one domain; case ignored', () => {
    expect(emailFilterOf(' Ann ')).toEqual({ prefix: 'ann' });
    expect(emailFilterOf('@School.EDU')).toEqual({ domain: 'school.edu' });
    expect(emailFilterOf('@')).toEqual({ prefix: '@' });
    expect(emailFilterOf('')).toBeNull();
    const e = withAccount(base, { email: 'ann@school.edu', emailVerified: true });
    expect(entryMatches(e, { email: 'an' })).toBe(true);
    expect(entryMatches(e, { email: 'nn' })).toBe(false);
    expect(entryMatches(e, { email: '@school.edu' })).toBe(true);
    expect(entryMatches(e, { email: '@school' })).toBe(false);
  });

  it('sameEntry compares every field, the purchases by their entries', () => {
    const e = withStored(base, { doc: { email: 'a@b.test', purchases: { x: true } }, view: null });
    expect(sameEntry(e, { ...e, purchases: { x: true } })).toBe(true);
    expect(sameEntry(e, { ...e, purchases: { y: true } })).toBe(false);
    expect(sameEntry(e, { ...e, tests: 1 })).toBe(false);
  });

  it('the row the list answers', () => {
    const e = withTests(withAccount(base, { email: 'a@b.test', emailVerified: true }), 4, 2);
    expect(toAdminUserRow(e)).toEqual({
      uid: 'u1',
      email: 'a@b.test',
      emailVerified: true,
      isAdmin: false,
      inAuth: true,
      inDatabase: false,
      purchases: {},
      premium: false,
      qbankGenerations: 0,
      tests: 4,
    });
  });
});
