// Makes sure the test servers and the built system run (idempotent: already running parts are
// left alone). tools/test/run-all.mjs normally starts them before Playwright, with the same
// harness (tools/system/harness.cjs).
import { ensureTestSystem } from '@examprep/test-kit';

export default async function globalSetup(): Promise<void> {
  await ensureTestSystem({ timeoutMs: 120_000 });
}
