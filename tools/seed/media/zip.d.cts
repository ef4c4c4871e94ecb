// Types of zip.cjs, for its spec.
export interface ZipEntry {
  name: string;
  data: Buffer;
}
export declare function writeZip(entries: { name: string; data: Buffer | string }[]): Buffer;
export declare function readZip(buf: Buffer): ZipEntry[];
