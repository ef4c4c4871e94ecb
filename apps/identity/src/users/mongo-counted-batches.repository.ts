import { Injectable } from '@nestjs/common';
import { InjectModel } from '@nestjs/mongoose';
import { Model } from 'mongoose';
import { CountedBatchRecord } from './counted-batch.schema';
import { CountedBatchesRepository } from './counted-batches.repository';

const DUPLICATE_KEY = 11000;

/** CountedBatchesRepository on the `counted_qbank_batches` collection. */
@Injectable()
export class MongoCountedBatchesRepository extends CountedBatchesRepository {
  constructor(
    @InjectModel(CountedBatchRecord.name) private readonly batches: Model<CountedBatchRecord>,
  ) {
    super();
  }

  /** An insert: the unique `_id` index decides (a redelivered batch collides, E11000). */
  async mark(uid: string, batchId: string, at: Date): Promise<boolean> {
    try {
      await this.batches.create({ _id: batchId, uid, at });
      return true;
    } catch (err) {
      if ((err as { code?: number }).code === DUPLICATE_KEY) return false;
      throw err;
    }
  }

  /**
   * By `_id` and owner: the `_id` index on MongoDB; FerretDB 1.24 scans for a filter of more
   * than `_id`, which only this failure path pays.
   */
  async unmark(uid: string, batchId: string): Promise<void> {
    await this.batches.deleteOne({ _id: batchId, uid }).exec();
  }
}
