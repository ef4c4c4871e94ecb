import { expect, test, type Page } from '@playwright/test';
import { seededUsers } from '@examprep/test-kit';
import { signIn } from './support/auth';
import { apiAs, apiCall } from './support/learners';
import { overflowsSideways, seriousViolations } from './support/phone';

const LIST = '/api/admin/lti/platforms';

/** A platform of its own per run: the issuer and client ID pair is unique on the server. */
function freshPlatform(tag: string) {
  const id = `${tag}-${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
  const issuer = `https://lms-${id}.example`;
  return {
    name: `E2E LMS ${id}`,
    issuer,
    clientId: `client-${tag}`,
    deploymentIds: ['dep-1'],
    authUrl: `${issuer}/auth`,
    tokenUrl: `${issuer}/token`,
    jwksUrl: `${issuer}/jwks`,
    status: 'active' as const,
  };
}

/** Removes what a test registered, whatever step it stopped at. */
async function removeByIssuer(issuer: string): Promise<void> {
  const res = await apiAs(seededUsers.admin, LIST);
  if (!res.ok) return;
  const { platforms } = (await res.json()) as { platforms: { id: string; issuer: string }[] };
  for (const p of platforms.filter((x) => x.issuer === issuer)) {
    await apiCall(seededUsers.admin, 'DELETE', `${LIST}/${p.id}`);
  }
}

const rowOf = (page: Page, name: string) =>
  page.getByRole('row').filter({ has: page.getByRole('rowheader', { name, exact: true }) });

// Issue 30: the site admin registers a school's LMS, changes and disables it, then removes it.
test('admin registers an LMS platform, edits its deployments, disables and deletes it', async ({
  page,
  context,
}, testInfo) => {
  const p = freshPlatform('ui');
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  try {
    await signIn(page, 'admin');
    await page.goto('/lti-platforms');
    await expect(page.getByRole('heading', { level: 1, name: 'LMS Platforms' })).toBeVisible();

    // the admin menu leads here
    await page.getByRole('button', { name: new RegExp(seededUsers.admin.email, 'i') }).click();
    await expect(page.getByRole('link', { name: 'LMS Platforms' })).toHaveAttribute(
      'href',
      '/lti-platforms',
    );
    await page.keyboard.press('Escape');

    // the tool's values, ready to copy into the LMS
    const tool = page.getByRole('region', { name: 'Tool details for your LMS' });
    const login = tool.getByLabel('OIDC login initiation URL');
    await expect(login).toHaveValue(/^https?:\/\/.+\/api\/lti\/login$/);
    await expect(tool.getByLabel('Domain')).not.toHaveValue('');
    await tool.getByRole('button', { name: 'Copy OIDC login initiation URL' }).click();
    await expect(tool.getByText('Copied')).toBeVisible();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(
      await login.inputValue(),
    );

    // register
    await page.getByRole('button', { name: 'Register a platform' }).first().click();
    const form = page.getByRole('dialog', { name: 'Register a platform' });
    await form.getByLabel('Name').fill(p.name);
    await form.getByLabel('Issuer').fill(p.issuer);
    await form.getByLabel('Client ID').fill(p.clientId);
    await form.getByLabel('Deployment IDs').fill(p.deploymentIds.join('\n'));
    await form.getByLabel('Authentication request URL').fill(p.authUrl);
    await form.getByLabel('Access token URL').fill(p.tokenUrl);
    await form.getByLabel('Keyset URL').fill('not a url');
    await form.getByRole('button', { name: 'Save' }).click();
    await expect(form.getByText('Keyset URL must be an https URL.')).toBeVisible();
    await form.getByLabel('Keyset URL').fill(p.jwksUrl);
    expect(await seriousViolations(page)).toEqual([]);
    await form.getByRole('button', { name: 'Save' }).click();
    await expect(form).toBeHidden();

    const row = rowOf(page, p.name);
    await expect(row).toContainText(p.issuer);
    await expect(row).toContainText(p.clientId);
    await expect(row.getByText('Active', { exact: true })).toBeVisible();
    await expect(row.getByRole('cell').nth(2)).toHaveText('1');

    // the same issuer and client ID again: the server's 409, in the form, the input kept
    await page.getByRole('button', { name: 'Register a platform' }).first().click();
    const again = page.getByRole('dialog', { name: 'Register a platform' });
    await again.getByLabel('Name').fill(`${p.name} twice`);
    await again.getByLabel('Issuer').fill(p.issuer);
    await again.getByLabel('Client ID').fill(p.clientId);
    await again.getByLabel('Deployment IDs').fill('dep-9');
    await again.getByLabel('Authentication request URL').fill(p.authUrl);
    await again.getByLabel('Access token URL').fill(p.tokenUrl);
    await again.getByLabel('Keyset URL').fill(p.jwksUrl);
    await again.getByRole('button', { name: 'Save' }).click();
    await expect(again.getByRole('alert')).toHaveText(
      'A platform with this issuer and client ID is already registered.',
    );
    await expect(again.getByLabel('Name')).toHaveValue(`${p.name} twice`);
    await again.getByRole('button', { name: 'Cancel' }).click();
    await expect(again).toBeHidden();

    // edit the deployment IDs
    await row.getByRole('button', { name: `Edit platform ${p.name}` }).click();
    const edit = page.getByRole('dialog', { name: 'Edit platform' });
    await expect(edit.getByLabel('Issuer')).toHaveValue(p.issuer);
    await edit.getByLabel('Deployment IDs').fill('dep-1\n\n  dep-2  \ndep-3');
    await edit.getByRole('button', { name: 'Save' }).click();
    await expect(edit).toBeHidden();
    await expect(row.getByRole('cell').nth(2)).toHaveText('3');

    // disable
    await row.getByRole('button', { name: `Disable platform ${p.name}` }).click();
    await expect(row.getByText('Disabled', { exact: true })).toBeVisible();
    await expect(row.getByRole('button', { name: `Activate platform ${p.name}` })).toBeVisible();
    await page.screenshot({
      path: testInfo.outputPath('lti-platforms-desktop.png'),
      fullPage: true,
    });

    // delete, after a confirmation that names it
    await row.getByRole('button', { name: `Delete platform ${p.name}` }).click();
    const confirm = page.getByRole('dialog', { name: 'Delete this platform?' });
    await expect(confirm).toContainText(
      `Delete the registration of ${p.name}? Launches from it stop working.`,
    );
    await confirm.getByRole('button', { name: 'Delete' }).click();
    await expect(confirm).toBeHidden();
    await expect(rowOf(page, p.name)).toHaveCount(0);
  } finally {
    await removeByIssuer(p.issuer);
  }
});

