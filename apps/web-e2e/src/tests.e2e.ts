import { expect, test, type Page } from '@playwright/test';
import { seededUsers } from '@examprep/test-kit';
import type { CreateTestAnswer, TestQuestionView, TestView } from '@examprep/contracts/types';
import { shot, signInWith } from './support/auth';
import { apiAs, closeWelcome, freshLearner, type Learner } from './support/learners';
import { overflowsSideways, seriousViolations } from './support/phone';

// Learner spec §2 Test screens, §4 Starting a test / Full test / Practice test, §8 Tests:
// the start flow and both test screens against the real gateway, testing, catalog, qbank and
// Keycloak.

const SAMPLE = 'teas_math_sample_qbank';
const SAMPLE_CARD = 'TEAS Math Sample QBank';
const SAMPLE_INCLUDE = 'TEAS Math Sample Test';
const QBANK = 'teas_math_qbank';
const PRACTICE_INCLUDE = 'teas_math_qbank_practice';

async function json<T>(res: Response, what: string): Promise<T> {
  const text = await res.text();
  expect(res.status, `${what}: ${text}`).toBeLessThan(300);
  return JSON.parse(text) as T;
}

async function readTest(learner: Learner, testId: string): Promise<TestView> {
  return json<TestView>(await apiAs(learner, `/api/tests/${testId}`), 'read test');
}

async function createSampleTest(learner: Learner): Promise<string> {
  const { testId } = await json<CreateTestAnswer>(
    await apiAs(learner, '/api/create-test', {
      productId: SAMPLE,
      includeId: SAMPLE,
      mode: 'full',
    }),
    'create-test',
  );
  return testId;
}

/** The seeded admin grants the TEAS Math QBank (practice test) and the learner's /api/me shows it. */
async function grantQbank(learner: Learner) {
  await json(
    await apiAs(seededUsers.admin, '/api/update-user-purchases', {
      uid: learner.uid,
      purchases: { [QBANK]: true },
    }),
    'update-user-purchases',
  );
  await expect
    .poll(async () => {
      const me = (await (await apiAs(learner, '/api/me')).json()) as {
        purchases?: Record<string, unknown>;
      };
      return me.purchases?.[QBANK];
    })
    .toBe(true);
}

async function dashboard(page: Page, learner: Learner) {
  await signInWith(page, learner);
  await closeWelcome(page);
}

/** The include's Access Now on the dashboard (the TEAS Math Products section opened if shut). */
async function accessNow(page: Page, card: string, include: string) {
  const button = page
    .getByRole('article', { name: card })
    .getByRole('button', { name: `Access Now: ${include}` });
  const section = page.getByRole('button', { name: 'TEAS Math Products', exact: true });
  await expect(section).toBeVisible();
  if ((await section.getAttribute('aria-expanded')) !== 'true') await section.click();
  await expect(button).toBeVisible();
  await button.click();
}

/** Answers the question on screen: the first choice, or '1' typed. */
async function answerOnScreen(page: Page, q: TestQuestionView, pick = 0) {
  if (q.type === 'blank') {
    await page.getByRole('textbox', { name: 'Your answer' }).fill(String(pick + 1));
  } else {
    const role = q.type === 'sata' ? 'checkbox' : 'radio';
    await page
      .getByRole('group', { name: /Answer choices/ })
      .getByRole(role)
      .nth(pick)
      .check();
  }
}

function expectedAnswer(q: TestQuestionView, pick: number) {
  if (q.type === 'blank') return String(pick + 1);
  if (q.type === 'sata') return [q.answerOrder[pick]];
  return q.answerOrder[pick];
}

