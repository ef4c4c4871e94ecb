import { effectivePurchases } from '../types/purchases';
import {
  DASHBOARDS,
  DEFAULT_DASHBOARD,
  type Dashboard,
  type Me,
  type Purchases,
} from '../types/identity';

/** One user's notices: `identity.userChanged.<uid>` (`Subjects.identity.userChanged(uid)`). */
export type UserChangedSubject = `identity.userChanged.${string}`;

/** The user document's part of the session state. */
export interface UserDocumentState {
  defaultDashboard: Dashboard;
  /** The document's own (legacy) purchases, held ones only. */
  purchases: Purchases;
  /**
   * The document's last write (ISO 8601; the epoch for a document never written through the
   * service): orders this part, a later one wins.
   */
  updatedAt: string;
}

/** The purchases read model's part: the catalog ledger's holdings of the user. */
export interface LedgerState {
  /** Every product the ledger names: held (true) or revoked (false, over a legacy value). */
  purchases: Purchases;
  /** The ledger's version of these holdings: orders this part, a higher one wins. */
  version: number;
}

/**
 * Core NATS notice on `identity.userChanged.<uid>` after the user's document or purchase view
 * changed: both parts as the identity service read them then, each with its own ordering key,
 * so a reader keeps the newer of each part whatever order notices arrive in (ADR 0017).
 */
export interface UserChangedNotice {
  uid: string;
  /** null: the user had no document when it was read. */
  document: UserDocumentState | null;
  /** null: the ledger had published nothing for the user (or their data was erased). */
  ledger: LedgerState | null;
}

/** The part of `Me` the user's data decides (the rest comes from the token). */
export type UserOwnedState = Pick<Me, 'defaultDashboard' | 'purchases' | 'hasDocument'>;

/**
 * The one rule from the two parts to the session state: defaults while there is no document
 * (learner spec §4), purchases by `effectivePurchases` (ADR 0018). GET /api/me and the
 * gateway's event stream both answer through it.
 */
export function userOwnedState(
  document:
    | (Pick<UserDocumentState, 'defaultDashboard'> & {
        purchases: Readonly<Record<string, unknown>> | undefined;
      })
    | null,
  ledger: { purchases: Readonly<Record<string, unknown>> } | null,
): UserOwnedState {
  return {
    defaultDashboard: document?.defaultDashboard ?? DEFAULT_DASHBOARD,
    purchases: effectivePurchases(document?.purchases, ledger?.purchases),
    hasDocument: document !== null,
  };
}

const isRecord = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);
const isPurchases = (v: unknown): v is Purchases =>
  isRecord(v) && Object.values(v).every((held) => typeof held === 'boolean');
const isDashboard = (v: unknown): v is Dashboard => DASHBOARDS.some((d) => d === v);

function readDocument(v: unknown): UserDocumentState | null | undefined {
  if (v === null) return null;
  if (!isRecord(v) || !isDashboard(v.defaultDashboard) || !isPurchases(v.purchases))
    return undefined;
  if (typeof v.updatedAt !== 'string' || Number.isNaN(Date.parse(v.updatedAt))) return undefined;
  return { defaultDashboard: v.defaultDashboard, purchases: v.purchases, updatedAt: v.updatedAt };
}

function readLedger(v: unknown): LedgerState | null | undefined {
  if (v === null) return null;
  if (!isRecord(v) || !isPurchases(v.purchases)) return undefined;
  if (typeof v.version !== 'number' || !Number.isSafeInteger(v.version)) return undefined;
  return { purchases: v.purchases, version: v.version };
}

/** A decoded notice as a `UserChangedNotice`, or null when it is not one (it is dropped). */
export function readUserChangedNotice(value: unknown): UserChangedNotice | null {
  if (!isRecord(value) || typeof value.uid !== 'string' || value.uid.length === 0) return null;
  const document = readDocument(value.document);
  const ledger = readLedger(value.ledger);
  if (document === undefined || ledger === undefined) return null;
  return { uid: value.uid, document, ledger };
}

/** The identity part of NoticeMap. */
export interface IdentityNotices {
  [subject: UserChangedSubject]: UserChangedNotice;
}
