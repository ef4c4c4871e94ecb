import {
  overflowsSideways,
  SCROLL_FORMULA_LABEL,
  seriousViolations,
  unreachableFormulas,
} from './support/phone';
import { expect, test, type Page } from '@playwright/test';
import * as fs from 'node:fs/promises';
import { shot, signIn } from './support/auth';

// Admin spec §2.3-2.6 against the real gateway and qbank service: the question editor, the
// question list, the preview modal and the course topic manager.

/** Every question these journeys create has this in its text. */
const TEXT_MARK = ': which equal';

/**
 * Deletes the questions a failed test left behind (found by its marker), through the list.
 * Only its own: the desktop and phone copies of this file may run at the same time.
 */
async function removeLeftovers(page: Page, marker: string): Promise<void> {
  await page.goto(`/question-list?search=${encodeURIComponent(marker)}`);
  await expect(page.getByText(/^Total Questions: \d+$/)).toBeVisible();
  const rows = page.getByRole('table').getByRole('rowheader');
  for (let left = await rows.count(); left > 0; left--) {
    const qid = (await rows.first().textContent())?.trim() ?? '';
    await page.getByRole('button', { name: `Delete ${qid}` }).click();
    await page
      .getByRole('dialog', { name: 'Delete Question' })
      .getByRole('button', { name: 'Yes' })
      .click();
    await expect(page.getByRole('rowheader', { name: qid })).toHaveCount(0);
  }
}

/** The marker of the running test's questions. */
let current: string | undefined;

test.afterEach(async ({ page }, testInfo) => {
  if (current && testInfo.status !== testInfo.expectedStatus) {
    await removeLeftovers(page, current).catch(() => undefined);
  }
  current = undefined;
});

