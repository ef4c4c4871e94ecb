import { Events, TEST_LIMITS, type UserTestsCountedEvent } from '@examprep/contracts';
import { FakeEventBus } from '../../test/support/fake-event-bus';
import { FakeTestCountsRepository } from '../../test/support/fake-test-counts.repository';
import { FakeTestsRepository } from '../../test/support/fake-tests.repository';
import { admin, learner, other, sample, setup } from '../../test/support/service-fixture';
import type { TestRecord } from './test.schema';
import { RECOUNT_ATTEMPTS } from './test-counts';
import { BUILD_PAGE, BUILD_STALE_MS, TestCountsBuild } from './test-counts-build';

/** The facts published, in order: [uid, tests, version, msgId]. */
const facts = (bus: FakeEventBus) =>
  bus.published.map((p) => {
    expect(p.subject).toBe(Events.userTestsCounted);
    const e = p.data as UserTestsCountedEvent;
    return [e.uid, e.tests, e.version, p.msgId];
  });

describe('test_counts: every path that adds or removes a test moves the count (issue 26)', () => {
  it('create +1 and delete -1, each with a new version, published as events.user.testsCounted', async () => {
    const { tests, countsRepo, bus, clock } = setup();
    const a = await tests.create(learner, sample);
    await tests.create(learner, sample);
    await tests.create(other, sample);
    await tests.delete(learner, { testId: a.testId });
    expect(await countsRepo.find('u1')).toEqual({ uid: 'u1', n: 1, version: 3, at: clock.now() });
    expect(await countsRepo.find('u2')).toMatchObject({ n: 1, version: 1 });
    expect(facts(bus)).toEqual([
      ['u1', 1, 1, 'tests-counted:u1:1'],
      ['u1', 2, 2, 'tests-counted:u1:2'],
      ['u2', 1, 1, 'tests-counted:u2:1'],
      ['u1', 1, 3, 'tests-counted:u1:3'],
    ]);
    expect(bus.published[0]!.data).toEqual({
      uid: 'u1',
      tests: 1,
      version: 1,
      at: clock.now().toISOString(),
    });
  });

  it('a delete that finds the test gone already (another call removed it) does not count twice', async () => {
    const { tests, store, countsRepo } = setup();
    const a = await tests.create(learner, sample);
    await store.remove({ _id: a.testId, userId: 'u1' });
    await store.remove({ _id: a.testId, userId: 'u1' });
    expect(await countsRepo.find('u1')).toMatchObject({ n: 0, version: 2 });
  });

  it('retention removes the oldest completed tests: each one counts -1', async () => {
    const { tests, answers, countsRepo, clock } = setup();
    const keep = TEST_LIMITS.gradebookRetention;
    for (let i = 0; i < keep + 2; i++) {
      const { testId } = await tests.create(learner, sample);
      await answers.submit(learner, { testId });
      clock.advance(1000);
    }
    expect((await tests.gradebook(learner)).tests).toHaveLength(keep);
    expect(await countsRepo.find('u1')).toMatchObject({ n: keep });
  });

  it('user.deleted drops the tests and sets the count to 0 once, with a new version', async () => {
    const { tests, countsRepo, bus } = setup();
    await tests.create(learner, sample);
    await tests.create(learner, sample);
    await tests.removeUser('u1');
    expect(await countsRepo.find('u1')).toMatchObject({ n: 0, version: 3 });
    expect(facts(bus).at(-1)).toEqual(['u1', 0, 3, 'tests-counted:u1:3']);
    // a redelivery: nothing to remove, still 0 (a newer version, which readers take alike)
    await tests.removeUser('u1');
    expect(await countsRepo.find('u1')).toMatchObject({ n: 0, version: 4 });
  });

  it('a failed publish or counter write never fails the learner request', async () => {
    const { tests, countsRepo, bus } = setup();
    bus.failing = true;
    const a = await tests.create(learner, sample);
    expect(await countsRepo.find('u1')).toMatchObject({ n: 1, version: 1 });
    expect(bus.published).toEqual([]);
    countsRepo.add = () => Promise.reject(new Error('store down'));
    await expect(tests.delete(learner, { testId: a.testId })).resolves.toEqual({ success: true });
    await expect(tests.create(learner, sample)).resolves.toMatchObject({ success: true });
  });

  it('a count that would go below 0 (a test made before the counters) is counted again', async () => {
    const { tests, repo, countsRepo } = setup();
    const a = await tests.create(learner, sample);
    await tests.create(learner, sample);
    countsRepo.counts.delete('u1'); // as if both were made before test_counts existed
    await tests.delete(admin, { testId: a.testId });
    expect(await countsRepo.find('u1')).toMatchObject({ n: 1 });
    expect(repo.tests.size).toBe(1);
  });
});

/** A stored test of `uid` (as seed-scale or an older version wrote it). */
const stored = (id: string, uid: string): TestRecord =>
  ({ _id: id, userId: uid, createdAt: new Date(0), lastUpdated: new Date(0) }) as TestRecord;