test.describe('tests: start flow and screens', () => {
  test('free sample → full test: check every answer, submit, land on the gradebook', async ({
    page,
  }) => {
    test.setTimeout(180_000);
    const learner = await freshLearner('full-test');
    await dashboard(page, learner);
    await accessNow(page, SAMPLE_CARD, SAMPLE_INCLUDE);
    await page.waitForURL(/\/test\/full\/[A-Za-z0-9]{20}$/);
    const testId = page.url().split('/').pop()!;
    const view = await readTest(learner, testId);
    expect(view.questions).toHaveLength(15);
    // nothing of the answers before a check
    expect(view.questions.every((q) => q.correctAnswer === undefined)).toBe(true);

    await expect(page.getByRole('heading', { level: 1, name: SAMPLE_CARD })).toBeVisible();
    await page.getByRole('button', { name: 'Previous' }).click();
    await expect(page.getByText('This is the first question')).toBeVisible();
    await page.getByRole('button', { name: 'Check', exact: true }).click();
    await expect(page.getByText('Please enter an answer before submitting!')).toBeVisible();
    await shot(page, 'test-full-desktop.png');

    let figuresSeen = 0;
    for (const [i, q] of view.questions.entries()) {
      await expect(
        page.getByRole('heading', { name: `Question ${i + 1} of ${view.questions.length}` }),
      ).toBeVisible();
      if (q.questionImage) {
        // the seeded figure, loaded through a signed URL of the S3 server (ADR 0020)
        const figure = page.getByRole('img', { name: `Figure for question ${i + 1}` });
        await expect(figure).toBeVisible();
        await expect
          .poll(() => figure.evaluate((img: HTMLImageElement) => img.naturalWidth))
          .toBeGreaterThan(0);
        expect(await figure.getAttribute('src')).toMatch(/X-Amz-Signature=/);
        figuresSeen += 1;
      }
      await answerOnScreen(page, q);
      await page.getByRole('button', { name: 'Check', exact: true }).click();
      await expect(page.getByTestId('test-reveal')).toBeVisible();
      const marker = page
        .getByRole('navigation', { name: 'Questions' })
        .getByRole('button', { name: new RegExp(`^Question ${i + 1}: (correct|incorrect)`) });
      await expect(marker).toHaveAttribute('data-marker', /green|red/);
      if (i < view.questions.length - 1) await page.getByRole('button', { name: 'Next' }).click();
    }
    // tools/seed gives three sample questions a figure
    expect(figuresSeen).toBeGreaterThan(0);
    await expect(page.getByText('You have answered all the questions!')).toBeVisible();
    const dialog = page.getByRole('dialog', { name: 'Submit Your Test?' });
    await expect(dialog.getByTestId('count-answered')).toHaveText('15');
    await expect(dialog.getByTestId('count-unanswered')).toHaveText('0');
    await shot(page, 'test-full-submit-dialog.png');
    await dialog.getByRole('button', { name: 'Confirm' }).click();
    await page.waitForURL(/\/gradebook$/);
    const graded = page.getByTestId('graded-test').first();
    await expect(graded.getByRole('heading', { name: SAMPLE_CARD })).toBeVisible();
    const done = await readTest(learner, testId);
    expect(done.completed).toBe(true);
    expect(done.unansweredCount).toBe(0);
  });

  test('the continue / start-new modal', async ({ page }) => {
    const learner = await freshLearner('continue');
    const first = await createSampleTest(learner);
    await dashboard(page, learner);

    await accessNow(page, SAMPLE_CARD, SAMPLE_INCLUDE);
    const dialog = page.getByRole('dialog', { name: 'Unfinished Test' });
    await expect(dialog).toContainText('0 of 15 answered');
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await expect(dialog).toBeHidden();

    await accessNow(page, SAMPLE_CARD, SAMPLE_INCLUDE);
    await dialog.getByRole('button', { name: 'Continue Test' }).click();
    await page.waitForURL(`**/test/full/${first}`);

    await page.goto('/dashboard?tab=math');
    await accessNow(page, SAMPLE_CARD, SAMPLE_INCLUDE);
    await dialog.getByRole('button', { name: 'Start New Test' }).click();
    await page.waitForURL(/\/test\/full\/[A-Za-z0-9]{20}$/);
    const second = page.url().split('/').pop()!;
    expect(second).not.toBe(first);
    // the old test was deleted first
    expect((await apiAs(learner, `/api/tests/${first}`)).status).toBe(404);
    expect((await readTest(learner, second)).completed).toBe(false);
  });

  test('practice test: an answer changed while offline is saved when the connection returns', async ({
    page,
    context,
  }) => {
    test.setTimeout(120_000);
    const learner = await freshLearner('practice');
    await grantQbank(learner);
    await dashboard(page, learner);
    await accessNow(page, 'TEAS Math QBank', 'TEAS Math Practice Test');
    const start = page.getByRole('dialog', { name: 'Start Practice Test' });
    await expect(
      start.getByRole('checkbox', { name: /57 minutes for 38 questions/ }),
    ).toBeVisible();
    await start.getByRole('button', { name: 'Start Test' }).click();
    await page.waitForURL(/\/test\/practice\/[A-Za-z0-9]{20}$/);
    const testId = page.url().split('/').pop()!;
    const view = await readTest(learner, testId);
    expect(view.questions).toHaveLength(38);
    expect(view.includeId).toBe(PRACTICE_INCLUDE);
    const q1 = view.questions[0]!;
    await expect(page.getByRole('button', { name: 'Check', exact: true })).toHaveCount(0);

    // answered and saved on question change
    await answerOnScreen(page, q1, 0);
    await page.getByRole('button', { name: 'Next' }).click();
    await expect(page.getByRole('button', { name: 'Question 1: answered' })).toHaveAttribute(
      'data-marker',
      'blue',
    );
    await expect
      .poll(async () => (await readTest(learner, testId)).questions[0]!.submittedAnswer)
      .toEqual(expectedAnswer(q1, 0));

    // offline: change it; the answer is kept on the device
    await context.setOffline(true);
    await page.getByRole('button', { name: 'Previous' }).click();
    await answerOnScreen(page, q1, 1);
    await page.getByRole('button', { name: 'Next' }).click();
    await expect(page.getByTestId('answer-kept')).toBeVisible();
    const draft = await page.evaluate(
      ([id, qid]) => localStorage.getItem(`examprep.draft.${id}.${qid}`),
      [testId, q1.qid],
    );
    expect(JSON.parse(draft!)).toEqual(expectedAnswer(q1, 1));
    await shot(page, 'test-practice-offline.png');

    // back online: saved without the learner doing anything
    await context.setOffline(false);
    await expect
      .poll(async () => (await readTest(learner, testId)).questions[0]!.submittedAnswer, {
        timeout: 20_000,
      })
      .toEqual(expectedAnswer(q1, 1));
    await expect(page.getByTestId('answer-kept')).toBeHidden();
    // the draft goes once the save's answer is back in the browser
    await expect
      .poll(() =>
        page.evaluate(
          ([id, qid]) => localStorage.getItem(`examprep.draft.${id}.${qid}`),
          [testId, q1.qid],
        ),
      )
      .toBeNull();
    await shot(page, 'test-practice-desktop.png');
  });
});