const stamp = () => {
  current = `${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;
  return current;
};

/** The explanation of the questions the journeys create. */
const EXPLANATION = 'One half is \\[\\frac{2}{4}=0.5\\]';

/**
 * An explanation with display formulas too wide for a phone: a heparin dimensional-analysis
 * chain (it can break after = and ×) and one long term that cannot break.
 */
const WIDE_EXPLANATION =
  'As one chain: \\[\\frac{18\\,\\text{units}}{\\text{kg} \\cdot \\text{hr}} \\times 87\\,\\text{kg} \\times \\frac{500\\,\\text{mL}}{25{,}000\\,\\text{units}} = 31.32\\,\\text{mL/hr}\\]' +
  ' One term that cannot break: \\[\\frac{12345678901234567890123456789012345678901234567890}{2}\\]';

/** Creates a SATA question with LaTeX through the editor; returns its question text. */
async function createSataQuestion(
  page: Page,
  marker: string,
  explanation = EXPLANATION,
): Promise<string> {
  const text = `E2E ${marker}${TEXT_MARK} \\(\\frac{1}{2}\\)?`;
  await page.goto('/add-question');
  await expect(page.getByRole('heading', { level: 1, name: 'Add New Question' })).toBeVisible();
  await page.getByLabel('Question Type').selectOption('sata');
  await page.getByLabel('Course', { exact: true }).selectOption('new');
  await page.getByLabel('New course name').fill(`E2E Course ${marker}`);
  await page.getByLabel('Objective', { exact: true }).selectOption('new');
  await page.getByLabel('New objective name').fill('E2E 1.1');
  await page.getByLabel('Question', { exact: true }).fill(text);
  const choices = ['\\(0.5\\)', '2/4', '1/3', '50%'];
  for (const [i, choice] of choices.entries()) {
    await page.getByLabel(`Choice ${i + 1}`, { exact: true }).fill(choice);
  }
  for (const n of [1, 2, 4]) await page.getByLabel(`Choice ${n} is correct`).check();
  await page.getByLabel('Explanation', { exact: true }).fill(explanation);
  return text;
}

test('an admin creates a SATA question with LaTeX, finds, edits, previews, answers and deletes it', async ({
  page,
}) => {
  const marker = stamp();
  await signIn(page, 'admin');

  // The editor: an empty save lists the spec's problems first.
  await page.goto('/add-question');
  await page.getByRole('button', { name: 'Save Question' }).click();
  const fix = page.getByRole('dialog', { name: 'Please fix the following:' });
  await expect(fix.getByText('Please enter a question.')).toBeVisible();
  await expect(fix.getByText('Answer choices cannot be empty.')).toBeVisible();
  await fix.getByRole('button', { name: 'OK' }).click();
  await expect(fix).toBeHidden();

  const text = await createSataQuestion(page, marker);
  // Live previews: KaTeX in the question preview, the stored document as JSON.
  await expect(
    page.getByRole('group', { name: 'Question preview' }).locator('.katex').first(),
  ).toBeVisible();
  const json = JSON.parse((await page.getByTestId('json-preview').textContent()) ?? '{}');
  expect(json).toMatchObject({
    qid: null,
    type: 'sata',
    question: text,
    correctAnswer: ['\\(0.5\\)', '2/4', '50%'],
    course: `E2E Course ${marker}`,
    objective: 'E2E 1.1',
  });
  await shot(page, 'add-question.png');
  await page.getByRole('button', { name: 'Save Question' }).click();
  await expect(page.getByText('Question saved successfully!')).toBeVisible();
  await expect(page.getByLabel('Question', { exact: true })).toHaveValue('');
  // The new course is offered by the refreshed pickers.
  await expect(
    page
      .getByLabel('Course', { exact: true })
      .getByRole('option', { name: `E2E Course ${marker}` }),
  ).toHaveCount(1);

  // The list: search (debounced, kept in the URL) finds it.
  await page.goto('/question-list');
  await expect(page.getByRole('heading', { level: 1, name: 'Question List' })).toBeVisible();
  await expect(page.getByText(/^Total Questions: \d+$/)).toBeVisible();
  await page.getByRole('searchbox', { name: 'Search' }).fill(marker);
  await expect(page).toHaveURL(new RegExp(`search=${marker}`));
  const rows = page.getByRole('table').getByRole('rowheader');
  await expect(rows).toHaveCount(1);
  const qid = (await rows.first().textContent())?.trim() ?? '';
  expect(qid).toMatch(/^[A-Z]{2}\d{2}$/);
  await expect(page.getByText('Total Questions: 1')).toBeVisible();
  const row = page.getByRole('row').filter({ has: page.getByRole('rowheader', { name: qid }) });
  await expect(row.getByRole('cell').nth(2)).toHaveText('Select All That Apply');
  await expect(row.locator('.katex').first()).toBeVisible();
  await page.reload();
  await expect(page.getByRole('searchbox', { name: 'Search' })).toHaveValue(marker);
  await expect(rows).toHaveText([qid]);
  await shot(page, 'question-list.png');

  // Export Questions of the current filters.
  const downloaded = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Export Questions' }).click();
  const download = await downloaded;
  expect(download.suggestedFilename()).toMatch(/^questions_export_\d{4}-\d{2}-\d{2}\.json$/);
  const file = JSON.parse(await fs.readFile(await download.path(), 'utf8'));
  expect(Object.keys(file)).toEqual(['exportDate', 'totalQuestions', 'filters', 'questions']);
  expect(file).toMatchObject({ totalQuestions: 1, filters: { search: marker } });
  expect(file.questions[0]).toMatchObject({ qid, question: text });
  await expect(page.getByText('Successfully exported 1 questions to JSON file.')).toBeVisible();

  // Edit: the editor loads the stored question and Update Question writes it (PUT).
  await page.getByRole('link', { name: `Edit ${qid}` }).click();
  await expect(
    page.getByRole('heading', { level: 1, name: `Edit Question (QID: ${qid})` }),
  ).toBeVisible();
  const explanation = page.getByLabel('Explanation', { exact: true });
  await expect(explanation).toHaveValue('One half is \\[\\frac{2}{4}=0.5\\]');
  await expect(page.getByLabel('Choice 3 is correct')).not.toBeChecked();
  await explanation.fill('One half is \\[\\frac{2}{4}=0.5\\] (edited)');
  await page.getByRole('button', { name: 'Update Question' }).click();
  await expect(page.getByText('Question saved successfully!')).toBeVisible();
  await page.waitForURL(/\/add-question\?mode=new$/);
  await page.goto(`/question-list?search=${marker}`);
  await expect(rows).toHaveText([qid]);

  // Preview: a wrong answer, Try Again, the right one.
  await page.getByRole('button', { name: `Preview ${qid}` }).click();
  const preview = page.getByRole('dialog', { name: `Question Preview (QID: ${qid})` });
  await expect(preview.getByText(`E2E Course ${marker}`)).toBeVisible();
  await preview.getByRole('button', { name: 'Submit Answer' }).click();
  await expect(preview.getByText('Please select an answer before submitting!')).toBeVisible();
  await preview.getByRole('checkbox', { name: '2/4' }).check();
  await preview.getByRole('button', { name: 'Submit Answer' }).click();
  await expect(preview.getByText('Incorrect.')).toBeVisible();
  await expect(preview.getByText('Correct answers:')).toBeVisible();
  await expect(preview.getByRole('heading', { name: 'Explanation' })).toBeVisible();
  await expect(preview.getByText('(edited)')).toBeVisible();
  await shot(page, 'question-preview-incorrect.png');
  await preview.getByRole('button', { name: 'Try Again' }).click();
  await expect(preview.getByRole('checkbox', { name: '2/4' })).not.toBeChecked();
  for (const name of ['50%', '2/4']) await preview.getByRole('checkbox', { name }).check();
  // The LaTeX choice \(0.5\): named by the formula's text alternative.
  await preview.getByRole('checkbox', { name: '0.5', exact: true }).check();
  await preview.getByRole('button', { name: 'Submit Answer' }).click();
  await expect(preview.getByText('Correct!')).toBeVisible();
  await shot(page, 'question-preview-correct.png');
  await preview.getByRole('button', { name: 'Close' }).last().click();
  await expect(preview).toBeHidden();

  // Delete with a Yes/No confirm.
  await page.getByRole('button', { name: `Delete ${qid}` }).click();
  const confirm = page.getByRole('dialog', { name: 'Delete Question' });
  await expect(confirm.getByText(`Are you sure you want to delete question ${qid}?`)).toBeVisible();
  await confirm.getByRole('button', { name: 'Yes' }).click();
  await expect(page.getByText('Question deleted successfully.')).toBeVisible();
  await expect(page.getByText('No results found.')).toBeVisible();
});

test('an admin filters the list, loads the next page and exports it with progress (ADR 0026)', async ({
  page,
}) => {
  await signIn(page, 'admin');
  await page.goto('/question-list');
  await expect(page.getByRole('table')).toBeVisible();
  const filtered = page.waitForResponse((r) =>
    /\/api\/questions\?course=TEAS\+Math\+QBank$/.test(r.url()),
  );
  await page.getByLabel('Course', { exact: true }).selectOption('TEAS Math QBank');
  await page.waitForURL(/\/question-list\?course=TEAS\+Math\+QBank$/);
  await filtered;
  const total = page.getByText(/^Total Questions: \d+$/);
  await expect(total).toBeVisible();
  const n = Number((await total.textContent())!.replace(/\D/g, ''));
  expect(n).toBeGreaterThan(100); // the seeded TEAS Math QBank holds 200 or more
  const rows = page.getByRole('table').getByRole('rowheader');
  await expect(rows).toHaveCount(50);
  await expect(page.getByText(`Showing 50 of ${n}`)).toBeVisible();
  const firstPage = await rows.allTextContents();

  // the next page by its cursor: 50 more, none shown twice
  const nextPage = page.waitForRequest((r) => /\/api\/questions\?.*cursor=/.test(r.url()));
  await page.getByRole('button', { name: 'Load more' }).click();
  expect(new URL((await nextPage).url()).searchParams.get('course')).toBe('TEAS Math QBank');
  await expect(rows).toHaveCount(100);
  await expect(page.getByText(`Showing 100 of ${n}`)).toBeVisible();
  const shown = await rows.allTextContents();
  expect(shown.slice(0, 50)).toEqual(firstPage);
  expect(new Set(shown).size).toBe(100);

  // an export held back by the network shows its progress and can be cancelled
  await page.route('**/api/questions/export?*', async (route) => {
    await new Promise((r) => setTimeout(r, 3_000));
    await route.continue().catch(() => undefined);
  });
  await page.getByRole('button', { name: 'Export Questions' }).click();
  await expect(page.getByTestId('export-progress')).toHaveText(/^0 questions \(0\.0 KB\)$/);
  await page.getByRole('button', { name: 'Cancel export' }).click();
  await expect(page.getByText('Export cancelled.')).toBeVisible();
  await expect(page.getByTestId('export-progress')).toHaveCount(0);
  await page.unroute('**/api/questions/export?*');

  // the whole filtered list, streamed page by page by the gateway
  const downloaded = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Export Questions' }).click();
  const download = await downloaded;
  expect(download.suggestedFilename()).toMatch(/^questions_export_\d{4}-\d{2}-\d{2}\.json$/);
  const file = JSON.parse(await fs.readFile(await download.path(), 'utf8'));
  expect(Object.keys(file)).toEqual(['exportDate', 'totalQuestions', 'filters', 'questions']);
  expect(file).toMatchObject({ totalQuestions: n, filters: { course: 'TEAS Math QBank' } });
  expect(file.questions).toHaveLength(n);
  expect(file.questions.slice(0, 100).map((q: { qid: string }) => q.qid)).toEqual(shown);
  await expect(page.getByText(`Successfully exported ${n} questions to JSON file.`)).toBeVisible();
});

test('edit mode of a missing question says Question Not Found and goes to new mode', async ({
  page,
}) => {
  await signIn(page, 'admin');
  await page.goto('/add-question?mode=edit&qid=ZZ98');
  await expect(page.getByText('Question Not Found')).toBeVisible();
  await page.waitForURL(/\/add-question\?mode=new$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Add New Question' })).toBeVisible();
});

test('the course topic manager lists courses and objectives with their topics', async ({
  page,
}) => {
  await signIn(page, 'admin');
  await page.goto('/course-topic-manager');
  await expect(page.getByRole('heading', { level: 1, name: 'Course Topic Manager' })).toBeVisible();
  await expect(page.getByRole('heading', { level: 2 }).nth(1)).toBeVisible();
  const objectives = page.getByRole('heading', { level: 3 });
  await expect(objectives.first()).toHaveText(/^.+ - .+$/);
  await expect(page.getByRole('checkbox', { name: /^Free / }).first()).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
  await shot(page, 'course-topic-manager.png');
  await page.getByRole('searchbox', { name: 'Search' }).fill('no such topic anywhere');
  await expect(page.getByText('No topics match the current filters.')).toBeVisible();
  await page.getByRole('button', { name: 'Clear All Filters' }).click();
  await expect(objectives.first()).toBeVisible();
});

test('a learner opening the question pages is sent to the dashboard', async ({ page }) => {
  await signIn(page, 'learner');
  for (const path of ['/question-list', '/add-question', '/course-topic-manager']) {
    await page.goto(path);
    await page.waitForURL(/\/dashboard/);
  }
});

test('the question pages work on a phone and have no serious accessibility violation @phone', async ({
  page,
}) => {
  const marker = stamp();
  await signIn(page, 'admin');
  await createSataQuestion(page, marker, WIDE_EXPLANATION);
  // the editor's live previews render the same formulas
  await expect(
    page.getByRole('group', { name: 'Explanation preview' }).locator('.katex-display'),
  ).toHaveCount(2);
  expect(await overflowsSideways(page)).toBe(false);
  expect(await unreachableFormulas(page)).toEqual([]);
  expect(await seriousViolations(page)).toEqual([]);
  await shot(page, 'add-question-phone.png');
  await page.getByRole('button', { name: 'Save Question' }).click();
  await expect(page.getByText('Question saved successfully!')).toBeVisible();

  await page.goto(`/question-list?search=${marker}`);
  await expect(page.getByRole('table')).toBeVisible();
  await expect(page.getByRole('table').getByRole('rowheader')).toHaveCount(1);
  // The table scrolls inside its own region; the page itself does not scroll sideways.
  expect(await overflowsSideways(page)).toBe(false);
  expect(await seriousViolations(page)).toEqual([]);
  await shot(page, 'question-list-phone.png');

  const qid = (await page.getByRole('table').getByRole('rowheader').first().textContent())?.trim();
  await page.getByRole('button', { name: `Preview ${qid}` }).click();
  const preview = page.getByRole('dialog', { name: `Question Preview (QID: ${qid})` });
  await expect(preview).toBeVisible();
  expect(await overflowsSideways(page)).toBe(false);
  expect(await seriousViolations(page)).toEqual([]);
  await shot(page, 'question-preview-phone.png');

  // The answered state shows the explanation: checked as it is, with axe too.
  for (const name of ['50%', '2/4', '0.5']) {
    await preview.getByRole('checkbox', { name, exact: true }).check();
  }
  await preview.getByRole('button', { name: 'Submit Answer' }).click();
  await expect(preview.getByText('Correct!')).toBeVisible();
  await expect(preview.locator('.app-math-display')).toHaveCount(2);
  expect(await overflowsSideways(page)).toBe(false);
  expect(await unreachableFormulas(page)).toEqual([]);
  expect(await seriousViolations(page)).toEqual([]);
  // The heparin chain breaks across lines: read without scrolling, no extra tab stop.
  const chain = preview.locator('.app-math-display').first();
  expect(await chain.evaluate((e) => e.scrollWidth <= e.clientWidth + 1)).toBe(true);
  const wrapped = await chain.evaluate((e) => {
    const boxes = Array.from(e.querySelectorAll('.katex-html > .base')).map((b) =>
      b.getBoundingClientRect(),
    );
    return boxes.length > 1 && boxes[boxes.length - 1].top >= boxes[0].bottom - 1;
  });
  expect(wrapped).toBe(true);
  await expect(chain).not.toHaveAttribute('tabindex');
  // The term that cannot break scrolls in a named group the keyboard reaches and scrolls.
  const wide = preview.getByRole('group', { name: SCROLL_FORMULA_LABEL });
  await expect(wide).toHaveCount(1);
  await preview.getByRole('button', { name: 'Try Again' }).focus();
  await page.keyboard.press('Shift+Tab');
  await expect(wide).toBeFocused();
  expect(await wide.evaluate((e) => getComputedStyle(e).outlineStyle)).not.toBe('none');
  for (let i = 0; i < 8; i += 1) await page.keyboard.press('ArrowRight');
  await expect.poll(() => wide.evaluate((e) => e.scrollLeft)).toBeGreaterThan(0);
  await shot(page, 'question-preview-phone-answered.png');
  await page.getByRole('button', { name: 'Close' }).last().click();

  await page.getByRole('button', { name: `Delete ${qid}` }).click();
  await page
    .getByRole('dialog', { name: 'Delete Question' })
    .getByRole('button', { name: 'Yes' })
    .click();
  await expect(page.getByText('Question deleted successfully.')).toBeVisible();

  await page.goto('/course-topic-manager');
  await expect(page.getByRole('checkbox', { name: /^Free / }).first()).toBeVisible();
  expect(await overflowsSideways(page)).toBe(false);
  await shot(page, 'course-topic-manager-phone.png');
});
