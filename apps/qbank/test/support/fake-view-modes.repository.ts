import type { ViewMode } from '@examprep/contracts';
import type { ViewModesRepository } from '../../src/infinite/view-modes.repository';

/** An in-memory ViewModesRepository for the services' unit specs: the modes by uid. */
export class FakeViewModesRepository implements ViewModesRepository {
  readonly modes = new Map<string, ViewMode>();
  readonly calls: string[] = [];

  async findMode(uid: string): Promise<ViewMode | null> {
    this.calls.push('findMode');
    return this.modes.get(uid) ?? null;
  }

  async setMode(uid: string, mode: ViewMode): Promise<void> {
    this.calls.push('setMode');
    this.modes.set(uid, mode);
  }
}
