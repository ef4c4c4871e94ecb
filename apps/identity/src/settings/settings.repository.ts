import type { SettingRecord } from './setting.schema';

/** A setting's stored fields (besides its key). */
export type SettingFields = Omit<SettingRecord, '_id'>;

/**
 * The queries of the product settings (collection settings, one document per key, e.g.
 * 'signup'). The port the services inject; MongoSettingsRepository is the real one.
 */
export abstract class SettingsRepository {
  /** The setting stored under `key` (lean), or null when it was never set. */
  abstract find(key: string): Promise<SettingRecord | null>;

  /** Sets these fields of the setting, creating it when it was never set. */
  abstract set(key: string, fields: SettingFields): Promise<void>;
}
