import { randomUUID } from 'node:crypto';
import { Inject, Injectable, Optional } from '@nestjs/common';
import { KeyedMutex, rootLogger, ServiceError } from '@examprep/nest-kit';
import { CLOSED_HOLDER, type TestLeaseRecord } from './test-lease.schema';
import { TestLeasesRepository } from './test-leases.repository';

/**
 * A call that waited longer than this for its test's turn (in this process and for the lease)
 * is answered 503 without running: below the gateway's RPC_TIMEOUT_MS (10 s), whose caller has
 * gone by then. Without it one stalled database write (a disk busy with Keycloak's start)
 * queued every later save of the test behind it, each done for a caller that already had its
 * 504 (fault suite, ADR 0019).
 */
export const LOCK_WAIT_MS = 7_000;
/**
 * A lease ends this long after it was taken or renewed: a replica that died holding one
 * blocks that test's writes at most this long, then another replica takes it over.
 */
export const LEASE_MS = 15_000;
/** The holder renews its lease this often while its call runs (a slow store, ADR 0019). */
export const RENEW_EVERY_MS = 5_000;
/** Waiting for a lease another replica holds: the first pause, doubled up to the last. */
export const FIRST_POLL_MS = 4;
export const MAX_POLL_MS = 40;
/** A lease this close to its end is given back only after checking it is still ours. */
const RELEASE_MARGIN_MS = 1_000;

/** What a task run under a test's lock learns and may do. */
export interface TestLock {
  /**
   * True when the test was closed for good (submitted, or being graded): nothing is held and
   * nothing may be written into it. False: this call alone writes into the test now.
   */
  readonly closed: boolean;
  /**
   * Closes the test for good (submit, before it reads the answers to grade): no replica takes
   * its lease again, so no answer is written after grading.
   */
  close(): Promise<void>;
}

/** Clocks and names of a TestLocks (specs). */
export interface TestLocksOptions {
  /** Wall clock in ms (lease ends are compared across replicas). */
  now?: () => number;
  /** Monotonic ms clock for the wait budget (default performance.now). */
  mono?: () => number;
  /** This process's name in the leases it takes (default: random). */
  replica?: string;
}
export const TEST_LOCKS_OPTIONS = Symbol('TEST_LOCKS_OPTIONS');

interface Held {
  holder: string;
  until: number;
  closedNow: boolean;
  /** The renewals and the close, one after another (a renewal must never undo a close). */
  busy: Promise<void>;
  renewal?: NodeJS.Timeout;
}

const CLOSED_LOCK: TestLock = { closed: true, close: async () => undefined };

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/**
 * One test's answer writes, submit and removal run one at a time across EVERY replica (ADR
 * 0027). Two layers: calls of one process queue in a KeyedMutex (so one process asks the
 * store once per test at a time), and the head of that queue takes the test's lease in
 * test_leases, a document inserted against the unique `_id` index (the one atomic step
 * FerretDB 1.x and MongoDB both guarantee), polling while another replica holds it. The
 * caller is answered as soon as its task is done; the lease is given back right after (the
 * process's next call for that test waits for it). A submit closes the lease for good, so
 * every replica refuses later writes however long it kept the test in memory.
 */
@Injectable()
export class TestLocks {
  private readonly local: KeyedMutex;
  private readonly now: () => number;
  private readonly mono: () => number;
  private readonly replica: string;
  private seq = 0;

