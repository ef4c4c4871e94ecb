import { expect, test, type Page } from '@playwright/test';
import * as fs from 'node:fs/promises';
import type {
  CreateTestAnswer,
  SubmitTestAnswer,
  TestExport,
  TestView,
} from '@examprep/contracts/types';
import { shot, signIn, signInWith } from './support/auth';
import { apiAs, freshLearner, type Learner } from './support/learners';
import { overflowsSideways, seriousViolations } from './support/phone';

// Learner spec §2 Gradebook and Review, §8; admin spec §2.1 View Gradebook and test export:
// against the real gateway, testing service, catalog, qbank and Keycloak.

const SAMPLE = 'teas_math_sample_qbank';
const SAMPLE_NAME = 'TEAS Math Sample QBank';

async function json<T>(res: Response, what: string): Promise<T> {
  const text = await res.text();
  expect(res.status, `${what}: ${text}`).toBeLessThan(300);
  return JSON.parse(text) as T;
}

/**
 * A graded full test of the free TEAS sample, made through the API as the screens make it:
 * create-test, Check (submit-quiz-answer) every question but the last, submit-test.
 */
async function gradedTest(learner: Learner): Promise<SubmitTestAnswer['test']> {
  const { testId } = await json<CreateTestAnswer>(
    await apiAs(learner, '/api/create-test', {
      productId: SAMPLE,
      includeId: SAMPLE,
      mode: 'full',
    }),
    'create-test',
  );
  const view = await json<TestView>(await apiAs(learner, `/api/tests/${testId}`), 'read test');
  for (const q of view.questions.slice(0, -1)) {
    const submittedAnswer =
      q.type === 'blank' ? '1' : q.type === 'sata' ? [q.answerOrder[0]] : q.answerOrder[0];
    await json(
      await apiAs(learner, '/api/submit-quiz-answer', {
        testId,
        questionId: q.qid,
        submittedAnswer,
      }),
      `check ${q.qid}`,
    );
  }
  const submitted = await json<SubmitTestAnswer>(
    await apiAs(learner, '/api/submit-test', { testId }),
    'submit-test',
  );
  expect(submitted.test.completed).toBe(true);
  return submitted.test;
}

async function openGradebook(page: Page) {
  await page.goto('/gradebook');
  await expect(page.getByRole('heading', { level: 1, name: 'Gradebook' })).toBeVisible();
}

