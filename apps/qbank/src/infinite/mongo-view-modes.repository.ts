import { Injectable } from '@nestjs/common';
import { InjectModel } from '@nestjs/mongoose';
import type { ViewMode } from '@examprep/contracts';
import type { Model } from 'mongoose';
import { ViewModeRecord } from './view-mode.schema';
import { ViewModesRepository } from './view-modes.repository';

/** The `view_modes` collection on MongoDB (FerretDB locally); its only index is the unique `_id`. */
@Injectable()
export class MongoViewModesRepository extends ViewModesRepository {
  constructor(@InjectModel(ViewModeRecord.name) private readonly viewModes: Model<ViewModeRecord>) {
    super();
  }

  /** By the `_id` index (the uid). */
  async findMode(uid: string): Promise<ViewMode | null> {
    const doc = await this.viewModes.findById(uid).lean().exec();
    return doc?.mode ?? null;
  }

  /** An upsert by the `_id` index (the uid). */
  async setMode(uid: string, mode: ViewMode): Promise<void> {
    await this.viewModes.updateOne({ _id: uid }, { $set: { mode } }, { upsert: true }).exec();
  }
}
