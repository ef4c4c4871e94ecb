// The whole test system for tests that need the apps too (the browser tests' setup): the local
// servers through ensureInfra (processes, or containers with TEST_INFRA=containers), then the
// built apps through the one harness of every system (tools/system/harness.cjs). The relative
// path is the same from src/ and dist/, so the built kit loads the same module.
/* eslint-disable @nx/enforce-module-boundaries -- the harness is a plain CommonJS file of
   tools/system, in no Nx project: bash and the .mjs tools load it without a build */
import { downSync, up, upSync, type UpOptions } from '../../../tools/system/harness.cjs';
import { ensureInfra } from './infra';

export { up as systemUp, down as systemDown } from '../../../tools/system/harness.cjs';
export type { DownOptions, UpOptions } from '../../../tools/system/harness.cjs';

/**
 * Makes sure the servers and the built apps of the test profile run (idempotent: what runs is
 * left alone; no seed: the test run seeded the fresh data). `options` go to the harness.
 */
export async function ensureTestSystem(
  options: Omit<UpOptions, 'profile' | 'infra' | 'seed'> = {},
): Promise<void> {
  await ensureInfra('test');
  await up({ ...options, profile: 'test', infra: false, seed: false });
}

/**
 * Starts (`start`) or stops (`stop`) built apps of the test profile for integration specs,
 * without the web app: the named ones, or all. Starting is idempotent (what runs is left alone);
 * `env` is extra environment of the started apps (e.g. a fault switch). The apps log at the
 * system's level (info), not at the spec process's. Synchronous: specs call it in their hooks.
 */
export function testApps(
  cmd: 'start' | 'stop',
  only?: readonly string[],
  options: { env?: Record<string, string>; timeoutMs?: number } = {},
): void {
  const common = {
    profile: 'test',
    quiet: true,
    timeoutMs: options.timeoutMs ?? 120_000,
    ...(only?.length ? { only: [...only] } : {}),
  };
  if (cmd === 'stop') return downSync({ ...common, infra: false });
  // LOG_LEVEL first: the spec process's own (often silent) must not reach the apps
  const env = { LOG_LEVEL: 'info', ...options.env };
  upSync({ ...common, infra: false, seed: false, web: false, env });
}

/** Runs the seed on the test profile (idempotent: upserts the catalogue, fills empty stores). */
export function seedTestData(timeoutMs = 120_000): void {
  upSync({ profile: 'test', infra: false, apps: false, quiet: true, timeoutMs });
}
