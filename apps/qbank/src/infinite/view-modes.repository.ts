import type { ViewMode } from '@examprep/contracts';

/**
 * The port of the `view_modes` collection: each admin's Infinite QBank view mode (admin spec
 * §6), one document per admin, id = the admin's uid. MongoViewModesRepository is the real one;
 * unit specs use FakeViewModesRepository.
 */
export abstract class ViewModesRepository {
  /** The admin's stored view mode, or null when they never chose one. */
  abstract findMode(uid: string): Promise<ViewMode | null>;

  /** Stores the admin's view mode (made on their first choice). */
  abstract setMode(uid: string, mode: ViewMode): Promise<void>;
}
