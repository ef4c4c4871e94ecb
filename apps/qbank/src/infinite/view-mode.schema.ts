import { Prop, Schema, SchemaFactory } from '@nestjs/mongoose';
import type { ViewMode } from '@examprep/contracts';

/** An admin's Infinite QBank view mode (admin spec §6): 'learner' shows what learners see. */
@Schema({ collection: 'view_modes', timestamps: true, versionKey: false })
export class ViewModeRecord {
  @Prop({ type: String, required: true })
  _id!: string;

  @Prop({ type: String, required: true })
  mode!: ViewMode;
}

export const ViewModeSchema = SchemaFactory.createForClass(ViewModeRecord);
