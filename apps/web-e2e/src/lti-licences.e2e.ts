import { expect, test, type Page } from '@playwright/test';
import { seededUsers } from '@examprep/test-kit';
import { signIn } from './support/auth';
import { apiAs, apiCall } from './support/learners';
import { overflowsSideways, seriousViolations } from './support/phone';

const PLATFORMS = '/api/admin/lti/platforms';
const LICENCES = '/api/admin/lti/licences';
const DAY_MS = 24 * 60 * 60 * 1000;
/** A school term from today (UTC days, as the server counts them). */
const TERM_DAYS = 120;

const utcDay = (ms: number) => new Date(ms).toISOString().slice(0, 10);

/** A platform of its own per run, made through the API (the licence screen is under test). */
async function makePlatform(tag: string): Promise<{ id: string; name: string }> {
  const id = `${tag}-${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
  const issuer = `https://lms-${id}.example`;
  const res = await apiAs(seededUsers.admin, PLATFORMS, {
    name: `E2E School ${id}`,
    issuer,
    clientId: `client-${tag}`,
    deploymentIds: ['dep-1'],
    authUrl: `${issuer}/auth`,
    tokenUrl: `${issuer}/token`,
    jwksUrl: `${issuer}/jwks`,
    status: 'active',
  });
  expect(res.status).toBe(201);
  return (await res.json()) as { id: string; name: string };
}

interface LicenceRow {
  id: string;
  name: string;
  productIds: string[];
  seats: number;
}

/**
 * Undoes what a test made, whatever step it stopped at. Licences cannot be deleted: each is
 * ended (a term in the past, so the sweep takes back what it gave) while its platform still
 * exists, then the platform is deleted.
 */
async function cleanUp(platformId: string): Promise<void> {
  const res = await apiAs(seededUsers.admin, `${LICENCES}?platformId=${platformId}`);
  if (res.ok) {
    const yesterday = utcDay(Date.now() - DAY_MS);
    const { licences } = (await res.json()) as { licences: LicenceRow[] };
    for (const l of licences) {
      await apiCall(seededUsers.admin, 'PUT', `${LICENCES}/${l.id}`, {
        platformId,
        name: l.name,
        productIds: l.productIds,
        seats: l.seats,
        startsOn: yesterday,
        endsOn: yesterday,
      });
    }
  }
  await apiCall(seededUsers.admin, 'DELETE', `${PLATFORMS}/${platformId}`);
}

const rowOf = (page: Page, name: string) =>
  page.getByRole('row').filter({ has: page.getByRole('rowheader', { name, exact: true }) });

