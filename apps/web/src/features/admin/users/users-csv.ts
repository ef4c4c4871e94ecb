import { type AdminUserRow } from '@examprep/contracts/types';
import { toCsv } from '../../../shared/export';

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

/** The CSV text of filtered_users.csv: the spec columns, no purchases column. */
export function usersToCsv(rows: readonly AdminUserRow[]): string {
  return toCsv(USERS_CSV_COLUMNS, rows);
}
