import { Prop, Schema, SchemaFactory } from '@nestjs/mongoose';

/** Batches already counted: JetStream redelivers, and a count must not happen twice. */
@Schema({ collection: 'counted_qbank_batches', versionKey: false })
export class CountedBatchRecord {
  @Prop({ type: String, required: true })
  _id!: string;

  @Prop({ required: true })
  uid!: string;

  @Prop({ required: true })
  at!: Date;
}
export const CountedBatchSchema = SchemaFactory.createForClass(CountedBatchRecord);
