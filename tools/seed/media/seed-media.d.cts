// Types of seed-media.cjs, for its spec.
export declare function contentKey(): string;
export declare function seedMedia(u: unknown, log?: (line: string) => void): Promise<string>;
