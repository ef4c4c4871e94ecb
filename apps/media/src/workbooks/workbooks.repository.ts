import type { WorkbookManifest } from '@examprep/contracts';

/**
 * The workbook manifests (collection workbooks, `_id` = product id; read only here: the seed
 * and the operator command write them). The port the services inject; MongoWorkbooksRepository
 * is the real one.
 */
export abstract class WorkbooksRepository {
  /** The manifest of the product's workbook, or null. */
  abstract byId(id: string): Promise<WorkbookManifest | null>;

  /** The manifest of the workbook whose PDF is `pdfPath` (Workbooks/{Name}.pdf), or null. */
  abstract byPdfPath(pdfPath: string): Promise<WorkbookManifest | null>;
}
