// Types of seed.cjs, for the spec of docker-compose.yml's seed service (tools/infra).

/** The databases the seed writes, each under its service's own <SERVICE>_MONGODB_URI. */
export declare const SEEDED_DATABASES: readonly string[];

/** The variables `seed.cjs --from-env` reads (without the media step's with media: false). */
export declare function fromEnvNames(options?: { media?: boolean }): string[];

/** The servers of `--from-env`, in place of a profile's infraModel; throws naming what is unset. */
export declare function fromEnv(
  env?: Record<string, string | undefined>,
  options?: { media?: boolean },
): {
  profile: null;
  mongoUrl(db: string): string | undefined;
  mediaTarget: {
    endpoint?: string;
    region?: string;
    accessKey?: string;
    secretKey?: string;
    pathStyle: boolean;
    buckets: { media?: string; workbooks?: string };
    mongoUri?: string;
  } | null;
};
