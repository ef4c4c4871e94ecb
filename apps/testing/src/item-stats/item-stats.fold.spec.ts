import fc from 'fast-check';
import type { TestSubmittedEvent, TestSubmittedItem } from '@examprep/contracts';
import { FakeItemStatsRepository } from '../../test/support/fake-item-stats.repository';
import { FoldBatcher } from './fold-batcher';
import { errorRateId, foldWrites, ItemStatsFold, mergeWrites } from './item-stats.fold';
import { UNDEFINED_DISCRIMINATION } from './item-stats.schema';
import { ItemStatsService } from './item-stats.service';

const NOW = new Date('2026-03-01T10:00:00.000Z');
const admin = { uid: 'a1', email: 'a@examprep.test', isAdmin: true, emailVerified: true };

const item = (
  qid: string,
  outcome: TestSubmittedItem['outcome'],
  over: Partial<TestSubmittedItem> = {},
): TestSubmittedItem => ({
  qid,
  type: 'single',
  course: 'C',
  objective: 'O1',
  topic: 'fractions',
  stem: `Question ${qid}`,
  outcome,
  options: [
    { key: 'hA', label: 'A', correct: true, misconception: null },
    { key: 'hB', label: 'B', correct: false, misconception: 'inverted the ratio' },
  ],
  chosen: outcome === 'correct' ? ['hA'] : outcome === 'incorrect' ? ['hB'] : ['none'],
  misconception: outcome === 'incorrect' ? 'inverted the ratio' : null,
  misconceptions: ['inverted the ratio'],
  flagged: false,
  seconds: outcome === 'unanswered' ? null : 25,
  ...over,
});

const fact = (
  testId: string,
  items: TestSubmittedItem[],
  submittedAt = NOW,
): TestSubmittedEvent => {
  const correct = items.filter((i) => i.outcome === 'correct').length;
  return {
    testId,
    uid: 'learner-1',
    mode: 'full',
    submittedAt: submittedAt.toISOString(),
    total: items.length,
    correct,
    finalScore: Math.round((100 * correct) / items.length),
    items,
  };
};

