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

/** One CSV line (CRLF-terminated, RFC 4180) of these columns of a row. */
export function csvLine<Row, Key extends keyof Row & string>(
  columns: readonly Key[],
  row: Row,
): string {
  return `${columns.map((key) => csvCell(row[key])).join(',')}\r\n`;
}

/** The header line of these columns. */
export function csvHeader(columns: readonly string[]): string {
  return `${columns.map(csvCell).join(',')}\r\n`;
}
