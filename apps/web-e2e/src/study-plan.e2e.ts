import { expect, type Locator, type Page, test } from '@playwright/test';
import * as fs from 'node:fs/promises';
import {
  LEARNING_MESSAGES,
  type GenerateBatchResponse,
  type LearningExport,
  type LearningSummary,
} from '@examprep/contracts/types';
import { shot, signIn, signInWith } from './support/auth';
import { apiAs, apiCall, closeWelcome, freshLearner, type Learner } from './support/learners';
import { overflowsSideways, seriousViolations } from './support/phone';

// Issue 29 §4-5 in the browser, against the real gateway, testing and qbank services and
// Keycloak: the study plan, the learner's own learning data (export, delete), the admin's
// read-only view of a user's learning, and the reminder mail's unsubscribe page.

const DAY_MS = 86_400_000;
/** A 'YYYY-MM-DD' `days` from today, in UTC days as the service counts them. */
const utcDate = (days: number) => new Date(Date.now() + days * DAY_MS).toISOString().slice(0, 10);

async function json<T>(res: Response, what: string): Promise<T> {
  const text = await res.text();
  expect(res.status, `${what}: ${text}`).toBeLessThan(300);
  return JSON.parse(text) as T;
}

/**
 * `count` Infinite QBank answers of TEAS Math objective 1 through the API (as the page's Check
 * sends them), every one wrong-or-right as it falls; then waits until the learning engine has
 * folded them (the answer events are not awaited by Check).
 */
async function practise(learner: Learner, count = 10): Promise<void> {
  const batch = await json<GenerateBatchResponse>(
    await apiAs(
      learner,
      `/api/infiniteqbank/generate-batch?course=teas_math&objective=1&count=${count}`,
    ),
    'generate-batch',
  );
  for (const q of batch.questions) {
    const answer = q.type === 'single' ? [q.choices[0]] : ['1'];
    await json(await apiAs(learner, '/api/infiniteqbank/check', { id: q.id, answer }), 'check');
  }
  await expect
    .poll(
      async () =>
        (await json<LearningSummary>(await apiAs(learner, '/api/learning/summary'), 'summary'))
          .answers,
      { timeout: 15_000 },
    )
    .toBeGreaterThanOrEqual(batch.questions.length);
}

/** Opens the account menu (the e-mail address at the top right). */
async function openAccountMenu(page: Page, email: string): Promise<void> {
  await page.getByRole('button', { name: new RegExp(email, 'i') }).click();
}

