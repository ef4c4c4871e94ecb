// The item statistics' repository (ADR 0037) against the REAL store of the test profile, in a
// scratch database: each case runs on MongoItemStatsRepository and on the in-memory fake the
// unit specs use, so the fake keeps the semantics the fold and the admin reads rely on; at the
// end every query the Mongo repository sent is explained and must be served by an index (the
// list under each filter and order, the error rates, the outbox, the markers).
import {
  ITEM_STATS_SORTS,
  type ItemStatsSort,
  type SortDirection,
  type TestSubmittedEvent,
  type TestSubmittedItem,
} from '@examprep/contracts';
import { expectEveryQueryIndexed, recordQueries, scratchDatabase } from '@examprep/test-kit';
import { derivedOf, errorRateId, ItemStatsFold } from '../src/item-stats/item-stats.fold';
import { attemptSums } from '../src/item-stats/item-stats.maths';
import type { ItemDelta, ItemStatsRepository } from '../src/item-stats/item-stats.repository';
import {
  ItemErrorRateRecord,
  ItemErrorRateSchema,
  ItemStatsFactRecord,
  ItemStatsFactSchema,
  ItemStatsOutboxRecord,
  ItemStatsOutboxSchema,
  ItemStatsRecord,
  ItemStatsSchema,
} from '../src/item-stats/item-stats.schema';
import { MongoItemStatsRepository } from '../src/item-stats/mongo-item-stats.repository';
import { FakeItemStatsRepository } from './support/fake-item-stats.repository';

const db = scratchDatabase('testing_item_stats_it', [
  [ItemStatsRecord.name, ItemStatsSchema],
  [ItemErrorRateRecord.name, ItemErrorRateSchema],
  [ItemStatsFactRecord.name, ItemStatsFactSchema],
  [ItemStatsOutboxRecord.name, ItemStatsOutboxSchema],
]);
let recorded: ReturnType<typeof recordQueries>;
beforeAll(async () => {
  await db.open();
  recorded = recordQueries(db.conn);
}, 60_000);
afterAll(() => db.close());

const implementations: [string, () => Promise<ItemStatsRepository>][] = [
  [
    'MongoDB',
    async () =>
      new MongoItemStatsRepository(
        await db.empty<ItemStatsRecord>(ItemStatsRecord.name),
        await db.empty<ItemErrorRateRecord>(ItemErrorRateRecord.name),
        await db.empty<ItemStatsFactRecord>(ItemStatsFactRecord.name),
        await db.empty<ItemStatsOutboxRecord>(ItemStatsOutboxRecord.name),
      ),
  ],
  ['fake', async () => new FakeItemStatsRepository()],
];

const AT = new Date('2026-03-01T10:00:00.000Z');
const delta = (
  qid: string,
  course: string,
  objective: string,
  x: 0 | 1,
  over: Record<string, number> = {},
): ItemDelta => ({
  qid,
  set: {
    course,
    objective,
    topic: 'fractions',
    stem: `Question ${qid}`,
    type: 'single',
    options: [{ key: 'hA', label: 'A', correct: true, misconception: null }],
    lastAt: AT,
  },
  inc: {
    ...attemptSums(x, x + 1, 3),
    flagged: 0,
    unanswered: 0,
    [`resp.${x ? 'hA' : 'none'}`]: 1,
    ...over,
  },
});

/** Folds one attempt as the fold does: the $inc, then the derived values by n. */
async function attempt(repo: ItemStatsRepository, d: ItemDelta): Promise<void> {
  const doc = await repo.applyItem(d);
  expect(await repo.setDerived(doc.qid, doc.n, derivedOf(doc))).toBe(true);
}

