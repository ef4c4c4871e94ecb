import { expect, type Page } from '@playwright/test';
import { createRealmUser, getToken, infraConfig, type InfraProfile } from '@examprep/test-kit';
import { withAccountLock } from './account-lock';

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

/**
 * One access token per user while it is valid (30 s of margin): Keycloak 26's brute-force
 * protection refuses a password grant that overlaps another of the same user
 * (user_temporarily_disabled, keycloak#48272), which a journey of many API calls in a row hit
 * once in CI; one grant per user and token lifetime also spares Keycloak.
 */
const tokens = new Map<string, Promise<{ token: string; until: number }>>();

function tokenOf(user: { email: string; password: string }): Promise<string> {
  const key = `${user.email}\u0000${user.password}`;
  const cached = tokens.get(key);
  const fresh = () => {
    const p = withAccountLock(user.email, () =>
      getToken({ username: user.email, password: user.password, profile }),
    ).then((r) => ({
      token: r.access_token,
      until: Date.now() + (r.expires_in - 30) * 1000,
    }));
    tokens.set(key, p);
    p.catch(() => tokens.delete(key));
    return p;
  };
  return (cached ?? fresh()).then((c) => (c.until > Date.now() ? c : fresh())).then((c) => c.token);
}

/** A call to the gateway as `user` (password grant of the test realm, one token while valid). */
export function apiAs(
  user: { email: string; password: string },
  path: string,
  body?: unknown,
): Promise<Response> {
  return apiCall(user, body === undefined ? 'GET' : 'POST', path, body);
}

/** apiAs with any method (PUT, DELETE...). */
export async function apiCall(
  user: { email: string; password: string },
  method: string,
  path: string,
  body?: unknown,
): Promise<Response> {
  const access_token = await tokenOf(user);
  return fetch(`${cfg.gatewayUrl}${path}`, {
    method,
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
