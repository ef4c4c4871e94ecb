import { Prop, Schema, SchemaFactory } from '@nestjs/mongoose';
import { Schema as MongooseSchema } from 'mongoose';

/** Product settings owned by identity, one document per key (e.g. 'signup'). */
@Schema({ collection: 'settings', versionKey: false, timestamps: true })
export class SettingRecord {
  @Prop({ type: String, required: true })
  _id!: string;

  @Prop({ type: MongooseSchema.Types.Mixed })
  allowSignup?: unknown;
}

export const SettingSchema = SchemaFactory.createForClass(SettingRecord);
