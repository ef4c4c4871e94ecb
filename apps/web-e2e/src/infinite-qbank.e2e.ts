import { overflowsSideways, seriousViolations, unreachableFormulas } from './support/phone';
import { expect, type Locator, type Page, test } from '@playwright/test';
import { shot, signIn } from './support/auth';

// Learner spec §2 Dashboard and /infinite-qbank, §7 Infinite QBank calls, against the real
// gateway, qbank service and generators (the seed opens the generator topics to learners).

/** The welcome modal opens on the first dashboard visit after signing in. */
async function closeWelcome(page: Page): Promise<void> {
  const dialog = page.getByRole('dialog', { name: /^Welcome to / });
  await dialog.getByRole('button', { name: 'Got it' }).click();
  await expect(dialog).toBeHidden();
}

/** From the dashboard's Infinite QBank card to the page. */
async function openFromDashboard(page: Page, screenshot: string): Promise<void> {
  await signIn(page, 'learner');
  await closeWelcome(page);
  const section = page.getByRole('region', { name: 'Infinite QBank' });
  await expect(section).toBeVisible();
  await expect(section.getByText('Free · open beta')).toBeVisible();
  await shot(page, screenshot);
  await section.getByRole('link', { name: 'Open the Infinite QBank' }).click();
  await page.waitForURL(/\/infinite-qbank/);
  await expect(page.getByRole('heading', { level: 1, name: 'Infinite QBank' })).toBeVisible();
}

async function choose(page: Page, objective: string, topic: string, count: string) {
  await page.getByLabel('Course').selectOption({ label: 'Med Dosage' });
  await page.getByLabel('Objective').selectOption({ label: objective });
  await page.getByLabel('Topic').selectOption({ label: topic });
  await page.getByLabel('Questions per batch').selectOption(count);
}

/**
 * Answers the question on screen: generators make single-choice and typed (blank) items at
 * random, so a choice is clicked or a number typed and sent with Enter.
 */
async function answer(card: Locator): Promise<'single' | 'blank'> {
  const radios = card.getByRole('radio');
  const input = card.getByLabel(/^Your answer/);
  await expect(radios.first().or(input)).toBeVisible();
  if ((await radios.count()) > 0) {
    await radios.first().check();
    await card.getByRole('button', { name: 'Check Answer' }).click();
    return 'single';
  }
  await input.fill('1');
  await input.press('Enter');
  return 'blank';
}

async function expectKatexExplanation(card: Locator): Promise<void> {
  const explanation = card.getByRole('region', { name: 'Explanation' });
  await expect(explanation.locator('.katex').first()).toBeVisible();
}

test('a learner practises three IV flow-rate items from the dashboard and reads KaTeX explanations', async ({
  page,
}) => {
  await openFromDashboard(page, 'infinite-qbank-dashboard.png');
  await choose(page, 'IV Therapy - IV Flow Rates', 'IV flow rate (mL/hr)', '3');
  await expect(page).toHaveURL(
    /\/infinite-qbank\?course=med_dosage&objective=5&topic=md_iv_flow_rate&count=3$/,
  );
  await page.getByRole('button', { name: 'Start practising' }).click();
  // The choices fold into one line while practising.
  await expect(page.getByTestId('qbank-practising')).toContainText('IV flow rate (mL/hr)');

  const card = page.getByRole('article');
  for (let n = 1; n <= 3; n += 1) {
    await expect(card.getByRole('heading', { name: `Question ${n} of 3` })).toBeFocused();
    await expect(card.getByText('Topic: IV flow rate (mL/hr)')).toBeVisible();
    // No answer and no explanation before checking (DESIGN §5).
    await expect(card.getByRole('region', { name: 'Explanation' })).toHaveCount(0);
    await answer(card);

    const result = page.getByTestId('qbank-result');
    await expect(result).toBeFocused();
    await expect(result).toContainText(/^(Correct!|Incorrect\.)/);
    await expect(result).toContainText(/Correct answer: \S+ mL\/hr/);
    await expectKatexExplanation(card);
    await expect(page.getByTestId('qbank-score')).toContainText(`of ${n} correct`);
    if (n === 1) await shot(page, 'infinite-qbank-explanation.png');

    if (n < 3) {
      // Keyboard: from the result, Tab reaches Next.
      await page.keyboard.press('Tab');
      await expect(card.getByRole('button', { name: 'Next question' })).toBeFocused();
      await page.keyboard.press('Enter');
    }
  }

  await expect(page.getByText(/^Batch finished: \d of 3 correct/)).toBeVisible();
  await shot(page, 'infinite-qbank-batch-done.png');
  await page.getByRole('button', { name: 'Get more questions' }).click();
  await expect(page.getByRole('heading', { name: 'Question 1 of 3' })).toBeVisible();
  await expect(page.getByText('Batch 2')).toBeVisible();
  await expect(page.getByTestId('qbank-score')).toContainText('of 3 correct');

  // The choices survive a reload (they live in the URL).
  await page.reload();
  await expect(page.getByLabel('Topic')).toHaveValue('md_iv_flow_rate');
  await expect(page.getByLabel('Questions per batch')).toHaveValue('3');
});

