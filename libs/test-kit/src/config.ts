// The local servers and apps of a profile, for tests: the environment model of
// tools/infra/environment.cjs (ADR 0024), the one place that turns tools/infra/infra.config.json
// into ports, URLs, paths and the apps' environments. Nothing is derived here; this file only
// names the model for test-kit. The relative path is the same from src/ and dist/, so the built
// kit loads the same module.
/* eslint-disable @nx/enforce-module-boundaries -- the model is a plain CommonJS file of
   tools/infra, in no Nx project: bash and the .mjs tools load it without a build (ADR 0024) */
import {
  infraModel,
  isProfile,
  PROFILES,
  readConfigFile,
  REPO_ROOT,
  type InfraModel,
  type InfraProfile,
  type ModelOptions,
} from '../../../tools/infra/environment.cjs';

export type {
  AppEnv,
  InfraConfigFile,
  InfraModel as InfraConfig,
  InfraPorts,
  InfraProfile,
  ModelOptions,
} from '../../../tools/infra/environment.cjs';
/**
 * appEnv: one app's environment (what tools/system starts it with); infraEnv: the servers under
 * the names the apps read (NATS_URL, <APP>_MONGODB_URI, OIDC_JWKS_URL, STRIPE_API_URL, S3_*...),
 * which the jest global setup exports for every integration test.
 */
export { appEnv, serverApps, sharedEnv as infraEnv } from '../../../tools/infra/environment.cjs';

export const INFRA_PROFILES: readonly InfraProfile[] = PROFILES;
export const isInfraProfile = isProfile;
export const readInfraConfigFile = readConfigFile;

/** The repository root (the one the model lives in). */
export function findRepoRoot(): string {
  return REPO_ROOT;
}

/** The local system of `profile` (default: test). */
export function infraConfig(profile: InfraProfile = 'test', options?: ModelOptions): InfraModel {
  return infraModel(profile, options);
}
