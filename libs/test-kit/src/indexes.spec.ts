import { ferretIndexSuffix, planSteps } from './indexes';

// The plan PostgreSQL gave in CI for user_directory.findOne({_id}) on a near-empty scratch
// table: the {emailDomain, adminRank, email, _id} index walked with a condition on _id only.
const walk = (cond: string | undefined, index = 'user_directory_c319b50e_emaildomain_idx') => ({
  Plan: {
    'Node Type': 'Index Scan',
    'Index Name': index,
    ...(cond ? { 'Index Cond': cond } : {}),
  },
});
const idCond = `(COALESCE((user_directory_c319b50e._jsonb -> '_id'::text), 'null'::jsonb) = '"u1"'::jsonb)`;
const leadingKeyOf = (name: string) => (name.includes('emaildomain') ? 'emailDomain' : undefined);

describe('planSteps', () => {
  it('a condition on a later column only walks the whole index when no index leads with that key', () => {
    expect(planSteps(walk(idCond), leadingKeyOf, false, ['emailDomain', 'email'])).toEqual([
      { step: 'Index Scan (user_directory_c319b50e_emaildomain_idx)', whole: true },
    ]);
  });

  it('a tie on a scratch table: another index leads with the bounded key (_id), so it is served', () => {
    expect(planSteps(walk(idCond), leadingKeyOf, false, ['_id', 'emailDomain'])).toEqual([
      { step: 'Index Scan (user_directory_c319b50e_emaildomain_idx)', whole: false },
    ]);
  });

  it('a condition on the leading key is bounded; no condition is a whole walk unless under a Limit', () => {
    const domainCond = `((_jsonb -> 'emailDomain'::text) = '"x.test"'::jsonb)`;
    expect(planSteps(walk(domainCond), leadingKeyOf)[0]!.whole).toBe(false);
    expect(planSteps(walk(undefined), leadingKeyOf, false, ['_id'])[0]!.whole).toBe(true);
    expect(
      planSteps(
        { Plan: { 'Node Type': 'Limit', Plans: [walk(undefined).Plan] } },
        leadingKeyOf,
      ).map((s) => s.whole),
    ).toEqual([false, false]);
  });

  it('a Seq Scan is always whole', () => {
    expect(
      planSteps({ Plan: { 'Node Type': 'Seq Scan' } }, leadingKeyOf, false, ['_id'])[0]!.whole,
    ).toBe(true);
  });
});

describe('ferretIndexSuffix', () => {
  it('is FerretDB 1.24 naming: fnv32a of the MongoDB index name, 8 hex digits', () => {
    expect(ferretIndexSuffix('_id_')).toMatch(/^_[0-9a-f]{8}_idx$/);
    expect(ferretIndexSuffix('emailDomain_1_adminRank_1_email_1__id_1')).toBe('_239d1bf5_idx');
  });
});
