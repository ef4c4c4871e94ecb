import type { SettingRecord } from '../../src/settings/setting.schema';
import { type SettingFields, SettingsRepository } from '../../src/settings/settings.repository';

/** An in-memory SettingsRepository for unit specs: one document per key, upserted. */
export class FakeSettingsRepository implements SettingsRepository {
  readonly settings = new Map<string, SettingRecord>();

  constructor(settings: SettingRecord[] = []) {
    for (const s of settings) this.settings.set(s._id, { ...s });
  }

  async find(key: string): Promise<SettingRecord | null> {
    const s = this.settings.get(key);
    return s ? { ...s } : null;
  }

  async set(key: string, fields: SettingFields): Promise<void> {
    this.settings.set(key, { ...this.settings.get(key), ...fields, _id: key });
  }
}
