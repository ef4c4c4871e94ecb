// Types of assets.cjs, for its spec.
export interface DownloadFile {
  path: string;
  body: Buffer;
  contentType: string;
}
export declare function buildDownloads(): Promise<DownloadFile[]>;
export declare function conversionChartPdf(): Promise<Buffer>;
export declare const CONVERSIONS: [string, string, string][];
