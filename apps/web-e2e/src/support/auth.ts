import { expect, type Page } from '@playwright/test';
import * as path from 'node:path';
import { findRepoRoot, seededUsers, type SeededUserKey } from '@examprep/test-kit';
import { withAccountLock } from './account-lock';

/** Signs in through the Keycloak login page, as a person would. */
export async function signIn(page: Page, who: SeededUserKey): Promise<void> {
  await signInWith(page, seededUsers[who]);
}

/** Signs in any account (e.g. a fresh one from `freshLearner`) through the login page. */
export async function signInWith(
  page: Page,
  user: { email: string; password: string },
): Promise<void> {
  await page.goto('/login');
  await page.waitForURL(/\/realms\/.+\/protocol\/openid-connect\/auth/);
  await page.locator('#username').fill(user.email);
  await page.locator('#password').fill(user.password);
  await withAccountLock(user.email, async () => {
    await page.locator('#kc-login').click();
    await page.waitForURL(/\/dashboard/);
  });
  await expect(page.getByRole('button', { name: new RegExp(user.email, 'i') })).toBeVisible();
}

export async function signOut(page: Page, who: SeededUserKey): Promise<void> {
  await page.getByRole('button', { name: new RegExp(seededUsers[who].email, 'i') }).click();
  await page.getByRole('button', { name: 'Logout' }).click();
  // back on our /login (twice: 'Signing out…' before Keycloak's logout, then after it), which
  // leads into the identity provider's sign-in page: the end of it, so a navigation that follows
  // is not cut short by the redirects still under way
  await page.waitForURL(/\/realms\/.+\/protocol\/openid-connect\/auth/);
  await expect(page.locator('#username')).toBeVisible();
}

/** Full-page screenshot into .infra/test-results/screenshots, to look at after a run. */
export async function shot(page: Page, name: string): Promise<void> {
  await page.screenshot({
    path: path.join(findRepoRoot(), '.infra', 'test-results', 'screenshots', name),
    fullPage: true,
  });
}
