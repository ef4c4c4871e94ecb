import { Prop, Schema, SchemaFactory } from '@nestjs/mongoose';
import { Schema as MongooseSchema } from 'mongoose';
import type { DirectoryEntry } from './directory-entry';

/** user_directory/{uid}: the admin user list's rows (directory-entry.ts; ADR 0030). */
@Schema({ collection: 'user_directory', versionKey: false })
export class DirectoryRecord implements DirectoryEntry {
  @Prop({ type: String, required: true }) _id!: string;
  @Prop({ type: String, default: '' }) email!: string;
  @Prop({ type: String, default: '' }) emailDomain!: string;
  @Prop({ type: Number, default: 1 }) adminRank!: 0 | 1;
  @Prop({ default: false }) isAdmin!: boolean;
  @Prop({ default: false }) emailVerified!: boolean;
  @Prop({ default: false }) inAuth!: boolean;
  @Prop({ default: false }) inDatabase!: boolean;
  @Prop({ type: String, default: null }) authEmail!: string | null;
  @Prop({ type: String, default: null }) docEmail!: string | null;
  @Prop({ type: MongooseSchema.Types.Mixed, default: {} }) purchases!: Record<string, unknown>;
  @Prop({ default: false }) premium!: boolean;
  @Prop({ default: 0 }) qbankGenerations!: number;
  @Prop({ default: false }) hasQbank!: boolean;
  @Prop({ default: 0 }) tests!: number;
  @Prop({ default: false }) hasTests!: boolean;
  @Prop({ default: 0 }) testsVersion!: number;
  @Prop({ default: false }) duplicate!: boolean;
}

export const DirectorySchema = SchemaFactory.createForClass(DirectoryRecord);
// The list's order (admins first, then by email): every page, an email prefix within a rank.
DirectorySchema.index({ adminRank: 1, email: 1, _id: 1 });
// Show Duplicates Only: the few duplicated entries, in the list's order.
DirectorySchema.index({ duplicate: 1, adminRank: 1, email: 1, _id: 1 });
// The `@domain` filter: one domain's entries, in the list's order.
DirectorySchema.index({ emailDomain: 1, adminRank: 1, email: 1, _id: 1 });
// The entries with one email (whether it is a duplicate).
DirectorySchema.index({ email: 1 });

/**
 * user_directory_counts/{facets}: how many entries have that combination of facets
 * (directory-entry.ts FACET_BITS; 256 documents at most), `$inc`remented as entries change and
 * set by every rebuild. The list's total and matching counts sum them.
 */
@Schema({ collection: 'user_directory_counts', versionKey: false })
export class DirectoryCountRecord {
  @Prop({ type: Number, required: true }) _id!: number;
  @Prop({ type: Number, default: 0 }) n!: number;
}

export const DirectoryCountSchema = SchemaFactory.createForClass(DirectoryCountRecord);
