// Starts/stops the platform's own processes (built apps) on the TEST profile for integration
// tests, through the one harness of every system (tools/system/harness.cjs, via test-kit).
import { testApps } from '@examprep/test-kit';

/** Every app the gateway routes to, and the gateway: what a spec walking every route needs. */
export const ALL_APPS = [
  'identity',
  'announcements',
  'catalog',
  'qbank',
  'testing',
  'media',
  'gateway',
] as const;

/** Starts or stops built apps of the test profile (all, or `only`): test-kit's testApps. */
export function systemCtl(cmd: 'start' | 'stop', only?: readonly string[]): void {
  testApps(cmd, only, { timeoutMs: 90_000 });
}

/** One app's environment, as the runner starts it (the environment model, ADR 0024). */
export { appEnv } from '@examprep/test-kit';
