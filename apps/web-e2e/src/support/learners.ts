import { expect, type Page } from '@playwright/test';
import { createRealmUser, getToken, infraConfig, type InfraProfile } from '@examprep/test-kit';

const profile: InfraProfile = process.env.EXAMPREP_E2E_PROFILE === 'dev' ? 'dev' : 'test';
const cfg = infraConfig(profile);

export interface Learner {
  uid: string;
  email: string;
  password: string;
}

/**
 * A verified learner of its own (owns nothing), with a user document, for journeys that
 * change what a user owns: `tag` names the test in the address.
 */
export async function freshLearner(tag: string): Promise<Learner> {
  const email = `e2e-${tag}-${Date.now()}-${Math.random().toString(36).slice(2, 8)}@examprep.test`;
  const password = 'fresh-learner-1';
  const uid = await createRealmUser({ email, password }, profile);
  const res = await apiAs({ email, password }, '/api/create-user', {});
  expect(res.status, `POST /api/create-user for ${email}: ${await res.text()}`).toBeLessThan(300);
  return { uid, email, password };
}

/** A call to the gateway as `user` (password grant of the test realm). */
export async function apiAs(
  user: { email: string; password: string },
  path: string,
  body?: unknown,
): Promise<Response> {
  const { access_token } = await getToken({
    username: user.email,
    password: user.password,
    profile,
  });
  return fetch(`${cfg.gatewayUrl}${path}`, {
    method: body === undefined ? 'GET' : 'POST',
    headers: {
      authorization: `Bearer ${access_token}`,
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
}

/** The welcome modal opens on the first dashboard visit after signing in. */
export async function closeWelcome(page: Page): Promise<void> {
  const dialog = page.getByRole('dialog', { name: /^Welcome to / });
  await dialog.getByRole('button', { name: 'Got it' }).click();
  await expect(dialog).toBeHidden();
}
