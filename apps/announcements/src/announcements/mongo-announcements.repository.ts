import { Injectable } from '@nestjs/common';
import { InjectModel } from '@nestjs/mongoose';
import type { Announcement } from '@examprep/contracts';
import { isValidObjectId, Model } from 'mongoose';
import { AnnouncementRecord, toAnnouncement } from './announcement.schema';
import {
  type AnnouncementFields,
  AnnouncementsRepository,
  type WrittenAnnouncement,
} from './announcements.repository';

/**
 * AnnouncementsRepository on the `announcements` collection. Ids are ObjectIds: an id that is
 * none names no announcement (and never reaches the database).
 */
@Injectable()
export class MongoAnnouncementsRepository extends AnnouncementsRepository {
  constructor(
    @InjectModel(AnnouncementRecord.name) private readonly announcements: Model<AnnouncementRecord>,
  ) {
    super();
  }

  /**
   * The whole collection, sorted by the database (a few dozen documents written a few times a
   * month, cached by the service): no index serves it, `{isVisible, order, date}` starts with
   * isVisible, which this read does not filter on.
   */
  async list(): Promise<Announcement[]> {
    const docs = await this.announcements
      .find()
      .sort({ order: 1, date: -1, createdAt: -1 })
      .lean()
      .exec();
    return docs.map(toAnnouncement);
  }

  /** An insert (the `_id` index). */
  async insert(fields: AnnouncementFields): Promise<WrittenAnnouncement> {
    const created = await this.announcements.create(fields);
    return { announcement: toAnnouncement(created.toObject()), updatedAt: created.updatedAt };
  }

  /** By `_id` (the `_id` index), with the schema's validators. */
  async update(id: string, fields: AnnouncementFields): Promise<WrittenAnnouncement | null> {
    if (!isValidObjectId(id)) return null;
    const updated = await this.announcements
      .findByIdAndUpdate(id, { $set: fields }, { new: true, runValidators: true })
      .lean()
      .exec();
    return updated && { announcement: toAnnouncement(updated), updatedAt: updated.updatedAt };
  }

  /** By `_id` (the `_id` index). */
  async remove(id: string): Promise<boolean> {
    if (!isValidObjectId(id)) return false;
    const deleted = await this.announcements.findByIdAndDelete(id).lean().exec();
    return deleted !== null;
  }
}
