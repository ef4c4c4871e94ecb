// The whole test system for tests that need the apps too (the browser tests' setup): the local
// servers through ensureInfra (processes, or containers with TEST_INFRA=containers), then the
// built apps through the one harness of every system (tools/system/harness.cjs). The relative
// path is the same from src/ and dist/, so the built kit loads the same module.
/* eslint-disable @nx/enforce-module-boundaries -- the harness is a plain CommonJS file of
   tools/system, in no Nx project: bash and the .mjs tools load it without a build */
import { up, type UpOptions } from '../../../tools/system/harness.cjs';
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
