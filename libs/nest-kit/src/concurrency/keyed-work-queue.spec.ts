import { rootLogger } from '../logging/logger';
import { KeyedWorkQueue, type KeyedWorkQueueOptions } from './keyed-work-queue';

const tick = () => new Promise((r) => setTimeout(r, 1));

type Outcome = 'done' | 'failed' | 'not taken';

/** Work that waits until the spec releases it (per key, first come first released). */
class Work {
  readonly started: { key: string; payload: string | null; earlier: number }[] = [];
  active = 0;
  maxActive = 0;
  private readonly gates = new Map<string, (() => void)[]>();
  readonly failFor = new Set<string>();

  readonly fn = async (
    key: string,
    payload: string | null,
    earlier: readonly Promise<void>[],
  ): Promise<Outcome> => {
    this.started.push({ key, payload, earlier: earlier.length });
    this.active++;
    this.maxActive = Math.max(this.maxActive, this.active);
    try {
      await new Promise<void>((r) => this.gates.set(key, [...(this.gates.get(key) ?? []), r]));
      if (this.failFor.has(key)) throw new Error(`${key} failed`);
      return 'done';
    } finally {
      this.active--;
    }
  };

  async release(key: string): Promise<void> {
    for (let i = 0; i < 200 && !this.gates.get(key)?.length; i++) await tick();
    const open = this.gates.get(key)?.shift();
    expect(open).toBeDefined();
    open!();
    await tick();
  }
}

function queueOf(
  work: Work,
  over: Partial<KeyedWorkQueueOptions<string, Outcome>> = {},
): KeyedWorkQueue<string, Outcome> {
  return new KeyedWorkQueue<string, Outcome>({
    name: 'spec queue',
    concurrency: 2,
    backlog: 100,
    whileRunning: 'again',
    work: work.fn,
    failed: 'failed',
    onError: () => undefined,
    notTaken: 'not taken',
    ...over,
  });
}

