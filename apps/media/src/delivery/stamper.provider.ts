import { ServiceError } from '@examprep/nest-kit';
import { MEDIA_MESSAGES } from '@examprep/contracts';
import type { StampPdf } from './stamper';

/**
 * The stamping function of apps/media/src/pdf/stamp.ts (`stampPdf`). Until that module is
 * built, stamping answers 503 with the download sentence instead of stopping the service.
 */
export function pdfStamper(): StampPdf {
  try {
    // eslint-disable-next-line @typescript-eslint/no-require-imports
    const mod = require('../pdf/stamp') as { stampPdf?: StampPdf };
    if (typeof mod.stampPdf === 'function') return mod.stampPdf;
  } catch {
    // not there yet
  }
  return async () => {
    throw new ServiceError({ status: 503, code: 'SERVICE_UNAVAILABLE', message: MEDIA_MESSAGES.downloadFailed });
  };
}
