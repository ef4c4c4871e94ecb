import { overflowsSideways, seriousViolations } from './support/phone';
import { expect, test } from '@playwright/test';
import { seededUsers } from '@examprep/test-kit';
import { shot, signIn, signOut } from './support/auth';
import { apiAs, apiCall } from './support/learners';

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
  // exact: the admin's Edit/Delete names quote the content too
  await expect(page.getByText(content, { exact: true })).toBeVisible();
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
  // Sentences naming the field by its label, as every other message of the app.
  await expect(dialog.getByText('Content is required.')).toBeVisible();
  await expect(
    dialog.getByText('Link URL must be a URL (http:// or https://, or a path starting with /).'),
  ).toBeVisible();
  await expect(dialog.getByLabel('Link URL')).toHaveValue('javascript:alert(1)');
});

test('two announcements of one day have Edit and Delete buttons named apart', async ({ page }) => {
  const stamp = Date.now().toString(36);
  const first = `E2E ${stamp} first: new practice questions are live.`;
  const second = `E2E ${stamp} second: maintenance tonight.`;
  await signIn(page, 'admin');
  await page.goto('/updates');
  for (const content of [first, second]) {
    await page.getByRole('button', { name: 'Add Announcement' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add Announcement' });
    // both keep the form's default date: today
    await dialog.getByLabel('Content').fill(content);
    await dialog.getByRole('button', { name: 'Save' }).click();
    await expect(dialog).toBeHidden();
  }
  const named = (action: string, content: string) =>
    page.getByRole('button', { name: new RegExp(`^${action} announcement of .+: ${content}$`) });
  try {
    for (const action of ['Edit', 'Delete']) {
      await expect(named(action, first)).toHaveCount(1);
      await expect(named(action, second)).toHaveCount(1);
    }
    const dateOf = async (content: string) =>
      page
        .getByRole('article')
        .filter({ hasText: content })
        .locator('time')
        .getAttribute('datetime');
    expect(await dateOf(first)).toBe(await dateOf(second));

    // The name leads to the right one: Edit of the second opens the second.
    await named('Edit', second).click();
    const edit = page.getByRole('dialog', { name: 'Edit Announcement' });
    await expect(edit.getByLabel('Content')).toHaveValue(second);
    await edit.getByRole('button', { name: 'Cancel' }).click();
    await expect(edit).toBeHidden();
    await shot(page, 'updates-same-day.png');
  } finally {
    for (const content of [first, second]) {
      await named('Delete', content).click();
      const confirm = page.getByRole('dialog', { name: 'Delete this announcement?' });
      await expect(confirm.getByText(content)).toBeVisible();
      await confirm.getByRole('button', { name: 'Delete' }).click();
      await expect(confirm).toBeHidden();
      await expect(page.getByText(content)).toHaveCount(0);
    }
  }
});

test('the updates list shows one page, and Load more brings the rest (issue 26, ADR 0026)', async ({
  page,
}) => {
  // hidden (admins only), oldest and last by order: after every other announcement, so that
  // the list holds more than a page (50) whatever else the test system has
  const stamp = Date.now().toString(36);
  const ids: string[] = [];
  try {
    for (let i = 0; i < 51; i++) {
      const res = await apiAs(seededUsers.admin, '/api/announcements', {
        content: `E2E page ${stamp} #${i}`,
        date: '2000-01-01',
        order: 1_000_000,
        isVisible: false,
      });
      expect(res.status).toBe(201);
      ids.push(((await res.json()) as { id: string }).id);
    }
    await signIn(page, 'admin');
    await page.goto('/updates');
    const more = page.getByRole('button', { name: 'Load more' });
    await expect(more).toBeVisible();
    await expect(page.getByRole('article')).toHaveCount(50);
    // the first written of them is the very last row (newest write first among equals)
    const last = page.getByText(`E2E page ${stamp} #0`, { exact: true });
    await expect(last).toHaveCount(0);
    while (await more.isVisible()) {
      const shown = await page.getByRole('article').count();
      await more.click();
      await expect.poll(() => page.getByRole('article').count()).toBeGreaterThan(shown);
    }
    await expect(last).toBeVisible();
    await expect(page.getByText(`E2E page ${stamp} #1`, { exact: true })).toBeVisible();
    await shot(page, 'updates-load-more.png');
  } finally {
    for (const id of ids) await apiCall(seededUsers.admin, 'DELETE', `/api/announcements/${id}`);
  }
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
