// Makes sure the test servers and the built system run (idempotent: already running parts are
// left alone). tools/test/run-all.mjs normally starts them before Playwright.
import { execFileSync } from 'node:child_process';
import * as path from 'node:path';
import { ensureInfra, findRepoRoot } from '@examprep/test-kit';

export default async function globalSetup(): Promise<void> {
  await ensureInfra('test');
  const root = findRepoRoot();
  execFileSync(
    process.execPath,
    [path.join(root, 'tools', 'system', 'system.cjs'), 'start', '--profile', 'test'],
    {
      cwd: root,
      stdio: 'inherit',
      timeout: 120_000,
    },
  );
}
