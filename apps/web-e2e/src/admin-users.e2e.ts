import { overflowsSideways, seriousViolations } from './support/phone';
import { expect, test } from '@playwright/test';
import * as fs from 'node:fs/promises';
import { seededUsers } from '@examprep/test-kit';
import { shot, signIn } from './support/auth';

const CSV_HEADER = 'uid,email,emailVerified,inDatabase,inAuth,isAdmin,premium,qbankGenerations';

// Admin spec §2.1: the admin user list against the real gateway, identity service and Keycloak.
test('admin sees the seeded users admin first, filters by email and exports the CSV', async ({
  page,
}) => {
  const { admin, learner, unverified } = seededUsers;
  await signIn(page, 'admin');
  await page.goto('/user-list');
  await expect(page.getByRole('heading', { level: 1, name: 'Admin User List' })).toBeVisible();

  const table = page.getByRole('table');
  const emails = table.getByRole('rowheader');
  await expect(emails.first()).toHaveText(admin.email);
  for (const email of [admin.email, learner.email, unverified.email]) {
    await expect(table.getByRole('rowheader', { name: email, exact: true })).toBeVisible();
  }
  await expect(page.getByText(/^Total Users: \d+$/)).toBeVisible();
  // Admins cannot be deleted.
  const adminRow = table
    .getByRole('row')
    .filter({ has: page.getByText(admin.email, { exact: true }) });
  await expect(adminRow.getByRole('button', { name: /^Delete User/ })).toBeDisabled();
  // Tests column (admin spec §2.1): a count from the testing service, not the '—' of a failure.
  const learnerRow = table.getByRole('row').filter({ has: page.getByText(learner.email) });
  await expect(learnerRow.getByTitle(/^\d+ tests?$/)).toHaveText(/^\d+$/);
  await expect(learnerRow.getByTitle('The number of tests could not be loaded.')).toHaveCount(0);
  await shot(page, 'admin-users.png');

  await page.getByLabel('Email', { exact: true }).fill(learner.email.toUpperCase());
  await expect(emails).toHaveText([learner.email]);
  await expect(page.getByText(/^Showing 1 of \d+$/)).toBeVisible();

  const downloaded = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Export Filtered List' }).click();
  const download = await downloaded;
  expect(download.suggestedFilename()).toBe('filtered_users.csv');
  const csv = await fs.readFile(await download.path(), 'utf8');
  const lines = csv.split('\r\n');
  expect(lines[0]).toBe(CSV_HEADER);
  expect(lines.filter((line) => line.length > 0)).toHaveLength(2);
  expect(lines[1]).toContain(`,${learner.email},`);

  await page.getByRole('button', { name: 'Reset Filters' }).click();
  await expect(table.getByRole('rowheader', { name: admin.email, exact: true })).toBeVisible();
});

test('a learner opening /user-list is sent to the dashboard', async ({ page }) => {
  await signIn(page, 'learner');
  await page.goto('/user-list');
  await page.waitForURL(/\/dashboard/);
  await expect(page.getByRole('table')).toHaveCount(0);
});

test('the user list works on a phone and has no serious accessibility violation @phone', async ({
  page,
}) => {
  await signIn(page, 'admin');
  await page.goto('/user-list');
  await expect(page.getByRole('table')).toBeVisible();
  // The table scrolls inside its own container; the page itself does not scroll sideways.
  expect(await overflowsSideways(page)).toBe(false);
  expect(await seriousViolations(page)).toEqual([]);
  await shot(page, 'admin-users-phone.png');
});

test('Generate & Copy Token puts a working token of that learner on the clipboard', async ({
  page,
  context,
  request,
}) => {
  const { learner } = seededUsers;
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  await signIn(page, 'admin');
  await page.goto('/user-list');
  await page
    .getByRole('button', { name: `Generate & Copy Token ${learner.email}`, exact: true })
    .click();
  await expect(
    page.getByText(`ID Token generated and copied to clipboard for ${learner.email}!`),
  ).toBeVisible();
  await shot(page, 'admin-generate-token.png');
  const token = await page.evaluate(() => navigator.clipboard.readText());
  // The copied token is the learner's: the API answers /api/me as them.
  const me = await request.get('/api/me', { headers: { authorization: `Bearer ${token}` } });
  expect(me.status()).toBe(200);
  expect(await me.json()).toMatchObject({ email: learner.email, isAdmin: false });
});