describe('ItemStatsFold: graded tests into the statistics, once per test', () => {
  it('one write per question and per topic / misconception, counted per test', () => {
    const writes = foldWrites(fact('t1', [item('AA01', 'correct'), item('AA02', 'incorrect')]));
    expect(writes.map((w) => w.name)).toEqual([
      'q:AA01',
      `e:${errorRateId('topic', 'C', 'O1', 'fractions')}`,
      `e:${errorRateId('misconception', 'C', 'O1', 'inverted the ratio')}`,
      'q:AA02',
    ]);
    const topic = writes[1]!;
    expect('rate' in topic && topic.rate).toMatchObject({ n: 2, errors: 1 });
    const misc = writes[2]!;
    expect('rate' in misc && misc.rate).toMatchObject({ n: 2, errors: 1 });
  });

  it('counts, responses, time buckets and derived values; a redelivered fact counts nothing', async () => {
    const repo = new FakeItemStatsRepository();
    const fold = new ItemStatsFold(repo);
    const f1 = fact('t1', [
      item('AA01', 'correct', { flagged: true }),
      item('AA02', 'incorrect'),
      item('AA03', 'correct'),
    ]);
    expect(await fold.fold(f1, NOW)).toBe(5);
    expect(await fold.fold(f1, NOW)).toBe(0);
    await fold.fold(
      fact('t2', [
        item('AA01', 'incorrect'),
        item('AA02', 'unanswered'),
        item('AA03', 'incorrect'),
      ]),
      NOW,
    );
    const a1 = (await repo.get('AA01'))!;
    expect(a1).toMatchObject({
      n: 2,
      sx: 1,
      flagged: 1,
      resp: { hA: 1, hB: 1 },
      time: { b2: 2 },
      facility: 0.5,
      flagRate: 0.5,
      medianTime: 25,
    });
    // who had AA01 right scored 50% on the rest of the test, who had it wrong 0%: it discriminates
    expect(a1.disc).toBeCloseTo(1, 9);
    const a2 = (await repo.get('AA02'))!;
    expect(a2).toMatchObject({ n: 2, sx: 0, unanswered: 1, resp: { hB: 1, none: 1 }, facility: 0 });
    expect(a2.disc).toBe(UNDEFINED_DISCRIMINATION);
  });

  it('a write that fails is retried alone: the redelivery does not count the others twice', async () => {
    const repo = new FakeItemStatsRepository();
    const fold = new ItemStatsFold(repo);
    const f = fact('t1', [item('AA01', 'correct'), item('AA02', 'incorrect')]);
    repo.failing.add('AA02');
    await expect(fold.fold(f, NOW)).rejects.toThrow('store down for AA02');
    expect((await repo.get('AA01'))!.n).toBe(1);
    expect(await repo.get('AA02')).toBeNull();
    repo.failing.delete('AA02');
    expect(await fold.fold(f, NOW)).toBe(1);
    expect(await fold.fold(f, NOW)).toBe(0);
    expect((await repo.get('AA01'))!.n).toBe(1);
    expect((await repo.get('AA02'))!.n).toBe(1);
  });

  it('the admin reads: sorted pages, details with each option and its misconception, error rates', async () => {
    const repo = new FakeItemStatsRepository();
    const fold = new ItemStatsFold(repo);
    await fold.fold(
      fact('t1', [item('AA01', 'correct'), item('AA02', 'incorrect'), item('AA03', 'correct')]),
      NOW,
    );
    await fold.fold(
      fact('t2', [item('AA01', 'correct'), item('AA02', 'correct'), item('AA03', 'incorrect')]),
      NOW,
    );
    const sut = new ItemStatsService(repo);
    const asc = await sut.list(admin, { sort: 'facility', dir: 'asc' }, { limit: 2 });
    expect(asc.items.map((r) => [r.qid, r.facility])).toEqual([
      ['AA02', 0.5],
      ['AA03', 0.5],
    ]);
    const rest = await sut.list(
      admin,
      { sort: 'facility', dir: 'asc' },
      { cursor: asc.next!, limit: 2 },
    );
    expect(rest).toEqual({
      items: [expect.objectContaining({ qid: 'AA01', facility: 1 })],
      next: null,
    });
    const detail = await sut.get(admin, 'AA02');
    expect(detail.responses).toEqual([
      { key: 'hA', label: 'A', correct: true, misconception: null, count: 1, share: 0.5 },
      {
        key: 'hB',
        label: 'B',
        correct: false,
        misconception: 'inverted the ratio',
        count: 1,
        share: 0.5,
      },
    ]);
    expect(detail.timeHistogram.find((b) => b.count > 0)).toEqual({ label: '≤30 s', count: 2 });
    const rates = await sut.errorRates(admin, { course: 'C' });
    expect(rates.topics).toEqual([
      {
        kind: 'topic',
        course: 'C',
        objective: 'O1',
        name: 'fractions',
        n: 6,
        errors: 2,
        rate: 0.3333,
      },
    ]);
    expect(rates.misconceptions[0]).toMatchObject({ name: 'inverted the ratio', n: 6, errors: 2 });
  });

  it('admins only; bad filters and orders are a 400 naming the field', async () => {
    const sut = new ItemStatsService(new FakeItemStatsRepository());
    const learner = { ...admin, isAdmin: false };
    await expect(sut.list(learner, {})).rejects.toMatchObject({ payload: { status: 403 } });
    await expect(sut.list(admin, { sort: 'nope' as never })).rejects.toMatchObject({
      payload: { status: 400, fields: { sort: [expect.any(String)] } },
    });
    await expect(sut.list(admin, { objective: 'O1' })).rejects.toMatchObject({
      payload: { status: 400, fields: { objective: ['Choose a course before an objective.'] } },
    });
    await expect(sut.get(admin, 'nope')).rejects.toMatchObject({
      payload: { status: 400, fields: { qid: [expect.any(String)] } },
    });
    await expect(sut.get(admin, 'ZZ99')).rejects.toMatchObject({ payload: { status: 404 } });
  });
});

