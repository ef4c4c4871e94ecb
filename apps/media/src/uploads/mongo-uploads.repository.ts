import { Injectable } from '@nestjs/common';
import { InjectModel } from '@nestjs/mongoose';
import type { Model } from 'mongoose';
import { UploadRecord } from '../records/media.schemas';
import { UploadsRepository } from './uploads.repository';

/** UploadsRepository on the `uploads` collection. */
@Injectable()
export class MongoUploadsRepository extends UploadsRepository {
  constructor(@InjectModel(UploadRecord.name) private readonly uploads: Model<UploadRecord>) {
    super();
  }

  /** An insert (the `_id` index). */
  async insert(upload: UploadRecord): Promise<void> {
    await this.uploads.create(upload);
  }

  /** By `_id` (the `_id` index). */
  findById(uploadId: string): Promise<UploadRecord | null> {
    return this.uploads.findById(uploadId).lean<UploadRecord>().exec();
  }

  /** By `_id` (the `_id` index). */
  async remove(uploadId: string): Promise<void> {
    await this.uploads.deleteOne({ _id: uploadId }).exec();
  }

  /** By createdAt (its `{createdAt}` index). */
  async removeOlderThan(cutoff: Date): Promise<void> {
    await this.uploads.deleteMany({ createdAt: { $lt: cutoff } }).exec();
  }
}
