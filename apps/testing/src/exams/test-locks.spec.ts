import { FakeTestLeasesRepository } from '../../test/support/fake-test-leases.repository';
import { CLOSED_HOLDER } from './test-leases.repository';
import { LEASE_MS, LOCK_WAIT_MS, RENEW_EVERY_MS, TestLocks } from './test-locks';
import { RECENT_TEST_TTL_MS } from './test-store';

const settle = () => new Promise((r) => setTimeout(r, 20));

describe('TestLocks (one test written by one call at a time across replicas, ADR 0027)', () => {
  it("two replicas' calls for one test never overlap; calls for other tests run alongside", async () => {
    const leases = new FakeTestLeasesRepository();
    const replicas = [new TestLocks(leases), new TestLocks(leases)];
    let inside = 0;
    let most = 0;
    const task = async () => {
      inside++;
      most = Math.max(most, inside);
      await new Promise((r) => setTimeout(r, 2));
      inside--;
    };
    await Promise.all(Array.from({ length: 12 }, (_, i) => replicas[i % 2]!.run('t1', task)));
    expect(most).toBe(1);
    // each of these tasks waits for the other to start: they finish only if they run together
    let entered = 0;
    let bothIn!: () => void;
    const both = new Promise<void>((r) => (bothIn = r));
    await Promise.all(
      ['t2', 't3'].map((id, i) =>
        replicas[i]!.run(id, async () => {
          if (++entered === 2) bothIn();
          await both;
        }),
      ),
    );
    await settle();
    expect(leases.leases.size).toBe(0);
  });

  it('answers the caller first and gives the lease back right after', async () => {
    const leases = new FakeTestLeasesRepository();
    const sut = new TestLocks(leases);
    await expect(sut.run('t1', async (lock) => lock.closed)).resolves.toBe(false);
    expect(leases.leases.get('t1')).toBeDefined(); // answered before the delete
    await settle();
    expect(leases.leases.has('t1')).toBe(false);
    expect(leases.calls).toEqual(['tryTake', 'giveBack']);
  });

  it('a failing task gives the lease back too', async () => {
    const leases = new FakeTestLeasesRepository();
    const sut = new TestLocks(leases);
    await expect(
      sut.run('t1', async () => {
        throw new Error('no');
      }),
    ).rejects.toThrow('no');
    await settle();
    expect(leases.leases.size).toBe(0);
  });

  it('close: the lease stays closed until it ends (LEASE_MS after the call, longer than a replica reuses a test); meanwhile every call, on any replica, runs with closed and holds nothing', async () => {
    let now = 1_000_000;
    const leases = new FakeTestLeasesRepository(() => now);
    const [a, b] = [new TestLocks(leases), new TestLocks(leases)];
    await a.run('t1', (lock) => lock.close());
    await settle();
    expect(leases.leases.get('t1')?.holder).toBe(CLOSED_HOLDER);
    await expect(b.run('t1', async (lock) => lock.closed)).resolves.toBe(true);
    await expect(a.run('t1', async (lock) => lock.closed)).resolves.toBe(true);
    expect(LEASE_MS).toBeGreaterThan(RECENT_TEST_TTL_MS);
    now += LEASE_MS;
    await expect(b.run('t1', async (lock) => lock.closed)).resolves.toBe(false);
  });

  it('a lease not written for LEASE_MS (its replica died) has ended: the next call takes it', async () => {
    let now = 1_000_000;
    const leases = new FakeTestLeasesRepository(() => now);
    await leases.tryTake('t1', 'dead:1');
    now += LEASE_MS;
    const replicas = [new TestLocks(leases), new TestLocks(leases)];
    let runs = 0;
    await Promise.all(replicas.map((r) => r.run('t1', async () => void runs++)));
    expect(runs).toBe(2);
    await settle();
    expect(leases.leases.size).toBe(0);
  });

  it('a lease another replica holds past LOCK_WAIT_MS: 503 without running', async () => {
    const leases = new FakeTestLeasesRepository();
    await leases.tryTake('t1', 'other:1');
    let mono = 0;
    const sut = new TestLocks(leases, {
      mono: () => {
        mono += LOCK_WAIT_MS / 4; // each look at the clock: a quarter of the budget gone
        return mono;
      },
    });
    const task = jest.fn(async () => 'ran');
    await expect(sut.run('t1', task)).rejects.toMatchObject({
      payload: { status: 503, code: 'SERVICE_UNAVAILABLE' },
    });
    expect(task).not.toHaveBeenCalled();
    expect(leases.leases.get('t1')?.holder).toBe('other:1');
  });

  it('a call longer than RENEW_EVERY_MS renews its lease, so it does not end under it; a lease lost anyway fails the close (no grading without it)', async () => {
    jest.useFakeTimers({
      doNotFake: ['setImmediate', 'nextTick', 'queueMicrotask', 'performance'],
    });
    try {
      let now = 1_000_000;
      const leases = new FakeTestLeasesRepository(() => now);
      const sut = new TestLocks(leases);
      let finish!: () => void;
      const running = sut.run('t1', () => new Promise<void>((r) => (finish = r)));
      for (let i = 0; i < 3; i++) await new Promise((r) => setImmediate(r));
      const first = leases.leases.get('t1')!.revision;
      for (let step = 0; step < 4; step++) {
        now += RENEW_EVERY_MS;
        await jest.advanceTimersByTimeAsync(RENEW_EVERY_MS);
        for (let i = 0; i < 3; i++) await new Promise((r) => setImmediate(r));
      }
      // 20 s after it was taken, still held (renewed)
      expect(leases.leases.get('t1')!.revision).toBeGreaterThan(first);
      await expect(leases.tryTake('t1', 'other:1')).resolves.toBeNull();
      finish();
      await running;
      // a stall past LEASE_MS: the lease ended under the call, and its close fails
      const stalled = sut.run('t2', async (lock) => {
        leases.leases.delete('t2');
        await lock.close();
      });
      await expect(stalled).rejects.toMatchObject({ payload: { status: 503 } });
    } finally {
      jest.useRealTimers();
    }
  });

  it('a renewal due while the submit closes the lease never reopens it', async () => {
    jest.useFakeTimers({
      doNotFake: ['setImmediate', 'nextTick', 'queueMicrotask', 'performance'],
    });
    try {
      const leases = new FakeTestLeasesRepository();
      const rewrite = leases.rewrite.bind(leases);
      let unblock!: () => void;
      const blocked = new Promise<void>((r) => (unblock = r));
      jest.spyOn(leases, 'rewrite').mockImplementationOnce(async (...args) => {
        await blocked; // the close's request is slow
        return rewrite(...args);
      });
      const sut = new TestLocks(leases);
      await sut.run('t1', async (lock) => {
        const closing = lock.close();
        await jest.advanceTimersByTimeAsync(RENEW_EVERY_MS); // a renewal falls due meanwhile
        unblock();
        await closing;
        for (let i = 0; i < 5; i++) await new Promise((r) => setImmediate(r));
      });
      expect(leases.leases.get('t1')?.holder).toBe(CLOSED_HOLDER);
    } finally {
      jest.useRealTimers();
    }
  });
});