/**
 * The store's documents; with `close`, each number as a matcher of it within 1e-9 of its size
 * (at least 1): a batch adds the same terms in another order, which moves the last bits, and
 * the discrimination's cancellation (a difference of products of sums) moves a few more (seen:
 * the 12th digit, and -8.5e-16 where the other order gives 0).
 */
function snapshot(repo: FakeItemStatsRepository, close = false) {
  const round = (v: unknown): unknown =>
    typeof v === 'number'
      ? close
        ? expect.closeTo(v, 9 - Math.ceil(Math.log10(Math.max(1, Math.abs(v)))))
        : v
      : v instanceof Date
        ? v.toISOString()
        : Array.isArray(v)
          ? v.map(round)
          : v && typeof v === 'object'
            ? Object.fromEntries(Object.entries(v).map(([k, x]) => [k, round(x)]))
            : v;
  const sorted = <T>(m: Map<string, T>) => [...m.entries()].sort(([a], [b]) => (a < b ? -1 : 1));
  // a marker's done list is a set: a retry adds its names in another order
  const facts = sorted(repo.facts).map(([id, m]) => [id, { ...m, done: [...m.done].sort() }]);
  return round({ stats: sorted(repo.stats), rates: sorted(repo.rates), facts });
}

const OUTCOMES = ['correct', 'incorrect', 'unanswered'] as const;
/** A test of distinct questions of a small pool (so batches share them), each with its outcome. */
const arbTest = fc.uniqueArray(
  fc.record({
    q: fc.integer({ min: 0, max: 9 }),
    outcome: fc.constantFrom(...OUTCOMES),
    flagged: fc.boolean(),
    seconds: fc.integer({ min: 1, max: 400 }),
  }),
  { minLength: 1, maxLength: 6, selector: (i) => i.q },
);

/** Facts from generated tests: qids of two courses / objectives, stems that change per test. */
function factsOf(
  tests: {
    q: number;
    outcome: TestSubmittedItem['outcome'];
    flagged: boolean;
    seconds: number;
  }[][],
  sameTime: boolean[],
) {
  let at = NOW.getTime();
  return tests.map((items, t) => {
    // a test submitted at the same moment as the one before, or later
    if (!sameTime[t]) at += 60_000;
    return fact(
      `t${t}`,
      items.map((i) =>
        item(`AA0${i.q}`, i.outcome, {
          course: i.q % 2 ? 'C1' : 'C2',
          objective: `O${i.q % 3}`,
          stem: `Question AA0${i.q} as test ${t} showed it`,
          flagged: i.flagged,
          seconds: i.outcome === 'unanswered' ? null : i.seconds,
        }),
      ),
      new Date(at),
    );
  });
}

