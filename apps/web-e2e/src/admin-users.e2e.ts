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
  // admins first (the list is a page of the server's order; ADR 0030)
  await expect(emails.first()).toHaveText(admin.email);
  await expect(page.getByText(/^Total Users: \d+$/)).toBeVisible();
  // Admins cannot be deleted.
  const adminRow = table
    .getByRole('row')
    .filter({ has: page.getByText(admin.email, { exact: true }) });
  await expect(adminRow.getByRole('button', { name: /^Delete User/ })).toBeDisabled();
  await shot(page, 'admin-users.png');

  // the email filter is the start of the address, case ignored, answered by the server
  const emailFilter = page.getByLabel('Email', { exact: true });
  for (const email of [unverified.email, learner.email]) {
    await emailFilter.fill(email.toUpperCase());
    await expect(emails).toHaveText([email]);
  }
  await expect(page.getByText(/^Showing 1 of 1$/)).toBeVisible();
  // Tests column (admin spec §2.1): the learner's count, not the '—' of a missing count.
  const learnerRow = table.getByRole('row').filter({ has: page.getByText(learner.email) });
  await expect(learnerRow.getByTitle(/^\d+ tests?$/)).toHaveText(/^\d+$/);
  await expect(learnerRow.getByTitle('The number of tests could not be loaded.')).toHaveCount(0);

  const downloaded = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Export Filtered List' }).click();
  const download = await downloaded;
  expect(download.suggestedFilename()).toBe('filtered_users.csv');
  const csv = await fs.readFile(await download.path(), 'utf8');
  const lines = csv.split('\r\n');
  expect(lines[0]).toBe(CSV_HEADER);
  expect(lines.filter((line) => line.length > 0)).toHaveLength(2);
  expect(lines[1]).toContain(`,${learner.email},`);
  await expect(page.getByText('Saved filtered_users.csv. 1 user.')).toBeVisible();

  // @domain: every address of exactly that domain
  await emailFilter.fill(`@${admin.email.split('@')[1]}`);
  await expect(table.getByRole('rowheader', { name: admin.email, exact: true })).toBeVisible();
  await expect(page.getByText(/ shown so far$|^Showing \d+ of \d+$/)).toBeVisible();

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
  await page.getByLabel('Email', { exact: true }).fill(learner.email);
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
