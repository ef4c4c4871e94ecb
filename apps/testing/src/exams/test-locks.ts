import { randomUUID } from 'node:crypto';
import { Inject, Injectable, Optional } from '@nestjs/common';
import { KeyedMutex, rootLogger, ServiceError } from '@examprep/nest-kit';
import { CLOSED_HOLDER, type TestLease, TestLeasesRepository } from './test-leases.repository';

/**
 * A call that waited longer than this for its test's turn (in this process and for the lease)
 * is answered 503 without running: below the gateway's RPC_TIMEOUT_MS (10 s), whose caller has
 * gone by then. Without it one stalled database write (a disk busy with Keycloak's start)
 * queued every later save of the test behind it, each done for a caller that already had its
 * 504 (fault suite, ADR 0019).
 */
export const LOCK_WAIT_MS = 7_000;
/**
 * A lease ends this long after its last write (taken, renewed, closed): a replica that died
 * holding one blocks that test's writes at most this long. It must outlast the 5 s for which a
 * replica reuses a test's document (RECENT_TEST_TTL_MS): a closed lease is what refuses writes
 * until every replica has read the test completed.
 */
export const LEASE_MS = 15_000;
/** The holder renews its lease this often while its call runs (a slow store, ADR 0019). */
export const RENEW_EVERY_MS = 5_000;
/** Waiting for a lease another replica holds: the first pause, doubled up to the last. */
export const FIRST_POLL_MS = 2;
export const MAX_POLL_MS = 25;

/** What a task run under a test's lock learns and may do. */
export interface TestLock {
  /**
   * True when the test was closed (submitted, or being graded): nothing is held and nothing may
   * be written into it. False: this call alone writes into the test now.
   */
  readonly closed: boolean;
  /**
   * Closes the test (submit, before it reads the answers to grade): no replica takes its lease
   * until it ends, LEASE_MS after the submit's call (by then every replica reads the test
   * completed from the store), so no answer is written after grading.
   */
  close(): Promise<void>;
}

/** Clocks and names of a TestLocks (specs). */
export interface TestLocksOptions {
  /** Monotonic ms clock for the wait budget (default performance.now). */
  mono?: () => number;
  /** This process's name in the leases it takes (default: random). */
  replica?: string;
}
export const TEST_LOCKS_OPTIONS = Symbol('TEST_LOCKS_OPTIONS');

interface Held {
  holder: string;
  revision: number;
  /** The renewals and the close, one after another (a renewal must never undo a close). */
  busy: Promise<void>;
  renewal?: NodeJS.Timeout;
}

const CLOSED_LOCK: TestLock = { closed: true, close: async () => undefined };

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/**
 * One test's answer writes, submit and removal run one at a time across EVERY replica (ADR
 * 0027). Two layers: calls of one process queue in a KeyedMutex (so one process asks for the
 * lease once per test at a time), and the head of that queue takes the test's lease
 * (TestLeasesRepository: a compare-and-set store shared by every replica), polling while
 * another replica holds it. The caller is answered as soon as its task is done; the lease is
 * given back right after (the process's next call for that test waits for it). A submit
 * closes the lease, so no replica writes into the test while it is graded, whatever it keeps
 * in memory.
 */
@Injectable()
export class TestLocks {
  private readonly local: KeyedMutex;
  private readonly mono: () => number;
  private readonly replica: string;
  private seq = 0;

  constructor(
    private readonly leases: TestLeasesRepository,
    @Optional() @Inject(TEST_LOCKS_OPTIONS) options: TestLocksOptions | null = null,
  ) {
    this.mono = options?.mono ?? (() => performance.now());
    this.replica = options?.replica ?? randomUUID().slice(0, 8);
    this.local = new KeyedMutex({
      maxWaitMs: LOCK_WAIT_MS,
      tooLate: (waitedMs) => tooLate(waitedMs),
      now: this.mono,
    });
  }

  /**
   * Runs `task` while this call alone may write into the test (or, when the test is closed,
   * with `lock.closed` and nothing held). Answers 503 when the turn did not come within
   * LOCK_WAIT_MS.
   */
  run<T>(testId: string, task: (lock: TestLock) => Promise<T>): Promise<T> {
    const queuedAt = this.mono();
    return new Promise<T>((resolve, reject) => {
      this.local
        .run(testId, async () => {
          const held = await this.acquire(testId, queuedAt);
          if (!held) {
            await task(CLOSED_LOCK).then(resolve, reject);
            return;
          }
          let closed = false;
          const lock: TestLock = {
            closed: false,
            close: async () => {
              await this.write(testId, held, CLOSED_HOLDER);
              closed = true;
            },
          };
          try {
            resolve(await task(lock));
          } catch (err) {
            reject(err);
          } finally {
            clearInterval(held.renewal);
            await held.busy;
            // a closed lease stays until it ends by itself
            if (!closed) await this.giveBack(testId, held);
          }
        })
        .catch(reject);
    });
  }

