import { Injectable } from '@nestjs/common';
import {
  Events,
  isPurchaseHeld,
  PRODUCT_ID_PATTERN,
  type UserDeletedEvent,
  type UserPurchasesChangedEvent,
} from '@examprep/contracts';
import { JetStreamConsumer, rootLogger } from '@examprep/nest-kit';
import { PurchaseViewsRepository } from './purchase-views.repository';
import { UsersService } from './users.service';

/** A purchasesChanged fact as the read model keeps it, or null when it is not one. */
export interface PurchasesChange {
  uid: string;
  purchases: Record<string, boolean>;
  version: number;
  at: Date;
}

const MAX_UID_LENGTH = 128;
/** Names every object has: no product is called so, and none becomes a stored field name. */
const INHERITED_NAMES: ReadonlySet<string> = new Set([
  ...Object.getOwnPropertyNames(Object.prototype),
  '__proto__',
]);
const isProductKey = (id: string) => PRODUCT_ID_PATTERN.test(id) && !INHERITED_NAMES.has(id);

/**
 * Reads a `events.user.purchasesChanged` payload: a uid, a positive whole version and a map
 * whose own keys are product ids (other keys, and names of Object.prototype's members, are
 * dropped: no product is called so, and they would not be safe as stored field names); values
 * become held (true, 'true', 1) or not.
 */
export function readPurchasesChange(event: unknown): PurchasesChange | null {
  if (typeof event !== 'object' || event === null) return null;
  const e = event as Partial<Record<keyof UserPurchasesChangedEvent, unknown>>;
  if (typeof e.uid !== 'string' || e.uid.length === 0 || e.uid.length > MAX_UID_LENGTH) return null;
  if (typeof e.version !== 'number' || !Number.isSafeInteger(e.version) || e.version < 1)
    return null;
  const map = e.purchases;
  if (typeof map !== 'object' || map === null || Array.isArray(map)) return null;
  const at = typeof e.at === 'string' ? new Date(e.at) : new Date(NaN);
  const purchases = Object.fromEntries(
    Object.entries(map)
      .filter(([id]) => isProductKey(id))
      .map(([id, value]) => [id, isPurchaseHeld(value)]),
  );
  return {
    uid: e.uid,
    purchases,
    version: e.version,
    at: Number.isNaN(at.getTime()) ? new Date() : at,
  };
}

/**
 * The identity service's read model of what users own (ADR 0018): the catalog's entitlement
 * ledger publishes the whole current map with a growing version; the newest version is kept
 * in purchase_views and the user's streams are told (`identity.userChanged.<uid>`, which the
 * gateway sends as SSE on /api/me/events). A user's data deleted (`events.user.deleted`)
 * drops the view.
 */
@Injectable()
export class PurchasesChangedConsumer {
  constructor(
    private readonly views: PurchaseViewsRepository,
    private readonly usersService: UsersService,
  ) {}

  /** Idempotent and order-proof: only a higher version is stored (and then announced). */
  @JetStreamConsumer({
    durable: 'identity-purchases-changed',
    subject: Events.userPurchasesChanged,
  })
  async apply(event: UserPurchasesChangedEvent): Promise<void> {
    const change = readPurchasesChange(event);
    if (!change) {
      rootLogger().warn({ event }, 'purchasesChanged: not a purchases fact; ignored');
      return;
    }
    const { uid, ...view } = change;
    if (await this.views.applyIfNewer(uid, view)) this.usersService.notify(uid);
  }

  @JetStreamConsumer({ durable: 'identity-user-deleted', subject: Events.userDeleted })
  async forget(event: UserDeletedEvent): Promise<void> {
    if (typeof event?.uid !== 'string' || event.uid.length === 0) return;
    if (await this.views.remove(event.uid)) this.usersService.notify(event.uid);
  }
}