test.describe('gradebook and review', () => {
  let learner: Learner;
  let graded: SubmitTestAnswer['test'];

  test.beforeAll(async () => {
    learner = await freshLearner('gradebook');
    graded = await gradedTest(learner);
  });

  test('a learner sees the graded test, its breakdown, reviews it to the last question', async ({
    page,
  }) => {
    await signInWith(page, learner);
    await openGradebook(page);
    const card = page.getByTestId('graded-test').first();
    await expect(card.getByRole('heading', { name: SAMPLE_NAME })).toBeVisible();
    await expect(card.getByText('Check As You Go')).toBeVisible();
    await expect(card.getByTestId('graded-score')).toHaveText(`${graded.finalScore}%`);
    await card.getByRole('button', { name: 'Show breakdown by objective' }).click();
    await expect(card.getByTestId('objective-chart')).toBeVisible();
    await expect(card.locator('.recharts-bar-rectangle').first()).toBeVisible();
    await shot(page, 'gradebook.png');

    await card.getByRole('link', { name: /^Review / }).click();
    await page.waitForURL(`**/review-test/${graded.id}`);
    await expect(page.getByTestId('review-score')).toHaveText(`${graded.finalScore}%`);
    await expect(page.getByText('This is the first question')).toBeVisible();
    await expect(page.getByTestId('try-full-qbank')).toContainText('Try the Full QBank!');
    const markers = page.getByRole('navigation', { name: 'Questions' }).getByRole('button');
    await expect(markers).toHaveCount(graded.totalQuestions);
    // the last question was left unanswered: a black marker
    await expect(markers.last()).toHaveAttribute('data-marker', 'black');
    await shot(page, 'review.png');
    for (let i = 1; i < graded.totalQuestions; i += 1) {
      await page.getByRole('button', { name: 'Next', exact: true }).click();
    }
    await expect(
      page.getByRole('heading', {
        name: `Question ${graded.totalQuestions} of ${graded.totalQuestions}`,
      }),
    ).toBeVisible();
    await expect(page.getByText('This is the last question in review mode')).toBeVisible();
    await expect(page.getByTestId('review-your-answer')).toHaveText('No answer');
    await page.getByRole('button', { name: 'Back to Dashboard' }).click();
    await page.waitForURL(/\/dashboard\?tab=math$/);
  });

  test('a learner deletes a test from the gradebook', async ({ page }) => {
    const victim = await gradedTest(learner);
    await signInWith(page, learner);
    await openGradebook(page);
    const cards = page.getByTestId('graded-test');
    const before = await cards.count();
    expect(before).toBeGreaterThanOrEqual(2);
    // newest first: the test just made
    await cards
      .first()
      .getByRole('button', { name: /^Delete / })
      .click();
    const dialog = page.getByRole('dialog', { name: 'Delete Test' });
    await expect(dialog).toContainText(
      'Delete this test? This will remove it from your gradebook.',
    );
    await dialog.getByRole('button', { name: 'Delete', exact: true }).click();
    await expect(dialog).toBeHidden();
    await expect(cards).toHaveCount(before - 1);
    const res = await apiAs(learner, `/api/tests/${victim.id}`);
    expect(res.status).toBe(404);
  });

  test("an admin opens the learner's gradebook, exports a test and reviews it in a new window", async ({
    page,
    context,
  }) => {
    await signIn(page, 'admin');
    await page.goto('/user-list');
    await page.getByLabel('Email', { exact: true }).fill(learner.email);
    const row = page.getByRole('row').filter({ has: page.getByText(learner.email) });
    await expect(row.getByTitle(/^\d+ tests?$/)).toBeVisible();
    await page.getByLabel('Tests', { exact: true }).selectOption('yes');
    await expect(row).toBeVisible();
    await row.getByRole('button', { name: `View Gradebook ${learner.email}` }).click();
    const dialog = page.getByRole('dialog', { name: `Gradebook of ${learner.email}` });
    await expect(dialog.getByTestId('admin-view')).toContainText('Admin View');
    await expect(dialog.getByTestId('graded-test').first()).toBeVisible();
    expect(await seriousViolations(page)).toEqual([]);
    await shot(page, 'admin-gradebook-modal.png');

    const downloaded = page.waitForEvent('download');
    await dialog.getByRole('button', { name: `Export ${SAMPLE_NAME} (${graded.id})` }).click();
    const download = await downloaded;
    expect(download.suggestedFilename()).toBe(`test_${graded.id}.json`);
    const file = JSON.parse(await fs.readFile(await download.path(), 'utf8')) as TestExport;
    expect(file.path).toBe(`users/${learner.uid}/tests/${graded.id}`);
    expect(Number.isNaN(Date.parse(file.fetchedAt))).toBe(false);
    expect(file.test.id).toBe(graded.id);
    expect(file.test.userId).toBe(learner.uid);
    expect(file.test.questions).toHaveLength(graded.totalQuestions);
    expect(file.test.questions[0].correctAnswer.length).toBeGreaterThan(0);

    const opened = context.waitForEvent('page');
    await dialog
      .getByRole('link', { name: new RegExp(`^Review ${SAMPLE_NAME} \\(${graded.id}\\)`) })
      .click();
    const review = await opened;
    await review.waitForURL(
      (url) =>
        url.pathname === `/review-test/${graded.id}` &&
        url.searchParams.get('userId') === learner.uid,
    );
    await expect(review.getByTestId('admin-view')).toContainText('Admin View');
    await expect(review.getByTestId('review-score')).toHaveText(`${graded.finalScore}%`);
    await expect(review.getByTestId('try-full-qbank')).toHaveCount(0);
    await review.close();
  });

  test('gradebook and review work at 375 px with the keyboard, without serious axe violations @phone', async ({
    page,
  }) => {
    await signInWith(page, learner);
    await openGradebook(page);
    const card = page.getByTestId('graded-test').first();
    await expect(card).toBeVisible();
    expect(await overflowsSideways(page)).toBe(false);
    expect(await seriousViolations(page)).toEqual([]);
    await card.getByRole('button', { name: 'Show breakdown by objective' }).click();
    await expect(card.getByTestId('objective-chart')).toBeVisible();
    expect(await overflowsSideways(page)).toBe(false);
    expect(await seriousViolations(page)).toEqual([]);
    await shot(page, 'gradebook-phone.png');

    // keyboard: focus the Review link and follow it
    const reviewLink = card.getByRole('link', { name: /^Review / });
    await reviewLink.focus();
    await page.keyboard.press('Enter');
    await page.waitForURL(/\/review-test\//);
    await expect(page.getByTestId('review-score')).toBeVisible();
    expect(await overflowsSideways(page)).toBe(false);
    expect(await seriousViolations(page)).toEqual([]);
    await shot(page, 'review-phone.png');
    const next = page.getByRole('button', { name: 'Next', exact: true });
    await next.focus();
    await page.keyboard.press('Enter');
    // focus moves to the new question's heading
    await expect(page.getByRole('heading', { name: /^Question 2 of / })).toBeFocused();
    await page.getByRole('navigation', { name: 'Questions' }).getByRole('button').first().focus();
    await page.keyboard.press('Enter');
    await expect(page.getByRole('heading', { name: /^Question 1 of / })).toBeFocused();
  });
});
