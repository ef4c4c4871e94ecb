import { Prop, Schema, SchemaFactory } from '@nestjs/mongoose';

/** Stored topic: the flags admins switch; hasGenerator is derived from the registry on read. */
export interface StoredTopic {
  key: string;
  name: string;
  free: boolean;
  available: boolean;
}

/** Objectives are an array in storage: codes like '1.2' cannot be document keys. */
export interface StoredObjective {
  code: string;
  name: string;
  section: string;
  topics: StoredTopic[];
}

@Schema({ collection: 'courses', timestamps: true, versionKey: false })
export class CourseRecord {
  @Prop({ type: String, required: true })
  _id!: string;

  @Prop({ required: true })
  name!: string;

  @Prop({ type: Array, default: [] })
  objectives!: StoredObjective[];

  /** Optimistic concurrency for read-modify-write of topic flags. */
  @Prop({ type: Number, default: 0 })
  revision!: number;
}

export const CourseSchema = SchemaFactory.createForClass(CourseRecord);
