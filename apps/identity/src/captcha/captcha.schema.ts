import { Prop, Schema, SchemaFactory } from '@nestjs/mongoose';

/**
 * captcha_challenges/{challengeId}: one contact challenge. The answer never leaves the
 * service. Expired documents are removed by a TTL index where the database has them
 * (MongoDB) and lazily by the service (FerretDB 1.x refuses TTL indexes); see
 * CaptchaService.ensureIndexes.
 */
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

  /** Set by the first verify, right or wrong: a challenge is answered once. */
  @Prop({ default: false })
  used!: boolean;

  createdAt?: Date;
}

export const CaptchaChallengeSchema = SchemaFactory.createForClass(CaptchaChallengeRecord);