describe('ItemStatsFold in batches (ADR 0037, "Folding in batches")', () => {
  it('a batch of facts sharing questions leaves exactly the documents folding them one by one does', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(arbTest, { minLength: 1, maxLength: 12 }),
        fc.array(fc.boolean(), { minLength: 12, maxLength: 12 }),
        fc.array(fc.integer({ min: 1, max: 8 }), { minLength: 12, maxLength: 12 }),
        async (tests, sameTime, cuts) => {
          const facts = factsOf(tests, sameTime);
          const one = new FakeItemStatsRepository();
          for (const f of facts) await new ItemStatsFold(one).fold(f, NOW);
          const batched = new FakeItemStatsRepository();
          const fold = new ItemStatsFold(batched);
          for (let i = 0, c = 0; i < facts.length; i += cuts[c++]!) {
            const results = await fold.foldBatch(facts.slice(i, i + cuts[c]!), NOW);
            expect(results.every((r) => r.status === 'fulfilled')).toBe(true);
          }
          expect(snapshot(batched)).toEqual(snapshot(one, true));
        },
      ),
      { numRuns: Number(process.env.FOLD_PROPERTY_RUNS ?? 150) },
    );
  });

  it('one round trip per step for the whole batch: claim, items, error rates, read, derived, markers', async () => {
    const repo = new FakeItemStatsRepository();
    const facts = Array.from({ length: 20 }, (_, t) =>
      fact(`t${t}`, [item('AA01', 'correct'), item('AA02', t % 2 ? 'correct' : 'incorrect')]),
    );
    const results = await new ItemStatsFold(repo).foldBatch(facts, NOW);
    expect(results.every((r) => r.status === 'fulfilled' && r.value === 4)).toBe(true);
    expect(Object.fromEntries(repo.calls)).toEqual({
      claimFacts: 1,
      applyItems: 1,
      applyErrorRates: 1,
      getItems: 1,
      setDerivedMany: 1,
      markFacts: 1,
    });
    expect((await repo.get('AA02'))!).toMatchObject({ n: 20, sx: 10, facility: 0.5 });
  });

  it('a fact redelivered in a later batch (or twice in one) changes nothing', async () => {
    const repo = new FakeItemStatsRepository();
    const fold = new ItemStatsFold(repo);
    const f1 = fact('t1', [item('AA01', 'correct'), item('AA02', 'incorrect')]);
    const f2 = fact('t2', [item('AA01', 'incorrect')]);
    const first = await fold.foldBatch([f1, f2, f1], NOW);
    expect(first.map((r) => r.status === 'fulfilled' && r.value)).toEqual([4, 3, 0]);
    const before = snapshot(repo);
    const again = await fold.foldBatch([fact('t3', [item('AA03', 'correct')]), f2, f1], NOW);
    expect(again.map((r) => r.status === 'fulfilled' && r.value)).toEqual([3, 0, 0]);
    const after = snapshot(repo) as { stats: [string, unknown][] };
    const { stats: beforeStats } = before as { stats: [string, unknown][] };
    expect(after.stats.filter(([q]) => q !== 'AA03')).toEqual(beforeStats);
    expect((await repo.get('AA01'))!.n).toBe(2);
  });

  it('a failing write rejects only the facts that took part in it; their retry completes them', async () => {
    const repo = new FakeItemStatsRepository();
    const fold = new ItemStatsFold(repo);
    const facts = [
      fact('t1', [item('AA01', 'correct'), item('AA02', 'incorrect')]),
      fact('t2', [item('AA01', 'incorrect'), item('AA03', 'correct')]),
      fact('t3', [item('AA02', 'correct'), item('AA03', 'correct')]),
    ];
    repo.failing.add('AA02');
    const results = await fold.foldBatch(facts, NOW);
    expect(results.map((r) => r.status)).toEqual(['rejected', 'fulfilled', 'rejected']);
    expect((results[0] as PromiseRejectedResult).reason).toEqual(new Error('store down for AA02'));
    expect(repo.facts.get('t2')).toMatchObject({ complete: true });
    expect(repo.facts.get('t1')).toMatchObject({ complete: false });
    expect(repo.facts.get('t1')!.done).not.toContain('q:AA02');
    expect(repo.facts.get('t1')!.done).toContain('q:AA01');
    expect((await repo.get('AA01'))!).toMatchObject({ n: 2, facility: 0.5 });
    expect(await repo.get('AA02')).toBeNull();
    repo.failing.delete('AA02');
    // the redeliveries of t1 and t3: only their question AA02 is written
    const retry = await fold.foldBatch([facts[0]!, facts[2]!], NOW);
    expect(retry.map((r) => r.status === 'fulfilled' && r.value)).toEqual([1, 1]);
    expect((await repo.get('AA01'))!.n).toBe(2);
    expect((await repo.get('AA03'))!.n).toBe(2);
    expect((await repo.get('AA02'))!).toMatchObject({ n: 2, sx: 1, facility: 0.5 });
    const one = new FakeItemStatsRepository();
    for (const f of facts) await new ItemStatsFold(one).fold(f, NOW);
    expect(snapshot(repo)).toEqual(snapshot(one, true));
  });

  it('mergeWrites: sums of a name added up, the set of the latest submittedAt (the later on a tie)', () => {
    const a = foldWrites(
      fact('t1', [item('AA01', 'correct', { stem: 'old' })], new Date(NOW.getTime() + 1000)),
    );
    const b = foldWrites(fact('t2', [item('AA01', 'incorrect', { stem: 'older' })], NOW));
    const merged = mergeWrites([a, b]);
    const q = merged.get('q:AA01')!;
    expect(q.facts).toEqual([0, 1]);
    expect('item' in q.write && q.write.item).toMatchObject({
      set: { stem: 'old' },
      inc: { n: 2, sx: 1, 'resp.hA': 1, 'resp.hB': 1, 'time.b2': 2 },
    });
    // the inputs are left as they were
    expect('item' in a[0]! && a[0].item.inc.n).toBe(1);
  });
});

