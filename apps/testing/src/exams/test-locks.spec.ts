import { FakeTestLeasesRepository } from '../../test/support/fake-test-leases.repository';
import { CLOSED_HOLDER } from './test-lease.schema';
import { LEASE_MS, LOCK_WAIT_MS, RENEW_EVERY_MS, TestLocks } from './test-locks';

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
    expect(leases.calls).toEqual(['tryInsert', 'remove']);
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

  it('close: the lease stays as the closed marker; every later call, on any replica, runs with closed and holds nothing; forget removes it', async () => {
    const leases = new FakeTestLeasesRepository();
    const [a, b] = [new TestLocks(leases), new TestLocks(leases)];
    await a.run('t1', (lock) => lock.close());
    await settle();
    expect(leases.leases.get('t1')).toEqual({ _id: 't1', holder: CLOSED_HOLDER, until: null });
    await expect(b.run('t1', async (lock) => lock.closed)).resolves.toBe(true);
    await expect(a.run('t1', async (lock) => lock.closed)).resolves.toBe(true);
    await settle();
    expect(leases.leases.get('t1')?.holder).toBe(CLOSED_HOLDER);
    await b.forget('t1');
    await expect(a.run('t1', async (lock) => lock.closed)).resolves.toBe(false);
  });

  it('a lease whose end passed (its replica died) is taken off by one replica, then taken', async () => {
    const leases = new FakeTestLeasesRepository();
    const now = 1_000_000;
    const dead = { _id: 't1', holder: 'dead:1', until: new Date(now - 1) };
    leases.leases.set('t1', dead);
    const replicas = [
      new TestLocks(leases, { now: () => now }),
      new TestLocks(leases, { now: () => now }),
    ];
    let runs = 0;
    await Promise.all(replicas.map((r) => r.run('t1', async () => void runs++)));
    expect(runs).toBe(2);
    await settle();
    expect(leases.leases.size).toBe(0); // the lease and the take-over markers are gone
  });

  it('a lease another replica holds past LOCK_WAIT_MS: 503 without running', async () => {
    const leases = new FakeTestLeasesRepository();
    leases.leases.set('t1', {
      _id: 't1',
      holder: 'other:1',
      until: new Date(Date.now() + LEASE_MS),
    });
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

  it('a call longer than RENEW_EVERY_MS renews its lease (a slow store does not let another replica take it off)', async () => {
    jest.useFakeTimers({
      doNotFake: ['setImmediate', 'nextTick', 'queueMicrotask', 'performance'],
    });
    try {
      const leases = new FakeTestLeasesRepository();
      let now = 1_000_000;
      const sut = new TestLocks(leases, { now: () => now });
      let finish!: () => void;
      const running = sut.run('t1', () => new Promise<void>((r) => (finish = r)));
      await jest.advanceTimersByTimeAsync(0);
      await new Promise((r) => setImmediate(r));
      expect(leases.leases.get('t1')?.until).toEqual(new Date(now + LEASE_MS));
      now += RENEW_EVERY_MS;
      await jest.advanceTimersByTimeAsync(RENEW_EVERY_MS);
      for (let i = 0; i < 3; i++) await new Promise((r) => setImmediate(r));
      expect(leases.leases.get('t1')?.until).toEqual(new Date(now + LEASE_MS));
      finish();
      await running;
    } finally {
      jest.useRealTimers();
    }
  });
});