test('a learner sets an exam date and minutes per day and sees the plan; a bad value shows the field error', async ({
  page,
}) => {
  const learner = await freshLearner('plan');
  await practise(learner);
  await signInWith(page, learner);
  await closeWelcome(page);

  // from the account menu, beside Gradebook
  await openAccountMenu(page, learner.email);
  await page.locator('.app-user-menu').getByRole('link', { name: 'Study plan' }).click();
  await page.waitForURL(/\/study-plan$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Study plan' })).toBeVisible();
  await expect(page.getByText(LEARNING_MESSAGES.noPlan)).toBeVisible();

  const date = page.getByLabel('Exam date');
  const minutes = page.getByLabel('Minutes per day');
  const reminders = page.getByRole('checkbox', { name: 'Email me a daily reminder' });
  const save = page.getByRole('button', { name: 'Save plan' });

  // the browser's check: the message beside the field, the focus on it, nothing sent
  const puts: string[] = [];
  page.on('request', (r) => {
    if (r.method() === 'PUT' && r.url().includes('/api/learning/plan')) puts.push(r.url());
  });
  await date.fill(utcDate(30));
  await minutes.fill('3');
  await save.click();
  await expect(minutes).toHaveAttribute('aria-invalid', 'true');
  await expect(minutes).toHaveAccessibleDescription(
    new RegExp(LEARNING_MESSAGES.minutesPerDay.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')),
  );
  await expect(minutes).toBeFocused();
  expect(puts).toHaveLength(0);
  await shot(page, 'study-plan-field-error.png');

  // a past exam date: the service's own rule and text
  await date.fill(utcDate(-1));
  await minutes.fill('20');
  await save.click();
  await expect(date).toHaveAttribute('aria-invalid', 'true');
  await expect(page.getByText(LEARNING_MESSAGES.examDate)).toBeVisible();
  expect(puts).toHaveLength(0);

  // the server's own check: a request whose minutes are changed on the way (as if the browser's
  // check were older than the service's) is refused by the real service, and its field error
  // stands beside the field with what was typed kept
  await date.fill(utcDate(30));
  await page.route('**/api/learning/plan', async (route) => {
    const request = route.request();
    if (request.method() !== 'PUT') return route.fallback();
    const body = request.postDataJSON() as Record<string, unknown>;
    await route.continue({ postData: JSON.stringify({ ...body, minutesPerDay: 601 }) });
  });
  await save.click();
  await expect(minutes).toHaveAttribute('aria-invalid', 'true');
  await expect(
    page.getByRole('alert').filter({ hasText: 'Could not save your study plan.' }),
  ).toBeVisible();
  await expect(page.getByText(LEARNING_MESSAGES.minutesPerDay)).toBeVisible();
  await expect(minutes).toHaveValue('20');
  await expect(date).toHaveValue(utcDate(30));
  await page.unrouteAll();
  puts.length = 0;

  await reminders.check();
  await save.click();
  await expect(
    page.getByRole('status').filter({ hasText: 'Your study plan was saved.' }),
  ).toBeVisible();
  expect(puts).toHaveLength(1);
  await expect(page.getByText('30 days left until your exam.')).toBeVisible();
  await expect(page.getByText('20 minutes a day')).toBeVisible();
  await expect(page.getByText(/^Your exam is in 30 days\./)).toBeVisible();
  const focus = page.getByRole('region', { name: /Share of your practice time/ });
  await expect(focus.getByRole('row')).not.toHaveCount(1);
  await expect(focus.getByText(/^\d+%$/).first()).toBeVisible();
  await expect(
    page.getByText(/^Practise .+ · \d+ min( · ~\d+ questions?)?$/).first(),
  ).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
  await shot(page, 'study-plan.png');

  // saved: a reload shows the settings in the form
  await page.reload();
  await expect(page.getByLabel('Minutes per day')).toHaveValue('20');
  await expect(page.getByLabel('Exam date')).toHaveValue(utcDate(30));
  await expect(page.getByRole('checkbox', { name: 'Email me a daily reminder' })).toBeChecked();
});

test('the learner downloads their learning data as JSON and deletes it, which empties the mastery', async ({
  page,
}) => {
  const learner = await freshLearner('data');
  await practise(learner);
  await json(
    await apiCall(learner, 'PUT', '/api/learning/plan', {
      examDate: utcDate(40),
      minutesPerDay: 30,
      reminders: false,
    }),
    'PUT plan',
  );
  await signInWith(page, learner);
  await closeWelcome(page);

  await openAccountMenu(page, learner.email);
  const downloaded = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Download my learning data' }).click();
  const download = await downloaded;
  expect(download.suggestedFilename()).toBe('learning-data.json');
  const exported = JSON.parse(await fs.readFile(await download.path(), 'utf8')) as LearningExport;
  expect(exported.uid).toBe(learner.uid);
  expect(exported.skills.length).toBeGreaterThan(0);
  expect(exported.plan).toEqual({ examDate: utcDate(40), minutesPerDay: 30, reminders: false });

  // Delete: a dialog says what goes and what stays; Cancel keeps everything
  await openAccountMenu(page, learner.email);
  await page.getByRole('button', { name: 'Delete my learning data' }).click();
  const dialog = page.getByRole('dialog', { name: 'Delete your learning data?' });
  await expect(dialog).toContainText('mastery');
  await expect(dialog).toContainText('Your tests, their grades and your purchases stay.');
  expect(await seriousViolations(page)).toEqual([]);
  await shot(page, 'learning-data-delete.png');
  await dialog.getByRole('button', { name: 'Delete my learning data' }).click();
  await expect(
    page.getByRole('status').filter({ hasText: LEARNING_MESSAGES.deleted }),
  ).toBeVisible();
  await expect(dialog).toBeHidden();
  await shot(page, 'learning-data-deleted.png');

  const summary = await json<LearningSummary>(
    await apiAs(learner, '/api/learning/summary'),
    'summary',
  );
  expect(summary.answers).toBe(0);
  expect(summary.courses.flatMap((c) => c.objectives).filter((o) => o.answers > 0)).toEqual([]);
  const after = await json<LearningExport>(await apiAs(learner, '/api/learning/export'), 'export');
  expect(after.skills).toEqual([]);
  expect(after.plan).toBeNull();

  await page.goto('/study-plan');
  await expect(page.getByText(LEARNING_MESSAGES.noPlan)).toBeVisible();
});

/** Signs in as the admin and opens the learner's Learning tab beside View Gradebook. */
async function openLearningTab(page: Page, learner: Learner): Promise<Locator> {
  await signIn(page, 'admin');
  await page.goto('/user-list');
  await page.getByLabel('Email', { exact: true }).fill(learner.email);
  const table = page.getByRole('table');
  await expect(table.getByRole('rowheader')).toHaveText([learner.email]);
  await table.getByRole('button', { name: `View Gradebook ${learner.email}` }).click();
  const dialog = page.getByRole('dialog', { name: `Gradebook of ${learner.email}` });
  await dialog.getByRole('tab', { name: 'Learning' }).click();
  return dialog;
}

test("the admin opens a user's learning beside the gradebook (read-only)", async ({ page }) => {
  const learner = await freshLearner('admin-view');
  await practise(learner);
  const dialog = await openLearningTab(page, learner);
  const view = dialog.getByTestId('user-learning');
  await expect(view).toContainText(`learning data of ${learner.email}`);
  await expect(view).toContainText(/\d+ graded answers/);
  await expect(view.getByRole('heading', { name: 'Mastery by objective' })).toBeVisible();
  await expect(view.getByRole('region', { name: /TEAS Math: mastery by objective/ })).toBeVisible();
  await expect(
    view.getByRole('region', { name: /TEAS Math: mastery by objective/ }).getByRole('rowheader'),
  ).not.toHaveCount(0);
  await expect(view.getByRole('textbox')).toHaveCount(0);
  expect(await seriousViolations(page)).toEqual([]);
  await shot(page, 'admin-user-learning.png');
});

test('the unsubscribe page asks first, POSTs only on the click, and says a bad link', async ({
  page,
}) => {
  const posts: string[] = [];
  page.on('request', (r) => {
    if (r.method() === 'POST' && r.url().includes('/api/learning/unsubscribe')) posts.push(r.url());
  });
  // a well-formed token no learner has
  const token = 'Z'.repeat(43);
  await page.goto(`/unsubscribe?token=${token}`);
  const confirm = page.getByRole('button', { name: 'Unsubscribe' });
  await expect(confirm).toBeVisible();
  await expect(page.getByText('Stop the daily study reminder mail?')).toBeVisible();
  expect(posts).toHaveLength(0);
  expect(await seriousViolations(page)).toEqual([]);
  await shot(page, 'unsubscribe.png');
  await confirm.click();
  await expect(page.getByRole('alert')).toContainText(LEARNING_MESSAGES.unsubscribe);
  expect(posts).toEqual([expect.stringContaining(`token=${token}`)]);
});

test('the study plan and the learning data menu at 375 px, by keyboard, axe clean @phone', async ({
  page,
}) => {
  const learner = await freshLearner('plan-phone');
  await practise(learner);
  await signInWith(page, learner);
  await closeWelcome(page);
  await page.goto('/study-plan');
  await expect(page.getByText(LEARNING_MESSAGES.noPlan)).toBeVisible();

  // by keyboard only: type the date and the minutes, tick the reminder, submit with Enter
  await page.getByLabel('Exam date').focus();
  await page.keyboard.type(utcDate(21).replace(/^(\d+)-(\d+)-(\d+)$/, '$2$3$1'));
  await expect(page.getByLabel('Exam date')).toHaveValue(utcDate(21));
  // Tab walks the date's own month, day and year parts first, then leaves it
  const minutes = page.getByLabel('Minutes per day');
  for (let i = 0; i < 3 && !(await minutes.evaluate((el) => el === document.activeElement)); i++)
    await page.keyboard.press('Tab');
  await expect(minutes).toBeFocused();
  await page.keyboard.press('ControlOrMeta+a');
  await page.keyboard.type('45');
  await page.keyboard.press('Tab');
  await expect(page.getByRole('checkbox', { name: 'Email me a daily reminder' })).toBeFocused();
  await page.keyboard.press('Space');
  await page.keyboard.press('Tab');
  await expect(page.getByRole('button', { name: 'Save plan' })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page.getByText('21 days left until your exam.')).toBeVisible();
  expect(await overflowsSideways(page)).toBe(false);
  expect(await seriousViolations(page)).toEqual([]);
  await shot(page, 'study-plan-phone.png');

  await openAccountMenu(page, learner.email);
  await expect(page.getByRole('button', { name: 'Delete my learning data' })).toBeVisible();
  await shot(page, 'learning-data-menu-phone.png');
  await page.getByRole('button', { name: 'Delete my learning data' }).click();
  const dialog = page.getByRole('dialog', { name: 'Delete your learning data?' });
  await expect(dialog).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
  await shot(page, 'learning-data-delete-phone.png');
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();

  await page.goto(`/unsubscribe?token=${'Y'.repeat(43)}`);
  await expect(page.getByRole('button', { name: 'Unsubscribe' })).toBeVisible();
  expect(await overflowsSideways(page)).toBe(false);
  await shot(page, 'unsubscribe-phone.png');
});

test("the admin's Learning tab at 375 px, axe clean @phone", async ({ page }) => {
  const learner = await freshLearner('admin-phone');
  await practise(learner);
  const dialog = await openLearningTab(page, learner);
  await expect(dialog.getByTestId('user-learning')).toContainText(/\d+ graded answers/);
  expect(await overflowsSideways(page)).toBe(false);
  expect(await seriousViolations(page)).toEqual([]);
  await shot(page, 'admin-user-learning-phone.png');
});