  constructor(
    private readonly leases: TestLeasesRepository,
    @Optional() @Inject(TEST_LOCKS_OPTIONS) options: TestLocksOptions | null = null,
  ) {
    this.now = options?.now ?? Date.now;
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
          const lock: TestLock = { closed: false, close: () => this.close(testId, held) };
          try {
            resolve(await task(lock));
          } catch (err) {
            reject(err);
          } finally {
            await this.release(testId, held);
          }
        })
        .catch(reject);
    });
  }

  /** Removes the test's lease or closed marker (the test itself is removed). */
  forget(testId: string): Promise<void> {
    return this.leases.remove(testId);
  }

  /** The lease for this call (null: the test is closed), waiting while another holds it. */
  private async acquire(testId: string, queuedAt: number): Promise<Held | null> {
    let pause = FIRST_POLL_MS;
    for (;;) {
      const lease: TestLeaseRecord = {
        _id: testId,
        holder: `${this.replica}:${++this.seq}`,
        until: new Date(this.now() + LEASE_MS),
      };
      if (await this.leases.tryInsert(lease)) return this.hold(testId, lease);
      const current = await this.leases.find(testId);
      if (current?.holder === CLOSED_HOLDER) return null;
      const stale = !!current?.until && new Date(current.until).getTime() <= this.now();
      // given back meanwhile, or left by a dead replica and now taken off: try again at once
      if (!current || (stale && (await this.takeOver(testId, current)))) continue;
      const waited = this.mono() - queuedAt;
      if (waited + pause > LOCK_WAIT_MS) throw tooLate(waited);
      await sleep(pause);
      pause = Math.min(pause * 2, MAX_POLL_MS);
    }
  }

  private hold(testId: string, lease: TestLeaseRecord): Held {
    const held: Held = {
      holder: lease.holder,
      until: lease.until!.getTime(),
      closedNow: false,
      busy: Promise.resolve(),
    };
    held.renewal = setInterval(() => {
      held.busy = held.busy.then(() => this.renew(testId, held));
    }, RENEW_EVERY_MS);
    held.renewal.unref();
    return held;
  }

  private async renew(testId: string, held: Held): Promise<void> {
    if (held.closedNow) return;
    const until = this.now() + LEASE_MS;
    try {
      await this.leases.extend(testId, new Date(until));
      held.until = until;
    } catch (err) {
      rootLogger().warn({ err, testId }, 'could not renew a test lease');
    }
  }

  private async close(testId: string, held: Held): Promise<void> {
    clearInterval(held.renewal);
    await held.busy;
    await this.leases.close(testId);
    held.closedNow = true;
  }

  /** Gives the lease back (a closed one stays); a failure leaves it to end at `until`. */
  private async release(testId: string, held: Held): Promise<void> {
    clearInterval(held.renewal);
    await held.busy;
    if (held.closedNow) return;
    for (let attempt = 1; ; attempt++) {
      try {
        if (this.now() < held.until - RELEASE_MARGIN_MS) await this.leases.remove(testId);
        else if ((await this.leases.find(testId))?.holder === held.holder)
          await this.leases.remove(testId);
        return;
      } catch (err) {
        if (attempt >= 2) {
          rootLogger().error(
            { err, testId, until: new Date(held.until) },
            'could not give back a test lease; it ends by itself',
          );
          return;
        }
        await sleep(50);
      }
    }
  }

  /**
   * Takes off a lease whose end passed (its replica died or stalled): of the replicas that
   * saw it, the one whose marker `{testId}~{holder}` insert wins removes it. True when done.
   */
  private async takeOver(testId: string, stale: TestLeaseRecord): Promise<boolean> {
    const marker = `${testId}~${stale.holder}`;
    const mine = await this.leases.tryInsert({
      _id: marker,
      holder: this.replica,
      until: new Date(this.now() + LEASE_MS),
    });
    if (!mine) return false;
    if ((await this.leases.find(testId))?.holder === stale.holder) await this.leases.remove(testId);
    await this.leases.remove(marker);
    rootLogger().warn(
      { testId, holder: stale.holder, until: stale.until },
      'a test lease ended without being given back (its replica stopped?); taken off',
    );
    return true;
  }
}

function tooLate(waitedMs: number): ServiceError {
  rootLogger().warn({ waitedMs }, 'test lock waited too long; call dropped (503)');
  return ServiceError.unavailable();
}
