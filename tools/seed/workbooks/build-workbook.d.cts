// Types of build-workbook.cjs (the seed and the specs call it).
import type { WorkbookManifest } from '@examprep/contracts/types';

export interface WorkbookSpec {
  productId: string;
  title: string;
  subtitle: string;
  /** Course id of libs/generators: 'teas_math' | 'med_dosage'. */
  course: string;
  pdfPath: string;
  questionsPerTopic: number;
  salt: string;
}
export declare const WORKBOOKS: Record<'teas_math_workbook' | 'med_dosage_workbook', WorkbookSpec>;
/** The PDF and its manifest: WorkbookManifest without updatedAt, chapters' videos empty. */
export declare function buildWorkbook(
  spec: WorkbookSpec,
): Promise<{ pdf: Uint8Array; manifest: Omit<WorkbookManifest, 'updatedAt'> }>;
