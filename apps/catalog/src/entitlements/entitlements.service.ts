import { Injectable } from '@nestjs/common';
import {
  type EntitlementEntry,
  Events,
  heldPurchases,
  holdsProduct,
  type Page,
  type Purchases,
  type UserPurchasesChangedEvent,
} from '@examprep/contracts';
import { JetStreamBus, KeyedMutex, rootLogger } from '@examprep/nest-kit';
import {
  type LedgerEntryRecord,
  type LedgerSnapshotRecord,
  snapshotId,
  toEntitlementEntry,
} from './entitlement.schema';
import { EntitlementsRepository, type StoredHoldings } from './entitlements.repository';
import {
  type EntitlementChange,
  type EntitlementMeta,
  entryKey,
  foldEntries,
  type HeldSeat,
  type Holdings,
  invalidChange,
  licenceBy,
  licenceGrantChanges,
  licenceKey,
  licenceRevokeChanges,
  type LicenceSeat,
  orderOutcome,
  paymentChanges,
  refundChanges,
} from './ledger';

/**
 * The changes to record: given, or decided against the user's newest entries at the moment
 * they are recorded (so the decision and the record are one claim of the next snapshot, across
 * replicas too).
 */
type Plan =
  | readonly EntitlementChange[]
  | ((entries: readonly LedgerEntryRecord[]) => readonly EntitlementChange[]);

/** What a payment did: the user's holdings after it, and how each product was decided. */
export interface PaymentOutcome {
  holdings: Holdings;
  /** Products this order granted. */
  granted: string[];
  /** Products the user held already when the payment arrived: recorded as refunds. */
  alreadyOwned: string[];
}

/** Holdings marked pending longer than this are the relay's to finish (and to unmark). */
export const PENDING_SETTLE_MS = 10_000;
/** Users per relay batch, and batches per pass (the next pass takes the rest). */
const RELAY_BATCH = 100;
const RELAY_MAX_BATCHES = 50;
/** Rounds against other replicas writing the same user at the same moment. */
const MAX_ROUNDS = 50;

/** A user's ledger state: the n-th snapshot and its entries (version = their number). */
interface Snapshot {
  n: number;
  version: number;
  entries: LedgerEntryRecord[];
}
const EMPTY: Snapshot = { n: 0, version: 0, entries: [] };
const asSnapshot = (doc: LedgerSnapshotRecord): Snapshot => ({
  n: doc.n,
  version: doc.entries.length,
  entries: doc.entries,
});

/**
 * The entitlement ledger, the one source of truth for what a user owns (ADR 0018). Payments
 * (checkout), refunds and admin edits record grants and revocations here; holdings are the
 * fold of a user's entries; each change is published as events.user.purchasesChanged with a
 * version that only grows.
 */
@Injectable()
export class EntitlementsService {
  /** One change of a user at a time in this process (other replicas: see `record`, `settled`). */
  private readonly users = new KeyedMutex();

  constructor(
    private readonly repository: EntitlementsRepository,
    private readonly bus: JetStreamBus,
  ) {}

  /**
   * Records `changes` for `uid` and answers what the user holds afterwards. With an order id
   * each entry's key is `${orderId}:${productId}:${action}` (a change may bring its own, as a
   * licence seat's do): an entry recorded before is skipped, so a redelivered payment grants
   * once. The fold is stored, then published; a crash anywhere
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
    return (await this.change(uid, changes, meta)).holdings;
  }

  /**
   * A paid order's products (issue 24): each product the user does not hold is granted; one
   * they hold already (another checkout paid for it first, or an admin gave it) is recorded as
   * a refund and not granted again. Decided and recorded in one snapshot claim, so two
   * payments racing for the same product grant it once; a repeat finds what was decided.
   */
  async applyPayment(
    uid: string,
    orderId: string,
    productIds: readonly string[],
    by: string,
  ): Promise<PaymentOutcome> {
    const { holdings, snapshot } = await this.change(
      uid,
      (entries) => paymentChanges(entries, orderId, productIds),
      { source: 'payment', by, orderId },
    );
    return { holdings, ...orderOutcome(snapshot.entries, orderId, productIds) };
  }

