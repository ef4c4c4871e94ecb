// Starts/stops the platform's own processes (built apps) on the TEST profile for integration
// tests, through the same runner as `npm start` (tools/system/system.cjs).
import { execFileSync } from 'node:child_process';
import * as path from 'node:path';
import { findRepoRoot } from '@examprep/test-kit';

const root = findRepoRoot();
const runner = path.join(root, 'tools', 'system', 'system.cjs');

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

export function systemCtl(cmd: 'start' | 'stop', only?: readonly string[]): void {
  const args = [
    runner,
    cmd,
    '--profile',
    'test',
    '--no-web',
    ...(only ? ['--only', only.join(',')] : []),
  ];
  execFileSync(process.execPath, args, { cwd: root, stdio: 'pipe', timeout: 90_000 });
}

/** One app's environment, as the runner starts it (the environment model, ADR 0024). */
export { appEnv } from '@examprep/test-kit';
