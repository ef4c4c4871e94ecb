/** One user's holdings as the ledger published them. */
export interface PurchaseView {
  uid: string;
  purchases: Record<string, unknown>;
  version: number;
}

/**
 * The queries of the purchases read model (collection purchase_views, `_id` = uid). The port
 * the services inject; MongoPurchaseViewsRepository is the real one.
 */
export abstract class PurchaseViewsRepository {
  /** The user's view, or null. */
  abstract find(uid: string): Promise<PurchaseView | null>;

  /** Up to `limit` views in uid order after `after` (the user directory's rebuild). */
  abstract pageById(after: string | undefined, limit: number): Promise<PurchaseView[]>;

  /**
   * Stores the user's view when its version is higher than the stored one (or none is
   * stored); answers whether it was stored. An equal or older version changes nothing.
   */
  abstract applyIfNewer(
    uid: string,
    view: { purchases: Record<string, boolean>; version: number; at: Date },
  ): Promise<boolean>;

  /** Drops the user's view; whether there was one. */
  abstract remove(uid: string): Promise<boolean>;
}
