import { Injectable } from '@nestjs/common';
import { InjectModel } from '@nestjs/mongoose';
import type { Announcement, Page } from '@examprep/contracts';
import { isValidObjectId, Model } from 'mongoose';
import {
  ANNOUNCEMENT_ORDER,
  AnnouncementRecord,
  LATEST_ORDER,
  toAnnouncement,
} from './announcement.schema';
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
   * `find({isVisible: true}?, after(cursor)).sort(ANNOUNCEMENT_ORDER).limit(limit + 1)`, by
   * `{isVisible, order, date, _id}` for visible ones, `{order, date, _id}` for all (ADR 0026).
   */
  async page(
    visibleOnly: boolean,
    cursor: string | undefined,
    limit: number,
  ): Promise<Page<Announcement>> {
    const filter = {
      ...(visibleOnly ? { isVisible: true } : {}),
      ...ANNOUNCEMENT_ORDER.after(cursor),
    };
    const docs = await this.announcements
      .find(filter)
      .sort(ANNOUNCEMENT_ORDER.sort())
      .limit(limit + 1)
      .lean()
      .exec();
    return ANNOUNCEMENT_ORDER.page(docs.map(toAnnouncement), limit);
  }

  /** The first of `{isVisible: true}` in LATEST_ORDER, by `{isVisible, date, order, _id}`. */
  async latestVisible(): Promise<Announcement | null> {
    const doc = await this.announcements
      .findOne({ isVisible: true })
      .sort(LATEST_ORDER.sort())
      .lean()
      .exec();
    return doc ? toAnnouncement(doc) : null;
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
