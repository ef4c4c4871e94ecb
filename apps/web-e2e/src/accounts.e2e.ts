import { overflowsSideways, seriousViolations } from './support/phone';
import { expect, test, type Locator, type Page } from '@playwright/test';
import {
  createRealmUser,
  getToken,
  infraConfig,
  maildev,
  seededUsers,
  type InfraProfile,
  type MaildevEmail,
} from '@examprep/test-kit';
import { withAccountLock } from './support/account-lock';
import { shot, signIn, signInWith } from './support/auth';
import { freshLearner } from './support/learners';

// Issue #3 browser journeys: sign-up with email verification, forgot password without account
// enumeration, the welcome modal's default dashboard. Runs on the TEST profile (run-all.mjs);
// EXAMPREP_E2E_PROFILE=dev points the mail checks at the dev stack's maildev instead.
const profile: InfraProfile = process.env.EXAMPREP_E2E_PROFILE === 'dev' ? 'dev' : 'test';
const mail = maildev(profile);

const SIGNUP_SUCCESS =
  "Signup successful! Please verify your email inbox. If you don't see it, check your spam/junk folder.";

function uniqueEmail(prefix: string): string {
  return `${prefix}-${Date.now()}-${Math.random().toString(36).slice(2, 8)}@examprep.test`;
}

/** The Keycloak action link (verify email, update password) of a mail. */
function actionLink(message: MaildevEmail): string {
  const links = [...(message.html ?? message.text ?? '').matchAll(/href="([^"]+)"/g)].map((m) =>
    m[1].replace(/&amp;/g, '&'),
  );
  const link = links.find((l) => l.includes('/login-actions/action-token'));
  if (!link) throw new Error(`no action link in the mail '${message.subject}'`);
  return link;
}

/** Opens an action link in another tab of the same browser and completes it. */
async function followActionLink(page: Page, link: string): Promise<void> {
  const tab = await page.context().newPage();
  await tab.goto(link);
  // Keycloak asks to confirm when the link is opened outside the flow that sent it.
  const proceed = tab.getByRole('link', { name: /click here to proceed/i });
  const done = tab.getByText(/account has been updated|email address has been verified/i).first();
  await expect(proceed.or(done)).toBeVisible();
  if (await proceed.isVisible()) await proceed.click();
  await expect(done).toBeVisible();
  await tab.close();
}

async function ids(address: string): Promise<Set<string>> {
  return new Set((await mail.list(address)).map((m) => m.id));
}

test('sign up through the theme, verify the email from the mail, reach the dashboard', async ({
  page,
}) => {
  const email = uniqueEmail('e2e-signup');
  await page.goto('/signup');
  // allow-signup is asked first; then the identity provider's sign-up form (our theme)
  await page.waitForURL(
    /\/realms\/.+\/(protocol\/openid-connect\/registrations|login-actions\/registration)/,
  );
  await page.locator('#email').fill(email);
  await page.locator('#password').fill('e2e-signup-pass-1');
  await page.locator('#password-confirm').fill('e2e-signup-pass-1');
  await page.locator('#kc-register').click();

  await page.waitForURL(/\/signup\/complete/);
  await expect(page.getByText(SIGNUP_SUCCESS)).toBeVisible();
  await expect(page.getByText('Creating account... one moment...')).toBeVisible();
  await shot(page, 'signup-complete.png');

  // after 2 s: the dashboard, which for an unverified user is the verification screen
  await page.waitForURL(/\/dashboard/);
  await expect(page.getByRole('heading', { name: 'Verify your email' })).toBeVisible();
  await expect(page.getByText('Thanks for signing up!')).toBeVisible();
  await expect(page.getByRole('button', { name: email })).toBeVisible();
  await shot(page, 'verify-signup.png');

  const message = await mail.waitForEmail(email, { timeoutMs: 30_000 });
  await followActionLink(page, actionLink(message));

  await page.getByRole('button', { name: 'I Have Verified - Refresh Page' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Your Math Dashboard' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Verify your email' })).toHaveCount(0);
});