describe("FoldBatcher: the consumer's facts into batches", () => {
  it('flushes when the batch is full, and a partial batch after its wait; each gets its own result', async () => {
    jest.useFakeTimers();
    try {
      const batches: string[][] = [];
      const batcher = new FoldBatcher<string>(
        async (facts) => {
          batches.push([...facts]);
          return facts.map((f) =>
            f === 'bad'
              ? { status: 'rejected', reason: new Error('write failed') }
              : { status: 'fulfilled', value: f.length },
          );
        },
        { size: 3, waitMs: 200 },
      );
      const full = ['a', 'bad', 'ccc'].map((f) => batcher.add(f));
      await expect(full[0]).resolves.toBe(1);
      await expect(full[1]).rejects.toThrow('write failed');
      await expect(full[2]).resolves.toBe(3);
      const late = batcher.add('dd');
      await jest.advanceTimersByTimeAsync(199);
      expect(batches).toEqual([['a', 'bad', 'ccc']]);
      await jest.advanceTimersByTimeAsync(1);
      await expect(late).resolves.toBe(2);
      expect(batches).toEqual([['a', 'bad', 'ccc'], ['dd']]);
    } finally {
      jest.useRealTimers();
    }
  });

  it('one flush at a time: what arrives meanwhile gathers into the next batch (at most `size`)', async () => {
    const batches: string[][] = [];
    const gates: (() => void)[] = [];
    const batcher = new FoldBatcher<string>(
      async (facts) => {
        batches.push([...facts]);
        await new Promise<void>((r) => gates.push(r));
        return facts.map(() => ({ status: 'fulfilled', value: 1 }));
      },
      { size: 2, waitMs: 5 },
    );
    const first = [batcher.add('a'), batcher.add('b')];
    await new Promise((r) => setTimeout(r, 20));
    const more = ['c', 'd', 'e'].map((f) => batcher.add(f));
    await new Promise((r) => setTimeout(r, 20));
    // 'c', 'd' and 'e' waited past their wait, but the first flush still runs
    expect(batches).toEqual([['a', 'b']]);
    gates.shift()!();
    await Promise.all(first);
    await new Promise((r) => setTimeout(r, 1));
    expect(batches).toEqual([
      ['a', 'b'],
      ['c', 'd'],
    ]);
    gates.shift()!();
    await new Promise((r) => setTimeout(r, 20));
    expect(batches).toEqual([['a', 'b'], ['c', 'd'], ['e']]);
    gates.shift()!();
    await expect(Promise.all(more)).resolves.toEqual([1, 1, 1]);
  });

  it('a flush that throws rejects every fact of its batch', async () => {
    const batcher = new FoldBatcher<string>(
      async () => {
        throw new Error('store down');
      },
      { size: 2, waitMs: 10 },
    );
    const r = await Promise.allSettled([batcher.add('a'), batcher.add('b')]);
    expect(r.map((x) => x.status)).toEqual(['rejected', 'rejected']);
  });
});
