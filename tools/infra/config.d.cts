// Types of config.cjs (infra.sh's view of the environment model), for environment.spec.ts.
import type { InfraConfigFile, InfraProfile } from './environment.cjs';

/** The KEY='value' variables `node config.cjs shell <profile>` prints for infra.sh. */
export declare function shellVars(
  profile: InfraProfile,
  file?: InfraConfigFile,
  env?: NodeJS.ProcessEnv,
): Record<string, string | number>;
