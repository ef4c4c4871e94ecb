import { Prop, Schema, SchemaFactory } from '@nestjs/mongoose';
import { Schema as MongooseSchema } from 'mongoose';
import type { MediaContentType, MediaSlot, WorkbookChapter } from '@examprep/contracts';

/** uploads/{uploadId}: an announced upload, staged at stagingKey until committed or swept. */
@Schema({ collection: 'uploads', versionKey: false })
export class UploadRecord {
  @Prop({ type: String, required: true })
  _id!: string;

  @Prop({ type: String, required: true })
  slot!: MediaSlot;

  @Prop({ type: String, required: true })
  contentType!: MediaContentType;

  @Prop({ required: true })
  size!: number;

  @Prop({ required: true })
  fileName!: string;

  @Prop({ required: true })
  createdBy!: string;

  @Prop({ required: true, index: true })
  createdAt!: Date;

  @Prop({ required: true })
  stagingKey!: string;
}
export const UploadSchema = SchemaFactory.createForClass(UploadRecord);

/** downloads: one document per stamped-PDF request (the 10 per product per 24 h limit). */
@Schema({ collection: 'downloads', versionKey: false })
export class DownloadRecord {
  @Prop({ required: true })
  uid!: string;

  @Prop({ required: true })
  productId!: string;

  @Prop({ required: true })
  at!: Date;
}
export const DownloadSchema = SchemaFactory.createForClass(DownloadRecord);
DownloadSchema.index({ uid: 1, productId: 1, at: 1 });

/**
 * workbooks/{productId}: a workbook's manifest (WorkbookManifest fields), written by the seed and
 * the operator command; this service only reads it (MongoWorkbooksRepository normalizes it).
 */
@Schema({ collection: 'workbooks', versionKey: false, strict: false })
export class WorkbookRecord {
  @Prop({ type: String, required: true })
  _id!: string;

  @Prop({ type: String })
  productId?: string;

  @Prop({ type: String })
  title?: string;

  @Prop({ type: String, index: true })
  pdfPath?: string;

  @Prop({ type: Number })
  pageCount?: number;

  @Prop({ type: Number })
  questionCount?: number;

  @Prop({ type: MongooseSchema.Types.Mixed })
  chapters?: WorkbookChapter[];

  @Prop({ type: MongooseSchema.Types.Mixed })
  updatedAt?: string | Date;
}
export const WorkbookSchema = SchemaFactory.createForClass(WorkbookRecord);
