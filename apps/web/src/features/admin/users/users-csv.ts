import { type AdminUserRow } from '@examprep/contracts/types';

/** Admin spec §2.1: the columns of filtered_users.csv, in this order. */
export const USERS_CSV_COLUMNS = [
  'uid',
  'email',
  'emailVerified',
  'inDatabase',
  'inAuth',
  'isAdmin',
  'premium',
  'qbankGenerations',
] as const satisfies readonly (keyof AdminUserRow)[];

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

/** The CSV text: a header line and one line per row, CRLF line ends (RFC 4180). */
export function usersToCsv(rows: readonly AdminUserRow[]): string {
  const lines = [
    USERS_CSV_COLUMNS.join(','),
    ...rows.map((row) => USERS_CSV_COLUMNS.map((key) => csvCell(row[key])).join(',')),
  ];
  return `${lines.join('\r\n')}\r\n`;
}

/** Makes the browser download `text` as a file named `fileName`. */
export function downloadTextFile(fileName: string, text: string, type = 'text/csv;charset=utf-8') {
  const url = URL.createObjectURL(new Blob([text], { type }));
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.rel = 'noopener';
  link.style.display = 'none';
  document.body.appendChild(link);
  try {
    link.click();
  } finally {
    link.remove();
    // Revoke after the click has been handled, or some browsers cancel the download.
    setTimeout(() => URL.revokeObjectURL(url), 0);
  }
}
