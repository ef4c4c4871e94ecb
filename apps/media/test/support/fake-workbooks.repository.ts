import type { WorkbookManifest } from '@examprep/contracts';
import { WorkbooksRepository } from '../../src/workbooks/workbooks.repository';

/** An in-memory WorkbooksRepository for unit specs: the manifests it is given. */
export class FakeWorkbooksRepository implements WorkbooksRepository {
  constructor(readonly manifests: WorkbookManifest[] = []) {}

  async byId(id: string): Promise<WorkbookManifest | null> {
    return structuredClone(this.manifests.find((m) => m.productId === id) ?? null);
  }

  async byPdfPath(pdfPath: string): Promise<WorkbookManifest | null> {
    return structuredClone(this.manifests.find((m) => m.pdfPath === pdfPath) ?? null);
  }
}
