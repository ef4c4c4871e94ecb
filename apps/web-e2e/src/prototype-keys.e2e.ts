import { expect, test } from '@playwright/test';
import { shot, signIn } from './support/auth';

// Issue 8, item 2 in the browser: names every object inherits (Object.prototype's members) in
// a link's query are unknown choices like any other — the page shows and nothing breaks
// (/question-list?course=constructor used to offer Object's methods as objectives and crash).

const REPORTED = ['__proto__', 'constructor', 'toString', 'hasOwnProperty', 'valueOf'];

for (const tag of ['', ' @phone']) {
  test(`the question list takes such names as a course filter${tag}`, async ({
    page,
  }, testInfo) => {
    const errors: string[] = [];
    page.on('pageerror', (err) => errors.push(err.message));
    await signIn(page, 'admin');
    for (const name of REPORTED) {
      await page.goto(`/question-list?${new URLSearchParams({ course: name })}`);
      await expect(page.getByRole('heading', { level: 1, name: 'Question List' })).toBeVisible();
      await expect(page.getByText('Total Questions: 0')).toBeVisible();
      // no course of that name is in use: the objective filter offers no objective at all
      await expect(page.getByLabel('Objective', { exact: true }).locator('option')).toHaveText([
        'All objectives',
      ]);
    }
    await shot(page, `prototype-keys-question-list-${testInfo.project.name}.png`);
    expect(errors).toEqual([]);
  });

  test(`an Infinite QBank link with such names falls back to the closest choice${tag}`, async ({
    page,
  }, testInfo) => {
    const errors: string[] = [];
    page.on('pageerror', (err) => errors.push(err.message));
    await signIn(page, 'learner');
    await page.goto('/infinite-qbank?course=med_dosage&objective=constructor&topic=__proto__');
    await expect(page.getByRole('heading', { level: 1, name: 'Infinite QBank' })).toBeVisible();
    await expect(
      page.getByText('The course, objective or topic in this link is not available right now'),
    ).toBeVisible();
    await page.getByRole('button', { name: 'Start practising' }).click();
    await expect(
      page.getByRole('article').getByRole('heading', { name: /^Question 1 of \d+$/ }),
    ).toBeVisible();
    await shot(page, `prototype-keys-infinite-qbank-${testInfo.project.name}.png`);
    expect(errors).toEqual([]);
  });
}