  /** A refunded order: revokes what that order granted, nothing else (a refunded duplicate granted nothing). */
  async revokeOrder(
    uid: string,
    orderId: string,
    productIds: readonly string[],
    by: string,
  ): Promise<Holdings> {
    const { holdings } = await this.change(
      uid,
      (entries) => refundChanges(entries, orderId, productIds),
      { source: 'refund', by, orderId },
    );
    return holdings;
  }

  /**
   * A learner took a seat of a school's licence (ADR 0040): each of its products they do not
   * hold is granted (source licence, keyed by the seat); what they hold otherwise is left
   * alone. Decided and recorded in one snapshot claim, like a payment; a redelivery records
   * nothing.
   */
  async grantSeat(seat: LicenceSeat, productIds: readonly string[]): Promise<Holdings> {
    const { holdings } = await this.change(
      seat.uid,
      (entries) => licenceGrantChanges(entries, seat, productIds),
      { source: 'licence', by: licenceBy(seat.licenceId), orderId: null },
    );
    return holdings;
  }

  /**
   * A seat was freed: what that seat granted and the learner still holds by it is revoked, or
   * handed over to one of `others` (seats the learner holds now) whose licence has it too.
   * Answers the holdings and the seats something was handed over to.
   */
  async releaseSeat(
    seat: LicenceSeat,
    others: readonly HeldSeat[] = [],
  ): Promise<{ holdings: Holdings; handedTo: LicenceSeat[] }> {
    let decided: EntitlementChange[] = [];
    const { holdings } = await this.change(
      seat.uid,
      (entries) => (decided = licenceRevokeChanges(entries, seat, others)),
      { source: 'licence', by: licenceBy(seat.licenceId), orderId: null },
    );
    const heirs = new Set(decided.filter((c) => c.action === 'grant').map((c) => c.key));
    return {
      holdings,
      handedTo: others
        .filter((o) => o.productIds.some((p) => heirs.has(licenceKey(o.seat, p, 'grant'))))
        .map((o) => o.seat),
    };
  }

  private change(
    uid: string,
    plan: Plan,
    meta: EntitlementMeta,
  ): Promise<{ holdings: Holdings; snapshot: Snapshot }> {
    const invalid = invalidChange(uid, [], meta);
    if (invalid) throw new Error(`EntitlementsService: invalid ${invalid}`);
    return this.users.run(uid, async () => {
      const at = new Date();
      const mark = await this.repository.markPending(uid, at);
      const recorded = await this.record(uid, plan, meta, at);
      const { holdings, snapshot } = await this.settled(uid, recorded);
      // the history's entries, before the change counts as done (else the mark stays)
      await this.storeEntries(uid, snapshot);
      // published: the change is done; otherwise the mark stays for the relay
      if (await this.publish(uid, holdings)) await this.repository.clearMark(mark);
      return { holdings, snapshot: recorded };
    });
  }

  /** What the user holds now (held products only, as true). */
  async purchasesOf(uid: string): Promise<Purchases> {
    return heldPurchases(await this.repository.purchasesOf(uid));
  }

  /**
   * Whether the user holds `productId` (aliases resolved; held = true, 'true' or 1): the access
   * check's one read, the holdings document by id.
   */
  async holds(uid: string, productId: string): Promise<boolean> {
    return holdsProduct(await this.repository.purchasesOf(uid), productId);
  }

  /**
   * A page of the user's grants and revocations, newest first (HISTORY_ORDER, ADR 0026), from
   * ledger_entries: at most `limit`, and the cursor of the next page. The first page is checked
   * against the holdings' version: entries missing there (a change that stopped between its
   * snapshot and its entries, a ledger recorded before ledger_entries) are written from the
   * newest snapshot first, once.
   */
  async history(
    uid: string,
    cursor: string | undefined,
    limit: number,
  ): Promise<Page<EntitlementEntry>> {
    let page = await this.repository.entriesPage(uid, cursor, limit);
    if (cursor === undefined) {
      const stored = await this.repository.holdingsOf(uid);
      if ((stored?.version ?? 0) > (page.items[0]?.seq ?? 0)) {
        await this.users.run(uid, async () => {
          const { snapshot } = await this.newest(uid);
          await this.storeEntries(uid, snapshot);
        });
        page = await this.repository.entriesPage(uid, cursor, limit);
      }
    }
    return { items: page.items.map((e) => toEntitlementEntry(uid, e)), next: page.next };
  }

