import { expect, test, type Page } from '@playwright/test';
import { seededUsers } from '@examprep/test-kit';
import { shot, signIn, signInWith } from './support/auth';
import { apiAs, closeWelcome, freshLearner, type Learner } from './support/learners';
import { overflowsSideways, seriousViolations } from './support/phone';

// Admin spec §2.1 (View Purchases, Premium), §2.8, §4, §8 against the real gateway, catalog
// (entitlement ledger) and identity read model; learner spec §2 product cards, live.

async function openEditor(page: Page, learner: Learner) {
  await page.goto('/user-list');
  await page.getByLabel('Email', { exact: true }).fill(learner.email);
  await page.getByRole('button', { name: `View Purchases ${learner.email}`, exact: true }).click();
  const modal = page.getByRole('dialog', { name: `Purchases of ${learner.email}` });
  await expect(modal.getByRole('group', { name: 'Products priced above $0' })).toBeVisible();
  return modal;
}

test('an admin grants a product in the purchases editor; the learner’s open dashboard unlocks live', async ({
  browser,
}) => {
  const learner = await freshLearner('grant');
  const learnerContext = await browser.newContext();
  const learnerPage = await learnerContext.newPage();
  await signInWith(learnerPage, learner);
  await closeWelcome(learnerPage);
  const workbook = learnerPage.getByRole('article', { name: 'Med Dosage Workbook' });
  await expect(workbook.getByRole('button', { name: /^Purchase Required/ })).toBeDisabled();
  let reloads = 0;
  learnerPage.on('framenavigated', (frame) => {
    if (frame === learnerPage.mainFrame()) reloads++;
  });

  const adminContext = await browser.newContext();
  const page = await adminContext.newPage();
  await signIn(page, 'admin');
  const modal = await openEditor(page, learner);
  // only products priced above 0; none held yet
  await expect(modal.getByRole('checkbox')).toHaveCount(6);
  await expect(modal.getByRole('checkbox', { name: /Sample/ })).toHaveCount(0);
  await expect(modal.getByText('No grants or revocations yet.')).toBeVisible();

  await modal.getByRole('button', { name: 'Save Changes' }).click();
  await expect(modal.getByRole('status')).toHaveText('No changes made.');

  await modal.getByRole('checkbox', { name: 'Med Dosage Workbook' }).check();
  await modal.getByRole('button', { name: 'Save Changes' }).click();
  await expect(modal.getByRole('list', { name: 'Products to add' })).toHaveText(
    'Med Dosage Workbook',
  );
  await expect(modal.getByRole('list', { name: 'Products to remove' })).toHaveCount(0);
  await shot(page, 'admin-purchases-confirm.png');
  await modal.getByRole('button', { name: 'Confirm & Save' }).click();
  // issue 24 #10d: the editor stays open on what was saved, with the grant just written
  await expect(modal.getByRole('status')).toHaveText('Purchases updated.');
  await expect(modal).toBeVisible();
  await expect(modal.getByRole('checkbox', { name: 'Med Dosage Workbook' })).toBeChecked();
  const written = modal.getByRole('table').getByRole('row').nth(1);
  await expect(written).toContainText('Granted');
  await expect(written).toContainText('Med Dosage Workbook');
  await expect(written).toContainText('Admin');
  await expect(written).toContainText(seededUsers.admin.email);
  await shot(page, 'admin-purchases-saved.png');
  // saving again without a change: against what is held now
  await modal.getByRole('button', { name: 'Save Changes' }).click();
  await expect(modal.getByRole('status')).toHaveText('No changes made.');
  await modal.getByRole('button', { name: 'Close' }).last().click();
  await expect(modal).toBeHidden();

  // the list's Premium column follows (Med Dosage Workbook is a premium product)
  const row = page.getByRole('row').filter({ has: page.getByText(learner.email) });
  await expect(row.getByRole('cell').nth(5)).toHaveText('Yes');

  // the history keeps the grant: action, product, source, by
  const again = await openEditor(page, learner);
  await expect(again.getByRole('checkbox', { name: 'Med Dosage Workbook' })).toBeChecked();
  const entry = again.getByRole('table').getByRole('row').nth(1);
  await expect(entry).toContainText('Granted');
  await expect(entry).toContainText('Med Dosage Workbook');
  await expect(entry).toContainText('Admin');
  await expect(entry).toContainText(seededUsers.admin.email);
  await shot(page, 'admin-purchases-modal.png');

  // the learner's dashboard, open all along, unlocks without a reload
  await expect(workbook.getByRole('link', { name: /^Access Now/ })).toHaveAttribute(
    'href',
    '/workbook/med_dosage_workbook',
  );
  expect(reloads).toBe(0);
  await shot(learnerPage, 'admin-purchases-learner-unlocked.png');
  await learnerContext.close();
  await adminContext.close();
});

test('the history shows one page of 50, and Load more brings the rest (issue 26, ADR 0026)', async ({
  page,
}) => {
  const learner = await freshLearner('history-pages');
  // 51 entries: a grant and a revocation of one product, and so on
  for (let i = 0; i < 51; i++) {
    const res = await apiAs(seededUsers.admin, '/api/update-user-purchases', {
      uid: learner.uid,
      purchases: { premium_3d_assets: i % 2 === 0 },
    });
    expect(res.status, await res.text()).toBe(200);
  }
  await signIn(page, 'admin');
  const modal = await openEditor(page, learner);
  const rows = modal.getByRole('table').getByRole('row');
  await expect(rows).toHaveCount(51); // the header and the newest 50
  await expect(rows.nth(1)).toContainText('Granted'); // entry 51, the newest
  const more = modal.getByRole('button', { name: 'Load more' });
  await more.click();
  await expect(rows).toHaveCount(52);
  await expect(rows.nth(51)).toContainText('Granted'); // entry 1, the first grant
  await expect(more).toHaveCount(0);
  await expect(modal.getByRole('checkbox', { name: 'Premium 3D Assets' })).toBeChecked();
});

test('the purchases editor on a phone, axe clean @phone', async ({ page }) => {
  const learner = await freshLearner('grant-phone');
  await signIn(page, 'admin');
  const modal = await openEditor(page, learner);
  await expect(modal.getByRole('checkbox', { name: 'TEAS Math QBank' })).toBeVisible();
  expect(await overflowsSideways(page)).toBe(false);
  expect(await seriousViolations(page)).toEqual([]);
  await shot(page, 'admin-purchases-modal-phone.png');

  // after a save: still open, the outcome and the history, axe clean
  await modal.getByRole('checkbox', { name: 'TEAS Math QBank' }).check();
  await modal.getByRole('button', { name: 'Save Changes' }).click();
  await modal.getByRole('button', { name: 'Confirm & Save' }).click();
  await expect(modal.getByRole('status')).toHaveText('Purchases updated.');
  await expect(modal.getByRole('table').getByRole('row').nth(1)).toContainText('TEAS Math QBank');
  expect(await overflowsSideways(page)).toBe(false);
  expect(await seriousViolations(page)).toEqual([]);
  await shot(page, 'admin-purchases-saved-phone.png');
});
