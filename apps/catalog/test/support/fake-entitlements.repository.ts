import type { Page } from '@examprep/contracts';
import {
  entryDocId,
  HISTORY_ORDER,
  type LedgerEntryDocRecord,
  type LedgerEntryRecord,
  type LedgerSnapshotRecord,
  type LicenceSeatsOfLicence,
  type PendingChangeRecord,
} from '../../src/entitlements/entitlement.schema';
import type {
  EntitlementsRepository,
  StoredHoldings,
} from '../../src/entitlements/entitlements.repository';

/**
 * The repository's contract in memory: snapshots by id (an insert of a taken id fails),
 * unconditional holdings writes of the held ids, the relay's marks oldest first, the entries'
 * pages in HISTORY_ORDER (an entry stored before is kept as it was). Every call is
 * counted, to show what a change reads. Kept to the store's semantics by
 * apps/catalog/test/repositories.int-spec.ts.
 */
export class FakeEntitlementsRepository implements EntitlementsRepository {
  snapshots = new Map<string, LedgerSnapshotRecord>();
  holdings = new Map<string, StoredHoldings>();
  pending = new Map<string, PendingChangeRecord>();
  entries = new Map<string, LedgerEntryDocRecord>();
  private marks = 0;
  calls: string[] = [];
  /** Test helper: the users with a change marked in progress. */
  markedUsers(): string[] {
    return [...new Set([...this.pending.values()].map((m) => m.uid))];
  }

  /** Test helper: the user's entries in the newest snapshot (oldest first). */
  entriesOf(uid: string): LedgerEntryRecord[] {
    let newest: LedgerSnapshotRecord | undefined;
    for (const s of this.snapshots.values())
      if (s.uid === uid && (!newest || s.n > newest.n)) newest = s;
    return newest?.entries ?? [];
  }
  /** Test helper: the snapshot numbers of the user. */
  numbersOf(uid: string): number[] {
    return [...this.snapshots.values()]
      .filter((s) => s.uid === uid)
      .map((s) => s.n)
      .sort((a, b) => a - b);
  }

  async snapshotOf(uid: string, n: number): Promise<LedgerSnapshotRecord | null> {
    const s = this.snapshots.get(`${uid}#${n}`);
    this.calls.push(s ? 'snapshotOf' : 'snapshotOf missing');
    return s ? structuredClone(s) : null;
  }
  async insertSnapshot(snapshot: LedgerSnapshotRecord): Promise<boolean> {
    this.calls.push(`insertSnapshot ${snapshot.n}`);
    if (this.snapshots.has(snapshot._id)) return false;
    this.snapshots.set(snapshot._id, structuredClone(snapshot));
    return true;
  }
  private doc(uid: string): StoredHoldings {
    let d = this.holdings.get(uid);
    if (!d) {
      d = { _id: uid, purchases: {}, version: 0, snapshot: 0 };
      this.holdings.set(uid, d);
    }
    return d;
  }
  async eraseUser(uid: string): Promise<void> {
    this.calls.push('eraseUser');
    for (const [id, s] of this.snapshots) if (s.uid === uid) this.snapshots.delete(id);
    this.holdings.delete(uid);
    for (const [id, m] of this.pending) if (m.uid === uid) this.pending.delete(id);
    for (const [id, e] of this.entries) if (e.uid === uid) this.entries.delete(id);
    this.seats.delete(uid);
  }

  /** licence_seats: the user's seats by licence id. */
  seats = new Map<string, Record<string, LicenceSeatsOfLicence>>();

  async noteSeatTaken(
    uid: string,
    licenceId: string,
    seat: number,
    productIds: readonly string[],
  ): Promise<void> {
    this.calls.push('noteSeatTaken');
    const of = this.seats.get(uid) ?? {};
    const s = of[licenceId] ?? { taken: 0, released: 0 };
    of[licenceId] = {
      taken: Math.max(s.taken, seat),
      released: s.released,
      productIds: seat >= s.taken ? [...productIds] : s.productIds,
    };
    this.seats.set(uid, of);
  }

  async noteSeatReleased(uid: string, licenceId: string, seat: number): Promise<void> {
    this.calls.push('noteSeatReleased');
    const of = this.seats.get(uid) ?? {};
    const s = of[licenceId] ?? { taken: 0, released: 0 };
    of[licenceId] = { ...s, released: Math.max(s.released, seat) };
    this.seats.set(uid, of);
  }

  async seatsOf(uid: string): Promise<Record<string, LicenceSeatsOfLicence>> {
    this.calls.push('seatsOf');
    return structuredClone(this.seats.get(uid) ?? {});
  }
  private entryDocsOf(uid: string): LedgerEntryDocRecord[] {
    return [...this.entries.values()].filter((e) => e.uid === uid);
  }
  async entriesPage(
    uid: string,
    cursor: string | undefined,
    limit: number,
  ): Promise<Page<LedgerEntryDocRecord>> {
    this.calls.push('entriesPage');
    HISTORY_ORDER.after(cursor); // the store's filter: refuses a cursor as the real one does
    const page = HISTORY_ORDER.pageOf(this.entryDocsOf(uid), cursor, limit);
    return { items: page.items.map((e) => structuredClone(e)), next: page.next };
  }
  async newestEntrySeq(uid: string): Promise<number> {
    this.calls.push('newestEntrySeq');
    return Math.max(0, ...this.entryDocsOf(uid).map((e) => e.seq));
  }
  async insertEntries(uid: string, entries: readonly LedgerEntryRecord[]): Promise<void> {
    this.calls.push(`insertEntries ${entries.length}`);
    for (const e of entries) {
      const _id = entryDocId(uid, e.seq);
      if (!this.entries.has(_id))
        this.entries.set(_id, { ...structuredClone(e), orderId: e.orderId ?? null, _id, uid });
    }
  }
  async markPending(uid: string, since: Date): Promise<string> {
    this.calls.push('markPending');
    const _id = `mark${++this.marks}`;
    this.pending.set(_id, { _id, uid, since });
    return _id;
  }
  async clearMark(id: string): Promise<void> {
    this.calls.push('clearMark');
    this.pending.delete(id);
  }
  async writeHoldings(
    uid: string,
    purchases: Record<string, boolean>,
    version: number,
    snapshot: number,
  ): Promise<void> {
    this.calls.push('writeHoldings');
    // the store keeps the held ids (a list), not the caller's object
    const held = Object.fromEntries(
      Object.keys(purchases)
        .sort()
        .map((id) => [id, true]),
    );
    Object.assign(this.doc(uid), { purchases: held, version, snapshot });
  }
  /** {} for a user with no holdings, as the store answers. */
  async purchasesOf(uid: string): Promise<Record<string, boolean>> {
    return { ...(this.holdings.get(uid)?.purchases ?? {}) };
  }
  async holdingsOf(uid: string): Promise<StoredHoldings | null> {
    this.calls.push('holdingsOf');
    const d = this.holdings.get(uid);
    return d ? { ...d, purchases: { ...d.purchases } } : null;
  }
  async pendingBefore(cutoff: Date, limit: number): Promise<PendingChangeRecord[]> {
    return [...this.pending.values()]
      .filter((m) => m.since < cutoff)
      .sort((a, b) => a.since.getTime() - b.since.getTime())
      .slice(0, limit)
      .map((m) => ({ ...m }));
  }
  async clearPending(ids: readonly string[]): Promise<void> {
    for (const id of ids) this.pending.delete(id);
  }
}
