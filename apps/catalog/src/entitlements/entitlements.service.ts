import { Injectable } from '@nestjs/common';
import {
  type EntitlementEntry,
  Events,
  holdsProduct,
  type Purchases,
  type UserPurchasesChangedEvent,
} from '@examprep/contracts';
import { JetStreamBus, rootLogger } from '@examprep/nest-kit';
import { toEntitlementEntry } from './entitlement.schema';
import { EntitlementsRepository } from './entitlements.repository';
import { KeyedMutex } from './keyed-mutex';
import {
  type EntitlementChange,
  type EntitlementMeta,
  entryKey,
  foldEntries,
  heldOnly,
  type Holdings,
  invalidChange,
} from './ledger';

/** Holdings marked pending longer than this are the relay's to finish (and to unmark). */
export const PENDING_SETTLE_MS = 10_000;
/** Users per relay batch, and batches per pass (the next pass takes the rest). */
const RELAY_BATCH = 100;
const RELAY_MAX_BATCHES = 50;
/** Rounds against other replicas writing the same user at the same moment. */
const MAX_ROUNDS = 50;

/**
 * The entitlement ledger, the one source of truth for what a user owns (ADR 0018). Payments
 * (checkout), refunds and admin edits record grants and revocations here; holdings are the
 * fold of a user's entries; each change is published as events.user.purchasesChanged with a
 * version that only grows.
 */
@Injectable()
export class EntitlementsService {
  /** One change of a user at a time in this process (other replicas: see `record`, `settle`). */
  private readonly users = new KeyedMutex();

  constructor(
    private readonly repository: EntitlementsRepository,
    private readonly bus: JetStreamBus,
  ) {}

  /**
   * Records `changes` for `uid` and answers what the user holds afterwards. With an order id
   * each entry's key is `${orderId}:${productId}:${action}`: an entry recorded before is skipped,
   * so a redelivered payment grants once. The fold is stored, then published; a crash anywhere
   * in between is finished by the relay (`relayPending`).
   */
  async apply(
    uid: string,
    changes: readonly EntitlementChange[],
    meta: EntitlementMeta,
  ): Promise<Holdings> {
    const invalid = invalidChange(uid, changes, meta);
    if (invalid) throw new Error(`EntitlementsService.apply: invalid ${invalid}`);
    if (changes.length === 0) return this.current(uid);
    return this.users.run(uid, async () => {
      const at = new Date();
      await this.repository.markPending(uid, at);
      for (const change of changes) await this.record(uid, change, meta, at);
      const holdings = await this.settle(uid);
      await this.publish(uid, holdings);
      return holdings;
    });
  }

  /** What the user holds now (held products only, as true). */
  async purchasesOf(uid: string): Promise<Purchases> {
    return heldOnly(await this.repository.purchasesOf(uid));
  }

  /**
   * Whether the user holds `productId` (aliases resolved; held = true, 'true' or 1): the access
   * check's one read, the holdings document by id.
   */
  async holds(uid: string, productId: string): Promise<boolean> {
    return holdsProduct(await this.repository.purchasesOf(uid), productId);
  }

  /** Every grant and revocation of the user, newest first. */
  async history(uid: string): Promise<EntitlementEntry[]> {
    return (await this.repository.entriesOf(uid)).map(toEntitlementEntry).reverse();
  }

  /** Revokes everything the user holds (the entries stay: they are the financial trace). */
  async revokeAll(uid: string, by: string): Promise<Holdings> {
    const held = Object.keys(await this.purchasesOf(uid));
    return this.apply(
      uid,
      held.map((productId) => ({ productId, action: 'revoke' as const })),
      { source: 'admin', by, orderId: null },
    );
  }

