import type { Course, InfiniteCoursesResponse, InfiniteQuestion } from '@examprep/contracts/types';
import { expect, type Locator, type Page, test } from '@playwright/test';
import * as path from 'node:path';
import { findRepoRoot, infraConfig } from '@examprep/test-kit';
import { MongoClient } from 'mongodb';
import { shot, signInWith } from './support/auth';
import { apiAs, closeWelcome, freshLearner, type Learner } from './support/learners';
import { overflowsSideways, seriousViolations } from './support/phone';

// Issue 29, the learner's journey through the learning engine against the real gateway, qbank
// and testing services: a new learner answers 30 Infinite QBank items (missing many on
// purpose), sees their progress and weak spots on the dashboard, reads /readiness (chart and
// table) and starts "Practise my weak spots"; at 375 px and by keyboard, axe clean.
//
// The rest of the journey is another part's: a missed item coming back the next day (the
// testing service's clock moved) and the study plan (exam date, minutes per day, the plan).
// It goes in its own test below the ones here (see "the next day" at the end of this file).

const WRONG = '-987654';
const cfg = infraConfig(process.env.EXAMPREP_E2E_PROFILE === 'dev' ? 'dev' : 'test');

/** A screenshot of one part of the page (a phone's full page is too tall to look at). */
async function shotOf(part: Locator, name: string): Promise<void> {
  await part.screenshot({
    path: path.join(findRepoRoot(), '.infra', 'test-results', 'screenshots', name),
  });
}

/** The first open generator topic of each TEAS Math section (objective code and topic key). */
async function teasTopics(learner: Learner): Promise<{ objective: string; topic: string }[]> {
  const res = await apiAs(learner, '/api/infiniteqbank/courses');
  expect(res.status).toBe(200);
  const { courses } = (await res.json()) as InfiniteCoursesResponse;
  const teas = courses.find((c: Course) => c.id === 'teas_math');
  expect(teas, 'TEAS Math is open in the Infinite QBank').toBeDefined();
  return ['Numbers and Algebra', 'Measurement and Data'].map((section) => {
    const found = Object.entries(teas!.objectives)
      .filter(([, o]) => o.section === section)
      .flatMap(([objective, o]) =>
        o.topics.filter((t) => t.hasGenerator).map((t) => ({ objective, topic: t.key })),
      )[0];
    expect(found, `an open ${section} topic`).toBeDefined();
    return found;
  });
}

/**
 * The right answer of an item, from another account's check (items replay exactly from their
 * id): the journey can then miss exactly the items it means to, and answer the others right.
 * The oracle's own mastery moves; the learner's does not.
 */
async function rightAnswerOf(oracle: Learner, id: string): Promise<string[]> {
  const res = await apiAs(oracle, '/api/infiniteqbank/check', { id, answer: ['0'] });
  expect(res.status, `check ${id} for the oracle`).toBe(200);
  return ((await res.json()) as { correctAnswer: string[] }).correctAnswer;
}

const same = (a: string, b: string) => a.trim().toLowerCase() === b.trim().toLowerCase();

/** The answer to send: the right one, or one surely wrong (another choice, a far-off number). */
function answerFor(item: InfiniteQuestion, right: string[], miss: boolean): string {
  if (item.type === 'blank') return miss ? WRONG : right[0];
  const ok = (c: string) => right.some((r) => same(r, c));
  const pick = item.choices.find((c) => ok(c) !== miss);
  expect(pick, `a ${miss ? 'wrong' : 'right'} choice of ${item.id}`).toBeDefined();
  return pick!;
}

