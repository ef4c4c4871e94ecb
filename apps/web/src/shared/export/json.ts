import { downloadTextFile } from './download';

export const JSON_MIME_TYPE = 'application/json;charset=utf-8';

/** The text of a JSON export file: two-space indented, ending with a line break. */
export function toJsonFile(data: unknown): string {
  return `${JSON.stringify(data, null, 2)}\n`;
}

/** Downloads `data` as the JSON file `fileName` (see toJsonFile). */
export function downloadJson(fileName: string, data: unknown) {
  downloadTextFile(fileName, toJsonFile(data), JSON_MIME_TYPE);
}