/** A practice test of the TEAS Math QBank, made through the API. */
async function createPracticeTest(learner: Learner): Promise<string> {
  const { testId } = await json<CreateTestAnswer>(
    await apiAs(learner, '/api/create-test', {
      productId: QBANK,
      includeId: PRACTICE_INCLUDE,
      mode: 'practice',
    }),
    'create practice test',
  );
  return testId;
}

/** The answer the API takes for a question: the first choice, or '1' typed. */
function apiAnswer(q: TestQuestionView) {
  return expectedAnswer(q, 0);
}

/** Checks every question of a full test through the API (as a learner with Check would). */
async function checkAll(learner: Learner, view: TestView) {
  for (const q of view.questions) {
    await json(
      await apiAs(learner, '/api/submit-quiz-answer', {
        testId: view.id,
        questionId: q.qid,
        submittedAnswer: apiAnswer(q),
        questionType: q.type,
        ...(q.type === 'blank' ? {} : { validChoices: q.answerOrder }),
      }),
      `check ${q.qid}`,
    );
  }
}

/** Saves practice answers through the API (as the practice screen's autosave would). */
async function saveAnswers(learner: Learner, view: TestView, questions: TestQuestionView[]) {
  for (const q of questions) {
    await json(
      await apiAs(learner, '/api/save-practice-answer', {
        testId: view.id,
        questionId: q.qid,
        submittedAnswer: apiAnswer(q),
        questionType: q.type,
      }),
      `save ${q.qid}`,
    );
  }
}

