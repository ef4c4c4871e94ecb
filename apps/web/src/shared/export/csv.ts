import { csvCell } from '@examprep/contracts/types';
import { downloadTextFile } from './download';

export const CSV_MIME_TYPE = 'text/csv;charset=utf-8';

export { csvCell } from '@examprep/contracts/types';

/**
 * The CSV text of `rows`: a header line of the column names and one line per row with those
 * columns in that order (every cell through csvCell), CRLF line ends (RFC 4180).
 */
export function toCsv<Row, Key extends keyof Row & string>(
  columns: readonly Key[],
  rows: readonly Row[],
): string {
  const lines = [
    columns.map(csvCell).join(','),
    ...rows.map((row) => columns.map((key) => csvCell(row[key])).join(',')),
  ];
  return `${lines.join('\r\n')}\r\n`;
}

/** Downloads CSV text (see toCsv) as the file `fileName`. */
export function downloadCsv(fileName: string, csv: string) {
  downloadTextFile(fileName, csv, CSV_MIME_TYPE);
}
