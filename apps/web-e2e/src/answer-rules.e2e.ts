import { ANSWER_RULE_MESSAGES } from '@examprep/contracts/types';
import { generate, parseItemId } from '@examprep/generators';
import { expect, type Response, test } from '@playwright/test';
import { shot, signIn } from './support/auth';

// ADR 0036 (issue 28): a right value typed without its leading zero ('.5' for 0.5) is marked
// incorrect, and the learner is told which rule it broke. Real gateway, qbank and generators:
// the items' ids (topic~seed) come from the batch the page fetched, and the key of a typed item
// is worked out here by the same generator the server runs.

interface BatchQuestion {
  id: string;
}

const isBatch = (r: Response) => r.url().includes('/api/infiniteqbank/generate-batch') && r.ok();

test('a right value without its leading zero is marked incorrect, with the rule named', async ({
  page,
}) => {
  await page.setViewportSize({ width: 375, height: 800 });
  await signIn(page, 'learner');
  await page.goto('/infinite-qbank?course=med_dosage&objective=1&topic=md_convert_metric&count=20');
  const card = page.getByRole('article');
  const input = card.getByLabel(/^Your answer/);

  // About one item in nine is a typed one whose key is below 1: read batches until one comes.
  for (let batch = 1; batch <= 4; batch += 1) {
    const fetched = page.waitForResponse(isBatch);
    await page
      .getByRole('button', { name: batch === 1 ? 'Start practising' : 'Get more questions' })
      .click();
    const { questions } = (await (await fetched).json()) as { questions: BatchQuestion[] };
    for (const [i, q] of questions.entries()) {
      await expect(card.getByRole('heading', { name: `Question ${i + 1} of 20` })).toBeVisible();
      const ref = parseItemId(q.id);
      if (!ref) throw new Error(`not an item id: ${q.id}`);
      const item = generate(ref.topicKey, ref.seed);
      const key = item.correctAnswer[0] ?? '';
      if (item.type === 'blank' && /^0\.\d+$/.test(key)) {
        await expect(input).toBeVisible();
        await input.fill(key.slice(1)); // '.5': the value is right, the zero is missing
        await input.press('Enter');
        const result = page.getByTestId('qbank-result');
        await expect(result).toContainText(/^Incorrect\./);
        await expect(page.getByTestId('qbank-feedback')).toHaveText(
          ANSWER_RULE_MESSAGES.leadingZero,
        );
        await expect(result).toContainText(`Correct answer: ${key}`);
        await shot(page, 'answer-rules-leading-zero.png');
        return;
      }
      // any other item: answer it (a choice, or a typed value) and move on
      const radios = card.getByRole('radio');
      await expect(radios.first().or(input)).toBeVisible();
      if ((await radios.count()) > 0) {
        await radios.first().check();
        await card.getByRole('button', { name: 'Check Answer' }).click();
      } else {
        await input.fill('1');
        await input.press('Enter');
      }
      await expect(page.getByTestId('qbank-result')).toBeVisible();
      if (i < questions.length - 1)
        await card.getByRole('button', { name: 'Next question' }).click();
    }
  }
  throw new Error('no typed item with a key below 1 in 80 items');
});
