import type { Page, Purchases } from '@examprep/contracts';
import type {
  HoldingsRecord,
  LedgerEntryDocRecord,
  LedgerEntryRecord,
  LedgerSnapshotRecord,
  LicenceSeatsOfLicence,
  PendingChangeRecord,
} from './entitlement.schema';

/** A user's holdings as the service reads them (the held list as a purchases map). */
export type StoredHoldings = Pick<HoldingsRecord, '_id' | 'version' | 'snapshot'> & {
  purchases: Purchases;
};

/**
 * The port of the entitlement ledger's store (ADR 0018): `ledger_snapshots` (a user's n-th
 * ledger state, id `${uid}#${n}`), `holdings` (what a user holds now, id = uid),
 * `ledger_pending` (changes in flight) and `ledger_entries` (each entry on its own, id
 * `${uid}#${seq}`, for the history's pages) and `licence_seats` (the seat facts seen, id = uid).
 * MongoEntitlementsRepository is the real one; unit specs
 * use FakeEntitlementsRepository.
 *
 * Every query about a learner's data takes the uid as a required argument (a snapshot carries
 * its own). The exceptions are the service's own bookkeeping of changes in flight: clearMark
 * (by the mark's id, which markPending answered) and the relay's pendingBefore/clearPending,
 * over every user.
 */
export abstract class EntitlementsRepository {
  /** The user's n-th snapshot, or null. */
  abstract snapshotOf(uid: string, n: number): Promise<LedgerSnapshotRecord | null>;

  /**
   * Claims the user's n-th snapshot (`snapshot.uid`, `snapshot.n`): false when it exists
   * (another writer claimed that number first: read it and build on it).
   */
  abstract insertSnapshot(snapshot: LedgerSnapshotRecord): Promise<boolean>;

  /** Marks a change of the user as in progress; answers the mark's id. */
  abstract markPending(uid: string, since: Date): Promise<string>;

  /** Ends one change's mark (by the id markPending answered). */
  abstract clearMark(id: string): Promise<void>;

  /**
   * Stores the fold of snapshot `snapshot` as the user's holdings, unconditionally: a slower
   * writer may store an older fold over a newer one; EntitlementsService.settled reads back and
   * writes again until the stored holdings are the newest snapshot's.
   */
  abstract writeHoldings(
    uid: string,
    purchases: Purchases,
    version: number,
    snapshot: number,
  ): Promise<void>;

  /** What the user holds (the hot path of access checks); {} when nothing. */
  abstract purchasesOf(uid: string): Promise<Purchases>;

  /** The user's stored holdings, or null when none were ever written. */
  abstract holdingsOf(uid: string): Promise<StoredHoldings | null>;

  /**
   * A page of the user's entries in HISTORY_ORDER (newest first) after `cursor`: at most
   * `limit`, and the cursor of the next page (a cursor HISTORY_ORDER did not write is a 400
   * naming `cursor`).
   */
  abstract entriesPage(
    uid: string,
    cursor: string | undefined,
    limit: number,
  ): Promise<Page<LedgerEntryDocRecord>>;

  /** The `seq` of the user's newest stored entry; 0 when none is stored. */
  abstract newestEntrySeq(uid: string): Promise<number>;

  /**
   * Stores the user's entries (as recorded in a snapshot), each by its id `${uid}#${seq}`: one
   * stored before (another writer, a retry) stays as it was and the others are still written.
   */
  abstract insertEntries(uid: string, entries: readonly LedgerEntryRecord[]): Promise<void>;

  /**
   * Erases everything of the user's ledger: snapshots, holdings, marks, entries and seats (a
   * deleted user; ADR 0023).
   */
  abstract eraseUser(uid: string): Promise<void>;

  /**
   * Notes seat `seat` of `licenceId` taken by the user, with the licence's products (a lower
   * number than one noted before changes nothing).
   */
  abstract noteSeatTaken(
    uid: string,
    licenceId: string,
    seat: number,
    productIds: readonly string[],
  ): Promise<void>;

  /** Notes seat `seat` of `licenceId` freed (also before its take is seen). */
  abstract noteSeatReleased(uid: string, licenceId: string, seat: number): Promise<void>;

  /** The user's seats by licence id as noted ({} when none). */
  abstract seatsOf(uid: string): Promise<Record<string, LicenceSeatsOfLicence>>;

  /** Marks of changes (any user's) in progress since before `cutoff`, oldest first (relay). */
  abstract pendingBefore(cutoff: Date, limit: number): Promise<PendingChangeRecord[]>;

  /** Ends the marks (the relay's, once it has published their users). */
  abstract clearPending(ids: readonly string[]): Promise<void>;
}