test("sign up through the login page's 'Sign up' link: the same completion sequence, one create-user call", async ({
  page,
}) => {
  // Keycloak returns to where the sign-in started (/dashboard), not to /signup/complete
  const email = uniqueEmail('e2e-signup-link');
  const createUserCalls: string[] = [];
  page.on('request', (r) => {
    if (r.method() === 'POST' && new URL(r.url()).pathname === '/api/create-user') {
      createUserCalls.push(r.url());
    }
  });
  await page.goto('/login');
  await page.waitForURL(/\/realms\/.+\/protocol\/openid-connect\/auth/);
  await page.getByRole('link', { name: 'Sign up' }).click();
  await page.waitForURL(/\/realms\/.+\/login-actions\/registration/);
  await page.locator('#email').fill(email);
  await page.locator('#password').fill('e2e-signup-pass-1');
  await page.locator('#password-confirm').fill('e2e-signup-pass-1');
  await page.locator('#kc-register').click();

  await page.waitForURL(/\/signup\/complete/);
  const success = page.getByText(SIGNUP_SUCCESS);
  await expect(success).toBeVisible();
  await expect(page.getByText('Creating account... one moment...')).toBeVisible();
  const shownAt = Date.now();
  await shot(page, 'signup-complete-from-login-link.png');

  // the spec's 2-second redirect, to the verification screen of a sign-up
  await page.waitForURL(/\/dashboard/);
  expect(Date.now() - shownAt).toBeGreaterThanOrEqual(1_500);
  await expect(page.getByRole('heading', { name: 'Verify your email' })).toBeVisible();
  await expect(page.getByText('Thanks for signing up!')).toBeVisible();
  await expect(page.getByRole('button', { name: email })).toBeVisible();
  expect(createUserCalls).toHaveLength(1);

  // the registration mail went out, and a reload does not start the sequence again
  await mail.waitForEmail(email, { timeoutMs: 30_000 });
  await page.reload();
  await expect(page.getByRole('heading', { name: 'Verify your email' })).toBeVisible();
  await expect(page.getByText(SIGNUP_SUCCESS)).toHaveCount(0);
  expect(page.url()).toMatch(/\/dashboard/);
  expect(createUserCalls).toHaveLength(1);
});

test('issue 24 #10a: the first sign-in of an account made verified by staff is never told to verify', async ({
  page,
}) => {
  // staff make accounts in the identity provider already verified, without a user document;
  // signing in at once is within the sign-up window of the account's creation
  const email = uniqueEmail('e2e-staff-made');
  const password = 'staff-made-pass-1';
  await createRealmUser({ email, password }, profile);
  const seen: string[] = [];
  page.on('framenavigated', (frame) => {
    if (frame === page.mainFrame()) seen.push(new URL(frame.url()).pathname);
  });
  // whatever the page shows at any moment, not only at the end
  await page.addInitScript((text) => {
    const look = () => {
      if (document.body?.textContent?.includes(text))
        (window as unknown as { toldToVerify?: boolean }).toldToVerify = true;
    };
    new MutationObserver(look).observe(document, {
      subtree: true,
      childList: true,
      characterData: true,
    });
  }, 'Please verify your email inbox');

  await page.goto('/login');
  await page.waitForURL(/\/realms\/.+\/protocol\/openid-connect\/auth/);
  await page.locator('#username').fill(email);
  await page.locator('#password').fill(password);
  await page.locator('#kc-login').click();
  await page.waitForURL(/\/dashboard/);
  await expect(page.getByRole('dialog', { name: /^Welcome to / })).toBeVisible();
  // longer than the sign-up screen's 2 s, had it been shown
  await page.waitForTimeout(3_000);
  expect(await page.evaluate(() => (window as { toldToVerify?: boolean }).toldToVerify)).not.toBe(
    true,
  );
  expect(seen).not.toContain('/signup/complete');
  await expect(page.getByText(SIGNUP_SUCCESS)).toHaveCount(0);
  await expect(page.getByRole('heading', { name: 'Verify your email' })).toHaveCount(0);
  await shot(page, 'issue24-staff-made-first-sign-in.png');
  // the user document was made all the same (quietly)
  const { access_token } = await getToken({ username: email, password, profile });
  await expect
    .poll(async () => {
      const res = await fetch(`${infraConfig(profile).gatewayUrl}/api/me`, {
        headers: { authorization: `Bearer ${access_token}` },
      });
      return ((await res.json()) as { hasDocument?: boolean }).hasDocument;
    })
    .toBe(true);
});

test('an unverified learner sees the login variant and can send the mail from the navbar', async ({
  page,
}) => {
  const { email, password } = seededUsers.unverified;
  await page.goto('/login');
  await page.waitForURL(/\/realms\/.+\/protocol\/openid-connect\/auth/);
  await page.locator('#username').fill(email);
  await page.locator('#password').fill(password);
  await withAccountLock(email, async () => {
    await page.locator('#kc-login').click();
    await page.waitForURL(/\/dashboard/);
  });
  await expect(page.getByRole('heading', { name: 'Verify your email' })).toBeVisible();
  // 'login', or 'signup' the very first time (the session then creates the user document)
  await expect(page.getByText(/^(Welcome back!|Thanks for signing up!)$/)).toBeVisible();

  const before = await ids(email);
  await page.getByRole('button', { name: email }).click();
  await page.getByRole('button', { name: 'Verify Email' }).click();
  const dialog = page.getByRole('dialog', { name: 'Verify Email' });
  await expect(
    dialog.getByText(
      'Verification email sent! Check your inbox. If you do not see it, check your spam/junk folder.',
    ),
  ).toBeVisible();
  await dialog.getByRole('button', { name: 'OK' }).click();
  await expect(dialog).toBeHidden();
  await expect
    .poll(async () => [...(await ids(email))].some((id) => !before.has(id)), { timeout: 30_000 })
    .toBe(true);
});

