import { expect, test } from '@playwright/test';
import * as fs from 'node:fs/promises';
import { overflowsSideways, seriousViolations } from './support/phone';
import { shot, signIn } from './support/auth';
import { apiAs, freshLearner } from './support/learners';

const CSV_HEADER =
  'qid,course,objective,topic,stem,n,correct,facility,sd,discrimination,pointBiserial,flagged,flagRate,medianSeconds,lastAt';
const COURSE = 'Med Dosage Sample QBank';

/**
 * Two learners grade the free Med Dosage sample (one checks every question with its first
 * choice, the other flags the first question and leaves the rest): their facts reach the item
 * statistics, whatever else the system holds.
 */
async function gradedSamples(): Promise<string[]> {
  const qids: string[] = [];
  for (const tag of ['ia-a', 'ia-b']) {
    const learner = await freshLearner(tag);
    const made = await apiAs(learner, '/api/create-test', {
      productId: 'med_dosage_sample_qbank',
      includeId: 'med_dosage_sample_qbank',
      mode: 'full',
    });
    expect(made.status).toBeLessThan(300);
    const { testId } = (await made.json()) as { testId: string };
    const view = (await (await apiAs(learner, `/api/tests/${testId}`)).json()) as {
      questions: { qid: string; type: string; answerOrder: string[] }[];
    };
    for (const [i, q] of view.questions.entries()) {
      qids.push(q.qid);
      if (tag === 'ia-b') {
        if (i === 0)
          await apiAs(learner, '/api/flag-question', { testId, questionId: q.qid, flagged: true });
        continue;
      }
      const submittedAnswer =
        q.type === 'blank' ? '1' : q.type === 'sata' ? [q.answerOrder[0]!] : q.answerOrder[0]!;
      const r = await apiAs(learner, '/api/submit-quiz-answer', {
        testId,
        questionId: q.qid,
        submittedAnswer,
      });
      expect(r.status).toBeLessThan(300);
    }
    expect((await apiAs(learner, '/api/submit-test', { testId })).status).toBeLessThan(300);
  }
  return [...new Set(qids)];
}

// Issue 28 part 4 (ADR 0037): the admin's item analysis on statistics folded from real submits.
test('admin sorts and filters the item statistics, opens a question, exports the CSV', async ({
  page,
}) => {
  const qids = await gradedSamples();
  await signIn(page, 'admin');
  await page.goto('/item-analysis');
  await expect(page.getByRole('heading', { level: 1, name: 'Item Analysis' })).toBeVisible();
  const table = page.getByTestId('item-stats-table');
  await expect(table).toBeVisible();

  // filter by the course: every row is of it, and the sample's questions are there
  await page.getByLabel('Course').selectOption(COURSE);
  await expect(page).toHaveURL(/course=Med\+Dosage\+Sample\+QBank/);
  const rows = table.locator('tbody tr');
  await expect(rows.first()).toContainText(COURSE);
  for (const text of await rows.allInnerTexts()) expect(text).toContain(COURSE);
  await expect(table.getByText(qids[0]!, { exact: true })).toBeVisible();

  // sort by attempts, then reverse it: the column says so and the numbers follow
  const attempts = async () =>
    (await rows.locator('td:nth-child(4)').allInnerTexts()).map((t) => Number(t));
  await page.getByRole('button', { name: 'Sort by Attempts' }).click();
  await expect(table.getByRole('columnheader', { name: /Attempts/ })).toHaveAttribute(
    'aria-sort',
    'ascending',
  );
  const up = await attempts();
  expect(up).toEqual([...up].sort((a, b) => a - b));
  await page.getByRole('button', { name: 'Sort by Attempts' }).click();
  await expect(table.getByRole('columnheader', { name: /Attempts/ })).toHaveAttribute(
    'aria-sort',
    'descending',
  );
  await expect.poll(attempts).toEqual([...up].sort((a, b) => b - a));

  // the details of the first question: its options, the time histogram, charts
  await page.getByRole('button', { name: `Details of ${qids[0]}` }).click();
  const card = page.getByTestId('question-stats');
  await expect(card.getByRole('heading', { name: `Question ${qids[0]}` })).toBeFocused();
  await expect(card.getByTestId('responses-table')).toContainText('(correct)');
  await expect(card.getByTestId('item-charts')).toBeVisible();
  await expect(
    page.getByRole('heading', { name: 'Error rates by topic and misconception' }),
  ).toBeVisible();
  await shot(page, 'item-analysis.png');
  expect(await seriousViolations(page)).toEqual([]);

  // keyboard: the sort buttons and Details are reachable and work with Enter
  await page.getByRole('button', { name: 'Sort by Facility' }).focus();
  await page.keyboard.press('Enter');
  await expect(table.getByRole('columnheader', { name: /Facility/ })).toHaveAttribute(
    'aria-sort',
    'ascending',
  );
  await page.keyboard.press('Tab');
  await expect(page.getByRole('button', { name: 'Sort by Discrimination' })).toBeFocused();

  // the CSV of the filtered rows
  const downloaded = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Export CSV' }).click();
  const download = await downloaded;
  expect(download.suggestedFilename()).toBe('item_analysis.csv');
  const csv = (await fs.readFile(await download.path(), 'utf8')).split('\r\n');
  expect(csv[0]).toBe(CSV_HEADER);
  const lines = csv.slice(1).filter((l) => l !== '');
  expect(lines.length).toBeGreaterThan(0);
  for (const line of lines) expect(line).toContain(`,${COURSE},`);
  await expect(page.getByText(/^Exported \d+ questions\.$/)).toBeVisible();
});

test('the item analysis at 375 px: no sideways scroll, no serious axe issue @phone', async ({
  page,
}) => {
  await signIn(page, 'admin');
  await page.goto('/item-analysis');
  await expect(page.getByRole('heading', { level: 1, name: 'Item Analysis' })).toBeVisible();
  await expect(
    page.getByTestId('item-stats-table').or(page.getByText(/^No graded tests/)),
  ).toBeVisible();
  expect(await overflowsSideways(page)).toBe(false);
  expect(await seriousViolations(page)).toEqual([]);
});
