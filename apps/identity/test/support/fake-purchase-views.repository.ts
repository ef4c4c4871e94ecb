import {
  type PurchaseView,
  PurchaseViewsRepository,
} from '../../src/users/purchase-views.repository';

/** The store's text order (UTF-8 bytes). */
const byBytes = (a: string, b: string) => Buffer.compare(Buffer.from(a), Buffer.from(b));

interface StoredView {
  purchases: Record<string, unknown>;
  version: number;
  at?: Date;
}

/** An in-memory PurchaseViewsRepository for unit specs: only a higher version is stored. */
export class FakePurchaseViewsRepository implements PurchaseViewsRepository {
  readonly views = new Map<string, StoredView>();

  constructor(views: PurchaseView[] = []) {
    for (const { uid, purchases, version } of views) this.views.set(uid, { purchases, version });
  }

  async find(uid: string): Promise<PurchaseView | null> {
    const v = this.views.get(uid);
    return v ? { uid, purchases: { ...v.purchases }, version: v.version } : null;
  }

  async pageById(after: string | undefined, limit: number): Promise<PurchaseView[]> {
    const uids = [...this.views.keys()]
      .filter((uid) => after === undefined || byBytes(uid, after) > 0)
      .sort(byBytes)
      .slice(0, limit);
    return Promise.all(uids.map(async (uid) => (await this.find(uid))!));
  }

  async applyIfNewer(
    uid: string,
    view: { purchases: Record<string, boolean>; version: number; at: Date },
  ): Promise<boolean> {
    const stored = this.views.get(uid);
    if (stored && stored.version >= view.version) return false;
    this.views.set(uid, { ...view, purchases: { ...view.purchases } });
    return true;
  }

  async remove(uid: string): Promise<boolean> {
    return this.views.delete(uid);
  }
}