  /**
   * Finishes changes left pending since before `cutoff` (a crash between recording and
   * publishing, or a failed publish): folds the entries again, publishes the stored holdings if
   * their version was not published, and unmarks the ones pending since before `settledBefore`.
   * Returns how many users it published.
   */
  async relayPending(cutoff: Date, settledBefore: Date): Promise<number> {
    let published = 0;
    // batch after batch while every user of a full batch was finished and unmarked (a backlog
    // after a storm); a user left marked would come back in the next batch, so stop there
    for (let round = 0; round < RELAY_MAX_BATCHES; round++) {
      const batch = await this.repository.pendingBefore(cutoff, RELAY_BATCH);
      let unmarked = 0;
      for (const pending of batch) {
        const uid = pending._id;
        await this.users.run(uid, async () => {
          await this.settle(uid);
          const stored = await this.repository.holdingsOf(uid);
          if (!stored) return;
          let done = stored.publishedVersion >= stored.version;
          if (!done) {
            done = await this.publish(uid, {
              purchases: heldOnly(stored.purchases),
              version: stored.version,
            });
            if (done) published++;
          }
          if (done && pending.pendingSince && pending.pendingSince < settledBefore) {
            await this.repository.clearPending(uid, pending.pendingSince);
            unmarked++;
          }
        });
      }
      if (batch.length < RELAY_BATCH || unmarked < batch.length) break;
    }
    return published;
  }

  private async current(uid: string): Promise<Holdings> {
    const stored = await this.repository.holdingsOf(uid);
    return { purchases: heldOnly(stored?.purchases), version: stored?.version ?? 0 };
  }

  /**
   * Inserts one entry as the user's next (seq = last + 1). The insert fails when the key exists
   * (recorded before: skipped, false) or when another replica took that seq at the same moment
   * (then it tries the next one).
   */
  private async record(
    uid: string,
    change: EntitlementChange,
    meta: EntitlementMeta,
    at: Date,
  ): Promise<boolean> {
    const id = entryKey(meta.orderId, change.productId, change.action);
    for (let round = 0; round < MAX_ROUNDS; round++) {
      const seq = (await this.repository.lastSeq(uid)) + 1;
      const inserted = await this.repository.insertEntry({
        _id: id,
        uid,
        seq,
        productId: change.productId,
        action: change.action,
        source: meta.source,
        by: meta.by,
        at,
        orderId: meta.orderId,
      });
      if (inserted) return true;
      if (await this.repository.entryExists(id)) return false;
    }
    throw new Error(`could not record an entitlement of ${uid}: seq contention`);
  }

  /**
   * Folds every entry of the user and stores the fold, until the stored holdings are the fold
   * of all entries read. Entries only grow, so the fold of more entries is the newer one; the
   * read-back is what makes this hold even where another replica's write landed in between
   * (FerretDB's conditional updates are not atomic under concurrency) or a write was lost.
   */
  private async settle(uid: string): Promise<Holdings> {
    for (let round = 0; round < MAX_ROUNDS; round++) {
      const entries = await this.repository.entriesOf(uid);
      const holdings = { purchases: foldEntries(entries), version: entries.length };
      const stored = await this.repository.holdingsOf(uid);
      const same = stored?.version === holdings.version;
      if (same && samePurchases(stored.purchases, holdings.purchases)) return holdings;
      if (!stored || stored.version <= holdings.version)
        await this.repository.writeHoldings(uid, holdings.purchases, holdings.version, same);
    }
    throw new Error(`could not store the holdings of ${uid}: write contention`);
  }

  /**
   * Publishes the holdings (message id `${uid}:${version}`: JetStream drops a repeat) and
   * raises publishedVersion. A failure is logged; the relay publishes it later.
   */
  private async publish(uid: string, holdings: Holdings): Promise<boolean> {
    if (holdings.version === 0) return true;
    const event: UserPurchasesChangedEvent = {
      uid,
      purchases: holdings.purchases,
      version: holdings.version,
      at: new Date().toISOString(),
    };
    try {
      await this.bus.publish(Events.userPurchasesChanged, event, `${uid}:${holdings.version}`);
      await this.repository.markPublished(uid, holdings.version);
      return true;
    } catch (err) {
      rootLogger().error(
        { err, uid, version: holdings.version },
        'could not publish purchases change; the relay will',
      );
      return false;
    }
  }
}

function samePurchases(a: Purchases, b: Purchases): boolean {
  const keys = Object.keys(a);
  return keys.length === Object.keys(b).length && keys.every((k) => Object.hasOwn(b, k));
}