test('a typed answer is validated in the browser and checked with Enter', async ({ page }) => {
  await signIn(page, 'learner');
  await page.goto('/infinite-qbank?course=med_dosage&objective=5&topic=md_drip_rate&count=20');
  await page.getByRole('button', { name: 'Start practising' }).click();
  const card = page.getByRole('article');
  const input = card.getByLabel('Your answer (gtt/min)');
  // Half the items are typed ones: move on past choice items until one comes.
  for (let n = 1; n <= 20; n += 1) {
    await expect(card.getByRole('heading', { name: `Question ${n} of 20` })).toBeVisible();
    await expect(card.getByRole('radio').first().or(input)).toBeVisible();
    if (await input.isVisible()) break;
    await answer(card);
    await card.getByRole('button', { name: 'Next question' }).click();
  }

  await input.fill('12$');
  await expect(
    card.getByText(
      'Please enter valid mathematical expressions only. Letters, numbers, and math symbols are allowed.',
    ),
  ).toBeVisible();
  await expect(card.getByRole('button', { name: 'Check Answer' })).toBeDisabled();
  await shot(page, 'infinite-qbank-typed-invalid.png');
  await input.fill('12');
  await input.press('Enter');
  await expect(page.getByTestId('qbank-result')).toContainText(/Correct answer: \S+ gtt\/min/);
  await expectKatexExplanation(card);
  await expect(input).toHaveValue('12');
  await expect(input).toBeDisabled();
});

test('the Infinite QBank works on a phone and has no serious accessibility violation @phone', async ({
  page,
}) => {
  await openFromDashboard(page, 'infinite-qbank-dashboard-phone.png');
  expect(await overflowsSideways(page)).toBe(false);
  await choose(
    page,
    'Weight-Based Dosing - Weight-Based Dosing',
    'Weight-based doses (mg/kg)',
    '3',
  );
  await shot(page, 'infinite-qbank-phone-choose.png');
  expect(await seriousViolations(page)).toEqual([]);

  await page.getByRole('button', { name: 'Start practising' }).click();
  const card = page.getByRole('article');
  await expect(card.getByRole('heading', { name: 'Question 1 of 3' })).toBeVisible();
  await expect(
    card
      .getByRole('radio')
      .first()
      .or(card.getByLabel(/^Your answer/)),
  ).toBeVisible();
  expect(await overflowsSideways(page)).toBe(false);
  expect(await seriousViolations(page)).toEqual([]);
  await shot(page, 'infinite-qbank-phone-question.png');

  await answer(card);
  await expect(page.getByTestId('qbank-result')).toBeVisible();
  await expectKatexExplanation(card);
  expect(await overflowsSideways(page)).toBe(false);
  expect(await seriousViolations(page)).toEqual([]);
  await shot(page, 'infinite-qbank-phone-result.png');
});

test('heparin and titration explanations are readable on a phone once answered @phone', async ({
  page,
}) => {
  // The longest display formulas of the generators (dimensional-analysis chains with units):
  // at 375 px they break across lines or scroll in a focusable box, never cut off.
  await signIn(page, 'learner');
  // Med Dosage objective 7, Heparin and Titrations
  const topics = [
    ['md_heparin', 3],
    ['md_titration', 2],
  ] as const;
  for (const [topic, count] of topics) {
    await page.goto(`/infinite-qbank?course=med_dosage&objective=7&topic=${topic}&count=${count}`);
    await page.getByRole('button', { name: 'Start practising' }).click();
    const card = page.getByRole('article');
    for (let n = 1; n <= count; n += 1) {
      await expect(card.getByRole('heading', { name: `Question ${n} of ${count}` })).toBeVisible();
      await answer(card);
      await expect(page.getByTestId('qbank-result')).toBeVisible();
      const explanation = card.getByRole('region', { name: 'Explanation' });
      await expect(explanation.locator('.app-math-display .katex').first()).toBeVisible();
      // The answered state: what axe reported (scrollable-region-focusable) and what a reader sees.
      expect(await overflowsSideways(page)).toBe(false);
      expect(await unreachableFormulas(page)).toEqual([]);
      expect(await seriousViolations(page)).toEqual([]);
      if (n === 1) await shot(page, `infinite-qbank-phone-${topic}.png`);
      if (n < count) await card.getByRole('button', { name: 'Next question' }).click();
    }
  }
});

test('an admin closes a topic for learners, sees it marked, and views the QBank as a learner', async ({
  page,
}) => {
  const TOPIC = 'Gravity drip rate (gtt/min)';
  const available = () => page.getByRole('checkbox', { name: `Available ${TOPIC}` });
  await signIn(page, 'admin');
  await page.goto('/course-topic-manager');
  await expect(available()).toBeChecked();
  // click, then wait for the box: the optimistic update lands after the page's in-flight
  // courses refetch is cancelled (a few ms), which `uncheck()` does not wait for
  await available().click();
  await expect(available()).not.toBeChecked();
  try {
    await page.goto('/infinite-qbank?course=med_dosage&objective=5');
    const topics = page.getByLabel('Topic');
    // Admin view: every topic with a generator, the closed one marked.
    await expect(
      topics.locator('option', { hasText: `${TOPIC} (not open to learners)` }),
    ).toHaveCount(1);
    await page.locator('label[for="qbank-view-learner"]').click();
    await expect(topics.locator('option', { hasText: TOPIC })).toHaveCount(0);
    await shot(page, 'infinite-qbank-admin-as-learner.png');
    await page.locator('label[for="qbank-view-admin"]').click();
    await expect(topics.locator('option', { hasText: TOPIC })).toHaveCount(1);
  } finally {
    // the view mode is stored per admin: leave it as it was
    await page.goto('/infinite-qbank');
    await page.locator('label[for="qbank-view-admin"]').click();
    await page.goto('/course-topic-manager');
    await expect(available()).not.toBeChecked();
    await available().click();
    await expect(available()).toBeChecked();
  }
});
