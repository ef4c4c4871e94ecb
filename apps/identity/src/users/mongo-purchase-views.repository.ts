import { Injectable } from '@nestjs/common';
import { InjectModel } from '@nestjs/mongoose';
import { Model } from 'mongoose';
import { PurchaseViewRecord } from './purchase-view.schema';
import { type PurchaseView, PurchaseViewsRepository } from './purchase-views.repository';

const DUPLICATE_KEY = 11000;

/** PurchaseViewsRepository on the `purchase_views` collection. */
@Injectable()
export class MongoPurchaseViewsRepository extends PurchaseViewsRepository {
  constructor(
    @InjectModel(PurchaseViewRecord.name) private readonly views: Model<PurchaseViewRecord>,
  ) {
    super();
  }

  /** By `_id` (the `_id` index). */
  async find(uid: string): Promise<PurchaseView | null> {
    const doc = await this.views.findById(uid).lean().exec();
    return doc ? toView(doc) : null;
  }

  /** By the `_id` index, in its order. */
  async pageById(after: string | undefined, limit: number): Promise<PurchaseView[]> {
    const docs = await this.views
      .find(after === undefined ? {} : { _id: { $gt: after } })
      .sort({ _id: 1 })
      .limit(limit)
      .lean()
      .exec();
    return docs.map(toView);
  }

  /**
   * In one conditional upsert by `_id` and version (the `_id` index on MongoDB). Facts arrive
   * redelivered and out of order: an equal or older version matches no document, so the
   * upsert's insert collides with the stored one on `_id` (E11000) and changes nothing.
   *
   * A whole replacement, not `$set: { purchases }`: FerretDB 1.24 skips a `$set` of an
   * embedded document whose values equal the stored one's in order, field names ignored
   * ({a: true} -> {b: true} stays {a: true}, modifiedCount 0), which a purchases map of
   * `true`s hits on every change of the same size.
   */
  async applyIfNewer(
    uid: string,
    view: { purchases: Record<string, boolean>; version: number; at: Date },
  ): Promise<boolean> {
    try {
      const res = await this.views
        .replaceOne(
          { _id: uid, version: { $lt: view.version } },
          { _id: uid, purchases: view.purchases, version: view.version, at: view.at },
          { upsert: true },
        )
        .exec();
      return res.modifiedCount + res.upsertedCount > 0;
    } catch (err) {
      if ((err as { code?: number }).code === DUPLICATE_KEY) return false;
      throw err;
    }
  }

  /** By `_id` (the `_id` index). */
  async remove(uid: string): Promise<boolean> {
    const res = await this.views.deleteOne({ _id: uid }).exec();
    return res.deletedCount > 0;
  }
}

function toView(doc: PurchaseViewRecord): PurchaseView {
  return { uid: doc._id, purchases: doc.purchases ?? {}, version: doc.version };
}
