// File exports (admin CSV/JSON, the stamped workbook PDF): one download, one CSV writer
// with the formula-injection guard, one JSON file format.
export { downloadBlob, downloadTextFile } from './download';
export { csvCell, CSV_MIME_TYPE, downloadCsv, toCsv } from './csv';
export { downloadJson, JSON_MIME_TYPE, toJsonFile } from './json';
export { type ExportProgress, fetchStreamedExport } from './streamed-export';
export { useStreamedExport } from './use-streamed-export';
export { ExportProgressStatus } from './ExportProgressStatus';