// Issue 30: the site admin sells a school seats: a licence of TEAS Math QBank for its LMS.
test('admin makes a seat licence for a school LMS, lowers its seats and opens its seats', async ({
  page,
}, testInfo) => {
  const platform = await makePlatform('lic');
  const name = `Licence ${platform.name}`;
  const startsOn = utcDay(Date.now());
  const endsOn = utcDay(Date.now() + TERM_DAYS * DAY_MS);
  try {
    await signIn(page, 'admin');

    // the admin menu leads here; the platform's row leads to its licences
    await page.goto('/lti-platforms');
    await page.getByRole('button', { name: new RegExp(seededUsers.admin.email, 'i') }).click();
    await expect(page.getByRole('link', { name: 'School Licences' })).toHaveAttribute(
      'href',
      '/lti-licences',
    );
    await page.keyboard.press('Escape');
    await rowOf(page, platform.name)
      .getByRole('link', { name: `Licences platform ${platform.name}` })
      .click();
    await expect(page).toHaveURL(`/lti-licences?platformId=${platform.id}`);
    await expect(page.getByRole('heading', { level: 1, name: 'School Licences' })).toBeVisible();
    await expect(page.getByLabel('Platform', { exact: true })).toHaveValue(platform.id);
    await expect(page.getByText('No licences yet.')).toBeVisible();

    // new licence: the filtered platform is chosen; a missing end date is refused first
    await page.getByRole('button', { name: 'New licence' }).click();
    const form = page.getByRole('dialog', { name: 'New licence' });
    await expect(form.getByLabel('LMS platform')).toHaveValue(platform.id);
    await expect(form.getByLabel('Start date')).toHaveValue(startsOn);
    await form.getByLabel('Name').fill(name);
    await form.getByRole('checkbox', { name: 'TEAS Math QBank', exact: true }).check();
    await form.getByLabel('Seats').fill('30');
    await form.getByRole('button', { name: 'Save' }).click();
    await expect(
      form.getByText('Start and end must be dates (YYYY-MM-DD), the end on or after the start.'),
    ).toBeVisible();
    await form.getByLabel('End date').fill(endsOn);
    expect(await seriousViolations(page)).toEqual([]);
    await form.getByRole('button', { name: 'Save' }).click();
    await expect(form).toBeHidden();

    const row = rowOf(page, name);
    await expect(row).toContainText(platform.name);
    await expect(row).toContainText('TEAS Math QBank');
    await expect(row).toContainText('0 / 30');
    await expect(row.getByText('Active', { exact: true })).toBeVisible();
    await expect(row.locator('time').first()).toHaveAttribute('datetime', startsOn);
    await expect(row.locator('time').last()).toHaveAttribute('datetime', endsOn);

    // edit: 25 seats
    await row.getByRole('button', { name: `Edit licence ${name}` }).click();
    const edit = page.getByRole('dialog', { name: 'Edit licence' });
    await expect(edit.getByLabel('Seats')).toHaveValue('30');
    await expect(
      edit.getByRole('checkbox', { name: 'TEAS Math QBank', exact: true }),
    ).toBeChecked();
    await edit.getByLabel('Seats').fill('25');
    await edit.getByRole('button', { name: 'Save' }).click();
    await expect(edit).toBeHidden();
    await expect(row).toContainText('0 / 25');
    await page.screenshot({
      path: testInfo.outputPath('lti-licences-desktop.png'),
      fullPage: true,
    });

    // nobody has launched yet: no seat taken
    await row.getByRole('button', { name: `Seats licence ${name}` }).click();
    const seats = page.getByRole('dialog', { name: `Seats of ${name}` });
    await expect(seats.getByText('No seats taken yet.')).toBeVisible();
    expect(await seriousViolations(page)).toEqual([]);
    await page.keyboard.press('Escape');
    await expect(seats).toBeHidden();
  } finally {
    await cleanUp(platform.id);
  }
});

test('the school licences page works on a phone and has no serious accessibility violation @phone', async ({
  page,
}, testInfo) => {
  const platform = await makePlatform('licphone');
  const name = `Licence ${platform.name}`;
  const made = await apiAs(seededUsers.admin, LICENCES, {
    platformId: platform.id,
    name,
    productIds: ['teas_math_qbank'],
    seats: 30,
    startsOn: utcDay(Date.now()),
    endsOn: utcDay(Date.now() + TERM_DAYS * DAY_MS),
  });
  expect(made.status).toBe(201);
  try {
    await signIn(page, 'admin');
    await page.goto(`/lti-licences?platformId=${platform.id}`);
    await expect(page.getByRole('heading', { level: 1, name: 'School Licences' })).toBeVisible();
    const row = rowOf(page, name);
    await expect(row).toContainText('0 / 30');
    expect(await overflowsSideways(page)).toBe(false);
    expect(await seriousViolations(page)).toEqual([]);
    await page.screenshot({ path: testInfo.outputPath('lti-licences-phone.png'), fullPage: true });

    // the form fits the phone too, and is reached by keyboard
    await row.getByRole('button', { name: `Edit licence ${name}` }).focus();
    await page.keyboard.press('Enter');
    const edit = page.getByRole('dialog', { name: 'Edit licence' });
    await expect(edit.getByLabel('Name')).toHaveValue(name);
    expect(await overflowsSideways(page)).toBe(false);
    expect(await seriousViolations(page)).toEqual([]);
    await page.screenshot({ path: testInfo.outputPath('lti-licences-phone-form.png') });
    await page.keyboard.press('Escape');
    await expect(edit).toBeHidden();

    // the seats dialog too
    await row.getByRole('button', { name: `Seats licence ${name}` }).focus();
    await page.keyboard.press('Enter');
    const seats = page.getByRole('dialog', { name: `Seats of ${name}` });
    await expect(seats.getByText('No seats taken yet.')).toBeVisible();
    expect(await overflowsSideways(page)).toBe(false);
    expect(await seriousViolations(page)).toEqual([]);
    await page.screenshot({ path: testInfo.outputPath('lti-licences-phone-seats.png') });
  } finally {
    await cleanUp(platform.id);
  }
});
