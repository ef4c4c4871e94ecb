import { Injectable } from '@nestjs/common';
import { InjectModel } from '@nestjs/mongoose';
import { Model } from 'mongoose';
import { SettingRecord } from './setting.schema';
import { type SettingFields, SettingsRepository } from './settings.repository';

/** SettingsRepository on the `settings` collection. */
@Injectable()
export class MongoSettingsRepository extends SettingsRepository {
  constructor(@InjectModel(SettingRecord.name) private readonly settings: Model<SettingRecord>) {
    super();
  }

  /** By `_id` (the `_id` index). */
  find(key: string): Promise<SettingRecord | null> {
    return this.settings.findById(key).lean<SettingRecord>().exec();
  }

  /** An upsert by `_id` (the `_id` index). */
  async set(key: string, fields: SettingFields): Promise<void> {
    await this.settings.updateOne({ _id: key }, { $set: fields }, { upsert: true }).exec();
  }
}