  /**
   * Writes the snapshot's entries that ledger_entries lacks: those after the user's newest
   * stored one (written in order, so what is stored is every entry up to its newest one; a
   * writer that stopped part way is caught up by the next change or history read).
   */
  private async storeEntries(uid: string, snapshot: Snapshot): Promise<void> {
    const newest = await this.repository.newestEntrySeq(uid);
    const missing = snapshot.entries.filter((e) => e.seq > newest);
    await this.repository.insertEntries(uid, missing);
  }

  /**
   * Erases the user's ledger (a deleted user, ADR 0023): snapshots, holdings and marks; nothing
   * is published (the identity service forgets the user from the same fact). After this
   * process's changes of that user in flight.
   */
  async erase(uid: string): Promise<void> {
    await this.users.run(uid, () => this.repository.eraseUser(uid));
  }

  /**
   * Finishes changes left marked since before `cutoff` (a crash between recording and
   * publishing, or a failed publish): folds the user's newest snapshot again, publishes it
   * (again: JetStream drops a repeated message id, consumers an older version) and deletes the
   * marks older than `settledBefore`. Returns how many users it published.
   */
  async relayPending(cutoff: Date, settledBefore: Date): Promise<number> {
    let published = 0;
    // batch after batch while every mark of a full batch was deleted (a backlog after a storm);
    // a mark left would come back in the next batch, so stop there
    for (let round = 0; round < RELAY_MAX_BATCHES; round++) {
      const batch = await this.repository.pendingBefore(cutoff, RELAY_BATCH);
      const byUser = new Map<string, typeof batch>();
      for (const mark of batch) byUser.set(mark.uid, [...(byUser.get(mark.uid) ?? []), mark]);
      let unmarked = 0;
      for (const [uid, marks] of byUser) {
        await this.users.run(uid, async () => {
          const { holdings, snapshot } = await this.settled(uid);
          await this.storeEntries(uid, snapshot);
          if (!(await this.publish(uid, holdings))) return;
          published++;
          const settled = marks.filter((m) => m.since < settledBefore).map((m) => m._id);
          await this.repository.clearPending(settled);
          unmarked += settled.length;
        });
      }
      if (batch.length < RELAY_BATCH || unmarked < batch.length) break;
    }
    return published;
  }

  private async current(uid: string): Promise<Holdings> {
    const stored = await this.repository.holdingsOf(uid);
    return { purchases: heldPurchases(stored?.purchases), version: stored?.version ?? 0 };
  }

  /**
   * The user's newest snapshot, by id only: from the holdings' snapshot number (or `known`, when
   * the caller has seen a newer one) probe n+1, n+2, ... until one is missing. Answers the
   * holdings document read on the way too.
   */
  private async newest(
    uid: string,
    known?: Snapshot,
  ): Promise<{ stored: StoredHoldings | null; snapshot: Snapshot }> {
    const stored = await this.repository.holdingsOf(uid);
    return { stored, snapshot: await this.probe(uid, await this.start(uid, stored, known)) };
  }

  /**
   * Where reading starts: `known` when it is as new as the holdings' snapshot number, else that
   * snapshot.
   */
  private async start(uid: string, stored: StoredHoldings | null, known?: Snapshot) {
    const hint = stored?.snapshot ?? 0;
    if (known && known.n >= hint) return known;
    return hint > 0 ? this.atOrBelow(uid, hint) : EMPTY;
  }

  /**
   * Snapshots after `from`, read until one is missing. On FerretDB 1.24 a read by _id that
   * finds nothing costs a pass over the collection, so only `settled` probes, once per change.
   */
  private async probe(uid: string, from: Snapshot): Promise<Snapshot> {
    let snapshot = from;
    for (;;) {
      const next = await this.repository.snapshotOf(uid, snapshot.n + 1);
      if (!next) return snapshot;
      snapshot = asSnapshot(next);
    }
  }

  /** Snapshot n, or the newest one before it (holdings never name a missing one; defensive). */
  private async atOrBelow(uid: string, n: number): Promise<Snapshot> {
    for (let m = n; m > 0; m--) {
      const doc = await this.repository.snapshotOf(uid, m);
      if (doc) return asSnapshot(doc);
    }
    return EMPTY;
  }

