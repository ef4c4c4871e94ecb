import { overflowsSideways, seriousViolations } from './support/phone';
import { expect, test } from '@playwright/test';
import { shot, signIn, signOut } from './support/auth';

// Issue #2 browser journey: the admin posts an announcement, the learner sees it.
test('admin creates an announcement; the learner sees it after signing in', async ({ page }) => {
  const content = `E2E announcement ${Date.now()}`;

  await signIn(page, 'admin');
  await page.goto('/updates');
  await expect(page.getByRole('heading', { name: 'Updates' })).toBeVisible();
  await page.getByRole('button', { name: 'Add Announcement' }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel('Content').fill(content);
  await dialog.getByLabel('Link Text').fill('Open dashboard');
  await dialog.getByLabel('Link URL').fill('/dashboard?tab=math');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByText(content)).toBeVisible();
  await shot(page, 'updates-admin.png');

  await signOut(page, 'admin');
  await signIn(page, 'learner');
  await page.goto('/updates');
  await expect(page.getByText(content)).toBeVisible();
  await expect(page.getByRole('button', { name: 'Add Announcement' })).toHaveCount(0);
  await expect(page.getByText('Open dashboard').first()).toBeVisible();
  await shot(page, 'updates-learner.png');
});

test('the admin form names bad fields and keeps what was typed', async ({ page }) => {
  await signIn(page, 'admin');
  await page.goto('/updates');
  await page.getByRole('button', { name: 'Add Announcement' }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel('Link URL').fill('javascript:alert(1)');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog.getByText('content is required.')).toBeVisible();
  await expect(
    dialog.getByText('linkUrl must be a URL (http:// or https://, or a path starting with /).'),
  ).toBeVisible();
  await expect(dialog.getByLabel('Link URL')).toHaveValue('javascript:alert(1)');
});

test('the learner updates page works on a phone and has no serious accessibility violation @phone', async ({
  page,
}) => {
  await signIn(page, 'learner');
  await page.goto('/updates');
  await expect(page.getByRole('heading', { name: 'Updates' })).toBeVisible();
  expect(await overflowsSideways(page)).toBe(false);
  expect(await seriousViolations(page)).toEqual([]);
  await shot(page, 'updates-phone.png');
});

test('unknown paths show the 404 page with a way home', async ({ page }) => {
  await page.goto('/no-such-page');
  await expect(page.getByRole('heading', { name: '404 - Page Not Found' })).toBeVisible();
  await page.getByRole('button', { name: 'Go to Homepage' }).click();
  // signed out, home leads on to the sign-in page; wait until the redirect has landed
  await page.waitForURL(/\/realms\/.+\/protocol\/openid-connect\/auth/);
  await expect(page).not.toHaveURL(/no-such-page/);
});
