import { Injectable } from '@nestjs/common';
import { InjectModel } from '@nestjs/mongoose';
import type { Model } from 'mongoose';
import { DownloadRecord } from '../records/media.schemas';
import { DownloadsRepository } from './downloads.repository';

/** DownloadsRepository on the `downloads` collection. */
@Injectable()
export class MongoDownloadsRepository extends DownloadsRepository {
  constructor(@InjectModel(DownloadRecord.name) private readonly model: Model<DownloadRecord>) {
    super();
  }

  /** By user, product and time (the `{uid, productId, at}` index). */
  countSince(uid: string, productId: string, since: Date): Promise<number> {
    return this.model.countDocuments({ uid, productId, at: { $gt: since } }).exec();
  }

  /** An insert. */
  async add(uid: string, productId: string, at: Date): Promise<string> {
    const doc = await this.model.create({ uid, productId, at });
    return String(doc._id);
  }

  /**
   * By `_id` and owner: the `_id` index on MongoDB; FerretDB 1.24 scans for a filter of more
   * than `_id`, which only a failed download pays.
   */
  async remove(uid: string, downloadId: string): Promise<void> {
    await this.model.deleteOne({ _id: downloadId, uid }).exec();
  }

  /** By user (the `{uid, productId, at}` index, by its prefix). */
  async removeUser(uid: string): Promise<number> {
    return (await this.model.deleteMany({ uid }).exec()).deletedCount ?? 0;
  }
}