describe('KeyedWorkQueue', () => {
  it('runs at most `concurrency` keys at once, in arrival order, and answers each outcome', async () => {
    const work = new Work();
    const sut = queueOf(work, { concurrency: 3 });
    const keys = ['a', 'b', 'c', 'd', 'e'];
    const done = Promise.all(keys.map((k) => sut.enqueue(k)));
    await tick();
    expect(work.active).toBe(3);
    expect(sut.size).toBe(5);
    expect(sut.has('e')).toBe(true);
    for (const k of keys) await work.release(k);
    await expect(done).resolves.toEqual(keys.map(() => 'done'));
    expect(work.started.map((s) => s.key)).toEqual(keys);
    expect(work.maxActive).toBe(3);
    expect(sut.size).toBe(0);
    expect(sut.has('e')).toBe(false);
  });

  it('a key waiting is queued once however often it is enqueued; its first payload is kept', async () => {
    const work = new Work();
    const sut = queueOf(work, { concurrency: 1 });
    const first = sut.enqueue('busy');
    const a = sut.enqueue('k');
    const b = sut.enqueue('k', 'the event');
    const c = sut.enqueue('k', 'another');
    expect(b).toBe(a);
    expect(c).toBe(a);
    await work.release('busy');
    await work.release('k');
    await expect(Promise.all([first, a])).resolves.toEqual(['done', 'done']);
    expect(work.started).toEqual([
      { key: 'busy', payload: null, earlier: 0 },
      { key: 'k', payload: 'the event', earlier: 0 },
    ]);
  });

  it("whileRunning 'again': a key enqueued while it runs runs once more after, never twice at once, without taking a slot meanwhile", async () => {
    const work = new Work();
    const sut = queueOf(work, { concurrency: 2, whileRunning: 'again' });
    const first = sut.enqueue('k');
    await tick();
    const second = sut.enqueue('k');
    expect(sut.enqueue('k')).toBe(second);
    const other = sut.enqueue('o');
    await tick();
    expect(work.started.map((s) => s.key)).toEqual(['k', 'o']); // the second k waits
    await work.release('o');
    await expect(other).resolves.toBe('done');
    await work.release('k');
    await expect(first).resolves.toBe('done');
    await work.release('k');
    await expect(second).resolves.toBe('done');
    expect(work.started.map((s) => s.key)).toEqual(['k', 'o', 'k']);
  });

  it("whileRunning 'join': a key enqueued while it runs gets the running one's outcome", async () => {
    const work = new Work();
    const sut = queueOf(work, { whileRunning: 'join' });
    const first = sut.enqueue('k');
    await tick();
    const nudge = sut.enqueue('k');
    expect(nudge).toBe(sut.enqueue('k'));
    await work.release('k');
    await expect(Promise.all([first, nudge])).resolves.toEqual(['done', 'done']);
    expect(work.started).toHaveLength(1);
  });

  it('each started key is told what was running when it started (it arrived later)', async () => {
    const work = new Work();
    const sut = queueOf(work, { concurrency: 3 });
    void sut.enqueue('a');
    void sut.enqueue('b');
    void sut.enqueue('c');
    await tick();
    expect(work.started.map((s) => s.earlier)).toEqual([0, 1, 2]);
    for (const k of ['a', 'b', 'c']) await work.release(k);
  });

  it('a failure is reported, answered as failed, and the queue goes on; idle says it was troubled', async () => {
    const work = new Work();
    work.failFor.add('bad');
    const errors: string[] = [];
    const idle = jest.fn();
    const sut = queueOf(work, {
      onError: (err, key) => errors.push(`${key}: ${(err as Error).message}`),
      onIdle: idle,
    });
    const bad = sut.enqueue('bad');
    const ok = sut.enqueue('ok');
    await work.release('bad');
    await work.release('ok');
    await expect(Promise.all([bad, ok])).resolves.toEqual(['failed', 'done']);
    expect(errors).toEqual(['bad: bad failed']);
    expect(idle.mock.calls).toEqual([[true]]);
    // the next quiet round is not troubled
    const again = sut.enqueue('ok');
    await work.release('ok');
    await again;
    expect(idle.mock.calls).toEqual([[true], [false]]);
  });

  it('a full backlog does not take the key (answered at once, and idle is troubled)', async () => {
    const work = new Work();
    const idle = jest.fn();
    const sut = queueOf(work, { concurrency: 1, backlog: 1, onIdle: idle });
    const one = sut.enqueue('1'); // running
    await tick();
    const two = sut.enqueue('2'); // waiting: the backlog is full
    await expect(sut.enqueue('3')).resolves.toBe('not taken');
    await work.release('1');
    await work.release('2');
    await expect(Promise.all([one, two])).resolves.toEqual(['done', 'done']);
    expect(idle).toHaveBeenLastCalledWith(true);
  });

  it('a concurrency function is read before each start; pump() starts what a raised limit allows', async () => {
    const work = new Work();
    let limit = 1;
    const sut = queueOf(work, { concurrency: () => limit });
    void sut.enqueue('a');
    void sut.enqueue('b');
    void sut.enqueue('c');
    await tick();
    expect(work.active).toBe(1);
    limit = 3;
    sut.pump();
    await tick();
    expect(work.active).toBe(3);
    for (const k of ['a', 'b', 'c']) await work.release(k);
  });

  it('stop: nothing new starts, waiting keys are not taken, the running work is awaited', async () => {
    const work = new Work();
    const sut = queueOf(work, { concurrency: 1 });
    const running = sut.enqueue('1');
    const waiting = sut.enqueue('2');
    await tick();
    let stopped = false;
    const stop = sut.stop().then(() => (stopped = true));
    await expect(waiting).resolves.toBe('not taken');
    await tick();
    expect(stopped).toBe(false);
    await expect(sut.enqueue('3')).resolves.toBe('not taken');
    await work.release('1');
    await stop;
    await expect(running).resolves.toBe('done');
    expect(work.started.map((s) => s.key)).toEqual(['1']);
  });

  it('an idle listener that throws is logged, the queue goes on', async () => {
    const work = new Work();
    const error = jest.spyOn(rootLogger(), 'error').mockImplementation(() => undefined);
    const sut = queueOf(work, {
      onIdle: () => {
        throw new Error('listener broken');
      },
    });
    const one = sut.enqueue('1');
    await work.release('1');
    await expect(one).resolves.toBe('done');
    expect(error).toHaveBeenCalledWith(expect.anything(), 'spec queue idle listener failed');
    const two = sut.enqueue('2');
    await work.release('2');
    await expect(two).resolves.toBe('done');
    error.mockRestore();
  });
});