// Issue 24: what testers found with the product in Chromium.
test.describe('issue 24: test routes and screens', () => {
  test('#6 an id that cannot name a test: /test/* go to /dashboard?tab=math, the review says Test not found; a transient failure keeps Try Again', async ({
    page,
  }) => {
    test.setTimeout(120_000);
    const learner = await freshLearner('no-such-test');
    await dashboard(page, learner);
    const testReads: string[] = [];
    page.on('request', (r) => {
      const path = new URL(r.url()).pathname;
      if (path.startsWith('/api/tests/')) testReads.push(path);
    });
    const SERVER_TEXT = 'The testId field must be a test id (20 letters and digits).';
    const unknown = 'AAAAAAAAAAAAAAAAAAA1';

    for (const mode of ['full', 'practice'] as const) {
      for (const id of ['qa-no-such-test', unknown]) {
        await page.goto(`/test/${mode}/${id}`);
        await page.waitForURL(/\/dashboard\?tab=math$/);
        await expect(
          page.getByRole('heading', { level: 1, name: 'Your Math Dashboard' }),
        ).toBeVisible();
        await expect(page.getByText(SERVER_TEXT)).toHaveCount(0);
        await expect(page.getByRole('button', { name: 'Try Again' })).toHaveCount(0);
      }
    }
    await page.goto('/review-test/qa-no-such-test');
    await expect(page.getByRole('alert')).toContainText('Test not found.');
    await expect(page.getByText(SERVER_TEXT)).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Try Again' })).toHaveCount(0);
    await expect(page.getByRole('link', { name: 'Back to Gradebook' })).toBeVisible();
    await shot(page, 'issue24-review-malformed-id.png');
    // a malformed id is never sent; the well-formed unknown one is (404)
    expect(testReads.filter((p) => p.includes('qa-no-such-test'))).toEqual([]);
    expect(testReads.filter((p) => p.endsWith(unknown))).toHaveLength(2);

    // a failure that may pass keeps Try Again, which then loads the test
    const real = await createSampleTest(learner);
    await page.route(`**/api/tests/${real}`, (route) =>
      route.fulfill({
        status: 503,
        contentType: 'application/json',
        body: JSON.stringify({ code: 'SERVICE_UNAVAILABLE', message: 'Service unavailable' }),
      }),
    );
    await page.goto(`/test/full/${real}`);
    const retry = page.getByRole('button', { name: 'Try Again' });
    await expect(retry).toBeVisible();
    expect(page.url()).toMatch(new RegExp(`/test/full/${real}$`));
    await page.unroute(`**/api/tests/${real}`);
    await retry.click();
    await expect(page.getByRole('heading', { name: 'Question 1 of 15' })).toBeVisible();
  });

  test('#7 practice answers kept on the device while offline show as answered: navigator, counter, submit counts', async ({
    page,
    context,
  }) => {
    test.setTimeout(120_000);
    const learner = await freshLearner('offline-progress');
    await grantQbank(learner);
    const testId = await createPracticeTest(learner);
    const view = await readTest(learner, testId);
    await dashboard(page, learner);
    await page.goto(`/test/practice/${testId}`);
    await expect(page.getByRole('heading', { name: 'Question 1 of 38' })).toBeVisible();
    const counter = page.getByTestId('answered-count');
    await expect(counter).toHaveText('Answered: 0 / 38');

    await context.setOffline(true);
    await answerOnScreen(page, view.questions[0]!, 0);
    await page.getByRole('button', { name: 'Next' }).click();
    await expect(page.getByTestId('answer-kept')).toBeVisible();
    await answerOnScreen(page, view.questions[1]!, 0);
    await page.getByRole('button', { name: 'Next' }).click();
    const nav = page.getByRole('navigation', { name: 'Questions' });
    for (const n of [1, 2]) {
      await expect(
        nav.getByRole('button', { name: `Question ${n}: answered (not saved yet)` }),
      ).toHaveAttribute('data-marker', 'blue');
    }
    await expect(
      nav.getByRole('button', { name: 'Question 3: not answered (current)' }),
    ).toHaveAttribute('data-marker', 'black');
    await expect(counter).toHaveText('Answered: 2 / 38 (2 not saved yet)');
    await shot(page, 'issue24-practice-offline-answered.png');

    // the submit confirmation counts them too
    await nav.getByRole('button', { name: /^Question 38:/ }).click();
    await page.getByRole('button', { name: 'Submit Test' }).click();
    const dialog = page.getByRole('dialog', { name: 'Submit Your Test?' });
    await expect(dialog.getByTestId('count-unanswered')).toHaveText('36');
    await expect(dialog.getByTestId('count-answered')).toHaveText('2');
    await expect(dialog.getByTestId('count-total')).toHaveText('38');
    await shot(page, 'issue24-practice-offline-submit-counts.png');
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await expect(dialog).toBeHidden();

    // back online: saved, and shown as saved
    await context.setOffline(false);
    for (const n of [1, 2]) {
      await expect(
        nav.getByRole('button', { name: `Question ${n}: answered`, exact: true }),
      ).toHaveAttribute('data-marker', 'blue', { timeout: 20_000 });
    }
    await expect(counter).toHaveText('Answered: 2 / 38');
    const saved = await readTest(learner, testId);
    expect(saved.questions[0]!.submittedAnswer).toEqual(apiAnswer(view.questions[0]!));
    expect(saved.questions[1]!.submittedAnswer).toEqual(apiAnswer(view.questions[1]!));
  });

  test('#8 a full test with every question checked reopens on the submit confirmation; Submit Test from any question', async ({
    page,
  }) => {
    test.setTimeout(120_000);
    const learner = await freshLearner('all-checked');
    const testId = await createSampleTest(learner);
    const view = await readTest(learner, testId);
    await checkAll(learner, view);
    await dashboard(page, learner);
    await page.goto(`/test/full/${testId}`);

    const dialog = page.getByRole('dialog', { name: 'Submit Your Test?' });
    await expect(dialog).toBeVisible();
    await expect(dialog.getByTestId('count-unanswered')).toHaveText('0');
    await expect(dialog.getByTestId('count-answered')).toHaveText('15');
    await expect(dialog.getByTestId('count-total')).toHaveText('15');
    await expect(page.getByText('You have answered all the questions!')).toBeVisible();
    await shot(page, 'issue24-full-reopened-all-checked.png');
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await expect(dialog).toBeHidden();

    // the banner carries Submit Test on any question, not only the last
    await page
      .getByRole('navigation', { name: 'Questions' })
      .getByRole('button', { name: /^Question 1:/ })
      .click();
    await expect(page.getByRole('heading', { name: 'Question 1 of 15' })).toBeVisible();
    await page.getByTestId('all-answered').getByRole('button', { name: 'Submit Test' }).click();
    await expect(dialog).toBeVisible();
    await dialog.getByRole('button', { name: 'Confirm' }).click();
    await page.waitForURL(/\/gradebook$/);
    expect((await readTest(learner, testId)).completed).toBe(true);
  });

  test('#8 a practice test reopens on the first question without an answer, and with every answer saved on the submit confirmation', async ({
    page,
  }) => {
    test.setTimeout(180_000);
    const learner = await freshLearner('all-saved');
    await grantQbank(learner);
    const testId = await createPracticeTest(learner);
    const view = await readTest(learner, testId);
    await saveAnswers(learner, view, view.questions.slice(0, 5));
    await dashboard(page, learner);

    await page.goto(`/test/practice/${testId}`);
    await expect(page.getByRole('heading', { name: 'Question 6 of 38' })).toBeVisible();
    await expect(page.getByRole('dialog', { name: 'Submit Your Test?' })).toHaveCount(0);
    await expect(page.getByTestId('answered-count')).toHaveText('Answered: 5 / 38');

    await saveAnswers(learner, view, view.questions.slice(5));
    await page.reload();
    const dialog = page.getByRole('dialog', { name: 'Submit Your Test?' });
    await expect(dialog).toBeVisible();
    await expect(dialog.getByTestId('count-answered')).toHaveText('38');
    await expect(dialog.getByTestId('count-unanswered')).toHaveText('0');
    await expect(page.getByText('You have answered all the questions!')).toBeVisible();
    await shot(page, 'issue24-practice-reopened-all-saved.png');
    await dialog.getByRole('button', { name: 'Confirm' }).click();
    await page.waitForURL(/\/gradebook$/);
    expect((await readTest(learner, testId)).completed).toBe(true);
  });
});

