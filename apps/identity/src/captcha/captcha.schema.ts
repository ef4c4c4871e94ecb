import { Prop, Schema, SchemaFactory } from '@nestjs/mongoose';

/*
 * Expired documents of both collections are removed by a TTL index where the database has
 * them (MongoDB) and lazily by the service (FerretDB 1.x refuses TTL indexes); see
 * MongoCaptchaRepository.ensureIndexes.
 */

/** captcha_challenges/{challengeId}: one contact challenge. The answer never leaves the service. */
@Schema({
  collection: 'captcha_challenges',
  versionKey: false,
  timestamps: { createdAt: true, updatedAt: false },
})
export class CaptchaChallengeRecord {
  /** The challengeId (a random UUID). */
  @Prop({ type: String, required: true })
  _id!: string;

  @Prop({ required: true })
  question!: string;

  @Prop({ required: true })
  answer!: number;

  /** Replays the question (generateMathChallenge). */
  @Prop({ required: true })
  seed!: number;

  @Prop({ type: Date, required: true })
  expiresAt!: Date;

  createdAt?: Date;
}

export const CaptchaChallengeSchema = SchemaFactory.createForClass(CaptchaChallengeRecord);

/**
 * captcha_uses/{challengeId}: written by the first verify of a challenge, right or wrong. The
 * claim is the insert itself: `_id` is unique, so of simultaneous verifies exactly one inserts
 * and the others get a duplicate-key error. (A conditional findOneAndUpdate on a `used` flag
 * is not atomic on FerretDB 1.x: several simultaneous verifies all "won" in the integration
 * test.)
 */
@Schema({ collection: 'captcha_uses', versionKey: false })
export class CaptchaUseRecord {
  @Prop({ type: String, required: true })
  _id!: string;

  @Prop({ type: Date, required: true })
  usedAt!: Date;

  /** The challenge's expiry: after it the claim is no longer needed. */
  @Prop({ type: Date, required: true })
  expiresAt!: Date;
}

export const CaptchaUseSchema = SchemaFactory.createForClass(CaptchaUseRecord);
