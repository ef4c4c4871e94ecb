import { createHash } from 'node:crypto';
import * as fs from 'node:fs';
import * as path from 'node:path';
import lockfile from 'proper-lockfile';
import { findRepoRoot } from '@examprep/test-kit';

/**
 * Keycloak 26 refuses a sign-in of an account while another sign-in of the same account is in
 * progress (ADR 0014: the login page then says 'Too many failed attempts', a password grant
 * 'Invalid user credentials'; nothing is locked). The browser tests run in two workers, and
 * both may sign the seeded admin in at the same moment: every sign-in of a test (the login
 * page's post until the dashboard, a password grant) holds this lock of its account, shared by
 * the workers' processes through a file. A person does not sign in twice at once; the
 * refusal itself is covered by apps/identity/test/brute-force.int-spec.ts.
 */
const dir = path.join(findRepoRoot(), '.infra', 'test-results', 'account-locks');

export async function withAccountLock<T>(email: string, task: () => Promise<T>): Promise<T> {
  fs.mkdirSync(dir, { recursive: true });
  const file = path.join(dir, createHash('sha256').update(email.toLowerCase()).digest('hex'));
  const release = await lockfile.lock(file, {
    realpath: false,
    // a sign-in takes well under a second; a worker that died holding it frees it in 10 s
    stale: 10_000,
    retries: { retries: 600, factor: 1, minTimeout: 25, maxTimeout: 25 },
  });
  try {
    return await task();
  } finally {
    await release().catch(() => undefined);
  }
}
