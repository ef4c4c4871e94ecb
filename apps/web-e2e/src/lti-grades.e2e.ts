import { expect, test } from '@playwright/test';
import { shot } from './support/auth';
import {
  LMS_MEMBERS,
  LMS_URL,
  launchUrl,
  lmsState,
  type RegisteredLms,
  registerLms,
  unregisterLms,
} from './support/lms';
import { overflowsSideways, seriousViolations } from './support/phone';

// Issue 30, the school's whole loop against the local LMS stand-in (tools/lms): the instructor
// adds a graded ExamPrep test to the course (Deep Linking 2.0: our picker, our signed answer,
// the LMS's new link and gradebook column); a learner opens it from the course, starts it on
// the assignment page and submits; the score reaches the LMS gradebook (AGS 2.0), and the
// assignment page says so.

const SAMPLE = 'TEAS Math Sample Test (full test)';

let lms: RegisteredLms | undefined;
test.afterEach(async () => {
  await unregisterLms(lms);
  lms = undefined;
});

async function deepLinkUrl(registered: RegisteredLms): Promise<string> {
  const res = await fetch(`${LMS_URL}/_test/launch-url`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      sub: LMS_MEMBERS.instructor.sub,
      context: 'nur-101',
      clientId: registered.clientId,
      messageType: 'LtiDeepLinkingRequest',
    }),
  });
  expect(res.status).toBe(200);
  return ((await res.json()) as { url: string }).url;
}

test('an instructor embeds a graded test; a learner takes it; the score lands in the LMS gradebook', async ({
  page,
}) => {
  test.setTimeout(120_000);
  lms = await registerLms('grades');
  const title = `Week 3 quiz ${Date.now().toString(36)}`;

  // the instructor's "add content" in the LMS opens our picker, signed in as them
  await page.goto(await deepLinkUrl(lms));
  await expect(
    page.getByRole('heading', { name: 'Add ExamPrep content to Pharmacology Math (Fall)' }),
  ).toBeVisible();
  await page.getByRole('checkbox', { name: SAMPLE, exact: true }).check();
  await expect(
    page.getByRole('checkbox', { name: `Graded in the course gradebook: ${SAMPLE}` }),
  ).toBeChecked();
  const titleField = page.getByRole('textbox', { name: `Title in your course: ${SAMPLE}` });
  await titleField.fill(title);
  await shot(page, 'lti-deep-link-picker.png');
  await page.getByRole('button', { name: 'Add to course' }).click();

  // back in the LMS: the link and its gradebook column exist
  await page.waitForURL(new RegExp(`^${LMS_URL}/`));
  const made = await lmsState();
  const link = made.links.find((l) => l.title === title);
  expect(link, 'the LMS made the link').toBeDefined();
  expect(link!.custom).toEqual({
    examprep_kind: 'test',
    examprep_product: 'teas_math_sample_qbank',
    examprep_include: 'teas_math_sample_qbank',
    examprep_mode: 'full',
  });
  const lineItem = made.lineItems.find((li) => li.resourceLinkId === link!.id);
  expect(lineItem, 'the LMS made a gradebook column for it').toBeDefined();

  // a learner opens it from the course: the assignment page
  await page.goto(await launchUrl(LMS_MEMBERS.lara.sub, link!.id));
  await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
  await expect(
    page.getByText("Your score is sent to your course's gradebook when you submit."),
  ).toBeVisible();
  await page.setViewportSize({ width: 375, height: 800 });
  expect(await overflowsSideways(page)).toBe(false);
  expect(await seriousViolations(page)).toEqual([]);
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.getByRole('button', { name: 'Start test' }).click();
  await page.waitForURL(/\/test\/full\/[A-Za-z0-9]{20}$/);

  // the first question answered and checked (whatever its kind), the test submitted from the
  // last question (the unanswered ones count as wrong)
  await expect(page.getByRole('heading', { name: /^Question 1 of \d+$/ })).toBeVisible();
  const choice = page.getByRole('radio').or(page.getByRole('checkbox'));
  if ((await choice.count()) > 0) await choice.first().check();
  else await page.getByRole('textbox').first().fill('1');
  await page.getByRole('button', { name: 'Check', exact: true }).click();
  await expect(page.getByTestId('test-reveal')).toBeVisible();
  await page.getByRole('navigation', { name: 'Questions' }).getByRole('button').last().click();
  await page.getByRole('button', { name: 'Submit Test' }).last().click();
  await page
    .getByRole('dialog', { name: 'Submit Your Test?' })
    .getByRole('button', { name: 'Confirm' })
    .click();
  await page.waitForURL(/\/gradebook$/);

  // the score in the LMS (posted once, with the learner's LMS id)
  await expect
    .poll(async () => (await lmsState()).scores.filter((s) => s.lineItemId === lineItem!.id), {
      timeout: 20_000,
    })
    .toEqual([
      expect.objectContaining({
        userId: LMS_MEMBERS.lara.sub,
        scoreMaximum: 100,
        activityProgress: 'Completed',
        gradingProgress: 'FullyGraded',
      }),
    ]);

  // the LMS gradebook shows it, and the assignment page says it was sent
  await page.goto(`${LMS_URL}/`);
  await expect(page.getByTestId(`grade-${lineItem!.id}-${LMS_MEMBERS.lara.sub}-score`)).toHaveText(
    /^\d+ \/ 100$/,
  );
  await shot(page, 'lti-lms-gradebook.png');
  await page.goto(await launchUrl(LMS_MEMBERS.lara.sub, link!.id));
  await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
  await expect(page.getByRole('table').getByText('Sent')).toBeVisible();
  await shot(page, 'lti-assignment-sent.png');

  // the instructor opens the course's link: not the test (they hold no seat), the way to their
  // class; and their classes from the account menu. The class: the LMS roster (NRPS) with who
  // has not started, the learner's score, the class's item analysis, the CSV
  await page.goto(await launchUrl(LMS_MEMBERS.instructor.sub, link!.id));
  await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
  await expect(page.getByText(/^You teach this course\./)).toBeVisible();
  await expect(page.getByRole('button', { name: 'Start test' })).toHaveCount(0);
  await shot(page, 'lti-assignment-instructor.png');
  await page.getByRole('link', { name: 'Open your class' }).click();
  const classHeading = page.getByRole('heading', { level: 1, name: /Pharmacology Math \(Fall\)/ });
  await expect(classHeading).toBeVisible();
  await page.locator('#user-menu').click();
  await page.getByRole('link', { name: 'My classes', exact: true }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'My classes' })).toBeVisible();
  await page.getByRole('link', { name: /Pharmacology Math \(Fall\)/ }).click();
  await expect(classHeading).toBeVisible();
  const gradebook = page.getByRole('table');
  const laraRow = gradebook.getByRole('row').filter({ hasText: LMS_MEMBERS.lara.name });
  await expect(laraRow).toContainText('1');
  const leeRow = gradebook.getByRole('row').filter({ hasText: LMS_MEMBERS.lee.name });
  await expect(leeRow).toBeVisible();
  await shot(page, 'lti-instructor-gradebook.png');
  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Export CSV' }).click();
  const csv = await download;
  expect(csv.suggestedFilename()).toMatch(/^class-.*\.csv$/);
  await page.getByRole('tab', { name: 'Item analysis' }).click();
  await expect(page.getByRole('tabpanel').getByRole('table')).toBeVisible();
  await page.setViewportSize({ width: 375, height: 800 });
  expect(await overflowsSideways(page)).toBe(false);
  expect(await seriousViolations(page)).toEqual([]);
  await shot(page, 'lti-instructor-items-phone.png');
});
