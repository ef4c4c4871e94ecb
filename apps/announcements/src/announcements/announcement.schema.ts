import { Prop, Schema, SchemaFactory } from '@nestjs/mongoose';
import type { Announcement } from '@examprep/contracts';
import type { HydratedDocument, Types } from 'mongoose';

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
AnnouncementSchema.index({ isVisible: 1, order: 1, date: -1 });

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