test.describe('test screens at 375 px, keyboard and axe @phone', () => {
  test('full and practice screens @phone', async ({ page }) => {
    test.setTimeout(120_000);
    const learner = await freshLearner('tests-phone');
    await grantQbank(learner);
    const full = await createSampleTest(learner);
    await signInWith(page, learner);
    await closeWelcome(page);

    await page.goto(`/test/full/${full}`);
    await expect(page.getByRole('heading', { name: 'Question 1 of 15' })).toBeVisible();
    expect(await seriousViolations(page)).toEqual([]);
    expect(await overflowsSideways(page)).toBe(false);
    await shot(page, 'test-full-phone.png');

    // keyboard only: answer, Check with Enter on the focused button, the result shows
    const view = await readTest(learner, full);
    const q = view.questions[0]!;
    if (q.type === 'blank') {
      await page.getByRole('textbox', { name: 'Your answer' }).focus();
      await page.keyboard.type('1');
    } else {
      await page
        .getByRole('group', { name: /Answer choices/ })
        .getByRole(q.type === 'sata' ? 'checkbox' : 'radio')
        .first()
        .focus();
      await page.keyboard.press('Space');
    }
    const check = page.getByRole('button', { name: 'Check', exact: true });
    await check.focus();
    await page.keyboard.press('Enter');
    await expect(page.getByTestId('test-reveal')).toBeVisible();
    expect(await seriousViolations(page)).toEqual([]);
    expect(await overflowsSideways(page)).toBe(false);
    await shot(page, 'test-full-phone-checked.png');

    // the calculator by keyboard
    await page.getByRole('button', { name: 'Calculator' }).focus();
    await page.keyboard.press('Enter');
    const calc = page.getByRole('dialog', { name: 'Calculator' });
    await expect(calc).toBeVisible();
    await page.keyboard.type('12*3');
    await page.keyboard.press('Enter');
    await expect(calc.getByTestId('calculator-display')).toHaveText('36');
    expect(await seriousViolations(page)).toEqual([]);
    await page.keyboard.press('Escape');
    await expect(calc).toBeHidden();

    const { testId: practice } = await json<CreateTestAnswer>(
      await apiAs(learner, '/api/create-test', {
        productId: QBANK,
        includeId: PRACTICE_INCLUDE,
        mode: 'practice',
        timed: true,
      }),
      'create practice test',
    );
    await page.goto(`/test/practice/${practice}`);
    await expect(page.getByRole('heading', { name: 'Question 1 of 38' })).toBeVisible();
    await expect(page.getByRole('timer')).toHaveText(/^5[67]:\d\d$/);
    expect(await seriousViolations(page)).toEqual([]);
    expect(await overflowsSideways(page)).toBe(false);
    await shot(page, 'test-practice-phone.png');
  });

  test('issue 24: offline answers and a reopened finished test on a phone @phone', async ({
    page,
    context,
  }) => {
    test.setTimeout(180_000);
    const learner = await freshLearner('issue24-phone');
    await grantQbank(learner);
    await signInWith(page, learner);
    await closeWelcome(page);

    // #7: an answer kept on the device while offline shows as answered
    const practice = await createPracticeTest(learner);
    const pView = await readTest(learner, practice);
    await page.goto(`/test/practice/${practice}`);
    await expect(page.getByRole('heading', { name: 'Question 1 of 38' })).toBeVisible();
    await context.setOffline(true);
    await answerOnScreen(page, pView.questions[0]!, 0);
    await page.getByRole('button', { name: 'Next' }).click();
    await expect(
      page.getByRole('button', { name: 'Question 1: answered (not saved yet)' }),
    ).toHaveAttribute('data-marker', 'blue');
    await expect(page.getByTestId('answered-count')).toHaveText(
      'Answered: 1 / 38 (1 not saved yet)',
    );
    expect(await seriousViolations(page)).toEqual([]);
    expect(await overflowsSideways(page)).toBe(false);
    await shot(page, 'issue24-practice-offline-phone.png');
    await context.setOffline(false);
    await expect(
      page.getByRole('button', { name: 'Question 1: answered', exact: true }),
    ).toBeVisible({
      timeout: 20_000,
    });

    // #8: a full test with every question checked reopens on the confirmation
    const full = await createSampleTest(learner);
    await checkAll(learner, await readTest(learner, full));
    await page.goto(`/test/full/${full}`);
    const dialog = page.getByRole('dialog', { name: 'Submit Your Test?' });
    await expect(dialog.getByTestId('count-answered')).toHaveText('15');
    expect(await seriousViolations(page)).toEqual([]);
    await shot(page, 'issue24-full-reopened-phone.png');
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await expect(dialog).toBeHidden();
    await page
      .getByRole('navigation', { name: 'Questions' })
      .getByRole('button', { name: /^Question 2:/ })
      .click();
    await expect(page.getByTestId('all-answered')).toBeVisible();
    expect(await seriousViolations(page)).toEqual([]);
    expect(await overflowsSideways(page)).toBe(false);
    await shot(page, 'issue24-full-banner-phone.png');
  });
});