describe('TestLocks when the lease store does not answer for a moment (a NATS node gone)', () => {
  const noResponders = () => Object.assign(new Error('503'), { code: '503' });

  it('waits for it like a held lease and runs the call once it answers', async () => {
    const leases = new FakeTestLeasesRepository();
    const take = leases.tryTake.bind(leases);
    let failures = 3;
    jest.spyOn(leases, 'tryTake').mockImplementation(async (id, holder) => {
      if (failures-- > 0) throw noResponders();
      return take(id, holder);
    });
    const sut = new TestLocks(leases);
    await expect(sut.run('t1', async (lock) => lock.closed)).resolves.toBe(false);
  });

  it('a take written before its answer was lost is recognised on the next read (no wait for it to end)', async () => {
    const leases = new FakeTestLeasesRepository();
    const take = leases.tryTake.bind(leases);
    let lost = true;
    jest.spyOn(leases, 'tryTake').mockImplementation(async (id, holder) => {
      const revision = await take(id, holder);
      if (lost) {
        lost = false;
        throw Object.assign(new Error('TIMEOUT'), { code: 'TIMEOUT' }); // written, answer lost
      }
      return revision;
    });
    const sut = new TestLocks(leases);
    const started = Date.now();
    await expect(sut.run('t1', async (lock) => lock.closed)).resolves.toBe(false);
    expect(Date.now() - started).toBeLessThan(LEASE_MS);
    await settle();
    expect(leases.leases.size).toBe(0); // and given back
  });

  it('answers 503 (not 500) when it does not come back within LOCK_WAIT_MS', async () => {
    const leases = new FakeTestLeasesRepository();
    jest.spyOn(leases, 'tryTake').mockRejectedValue(noResponders());
    let now = 0;
    const sut = new TestLocks(leases, { mono: () => (now += 1000) });
    await expect(sut.run('t1', async () => 'ran')).rejects.toMatchObject({
      payload: { status: 503, code: 'SERVICE_UNAVAILABLE' },
    });
  });

  it('any other error of the store is not waited for', async () => {
    const leases = new FakeTestLeasesRepository();
    jest.spyOn(leases, 'tryTake').mockRejectedValue(new Error('bucket config mismatch'));
    await expect(new TestLocks(leases).run('t1', async () => 'ran')).rejects.toThrow(
      'bucket config mismatch',
    );
  });
});
