import { KeyedMutex } from './keyed-mutex';

const tick = () => new Promise((r) => setTimeout(r, 1));

describe('KeyedMutex', () => {
  it('runs tasks of one key one after another, in arrival order', async () => {
    const sut = new KeyedMutex();
    const log: string[] = [];
    let running = 0;
    const task = (name: string) => async () => {
      running++;
      expect(running).toBe(1);
      log.push(`${name}:start`);
      await tick();
      log.push(`${name}:end`);
      running--;
      return name;
    };
    await expect(
      Promise.all([sut.run('u', task('a')), sut.run('u', task('b')), sut.run('u', task('c'))]),
    ).resolves.toEqual(['a', 'b', 'c']);
    expect(log).toEqual(['a:start', 'a:end', 'b:start', 'b:end', 'c:start', 'c:end']);
    expect(sut.size).toBe(0);
  });

  it('runs tasks of different keys at the same time', async () => {
    const sut = new KeyedMutex();
    const log: string[] = [];
    const task = (name: string) => async () => {
      log.push(`${name}:start`);
      await tick();
      log.push(`${name}:end`);
    };
    await Promise.all([sut.run('u1', task('a')), sut.run('u2', task('b'))]);
    expect(log.slice(0, 2).sort()).toEqual(['a:start', 'b:start']);
  });

  it('goes on after a failed task and passes its error on', async () => {
    const sut = new KeyedMutex();
    const failed = sut.run('u', async () => {
      throw new Error('boom');
    });
    const next = sut.run('u', async () => 'next');
    await expect(failed).rejects.toThrow('boom');
    await expect(next).resolves.toBe('next');
    expect(sut.size).toBe(0);
  });

  describe('maxWaitMs', () => {
    it('drops a task whose turn comes too late, without running it, and goes on', async () => {
      let now = 0;
      const sut = new KeyedMutex({
        maxWaitMs: 100,
        now: () => now,
        tooLate: (waited) => new Error(`too late after ${waited}`),
      });
      let releaseStalled!: () => void;
      const stalled = sut.run(
        't',
        () => new Promise<string>((r) => (releaseStalled = () => r('slow'))),
      );
      const ran: string[] = [];
      const late = sut.run('t', async () => {
        ran.push('late');
        return 'late';
      });
      await tick();
      now = 150; // the stalled write held the lock longer than the waiter may wait
      const fresh = sut.run('t', async () => {
        ran.push('fresh');
        return 'fresh';
      });
      releaseStalled();
      await expect(stalled).resolves.toBe('slow');
      await expect(late).rejects.toThrow('too late after 150');
      await expect(fresh).resolves.toBe('fresh');
      expect(ran).toEqual(['fresh']);
      expect(sut.size).toBe(0);
    });

    it('runs a task that waited no longer than maxWaitMs', async () => {
      let now = 0;
      const sut = new KeyedMutex({ maxWaitMs: 100, now: () => now });
      const first = sut.run('t', async () => {
        now = 100;
        return 1;
      });
      const second = sut.run('t', async () => 2);
      await expect(Promise.all([first, second])).resolves.toEqual([1, 2]);
    });

    it('drops with a plain Error naming the key when no tooLate is given', async () => {
      let now = 0;
      const sut = new KeyedMutex({ maxWaitMs: 10, now: () => now });
      const first = sut.run('k1', async () => {
        now = 50;
      });
      const second = sut.run('k1', async () => 'never');
      await first;
      await expect(second).rejects.toThrow('waited 50 ms for the lock of k1');
    });

    it('never drops without maxWaitMs, however long the wait', async () => {
      let now = 0;
      const sut = new KeyedMutex({ now: () => now });
      const first = sut.run('k', async () => {
        now = 1e9;
      });
      await expect(Promise.all([first, sut.run('k', async () => 'ok')])).resolves.toEqual([
        undefined,
        'ok',
      ]);
    });
  });
});
