// Types of typeset.cjs, for the spec that checks it (apps/media/src/pdf).
import type { PDFFont, PDFPage } from 'pdf-lib';

export interface Box {
  w: number;
  a: number;
  d: number;
  draw(page: PDFPage, x: number, y: number): void;
}
export interface Line extends Box {
  gapBefore?: number;
  gapAfter?: number;
}
export declare class Fonts {
  constructor(faces: { regular: PDFFont; bold: PDFFont; italic: PDFFont });
  width(face: 'regular' | 'bold' | 'italic', text: string, size: number): number;
}
export declare function formula(
  fonts: Fonts,
  src: string,
  size: number,
  display: boolean,
  maxWidth?: number,
): Box;
export declare function paragraph(
  fonts: Fonts,
  src: string,
  opts: { size: number; width: number; face?: 'regular' | 'bold' | 'italic' },
): Line[];
export declare function plainFraction(text: string): string | null;
