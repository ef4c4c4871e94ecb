import { expect, test, type Page } from '@playwright/test';
import {
  createRealmUser,
  getClientToken,
  getToken,
  identityServiceClient,
  infraConfig,
  type InfraProfile,
} from '@examprep/test-kit';
import { shot } from './support/auth';

// Issue 8 item 4: a double submit or a quick retry on the themed login page never locks the
// account ('Too many failed attempts. Please try again later.'). The theme posts a form once;
// the realm does not pause an account for failures in quick succession (ADR 0014).
const profile: InfraProfile = process.env.EXAMPREP_E2E_PROFILE === 'dev' ? 'dev' : 'test';
const cfg = infraConfig(profile);
const kcAdmin = `${cfg.keycloakUrl}/admin/realms/${cfg.realm}`;

const INVALID = 'Invalid email or password. Please check your credentials.';
const LOCKED = 'Too many failed attempts. Please try again later.';
const PASSWORD = 'attempts-pass-1';

interface Account {
  id: string;
  email: string;
}

async function adminFetch(path: string, init: RequestInit = {}): Promise<Response> {
  const { access_token } = await getClientToken(identityServiceClient(), profile);
  return fetch(`${kcAdmin}${path}`, {
    ...init,
    headers: { authorization: `Bearer ${access_token}`, 'content-type': 'application/json' },
  });
}

/** A verified learner with a user document (so the sign-in below is an ordinary one). */
async function freshAccount(): Promise<Account> {
  const email = `e2e-attempts-${Date.now()}-${Math.random().toString(36).slice(2, 8)}@examprep.test`;
  const id = await createRealmUser({ email, password: PASSWORD }, profile);
  const { access_token } = await getToken({ username: email, password: PASSWORD, profile });
  const created = await fetch(`${cfg.gatewayUrl}/api/create-user`, {
    method: 'POST',
    headers: { authorization: `Bearer ${access_token}`, 'content-type': 'application/json' },
    body: '{}',
  });
  expect(created.status).toBeLessThan(300);
  return { id, email };
}

async function failures(account: Account): Promise<{ numFailures: number; disabled: boolean }> {
  const res = await adminFetch(`/attack-detection/brute-force/users/${account.id}`);
  return (await res.json()) as { numFailures: number; disabled: boolean };
}

/** Counts the login form's posts; each is held back a little so a second one could race it. */
async function countLoginPosts(page: Page): Promise<{ count: () => number }> {
  let posts = 0;
  await page.route('**/login-actions/authenticate**', async (route) => {
    if (route.request().method() !== 'POST') return route.continue();
    posts++;
    await new Promise((r) => setTimeout(r, 600));
    await route.continue().catch(() => undefined); // a superseded post may be gone already
  });
  return { count: () => posts };
}

let account: Account;

test.beforeAll(async () => {
  account = await freshAccount();
});

test.afterAll(async () => {
  if (!account) return;
  await adminFetch(`/attack-detection/brute-force/users/${account.id}`, { method: 'DELETE' });
  await adminFetch(`/users/${account.id}`, { method: 'DELETE' });
});

test('a double click, Enter twice and a quick retry never lock the account; the right password then signs in', async ({
  page,
}) => {
  const posts = await countLoginPosts(page);
  await page.goto('/login');
  await page.waitForURL(/\/realms\/.+\/protocol\/openid-connect\/auth/);
  const password = page.locator('#password');
  const submit = page.locator('#kc-login');
  const error = page.locator('#input-error-credentials');

  // a double click posts the form once
  await page.locator('#username').fill(account.email);
  await password.fill('wrong-pass-1');
  await submit.dblclick();
  await expect(error).toHaveText(INVALID);
  expect(posts.count()).toBe(1);
  await expect.poll(async () => (await failures(account)).numFailures).toBe(1);

  // a double tap so fast that both clicks land before the page reacts: one post; while it is
  // on its way the button says so and keeps the keyboard focus (still in the tab order)
  await password.fill('wrong-pass-2');
  const busy = await submit.evaluate(async (button: HTMLButtonElement) => {
    button.focus();
    button.click();
    button.click();
    await new Promise((r) => setTimeout(r, 100));
    return {
      text: button.textContent,
      ariaDisabled: button.getAttribute('aria-disabled'),
      focused: document.activeElement === button,
      tabbable: !button.disabled && button.tabIndex >= 0,
    };
  });
  expect(busy).toEqual({
    text: 'Logging in...',
    ariaDisabled: 'true',
    focused: true,
    tabbable: true,
  });
  await expect(error).toHaveText(INVALID);
  expect(posts.count()).toBe(2);
  await expect.poll(async () => (await failures(account)).numFailures).toBe(2);

  // Enter pressed twice in the password field: one post
  await password.fill('wrong-pass-3');
  await password.focus();
  await page.keyboard.press('Enter');
  await page.keyboard.press('Enter');
  await expect(error).toHaveText(INVALID);
  expect(posts.count()).toBe(3);
  await expect.poll(async () => (await failures(account)).numFailures).toBe(3);

  // a person who retries as soon as the error shows (the two failures come well under a
  // second apart) is not taken for a guessing machine
  await page.unroute('**/login-actions/authenticate**');
  await password.fill('wrong-pass-4');
  await submit.click();
  await expect(error).toHaveText(INVALID);
  await expect.poll(async () => (await failures(account)).numFailures).toBe(4);
  await password.fill(PASSWORD);
  await submit.click();

  await page.waitForURL(/\/dashboard/);
  await expect(page.getByRole('heading', { level: 1, name: 'Your Math Dashboard' })).toBeVisible();
  await expect(page.getByText(LOCKED)).toHaveCount(0);
  await shot(page, 'login-after-quick-failures.png');
  // a successful sign-in clears the count
  await expect.poll(async () => (await failures(account)).numFailures).toBe(0);
});