  /**
   * Records the changes as the user's next snapshot: the newest one's entries plus every change
   * whose key is not among them (a payment recorded before is skipped: exactly once), claimed by
   * inserting `${uid}#${n+1}`. When another writer claimed that number first, its snapshot is
   * read and the changes are tried on top of it (a racing delivery of the same payment finds
   * its keys there). Answers the snapshot the changes are in.
   */
  private async record(
    uid: string,
    plan: Plan,
    meta: EntitlementMeta,
    at: Date,
  ): Promise<Snapshot> {
    // keys made once: a retry of an admin change is the same entry
    const keys = new Map<string, string>();
    const keyOf = (c: EntitlementChange) => {
      const id = `${c.productId}:${c.action}`;
      if (!keys.has(id)) keys.set(id, entryKey(meta.orderId, c.productId, c.action));
      return keys.get(id)!;
    };
    // no probe for newer snapshots: numbers have no gaps, so claiming n+1 succeeds only when n
    // is the newest; a failed claim reads n+1 and builds on it
    let snapshot = await this.start(uid, await this.repository.holdingsOf(uid));
    for (let round = 0; round < MAX_ROUNDS; round++) {
      const changes = typeof plan === 'function' ? plan(snapshot.entries) : plan;
      const invalid = invalidChange(uid, changes, meta);
      if (invalid) throw new Error(`EntitlementsService.record: invalid ${invalid}`);
      const keyed = changes.map((c) => ({ ...c, key: c.key ?? keyOf(c) }));
      const have = new Set(snapshot.entries.map((e) => e.key));
      const entries = [...snapshot.entries];
      for (const c of keyed) {
        if (have.has(c.key)) continue;
        have.add(c.key);
        entries.push({
          key: c.key,
          seq: entries.length + 1,
          productId: c.productId,
          action: c.action,
          // a payment's refund entries are refunds
          source: c.action === 'refund' ? 'refund' : meta.source,
          by: c.by ?? meta.by,
          at,
          orderId: meta.orderId,
        });
      }
      if (entries.length === snapshot.entries.length) return snapshot;
      const n = snapshot.n + 1;
      const doc = { _id: snapshotId(uid, n), uid, n, version: entries.length, entries, at };
      if (await this.repository.insertSnapshot(doc)) return asSnapshot(doc);
      const taken = await this.repository.snapshotOf(uid, n);
      if (taken) snapshot = asSnapshot(taken);
    }
    throw new Error(`could not record an entitlement of ${uid}: snapshot contention`);
  }

  /**
   * Stores the fold of the newest snapshot as the holdings, until the stored holdings are the
   * newest snapshot's. The write is unconditional (by id), so a slower writer may put an older
   * fold over a newer one; each round reads back and probes for newer snapshots, so whoever
   * wrote last also checks last, and a dropped write (FerretDB) is written again. Answers the
   * holdings and the snapshot they are the fold of.
   */
  private async settled(
    uid: string,
    known?: Snapshot,
  ): Promise<{ holdings: Holdings; snapshot: Snapshot }> {
    for (let round = 0; round < MAX_ROUNDS; round++) {
      const stored = await this.repository.holdingsOf(uid);
      let snapshot = await this.start(uid, stored, known);
      // holdings behind a snapshot in hand are written without looking further; holdings that
      // look current are checked against newer snapshots before they count as settled
      const behind = !stored || stored.snapshot < snapshot.n;
      if (!behind) snapshot = await this.probe(uid, snapshot);
      known = snapshot;
      const holdings = { purchases: foldEntries(snapshot.entries), version: snapshot.version };
      if (
        stored &&
        stored.snapshot === snapshot.n &&
        stored.version === snapshot.version &&
        samePurchases(stored.purchases, holdings.purchases)
      )
        return { holdings, snapshot };
      await this.repository.writeHoldings(uid, holdings.purchases, holdings.version, snapshot.n);
    }
    throw new Error(`could not store the holdings of ${uid}: write contention`);
  }

  /**
   * Publishes the holdings (message id `${uid}:${version}`: JetStream drops a repeat). A
   * failure is logged; the relay publishes it later.
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