/** Answers the question on screen by keyboard (a choice with Space, a number with Enter). */
async function answerByKeyboard(
  page: Page,
  card: Locator,
  item: InfiniteQuestion,
  answer: string,
): Promise<void> {
  if (item.type === 'blank') {
    const input = card.getByLabel(/^Your answer/);
    await input.fill(answer);
    await input.press('Enter');
  } else {
    const radio = card.getByRole('radio').nth(item.choices.indexOf(answer));
    await radio.focus();
    await page.keyboard.press('Space');
    await expect(radio).toBeChecked();
    await page.keyboard.press('Tab');
    await expect(card.getByRole('button', { name: 'Check Answer' })).toBeFocused();
    await page.keyboard.press('Enter');
  }
  await expect(page.getByTestId('qbank-result')).toBeFocused();
}

/** Presses `button` by keyboard and returns the batch that the click asked for. */
async function batchOf(page: Page, button: Locator, path: string): Promise<InfiniteQuestion[]> {
  const answer = page.waitForResponse((r) => r.url().includes(path) && r.ok());
  await button.focus();
  await page.keyboard.press('Enter');
  return ((await (await answer).json()) as { questions: InfiniteQuestion[] }).questions;
}

/**
 * One batch of `count` items of a topic in the Infinite QBank, answered by keyboard: every
 * `missEvery`-th item right, the others missed on purpose.
 */
async function practiseTopic(
  page: Page,
  oracle: Learner,
  pick: { objective: string; topic: string },
  count: number,
  missEvery: number,
): Promise<void> {
  await page.goto(
    `/infinite-qbank?course=teas_math&objective=${pick.objective}&topic=${pick.topic}&count=${count}`,
  );
  const items = await batchOf(
    page,
    page.getByRole('button', { name: 'Start practising' }),
    '/api/infiniteqbank/generate-batch',
  );
  expect(items).toHaveLength(count);
  const card = page.getByRole('article');
  for (let n = 1; n <= count; n += 1) {
    const item = items[n - 1];
    const miss = n % missEvery !== 0;
    await expect(card.getByRole('heading', { name: `Question ${n} of ${count}` })).toBeFocused();
    await answerByKeyboard(
      page,
      card,
      item,
      answerFor(item, await rightAnswerOf(oracle, item.id), miss),
    );
    await expect(page.getByTestId('qbank-result')).toContainText(miss ? 'Incorrect.' : 'Correct!');
    if (n < count) {
      await page.keyboard.press('Tab');
      await expect(card.getByRole('button', { name: 'Next question' })).toBeFocused();
      await page.keyboard.press('Enter');
    }
  }
}

/**
 * Answers through the API (generate-batch, then check), for the phone journey's data: the
 * same calls the page makes, every `missEvery`-th item right.
 */
async function answerByApi(
  learner: Learner,
  oracle: Learner,
  pick: { objective: string; topic: string },
  count: number,
  missEvery: number,
): Promise<void> {
  const q = new URLSearchParams({
    course: 'teas_math',
    objective: pick.objective,
    topic: pick.topic,
    count: String(count),
  });
  const res = await apiAs(learner, `/api/infiniteqbank/generate-batch?${q.toString()}`);
  expect(res.status).toBe(200);
  const { questions } = (await res.json()) as { questions: InfiniteQuestion[] };
  for (const [i, item] of questions.entries()) {
    const answer = answerFor(item, await rightAnswerOf(oracle, item.id), (i + 1) % missEvery !== 0);
    const checked = await apiAs(learner, '/api/infiniteqbank/check', {
      id: item.id,
      answer: [answer],
    });
    expect(checked.status).toBe(200);
  }
}

/** The learning engine folds answers from events, not in the check's reply: read until it has. */
async function waitForAnswers(page: Page, atLeast: number): Promise<void> {
  const card = page.getByRole('region', { name: 'Your progress', exact: true });
  await expect(async () => {
    await page.reload();
    const text = await card.getByText(/\d+ answers? so far/).textContent({ timeout: 3000 });
    expect(Number(/(\d+)/.exec(text ?? '')?.[1] ?? 0)).toBeGreaterThanOrEqual(atLeast);
  }).toPass({ timeout: 30_000 });
}