describe.each(implementations)('ItemStatsRepository (%s)', (_name, make) => {
  it('the fact marker: made once, then read with the writes done', async () => {
    const repo = await make();
    expect(await repo.claimFact('t1', AT)).toEqual({ done: [], complete: false });
    await repo.markFact('t1', ['q:AA01'], false);
    expect(await repo.claimFact('t1', AT)).toEqual({ done: ['q:AA01'], complete: false });
    await repo.markFact('t1', ['q:AA01', 'q:AA02'], true);
    expect(await repo.claimFact('t1', AT)).toEqual({ done: ['q:AA01', 'q:AA02'], complete: true });
  });

  it('applyItem adds up (sums, responses, time) and returns the document; setDerived only at its n', async () => {
    const repo = await make();
    await attempt(repo, delta('AA01', 'C', 'O1', 1, { 'time.b2': 1, flagged: 1 }));
    const doc = await repo.applyItem(delta('AA01', 'C', 'O1', 0, { 'time.b2': 1 }));
    expect(doc).toMatchObject({
      qid: 'AA01',
      n: 2,
      sx: 1,
      flagged: 1,
      resp: { hA: 1, none: 1 },
      time: { b2: 2 },
    });
    expect(await repo.setDerived('AA01', 1, derivedOf(doc))).toBe(false);
    expect(await repo.setDerived('AA01', 2, derivedOf(doc))).toBe(true);
    expect(await repo.get('AA01')).toMatchObject({ facility: 0.5, flagRate: 0.5, medianTime: 25 });
    expect(await repo.get('ZZ99')).toBeNull();
  });

  it('pages every order under each filter, in order, with no row twice or missing', async () => {
    const repo = await make();
    const courses = ['C1', 'C2'];
    for (let i = 0; i < 12; i++) {
      const qid = `AA${String(i).padStart(2, '0')}`;
      const course = courses[i % 2]!;
      for (let k = 0; k <= i % 4; k++)
        await attempt(
          repo,
          delta(qid, course, `O${i % 3}`, (k + i) % 3 === 0 ? 1 : 0, {
            [`time.b${i % 5}`]: 1,
            flagged: i % 2,
          }),
        );
    }
    const filters = [{}, { course: 'C1' }, { course: 'C2', objective: 'O1' }];
    for (const f of filters)
      for (const sort of ITEM_STATS_SORTS as readonly ItemStatsSort[])
        for (const dir of ['asc', 'desc'] as SortDirection[]) {
          const seen: string[] = [];
          let cursor: string | undefined;
          let values: number[] = [];
          do {
            const page = await repo.page(f, sort, dir, cursor, 5);
            seen.push(...page.items.map((r) => r.qid));
            values.push(
              ...page.items.map((r) =>
                sort === 'discrimination' ? r.disc : sort === 'medianTime' ? r.medianTime : r[sort],
              ),
            );
            for (const r of page.items) {
              if (f.course) expect(r.course).toBe(f.course);
              if ('objective' in f) expect(r.objective).toBe(f.objective);
            }
            cursor = page.next ?? undefined;
          } while (cursor);
          expect(new Set(seen).size).toBe(seen.length);
          const sorted = [...values].sort((a, b) => (dir === 'asc' ? a - b : b - a));
          expect(values).toEqual(sorted);
          values = [];
          const all = await repo.page(f, sort, dir, undefined, 100);
          expect(all.items.map((r) => r.qid).sort()).toEqual([...seen].sort());
        }
  });

  it('error rates: added up per id, read by kind under the filters', async () => {
    const repo = await make();
    const rate = (
      kind: 'topic' | 'misconception',
      course: string,
      objective: string,
      name: string,
      errors: number,
    ) => ({
      id: errorRateId(kind, course, objective, name),
      kind,
      course,
      objective,
      name,
      n: 1,
      errors,
    });
    await repo.applyErrorRate(rate('topic', 'C1', 'O1', 'fractions', 1));
    await repo.applyErrorRate(rate('topic', 'C1', 'O1', 'fractions', 0));
    await repo.applyErrorRate(rate('topic', 'C2', 'O1', 'ratios', 1));
    await repo.applyErrorRate(rate('misconception', 'C1', 'O2', 'inverted', 1));
    expect((await repo.errorRates('topic', {})).map((r) => [r.name, r.n, r.errors])).toEqual([
      ['fractions', 2, 1],
      ['ratios', 1, 1],
    ]);
    expect((await repo.errorRates('topic', { course: 'C2' })).map((r) => r.name)).toEqual([
      'ratios',
    ]);
    expect(await repo.errorRates('misconception', { course: 'C1', objective: 'O1' })).toEqual([]);
    expect(
      (await repo.errorRates('misconception', { course: 'C1', objective: 'O2' }))[0],
    ).toMatchObject({
      name: 'inverted',
      n: 1,
      errors: 1,
    });
  });

  it('the batch calls: markers claimed and marked at once, items and error rates upserted, read, derived by n', async () => {
    const repo = await make();
    await repo.markFact('t0', ['q:AA01'], true);
    expect(await repo.claimFacts([], AT)).toEqual(new Map());
    await repo.claimFact('t0', AT);
    await repo.markFact('t0', ['q:AA01'], true);
    const markers = await repo.claimFacts(['t0', 't1', 't2'], AT);
    expect(Object.fromEntries(markers)).toEqual({
      t0: { done: ['q:AA01'], complete: true },
      t1: { done: [], complete: false },
      t2: { done: [], complete: false },
    });
    await repo.markFacts([
      { testId: 't1', done: ['q:AA01', 'q:AA02'], complete: true },
      { testId: 't2', done: ['q:AA02'], complete: false },
    ]);
    expect(Object.fromEntries(await repo.claimFacts(['t1', 't2'], AT))).toEqual({
      t1: { done: ['q:AA01', 'q:AA02'], complete: true },
      t2: { done: ['q:AA02'], complete: false },
    });

    await attempt(repo, delta('AA01', 'C', 'O1', 1));
    const twice = delta('AA01', 'C', 'O1', 0, { 'time.b2': 2 });
    for (const k of Object.keys(twice.inc)) twice.inc[k]! *= 2;
    expect(await repo.applyItems([twice, delta('AA02', 'C', 'O2', 1)])).toEqual(new Map());
    const docs = await repo.getItems(['AA01', 'AA02', 'ZZ99']);
    expect(docs.map((d) => [d.qid, d.n, d.sx]).sort()).toEqual([
      ['AA01', 3, 1],
      ['AA02', 1, 1],
    ]);
    const writes = docs.map((d) => ({ qid: d.qid, n: d.n, derived: derivedOf(d) }));
    expect(await repo.setDerivedMany([...writes, { ...writes[0]!, n: 99 }])).toBe(2);
    expect(await repo.get('AA01')).toMatchObject({ n: 3, facility: 0.3333333333333333 });
    expect(await repo.get('AA02')).toMatchObject({ n: 1, facility: 1, objective: 'O2' });

    const id = errorRateId('topic', 'C', 'O1', 'fractions');
    const rate = { id, kind: 'topic' as const, course: 'C', objective: 'O1', name: 'fractions' };
    expect(await repo.applyErrorRates([{ ...rate, n: 3, errors: 2 }])).toEqual(new Map());
    expect(await repo.applyErrorRates([{ ...rate, n: 1, errors: 0 }])).toEqual(new Map());
    expect(await repo.errorRates('topic', { course: 'C' })).toEqual([{ ...rate, n: 4, errors: 2 }]);
  });

  it('ItemStatsFold in batches on this store leaves what folding one by one leaves', async () => {
    const repo = await make();
    const one = new FakeItemStatsRepository();
    const item = (qid: string, correct: boolean, stem: string): TestSubmittedItem => ({
      qid,
      type: 'single',
      course: 'C',
      objective: 'O1',
      topic: 'fractions',
      stem,
      outcome: correct ? 'correct' : 'incorrect',
      options: [
        { key: 'hA', label: 'A', correct: true, misconception: null },
        { key: 'hB', label: 'B', correct: false, misconception: 'inverted' },
      ],
      chosen: [correct ? 'hA' : 'hB'],
      misconception: correct ? null : 'inverted',
      misconceptions: ['inverted'],
      flagged: false,
      seconds: 25,
    });
    const facts: TestSubmittedEvent[] = Array.from({ length: 10 }, (_, t) => {
      const items = [0, 1, 2].map((k) =>
        item(`AA0${(t + k) % 5}`, (t * k) % 3 === 0, `stem as test ${t} showed it`),
      );
      const correct = items.filter((i) => i.outcome === 'correct').length;
      return {
        testId: `t${t}`,
        uid: 'learner-1',
        mode: 'full',
        submittedAt: new Date(AT.getTime() + t * 1000).toISOString(),
        total: 3,
        correct,
        finalScore: Math.round((100 * correct) / 3),
        items,
      };
    });
    for (const f of facts) await new ItemStatsFold(one).fold(f, AT);
    const fold = new ItemStatsFold(repo);
    const results = [
      ...(await fold.foldBatch(facts.slice(0, 6), AT)),
      ...(await fold.foldBatch([...facts.slice(4), facts[0]!], AT)),
    ];
    expect(results.map((r) => r.status === 'fulfilled' && r.value)).toEqual([
      ...[5, 5, 5, 5, 5, 5],
      ...[0, 0, 5, 5, 5, 5, 0],
    ]);
    // the same terms added up in another order: equal to the last bits or so
    const digits = (d: object | null) =>
      d &&
      Object.fromEntries(
        Object.entries(d).map(([k, v]) => [k, typeof v === 'number' ? v.toPrecision(12) : v]),
      );
    for (const qid of ['AA00', 'AA01', 'AA02', 'AA03', 'AA04'])
      expect(digits(await repo.get(qid))).toEqual(digits(await one.get(qid)));
    expect(await repo.errorRates('misconception', {})).toEqual(
      await one.errorRates('misconception', {}),
    );
  });

  it('the outbox: put (again), due by time, oldest first, deleted', async () => {
    const repo = await make();
    await repo.outboxPut({ testId: 't2', fact: '{"b":1}', at: new Date(AT.getTime() + 1000) });
    await repo.outboxPut({ testId: 't1', fact: '{"a":1}', at: AT });
    await repo.outboxPut({ testId: 't1', fact: '{"a":2}', at: AT });
    expect(await repo.outboxDue(new Date(AT.getTime() + 1), 10)).toEqual([
      { testId: 't1', fact: '{"a":2}', at: AT },
    ]);
    expect((await repo.outboxDue(new Date(AT.getTime() + 5000), 10)).map((e) => e.testId)).toEqual([
      't1',
      't2',
    ]);
    await repo.outboxDelete('t1');
    expect((await repo.outboxDue(new Date(AT.getTime() + 5000), 10)).map((e) => e.testId)).toEqual([
      't2',
    ]);
  });
});