function buildOn(repo: FakeTestsRepository, counts = new FakeTestCountsRepository()) {
  const svc = setup({ repo, counts });
  const build = new TestCountsBuild(repo, counts, svc.counts, svc.clock);
  return { ...svc, build };
}

describe('TestCountsBuild: the counters from the tests already stored, once', () => {
  it('counts every test in _id pages, publishes one fact per user, marks the build done', async () => {
    const repo = new FakeTestsRepository();
    const n = BUILD_PAGE * 2 + 5;
    for (let i = 0; i < n; i++) {
      const id = `t${String(i).padStart(6, '0')}`;
      repo.tests.set(id, stored(id, `u${i % 3}`));
    }
    const { build, countsRepo, bus } = buildOn(repo);
    await countsRepo.set('u0', 7, new Date(0)); // a stale count with version 1
    const stats = await build.run();
    expect(stats).toMatchObject({ tests: n, users: 3 });
    expect(await countsRepo.find('u0')).toMatchObject({ n: 669, version: 2 });
    expect(await countsRepo.find('u1')).toMatchObject({ n: 668, version: 1 });
    expect(await countsRepo.find('u2')).toMatchObject({ n: 668, version: 1 });
    expect(facts(bus).sort()).toEqual([
      ['u0', 669, 2, 'tests-counted:u0:2'],
      ['u1', 668, 1, 'tests-counted:u1:1'],
      ['u2', 668, 1, 'tests-counted:u2:1'],
    ]);
    expect(repo.calls.filter((c) => c === 'scanOwners')).toHaveLength(3);
    expect(countsRepo.marker).toMatchObject({ state: 'built', stats: { tests: n, users: 3 } });
    // built: a second start does nothing
    await expect(build.run()).resolves.toBeNull();
    expect(bus.published).toHaveLength(3);
  });

  it('two replicas starting at once: one builds (the unique marker), the other carries on', async () => {
    const repo = new FakeTestsRepository();
    repo.tests.set('t1', stored('t1', 'u1'));
    const counts = new FakeTestCountsRepository();
    const a = buildOn(repo, counts);
    const b = buildOn(repo, counts);
    const [ra, rb] = await Promise.all([a.build.run(), b.build.run()]);
    expect([ra, rb].filter((r) => r !== null)).toHaveLength(1);
    expect(await counts.find('u1')).toMatchObject({ n: 1, version: 1 });
  });

  it('a claim whose builder stopped beating is taken over; a live one is not', async () => {
    const repo = new FakeTestsRepository();
    repo.tests.set('t1', stored('t1', 'u1'));
    const counts = new FakeTestCountsRepository();
    const { build, clock } = buildOn(repo, counts);
    await counts.claimBuild('gone:1', clock.now(), new Date(0));
    await expect(build.run()).resolves.toBeNull();
    clock.advance(BUILD_STALE_MS + 1);
    await expect(build.run()).resolves.toMatchObject({ tests: 1, users: 1 });
    expect(await counts.find('u1')).toMatchObject({ n: 1 });
  });

  it('a user whose count a request changed during the build is counted again by its own tests', async () => {
    const repo = new FakeTestsRepository();
    repo.tests.set('t1', stored('t1', 'u1'));
    repo.tests.set('t2', stored('t2', 'u1'));
    const { build, tests, countsRepo } = buildOn(repo);
    // a test made while the pages were read, behind the build's position: the pages miss it
    const scan = repo.scanOwners.bind(repo);
    repo.scanOwners = async (...args) => {
      const page = await scan(...args);
      await tests.create(learner, sample);
      return page;
    };
    await build.run();
    expect(await countsRepo.find('u1')).toMatchObject({ n: 3 });
  });

  it("a change between the build's read and its write is not overwritten: the user is recounted", async () => {
    const repo = new FakeTestsRepository();
    repo.tests.set('t1', stored('t1', 'u1'));
    const { build, tests, countsRepo } = buildOn(repo);
    // the learner makes a test right after the build read the (missing) counter: the write of
    // the pages' 1 over version 0 loses to it, and the recount finds both tests
    const find = countsRepo.find.bind(countsRepo);
    let once = false;
    countsRepo.find = async (uid) => {
      const found = await find(uid);
      if (!once) {
        once = true;
        await tests.create(learner, sample);
      }
      return found;
    };
    await build.run();
    expect(await countsRepo.find('u1')).toMatchObject({ n: 2, version: 2 });
  });
});

describe('TestCounts.recount', () => {
  it('tries again when a change lands between its read and its write, and gives up after five', async () => {
    const repo = new FakeTestsRepository();
    repo.tests.set('t1', stored('t1', 'u1'));
    const { counts, countsRepo } = setup({ repo });
    await countsRepo.set('u1', 5, new Date(0));
    const list = repo.listByUser.bind(repo);
    let changes = 2;
    repo.listByUser = async (...args) => {
      if (changes-- > 0) await countsRepo.add('u1', 1, new Date(0));
      return list(...args);
    };
    expect(await counts.recount('u1')).toMatchObject({ n: 1, version: 4 });
    changes = RECOUNT_ATTEMPTS;
    await expect(counts.recount('u1')).rejects.toThrow(/5 recounts each lost to a change/);
  });
});
