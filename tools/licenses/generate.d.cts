// Types of generate.cjs, for its spec.

export interface Lockfile {
  lockfileVersion?: number;
  packages: Record<string, LockEntry>;
}

export interface LockEntry {
  name?: string;
  version?: string;
  license?: string;
  link?: boolean;
  resolved?: string;
  dev?: boolean;
  dependencies?: Record<string, string>;
  devDependencies?: Record<string, string>;
  optionalDependencies?: Record<string, string>;
  peerDependencies?: Record<string, string>;
  peerDependenciesMeta?: Record<string, { optional?: boolean }>;
}

export interface Review {
  found: string | null;
  licence: string;
  reason: string;
}

export interface PackageRow {
  name: string;
  version: string;
  /** the licence field as the lockfile (or the installed package.json) has it */
  field: string | null;
  /** what the document records: the field, or the reviewed licence */
  licence: string | null;
  production: boolean;
  reviewed?: boolean;
}

export interface Program {
  name: string;
  version?: string;
  debian?: string;
  optional?: boolean;
  licence: string;
  source: string;
  /** the version shown: infra.config.json's, or "Debian's <package>" */
  shown: string;
}

export interface Options {
  root?: string;
  lock?: Lockfile;
  reviewed?: Record<string, Review>;
  apps?: string[];
  infraConfig?: { versions: Record<string, string> };
  servers?: { servers: Omit<Program, 'shown'>[] };
}

export type SpdxTree =
  { id: string } | { and: [SpdxTree, SpdxTree] } | { or: [SpdxTree, SpdxTree] };

export declare const ACCEPTED: ReadonlySet<string>;
export declare const ACCEPTED_FOR_PROGRAMS: ReadonlySet<string>;
export declare const OUTPUT: string;
export declare function parseExpression(text: string): SpdxTree;
export declare function verdict(
  field: string | null | undefined,
  accepted?: ReadonlySet<string>,
): 'ok' | 'refused' | 'unknown' | 'missing';
export declare function resolveFrom(
  packages: Record<string, LockEntry>,
  from: string,
  name: string,
): string | null;
export declare function imageApps(root?: string): string[];
export declare function productionPaths(lock: Lockfile, apps: string[]): Set<string>;
export declare function npmPackages(options?: Options): {
  rows: PackageRow[];
  problems: string[];
  unusedReviews: string[];
};
export declare function programs(options?: Options): { programs: Program[]; problems: string[] };
export declare function render(options?: Options): string;
