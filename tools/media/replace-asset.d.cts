// Types of replace-asset.cjs, for its spec.
export interface ReplaceOptions {
  objectPath: string;
  file: string;
  profile?: 'dev' | 'test';
  endpoint?: string;
  bucket?: string;
  region?: string;
  accessKey?: string;
  secretKey?: string;
  pathStyle: boolean;
  allowNew: boolean;
  dryRun: boolean;
}
export declare function parseArgs(
  argv: string[],
  env?: Record<string, string | undefined>,
): { options?: ReplaceOptions; error?: string; help?: boolean };
export declare function assetPathProblem(objectPath: string): string | null;
export declare function sniffType(head: Uint8Array): string | null;
export declare function checkFile(
  objectPath: string,
  size: number,
  head: Uint8Array,
): { problem?: string; contentType?: string };
export declare function manifestUpdate(
  objectPath: string,
  bytes: Uint8Array,
  now?: Date,
): Promise<{
  filter: Record<string, string>;
  set: Record<string, unknown>;
  video?: { path: string; seconds: number };
} | null>;
export declare function run(
  argv: string[],
  env?: Record<string, string | undefined>,
  out?: { log(line: string): void; error(line: string): void },
): Promise<number>;
export declare const USAGE: string;
