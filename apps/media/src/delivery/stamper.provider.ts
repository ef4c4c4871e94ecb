import { stampPdf } from '../pdf/stamp';
import type { StampPdf } from './stamper';

/** The stamping function of apps/media/src/pdf/stamp.ts (an incremental update, ADR 0020 §5). */
export function pdfStamper(): StampPdf {
  return stampPdf;
}
