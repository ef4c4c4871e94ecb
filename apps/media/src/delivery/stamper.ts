/** Writes the buyer's email on every page of a PDF (engineer B's apps/media/src/pdf/stamp.ts). */
export type StampPdf = (original: Uint8Array, email: string) => Promise<Uint8Array>;

/** The injection token of the stamping function (unit specs give their own). */
export const PDF_STAMPER = Symbol('PDF_STAMPER');