  /**
   * The lease for this call (null: the test is closed), waiting while another holds it. A
   * store that does not answer for a moment (a NATS node gone, its stream electing a leader:
   * "no responders", a time-out) is waited for like a held lease, within LOCK_WAIT_MS, then
   * 503; a take that may have been written before its answer was lost is recognised by its
   * holder name on the next read.
   */
  private async acquire(testId: string, queuedAt: number): Promise<Held | null> {
    let pause = FIRST_POLL_MS;
    const attempted = new Set<string>();
    for (;;) {
      const holder = `${this.replica}:${++this.seq}`;
      let current: TestLease | null;
      try {
        const revision = await this.leases.tryTake(testId, holder);
        if (revision !== null) return this.hold(testId, holder, revision);
        current = await this.leases.find(testId);
      } catch (err) {
        if (!isTransient(err)) throw err;
        attempted.add(holder);
        const waited = this.mono() - queuedAt;
        rootLogger().warn({ err, testId, waited }, 'test lease store did not answer; waiting');
        if (waited + pause > LOCK_WAIT_MS) throw tooLate(waited);
        await sleep(pause);
        pause = Math.min(pause * 2, MAX_POLL_MS);
        continue;
      }
      if (current && attempted.has(current.holder)) {
        return this.hold(testId, current.holder, current.revision);
      }
      if (current?.holder === CLOSED_HOLDER) return null;
      const waited = this.mono() - queuedAt;
      if (!current) {
        // given back (or ended) meanwhile: take it now
        if (waited > LOCK_WAIT_MS) throw tooLate(waited);
        continue;
      }
      if (waited + pause > LOCK_WAIT_MS) throw tooLate(waited);
      await sleep(pause);
      pause = Math.min(pause * 2, MAX_POLL_MS);
    }
  }

  private hold(testId: string, holder: string, revision: number): Held {
    const held: Held = { holder, revision, busy: Promise.resolve() };
    held.renewal = setInterval(() => {
      this.write(testId, held).catch((err: unknown) =>
        rootLogger().warn({ err, testId }, 'could not renew a test lease'),
      );
    }, RENEW_EVERY_MS);
    held.renewal.unref();
    return held;
  }

  /**
   * Rewrites the held lease, after any write in flight: with `holder` (the close), or as it
   * is when its turn comes (a renewal: so one queued before a close keeps it closed). A lease
   * that changed meanwhile was lost (it ended: a stall longer than LEASE_MS): an error, so a
   * submit does not grade a test it no longer holds.
   */
  private write(testId: string, held: Held, to?: string): Promise<void> {
    const next = held.busy.then(async () => {
      const holder = to ?? held.holder;
      const revision = await this.leases
        .rewrite(testId, holder, held.revision)
        .catch((err: unknown) => {
          // the store gone for a moment: the caller's answer is 503, not 500
          if (isTransient(err)) throw ServiceError.unavailable();
          throw err;
        });
      if (revision === null) {
        rootLogger().error({ testId, holder: held.holder }, 'a test lease ended while held');
        throw ServiceError.unavailable();
      }
      held.revision = revision;
      held.holder = holder;
    });
    held.busy = next.catch(() => undefined);
    return next;
  }

  /** Gives the lease back; a failure leaves it to end by itself (logged). */
  private async giveBack(testId: string, held: Held): Promise<void> {
    try {
      await this.leases.giveBack(testId, held.revision);
    } catch (err) {
      rootLogger().error({ err, testId }, 'could not give back a test lease; it ends by itself');
    }
  }
}

/**
 * An error of a lease store that may pass by itself: NATS's "no responders" (code 503: a
 * stream without a leader for a moment), a request time-out, a connection being replaced.
 */
export function isTransient(err: unknown): boolean {
  const e = err as { code?: unknown; message?: unknown } | null;
  const code = String(e?.code ?? '');
  return (
    code === '503' ||
    code === 'TIMEOUT' ||
    code === 'CONNECTION_CLOSED' ||
    code === 'CONNECTION_DRAINING' ||
    /no responders|timeout|timed out|disconnect/i.test(String(e?.message ?? ''))
  );
}

function tooLate(waitedMs: number): ServiceError {
  rootLogger().warn({ waitedMs }, 'test lock waited too long; call dropped (503)');
  return ServiceError.unavailable();
}
