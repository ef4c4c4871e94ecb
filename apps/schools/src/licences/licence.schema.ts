import { Prop, Schema, SchemaFactory } from '@nestjs/mongoose';

/**
 * lti_licences/{uuid}: a school's seat licence (ADR 0040): `seats` seats of `productIds` for a
 * term, on one LMS registration. `seatsLeft` is the counter a seat is taken from (a conditional
 * decrement, so two launches never take the last seat twice).
 */
@Schema({ collection: 'lti_licences', versionKey: false })
export class LicenceRecord {
  @Prop({ type: String, required: true })
  _id!: string;

  @Prop({ type: String, required: true })
  platformId!: string;

  @Prop({ type: String, required: true })
  name!: string;

  @Prop({ type: [String], required: true })
  productIds!: string[];

  @Prop({ type: Number, required: true })
  seats!: number;

  @Prop({ type: Number, required: true })
  seatsLeft!: number;

  /** YYYY-MM-DD (UTC), first and last day of the term. */
  @Prop({ type: String, required: true })
  startsOn!: string;

  @Prop({ type: String, required: true })
  endsOn!: string;

  /** The term is over and its seats were freed (their grants revoked). */
  @Prop({ type: Boolean, default: false })
  ended!: boolean;

  @Prop({ type: Date, required: true })
  createdAt!: Date;

  @Prop({ type: Date, required: true })
  updatedAt!: Date;
}
export const LicenceSchema = SchemaFactory.createForClass(LicenceRecord);
// a platform's licences (every learner launch reads them)
LicenceSchema.index({ platformId: 1 });
// the admin's list of every licence, newest term first: read in index order up to its limit
LicenceSchema.index({ startsOn: -1, _id: 1 });
// the term-end sweep: the licences not ended yet, by last day
LicenceSchema.index({ ended: 1, endsOn: 1 });

/**
 * lti_seats/{licenceId}:{uid}: a learner's seat of a licence. `seat` counts their seats of it (a
 * seat freed and taken again is the 2nd), so each holding has its own ledger keys; `pending` is
 * the fact still to publish (recorded before it is published, DESIGN.md §3).
 */
@Schema({ collection: 'lti_seats', versionKey: false })
export class SeatRecord {
  @Prop({ type: String, required: true })
  _id!: string;

  @Prop({ type: String, required: true })
  licenceId!: string;

  @Prop({ type: String, required: true })
  uid!: string;

  @Prop({ type: Number, required: true })
  seat!: number;

  @Prop({ type: Boolean, required: true })
  active!: boolean;

  @Prop({ type: [String], required: true })
  productIds!: string[];

  @Prop({ type: Date, required: true })
  takenAt!: Date;

  @Prop({ type: Date, default: null })
  releasedAt!: Date | null;

  @Prop({ type: String, default: null })
  pending!: 'taken' | 'released' | null;
}
export const SeatSchema = SchemaFactory.createForClass(SeatRecord);
// a licence's seats (the admin's list, the term-end release)
SeatSchema.index({ licenceId: 1, active: 1 });
// the facts still to publish
SeatSchema.index({ pending: 1 });
// a learner's seats (erasure)
SeatSchema.index({ uid: 1 });