test('a new learner answers 30 items, sees progress and weak spots, reads Readiness and practises weak spots', async ({
  page,
}) => {
  test.setTimeout(240_000);
  const learner = await freshLearner('learning');
  const oracle = await freshLearner('learning-oracle');
  const [algebra, measurement] = await teasTopics(learner);
  await signInWith(page, learner);
  await closeWelcome(page);

  // Before any answer: the card says how to start.
  const card = page.getByRole('region', { name: 'Your progress', exact: true });
  await expect(
    card.getByText('Answer questions in the Infinite QBank to see your progress.'),
  ).toBeVisible();

  // 30 items by keyboard, 15 in each TEAS Math section (a prediction needs 10 in each), about
  // half missed on purpose.
  await practiseTopic(page, oracle, algebra, 15, 2);
  await practiseTopic(page, oracle, measurement, 15, 3);

  await page.goto('/dashboard?tab=math');
  await waitForAnswers(page, 30);
  await expect(card.getByText('No reviews due today')).toBeVisible();
  const weakest = card.getByRole('list', { name: 'Your weakest topics' });
  await expect(weakest.getByRole('listitem').first()).toContainText(/Needs work|Developing/);
  await shot(page, 'learning-dashboard.png');
  expect(await seriousViolations(page)).toEqual([]);

  // To Readiness by keyboard.
  const readinessLink = card.getByRole('link', { name: 'See my readiness' });
  await readinessLink.focus();
  await page.keyboard.press('Enter');
  await page.waitForURL(/\/readiness$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Readiness' })).toBeVisible();
  const teas = page.getByRole('region', { name: 'TEAS Math', exact: true });
  await expect(teas.getByTestId('teas-headline')).toHaveText(
    /^About \d+ of 34 \(\d+ %\), likely \d+–\d+$/,
  );
  await expect(teas.getByTestId('interval-bar').first()).toBeVisible();
  await expect(teas.getByText(/Based on \d+ answers, the latest today\./).first()).toBeVisible();
  await expect(teas.getByTestId('teas-section')).toHaveCount(2);
  const mastery = page.getByRole('table', { name: 'TEAS Math: mastery by objective' });
  // the practised objectives have a level, always with its range
  await expect(
    mastery
      .getByRole('row')
      .filter({ hasText: /(Needs work|Developing|Proficient|Mastered) \(\d+–\d+ %\)/ }),
  ).toHaveCount(2);
  const trend = page.getByRole('region', { name: 'Score trend', exact: true });
  await expect(trend.getByTestId('trend-chart').first()).toBeVisible();
  // the estimate's range is drawn (an error bar) before the picture is taken
  await expect(trend.locator('.recharts-errorBar').first()).toBeVisible();
  // the table for screen readers is there while the chart shows
  await expect(
    trend.getByRole('table', { name: 'Score trend: graded tests and estimates over time' }),
  ).toHaveCount(1);
  await shot(page, 'learning-readiness.png');
  expect(await seriousViolations(page)).toEqual([]);
  const toggle = trend.getByRole('button', { name: 'Show as table' });
  await toggle.focus();
  await page.keyboard.press('Enter');
  await expect(trend.getByRole('button', { name: 'Show as chart' })).toBeFocused();
  await expect(
    trend.getByRole('region', { name: 'Score trend: graded tests and estimates over time' }),
  ).toBeVisible();
  await shot(page, 'learning-readiness-table.png');

  // Practise my weak spots, by keyboard: a course's batch in the QBank's question card.
  await page.getByRole('link', { name: 'Practise my weak spots' }).click();
  await page.waitForURL(/\/infinite-qbank\?mode=weak-spots$/);
  const batch = await batchOf(
    page,
    page.getByRole('button', { name: 'Practise my weak spots: TEAS Math' }),
    '/api/learning/weak-spots',
  );
  const question = page.getByRole('article');
  await expect(
    question.getByRole('heading', { name: `Question 1 of ${batch.length}` }),
  ).toBeFocused();
  await expect(page.getByText(/^Batch 1 · /)).toBeVisible();
  await answerByKeyboard(
    page,
    question,
    batch[0],
    answerFor(batch[0], await rightAnswerOf(oracle, batch[0].id), true),
  );
  await expect(page.getByTestId('qbank-result')).toContainText('Incorrect.');
  await shot(page, 'learning-weak-spots.png');
  expect(await seriousViolations(page)).toEqual([]);
});

test('the learning screens work on a phone by keyboard and have no serious accessibility violation @phone', async ({
  page,
}) => {
  test.setTimeout(180_000);
  const learner = await freshLearner('learning-phone');
  const oracle = await freshLearner('learning-oracle');
  const [algebra, measurement] = await teasTopics(learner);
  await answerByApi(learner, oracle, algebra, 15, 2);
  await answerByApi(learner, oracle, measurement, 15, 3);
  await signInWith(page, learner);
  await closeWelcome(page);

  await waitForAnswers(page, 30);
  const card = page.getByRole('region', { name: 'Your progress', exact: true });
  await expect(card.getByRole('list', { name: 'Your weakest topics' })).toBeVisible();
  await card.scrollIntoViewIfNeeded();
  expect(await overflowsSideways(page)).toBe(false);
  await shot(page, 'learning-dashboard-phone.png');
  await shotOf(card, 'learning-progress-card-phone.png');
  expect(await seriousViolations(page)).toEqual([]);

  await page.goto('/readiness');
  await expect(page.getByTestId('teas-headline')).toHaveText(/^About \d+ of 34/);
  await expect(page.getByTestId('trend-chart').first()).toBeVisible();
  await expect(page.locator('.recharts-errorBar').first()).toBeVisible();
  expect(await overflowsSideways(page)).toBe(false);
  await shot(page, 'learning-readiness-phone.png');
  await shotOf(
    page.getByRole('region', { name: 'TEAS Math', exact: true }),
    'learning-teas-phone.png',
  );
  await shotOf(
    page.getByRole('region', { name: 'Mastery by objective', exact: true }),
    'learning-mastery-phone.png',
  );
  await shotOf(
    page.getByRole('region', { name: 'Score trend', exact: true }),
    'learning-trend-phone.png',
  );
  expect(await seriousViolations(page)).toEqual([]);
  await page.getByRole('button', { name: 'Show as table' }).focus();
  await page.keyboard.press('Enter');
  expect(await overflowsSideways(page)).toBe(false);
  await shot(page, 'learning-readiness-table-phone.png');
  await shotOf(
    page.getByRole('region', { name: 'Score trend', exact: true }),
    'learning-trend-table-phone.png',
  );

  await page.goto('/infinite-qbank?mode=weak-spots');
  const batch = await batchOf(
    page,
    page.getByRole('button', { name: 'Practise my weak spots: TEAS Math' }),
    '/api/learning/weak-spots',
  );
  const question = page.getByRole('article');
  await expect(
    question.getByRole('heading', { name: `Question 1 of ${batch.length}` }),
  ).toBeFocused();
  await answerByKeyboard(
    page,
    question,
    batch[0],
    answerFor(batch[0], await rightAnswerOf(oracle, batch[0].id), false),
  );
  await expect(page.getByTestId('qbank-result')).toContainText('Correct!');
  expect(await overflowsSideways(page)).toBe(false);
  await shot(page, 'learning-weak-spots-phone.png');
  expect(await seriousViolations(page)).toEqual([]);
});

// The next day: a missed item back in "Practise my weak spots" with "Review: …" on it, and the
// review count on the dashboard before and after. The clock is moved by moving the learner's
// review cards a day into the past in the testing service's store (what a day later looks like
// to the service: the same card, due). The study plan's part of the journey (exam date, minutes
// per day, the plan, at 375 px by keyboard) is study-plan.e2e.ts.

/** Moves the learner's review cards `days` into the past ("the next day" for the service). */
async function moveCardsBack(uid: string, days: number): Promise<number> {
  const client = await MongoClient.connect(cfg.mongoUrl('testing'));
  try {
    const cards = client.db().collection('learning_cards');
    const shift = days * 86_400_000;
    let moved = 0;
    for (const card of await cards.find({ uid }).toArray()) {
      await cards.updateOne(
        { _id: card._id },
        { $set: { due: new Date(new Date(card.due as Date).getTime() - shift) } },
      );
      moved += 1;
    }
    return moved;
  } finally {
    await client.close();
  }
}

test('the next day a missed item comes back as a review, on a phone by keyboard @phone', async ({
  page,
}) => {
  test.setTimeout(120_000);
  await page.setViewportSize({ width: 375, height: 812 });
  const learner = await freshLearner('learning-review');
  const oracle = await freshLearner('learning-oracle');
  const [pick] = await teasTopics(learner);
  await signInWith(page, learner);
  await closeWelcome(page);

  // one item, missed on purpose in the Infinite QBank
  await page.goto(
    `/infinite-qbank?course=teas_math&objective=${pick.objective}&topic=${pick.topic}&count=1`,
  );
  const [missed] = await batchOf(
    page,
    page.getByRole('button', { name: 'Start practising' }),
    '/api/infiniteqbank/generate-batch',
  );
  const card = page.getByRole('article');
  await answerByKeyboard(
    page,
    card,
    missed,
    answerFor(missed, await rightAnswerOf(oracle, missed.id), true),
  );
  await expect(page.getByTestId('qbank-result')).toContainText('Incorrect');

  // the same day: folded, but not due (a miss comes back the next day, not in the same sitting)
  await expect
    .poll(async () => (await (await apiAs(learner, '/api/learning/summary')).json()).answers, {
      timeout: 15_000,
    })
    .toBeGreaterThan(0);
  await page.goto('/dashboard');
  await expect(page.getByTestId('reviews-due')).toHaveText('No reviews due today');

  // the next day
  expect(await moveCardsBack(learner.uid, 1)).toBe(1);
  await page.reload();
  await expect(page.getByTestId('reviews-due')).toHaveText('1 review due today');
  await shot(page, 'learning-review-due-phone.png');
  const start = page.getByRole('link', { name: 'Start reviews' });
  const batch = page.waitForResponse((r) => r.url().includes('/api/learning/weak-spots') && r.ok());
  await start.focus();
  await page.keyboard.press('Enter');
  const served = (await (await batch).json()) as {
    questions: InfiniteQuestion[];
    reviewIds: string[];
  };
  // the missed item itself on its first return, first in the batch, marked as a review
  expect(served.questions[0].id).toBe(missed.id);
  expect(served.reviewIds).toEqual([missed.id]);
  const review = page.getByRole('article');
  await expect(review.getByTestId('qbank-note')).toHaveText(
    'Review: you missed this question before',
  );
  await answerByKeyboard(
    page,
    review,
    served.questions[0],
    answerFor(served.questions[0], await rightAnswerOf(oracle, missed.id), false),
  );
  await expect(page.getByTestId('qbank-result')).toContainText('Correct!');
  expect(await overflowsSideways(page)).toBe(false);
  await shot(page, 'learning-review-phone.png');
  expect(await seriousViolations(page)).toEqual([]);

  // reviewed right: the card moves on (FSRS: days ahead), nothing is due any more
  await expect
    .poll(async () => (await (await apiAs(learner, '/api/learning/summary')).json()).dueReviews, {
      timeout: 15_000,
    })
    .toBe(0);
  await page.goto('/dashboard');
  await expect(page.getByTestId('reviews-due')).toHaveText('No reviews due today');
});