it('a bulk that fails part way (MongoDB): exactly the writes that did not go through are named', async () => {
  const stats = await db.empty<ItemStatsRecord>(ItemStatsRecord.name);
  const repo = new MongoItemStatsRepository(
    stats,
    await db.empty<ItemErrorRateRecord>(ItemErrorRateRecord.name),
    await db.empty<ItemStatsFactRecord>(ItemStatsFactRecord.name),
    await db.empty<ItemStatsOutboxRecord>(ItemStatsOutboxRecord.name),
  );
  await attempt(repo, delta('AA01', 'C', 'O1', 1));
  // a document whose n is not a number: its $inc fails (FerretDB then stops the bulk there)
  await stats.collection.insertOne({ _id: 'AA02', n: 'not a number' } as never);
  const failed = await repo.applyItems(
    ['AA01', 'AA02', 'AA03', 'AA04'].map((q) => delta(q, 'C', 'O1', 1)),
  );
  expect(failed.has('AA01')).toBe(false);
  expect(failed.has('AA02')).toBe(true);
  for (const qid of ['AA01', 'AA03', 'AA04']) {
    const doc = await stats.findOne({ _id: qid }).lean<{ n?: number }>().exec();
    // applied: counted once more; failed: as it was
    const before = qid === 'AA01' ? 1 : 0;
    expect(doc?.n ?? 0).toBe(failed.has(qid) ? before : before + 1);
  }
});

it('every query of the Mongo repository is served by an index', async () => {
  await expectEveryQueryIndexed(db.conn.name, recorded.queries);
}, 60_000);