test('the LMS platforms page works on a phone and has no serious accessibility violation @phone', async ({
  page,
}, testInfo) => {
  const p = freshPlatform('phone');
  const made = await apiAs(seededUsers.admin, LIST, { ...p, status: 'pending' });
  expect(made.status).toBe(201);
  try {
    await signIn(page, 'admin');
    await page.goto('/lti-platforms');
    await expect(page.getByRole('heading', { level: 1, name: 'LMS Platforms' })).toBeVisible();
    const row = rowOf(page, p.name);
    await expect(
      row.getByText('Made by dynamic registration: check it and activate it'),
    ).toBeVisible();
    expect(await overflowsSideways(page)).toBe(false);
    expect(await seriousViolations(page)).toEqual([]);
    await page.screenshot({ path: testInfo.outputPath('lti-platforms-phone.png'), fullPage: true });

    // the form fits the phone too, and is reached by keyboard
    await row.getByRole('button', { name: `Edit platform ${p.name}` }).focus();
    await page.keyboard.press('Enter');
    const edit = page.getByRole('dialog', { name: 'Edit platform' });
    await expect(edit.getByLabel('Name')).toHaveValue(p.name);
    expect(await overflowsSideways(page)).toBe(false);
    expect(await seriousViolations(page)).toEqual([]);
    await page.screenshot({ path: testInfo.outputPath('lti-platforms-phone-form.png') });
    await page.keyboard.press('Escape');
    await expect(edit).toBeHidden();
  } finally {
    await removeByIssuer(p.issuer);
  }
});