test('forgot password: the same answer for an existing and an unknown email; only the account gets a mail', async ({
  page,
}) => {
  const existing = seededUsers.learner.email;
  const unknown = uniqueEmail('e2e-nobody');
  const before = await ids(existing);

  // the Forgot Password link of the themed login page leads to the app's page
  await page.goto('/login');
  await page.waitForURL(/\/realms\/.+\/protocol\/openid-connect\/auth/);
  await page.locator('#kc-forgot-password').click();
  await page.waitForURL(/\/forgot-password$/);
  await expect(page.getByRole('heading', { name: 'Forgot Password' })).toBeVisible();

  const emailBox = page.getByRole('textbox', { name: 'Email' });
  const send = page.getByRole('button', { name: 'Send Reset Link' });
  await send.click();
  await expect(page.getByText('Please enter your email address.')).toBeVisible();
  await emailBox.fill('not-an-email');
  await send.click();
  await expect(page.getByText('Please enter a valid email address.')).toBeVisible();

  const answers: string[] = [];
  for (const email of [existing, unknown]) {
    await emailBox.fill(email);
    await send.click();
    await expect(page.getByRole('heading', { name: 'Email Sent!' })).toBeVisible();
    const text = await page.getByRole('status').filter({ hasText: 'Email Sent!' }).innerText();
    answers.push(text.replace(email, '<email>'));
    await shot(page, `forgot-sent-${answers.length}.png`);
    await page.getByRole('button', { name: 'Use a different email' }).click();
  }
  expect(answers[1]).toBe(answers[0]);
  expect(answers[0]).toMatch(/spam\/junk folder/);

  await expect
    .poll(async () => (await mail.list(existing)).filter((m) => !before.has(m.id)).length, {
      timeout: 30_000,
    })
    .toBeGreaterThan(0);
  const fresh = (await mail.list(existing)).filter((m) => !before.has(m.id));
  expect(actionLink(fresh[fresh.length - 1])).toContain('/login-actions/action-token');
  // the unknown address gets nothing (its lookup ran before the existing one's mail arrived;
  // a little more time for a mail that should never come)
  await page.waitForTimeout(2_000);
  expect(await mail.list(unknown)).toHaveLength(0);
});

async function saveDashboard(dialog: Locator, radio: Locator): Promise<void> {
  await radio.check();
  await expect(radio).toBeChecked();
  await expect(radio).toBeEnabled();
  await expect(dialog.getByText('Saved.')).toBeVisible();
}

test("the welcome modal's default dashboard is kept on the server", async ({ page }) => {
  // a learner of its own: the seeded one's dashboard is read by files running beside this one
  await signInWith(page, await freshLearner('dashboard'));
  const dialog = page.getByRole('dialog', { name: /^Welcome to / });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByRole('link', { name: 'See all updates' })).toHaveAttribute(
    'href',
    '/updates',
  );
  const math = dialog.getByRole('radio', { name: /^Math Dashboard/ });
  const design = dialog.getByRole('radio', { name: /^Design and Droid Dashboard/ });
  await expect(math).toBeChecked();
  await saveDashboard(dialog, design);
  await shot(page, 'welcome-modal.png');
  await dialog.getByRole('button', { name: 'Got it' }).click();
  await expect(dialog).toBeHidden();

  // the server's value, not the browser's copy
  await page.evaluate(() => window.localStorage.removeItem('user-default-dashboard'));
  await page.goto('/');
  await page.waitForURL(/\/dashboard\?tab=design/);
  await expect(
    page.getByRole('heading', { level: 1, name: 'Your Design and Droid Dashboard' }),
  ).toBeVisible();
  // shown once per sign-in; the warning icon opens it again
  await expect(page.getByRole('dialog')).toHaveCount(0);
  await page.getByRole('button', { name: 'Show dashboard notice' }).click();
  await expect(dialog).toBeVisible();
  await expect(design).toBeChecked();
});

test('forgot password and the welcome modal work on a phone without serious accessibility violations @phone', async ({
  page,
}) => {
  await page.goto('/forgot-password');
  await page.getByRole('button', { name: 'Send Reset Link' }).click();
  await expect(page.getByText('Please enter your email address.')).toBeVisible();
  expect(await overflowsSideways(page)).toBe(false);
  expect(await seriousViolations(page)).toEqual([]);
  await shot(page, 'forgot-password-phone.png');

  await signIn(page, 'learner');
  const dialog = page.getByRole('dialog', { name: /^Welcome to / });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByText('Loading the latest update…')).toHaveCount(0);
  expect(await overflowsSideways(page)).toBe(false);
  expect(await seriousViolations(page)).toEqual([]);
  await shot(page, 'welcome-modal-phone.png');
});
