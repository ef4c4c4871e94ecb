import { Prop, Schema, SchemaFactory } from '@nestjs/mongoose';
import type { Announcement } from '@examprep/contracts';
import { type KeyField, Keyset } from '@examprep/nest-kit';
import { type HydratedDocument, Types } from 'mongoose';

@Schema({ collection: 'announcements', timestamps: true, versionKey: false })
export class AnnouncementRecord {
  @Prop({ required: true })
  content!: string;

  @Prop({ required: true, default: true })
  isVisible!: boolean;

  @Prop({ required: true, default: 0 })
  order!: number;

  /** YYYY-MM-DD */
  @Prop({ required: true })
  date!: string;

  @Prop({ default: '' })
  linkText!: string;

  @Prop({ default: '' })
  linkUrl!: string;

  createdAt?: Date;
  updatedAt?: Date;
}

export type AnnouncementDocument = HydratedDocument<AnnouncementRecord>;
export const AnnouncementSchema = SchemaFactory.createForClass(AnnouncementRecord);
/** The `_id` key: the id's 24-hex text, stored as its ObjectId (same order: hex of the bytes). */
const ID_KEY: KeyField<Announcement> = {
  field: '_id',
  dir: -1,
  kind: 'string',
  of: (a) => a.id,
  store: (v) => {
    // mongoose would also take 12 characters as the id's bytes
    if (typeof v !== 'string' || !/^[a-f0-9]{24}$/.test(v)) throw new Error('not an ObjectId');
    return new Types.ObjectId(v);
  },
};

/**
 * The /updates list's order (learner spec §2 Updates, admin spec §2.7: order 0 = top): `order`
 * ascending, then newest date, then newest write (the ObjectId `_id`, which starts with the
 * time of the insert), the tie-breaker (ADR 0026).
 */
export const ANNOUNCEMENT_ORDER = new Keyset<Announcement>([
  { field: 'order', dir: 1, kind: 'number', of: (a) => a.order },
  { field: 'date', dir: -1, kind: 'string', of: (a) => a.date },
  ID_KEY,
]);

/**
 * The welcome modal's order (learner spec §2: the latest visible announcement, newest by
 * date): newest date, then the lower `order`, then newest write. Its first row is the one.
 */
export const LATEST_ORDER = new Keyset<Announcement>([
  { field: 'date', dir: -1, kind: 'string', of: (a) => a.date },
  { field: 'order', dir: 1, kind: 'number', of: (a) => a.order },
  ID_KEY,
]);

// The keyset orders' indexes (ADR 0026): equality filter first, then the keys.
/** The /updates list of everyone but admins: visible ones, in ANNOUNCEMENT_ORDER. */
AnnouncementSchema.index({ isVisible: 1, order: 1, date: -1, _id: -1 });
/** The admins' /updates list: every announcement, in ANNOUNCEMENT_ORDER. */
AnnouncementSchema.index({ order: 1, date: -1, _id: -1 });
/** The welcome modal's latest visible announcement, in LATEST_ORDER. */
AnnouncementSchema.index({ isVisible: 1, date: -1, order: 1, _id: -1 });

/** Stored document -> API shape; mongoose documents never leave the service (STYLE.md §6). */
export function toAnnouncement(doc: AnnouncementRecord & { _id: Types.ObjectId }): Announcement {
  return {
    id: doc._id.toHexString(),
    content: doc.content,
    isVisible: doc.isVisible,
    order: doc.order,
    date: doc.date,
    linkText: doc.linkText ?? '',
    linkUrl: doc.linkUrl ?? '',
  };
}
