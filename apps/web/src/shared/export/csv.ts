import { downloadTextFile } from './download';

export const CSV_MIME_TYPE = 'text/csv;charset=utf-8';

/** Characters that make a spreadsheet treat a cell as a formula (OWASP CSV injection). */
const FORMULA_START = /^[=+\-@\t\r]/;

/**
 * One CSV cell: a cell starting with = + - @ (or a tab/carriage return) gets a leading ' so a
 * spreadsheet shows it as text instead of running it; cells with a comma, quote or line break
 * are quoted with inner quotes doubled (RFC 4180).
 */
export function csvCell(value: unknown): string {
  let text = value === null || value === undefined ? '' : String(value);
  if (FORMULA_START.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

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
