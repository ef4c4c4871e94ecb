import type { TestSubmittedEvent, TestSubmittedItem } from '@examprep/contracts';
import { FakeItemStatsRepository } from '../../test/support/fake-item-stats.repository';
import { errorRateId, foldWrites, ItemStatsFold } from './item-stats.fold';
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

const fact = (testId: string, items: TestSubmittedItem[]): TestSubmittedEvent => {
  const correct = items.filter((i) => i.outcome === 'correct').length;
  return {
    testId,
    mode: 'full',
    submittedAt: NOW.toISOString(),
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
