import {
  PUMP_MESSAGES,
  type PumpAnswerInput,
  type PumpCalculate,
  type PumpCount,
  type PumpQuestion,
  type PumpTimeFormat,
} from '@examprep/contracts/types';
import { generate } from '@examprep/generators';
import { canonicalAnswer, generatePump, parsePumpProblemId } from '@examprep/pump';
import { seededUsers } from '@examprep/test-kit';
import { expect, type Locator, type Page, test } from '@playwright/test';
import { shot, signInWith } from './support/auth';
import { apiAs, freshLearner, type Learner } from './support/learners';
import { overflowsSideways, seriousViolations, unreachableFormulas } from './support/phone';

// Learner spec §2 Simulations, §3, §5 Pump, §6, §7 check-simulations-access, §9: the IV pump
// simulator at /simulations against the real gateway, qbank service and catalog. The right
// readings are computed here in Node with @examprep/pump from the generated problem's id
// (the library never runs in the page: answers must not ship in the bundle).

/** Control labels of the face (spec §2). */
const MODE_LABEL: Record<PumpCalculate, string> = {
  rate: 'Calculate Rate',
  vtbi: 'Calculate VTBI',
  time: 'Calculate Time',
};
const FORMAT_LABEL: Record<PumpTimeFormat, string> = {
  given: 'Given',
  ampm: 'AM/PM',
  military: 'Military',
};
const COUNT_LABEL: Record<PumpCount, string> = { single: 'Single', dual: 'Dual' };

const NO_QUESTION = 'Press Generate Question to get a problem.';
const FIVE_DIGITS_NOTE = 'A field takes at most 4 digits.';
const KEYPAD_LOCKED = 'The keypad is locked in Time mode: type the hours and minutes instead.';
const FORMAT_DISABLED = 'The time format does not apply when you calculate time.';

type Field = 'rate' | 'vtbi';
const fieldLabel = (channel: 'A' | 'B', field: Field) =>
  field === 'rate'
    ? `Pump ${channel} rate in mL per hour`
    : `Pump ${channel} volume to be infused in mL`;

/** A verified learner who owns the Med Dosage QBank (which brings the simulator). */
async function makeOwner(tag: string): Promise<Learner> {
  const owner = await freshLearner(tag);
  const grant = await apiAs(seededUsers.admin, '/api/update-user-purchases', {
    uid: owner.uid,
    purchases: { med_dosage_qbank: true },
  });
  expect(grant.status, await grant.text()).toBe(200);
  await expect.poll(async () => access(owner)).toBe(true);
  return owner;
}

async function access(user: Learner): Promise<boolean> {
  const res = await apiAs(user, '/api/check-simulations-access');
  expect(res.status).toBe(200);
  return ((await res.json()) as { authorized: boolean }).authorized;
}

async function openSimulator(page: Page, user: Learner): Promise<Locator> {
  await signInWith(page, user);
  await page.goto('/simulations');
  await expect(page.getByRole('heading', { level: 1, name: 'Pump Simulator' })).toBeVisible();
  const face = page.getByRole('region', { name: 'Infusion pump' });
  await expect(face.getByRole('button', { name: 'Generate Question' })).toBeEnabled();
  return face;
}

/** Chooses a control the way a user does: a click on its toggle button (the radio's label). */
async function pick(face: Locator, label: string): Promise<void> {
  const radio = face.getByRole('radio', { name: label, exact: true });
  if (await radio.isChecked()) return;
  const id = await radio.getAttribute('id');
  await face.locator(`label[for="${id}"]`).click();
  await expect(radio).toBeChecked();
}

/** Generate Question; the problem's id comes from the generate response. */
async function generateQuestion(page: Page, face: Locator): Promise<PumpQuestion> {
  const response = page.waitForResponse(
    (r) => r.url().includes('/api/simulations/pump/generate') && r.request().method() === 'POST',
  );
  await face.getByRole('button', { name: 'Generate Question' }).click();
  const res = await response;
  expect(res.status(), await res.text()).toBe(200);
  const question = (await res.json()) as PumpQuestion;
  await expect(face.getByText(question.text, { exact: true })).toBeVisible();
  return question;
}

/** The readings that are right, from the problem id, by the pump library (Node side). */
function rightAnswer(question: PumpQuestion): PumpAnswerInput {
  const ref = parsePumpProblemId(question.id);
  expect(ref, question.id).not.toBeNull();
  return canonicalAnswer(generatePump(ref!));
}

const field = (face: Locator, channel: 'A' | 'B', name: Field) =>
  face.getByLabel(fieldLabel(channel, name), { exact: true });

/** Keyboard entry: click the first field, type, Enter moves to the next field. */
async function typeChannels(page: Page, face: Locator, q: PumpQuestion, a: PumpAnswerInput) {
  await field(face, q.channels[0]!, 'rate').click();
  for (const channel of q.channels) {
    for (const name of ['rate', 'vtbi'] as const) {
      const input = field(face, channel, name);
      await expect(input).toBeFocused();
      await page.keyboard.type(a[channel]![name]);
      await page.keyboard.press('Enter');
    }
  }
}

/** On-screen keypad: click the first field, press the digit keys, the keypad's Enter moves on. */
async function keypadChannels(face: Locator, q: PumpQuestion, a: PumpAnswerInput) {
  const keypad = face.getByRole('group', { name: 'Pump keypad' });
  await field(face, q.channels[0]!, 'rate').click();
  for (const channel of q.channels) {
    for (const name of ['rate', 'vtbi'] as const) {
      await expect(field(face, channel, name)).toBeFocused();
      for (const digit of a[channel]![name])
        await keypad.getByRole('button', { name: `Digit ${digit}`, exact: true }).click();
      await expect(field(face, channel, name)).toHaveValue(a[channel]![name]);
      await keypad.getByRole('button', { name: 'Enter', exact: true }).click();
    }
  }
}

async function expectReadings(face: Locator, q: PumpQuestion, a: PumpAnswerInput) {
  for (const channel of ['A', 'B'] as const)
    for (const name of ['rate', 'vtbi'] as const) {
      const want = q.channels.includes(channel) ? a[channel]![name] : '0';
      await expect(field(face, channel, name)).toHaveValue(want);
    }
}

async function checkAnswer(face: Locator) {
  await face.getByRole('button', { name: 'Check Answer' }).click();
}

async function expectCorrect(face: Locator) {
  await expect(face.getByRole('status', { name: 'Result' })).toHaveText(PUMP_MESSAGES.correct);
  const explanation = face.getByRole('region', { name: 'Explanation' });
  await expect(explanation.locator('.katex').first()).toBeVisible();
  // rendered, no TeX delimiters left over
  await expect(explanation).not.toContainText('\\(');
  await expect(explanation).not.toContainText('\\[');
}

/** Solves the question on the face with the given entry; asserts Correct! with the explanation. */
async function solve(page: Page, face: Locator, q: PumpQuestion, entry: 'keyboard' | 'keypad') {
  const a = rightAnswer(q);
  if (q.calculate === 'time') {
    // Time mode: the pump is programmed (display read-only), the keypad locked
    await expect(face.getByRole('button', { name: 'Digit 1', exact: true })).toBeDisabled();
    for (const channel of ['A', 'B'] as const)
      for (const name of ['rate', 'vtbi'] as const) {
        const reading = q.channels.includes(channel) ? q.display![channel][name] : '0';
        // the programmed pump is shown with thousands separators (1,000), not typed
        const shown = reading.replace(/\B(?=(\d{3})+$)/g, ',');
        await expect(field(face, channel, name)).toHaveValue(shown);
        await expect(field(face, channel, name)).toHaveAttribute('readonly', '');
      }
    await face.getByLabel('Hours', { exact: true }).pressSequentially(a.hours!);
    await face.getByLabel('Minutes', { exact: true }).pressSequentially(a.minutes!);
    await expect(face.getByLabel('Minutes', { exact: true })).toHaveValue(a.minutes!);
  } else {
    if (entry === 'keypad') await keypadChannels(face, q, a);
    else await typeChannels(page, face, q, a);
    await expectReadings(face, q, a);
  }
  await checkAnswer(face);
  await expectCorrect(face);
}

let owner: Learner;

test.beforeAll(async () => {
  owner = await makeOwner('pump-owner');
});

test('an owner solves every calculate mode, single and dual, in each time format', async ({
  page,
}) => {
  test.setTimeout(120_000);
  const face = await openSimulator(page, owner);
  await expect(page.getByText(PUMP_MESSAGES.previewNotice)).toHaveCount(0);
  await expect(face.getByText(NO_QUESTION)).toBeVisible();

  // First problem: a wrong reading, then the right one.
  const first = await generateQuestion(page, face);
  expect(first).toMatchObject({ calculate: 'rate', pumpCount: 'single', timeFormat: 'given' });
  const right = rightAnswer(first);
  // a single-pump problem runs on channel A or B; the other one reads 0
  const ch = first.channels[0]!;
  const idle = ch === 'A' ? 'B' : 'A';
  const wrongRate = String(Number(right[ch]!.rate) + 1);
  await typeChannels(page, face, first, { ...right, [ch]: { ...right[ch]!, rate: wrongRate } });
  await checkAnswer(face);
  await expect(face.getByRole('status', { name: 'Result' })).toContainText(PUMP_MESSAGES.incorrect);
  await expect(face.getByRole('region', { name: 'Explanation' })).toHaveCount(0);
  // what was typed stays
  await expect(field(face, ch, 'rate')).toHaveValue(wrongRate);
  await expect(field(face, ch, 'vtbi')).toHaveValue(right[ch]!.vtbi);
  await expect(field(face, idle, 'rate')).toHaveValue('0');
  // correct it: Clear on the keypad, then the keyboard
  await field(face, ch, 'rate').click();
  await face.getByRole('button', { name: 'Clear', exact: true }).click();
  await expect(field(face, ch, 'rate')).toHaveValue('');
  await page.keyboard.type(right[ch]!.rate);
  await checkAnswer(face);
  await expectCorrect(face);
  await shot(page, 'simulations-correct.png');

  const combos: [PumpCalculate, PumpCount, PumpTimeFormat][] = [];
  for (const calculate of ['rate', 'vtbi'] as const)
    for (const pumpCount of ['single', 'dual'] as const)
      for (const timeFormat of ['given', 'ampm', 'military'] as const)
        if (!(calculate === 'rate' && pumpCount === 'single' && timeFormat === 'given'))
          combos.push([calculate, pumpCount, timeFormat]);
  let keypadUsed = false;
  for (const [calculate, pumpCount, timeFormat] of combos) {
    await pick(face, MODE_LABEL[calculate]);
    await pick(face, COUNT_LABEL[pumpCount]);
    await pick(face, FORMAT_LABEL[timeFormat]);
    const q = await generateQuestion(page, face);
    expect(q, q.id).toMatchObject({ calculate, pumpCount, timeFormat, preview: false });
    expect(q.channels).toHaveLength(pumpCount === 'dual' ? 2 : 1);
    // no result of the last problem on a new one
    await expect(face.getByRole('region', { name: 'Explanation' })).toHaveCount(0);
    // the keypad for the dual VTBI problems and one single, the keyboard for the others
    const entry = calculate === 'vtbi' && (pumpCount === 'dual' || timeFormat === 'military');
    keypadUsed ||= entry;
    await solve(page, face, q, entry ? 'keypad' : 'keyboard');
  }
  expect(keypadUsed).toBe(true);

  // Time mode: the time format does not apply (disabled, with the reason).
  await pick(face, MODE_LABEL.time);
  for (const format of ['given', 'ampm', 'military'] as const)
    await expect(
      face.getByRole('radio', { name: FORMAT_LABEL[format], exact: true }),
    ).toBeDisabled();
  await expect(face.getByText(FORMAT_DISABLED)).toBeVisible();
  for (const pumpCount of ['single', 'dual'] as const) {
    // Changing pump count in Time mode resets: generate after choosing it.
    await pick(face, COUNT_LABEL[pumpCount]);
    const q = await generateQuestion(page, face);
    expect(q, q.id).toMatchObject({ calculate: 'time', pumpCount, timeFormat: 'given' });
    expect(q.display).not.toBeNull();
    await solve(page, face, q, 'keyboard');
    if (pumpCount === 'dual') await shot(page, 'simulations-time-mode.png');
  }
});

test('the keypad rules: a 5th digit is ignored, locked in Time mode, Time mode changes reset', async ({
  page,
}) => {
  const face = await openSimulator(page, owner);
  const keypad = face.getByRole('group', { name: 'Pump keypad' });
  const note = face.getByTestId('keypad-note');
  const digit = (d: string) => keypad.getByRole('button', { name: `Digit ${d}`, exact: true });

  const q = await generateQuestion(page, face);
  const ch = q.channels[0]!;
  const idle = ch === 'A' ? 'B' : 'A';
  await field(face, ch, 'rate').click();
  for (const d of ['1', '2', '3', '4', '5']) await digit(d).click();
  await expect(field(face, ch, 'rate')).toHaveValue('1234');
  await expect(note).toHaveText(FIVE_DIGITS_NOTE);
  // the keyboard alike: a 5th typed digit is refused
  await field(face, ch, 'vtbi').click();
  await page.keyboard.type('98765');
  await expect(field(face, ch, 'vtbi')).toHaveValue('9876');
  await expect(note).toHaveText(FIVE_DIGITS_NOTE);
  // the idle channel of a single-pump problem reads 0 and takes nothing
  for (const name of ['rate', 'vtbi'] as const) {
    await expect(field(face, idle, name)).toHaveValue('0');
    await expect(field(face, idle, name)).toHaveAttribute('readonly', '');
  }

  // Time mode: the keypad is locked and says why.
  await pick(face, MODE_LABEL.time);
  await expect(face.getByText(NO_QUESTION)).toBeVisible();
  for (const d of ['0', '1', '5', '9']) await expect(digit(d)).toBeDisabled();
  await expect(keypad.getByRole('button', { name: 'Clear', exact: true })).toBeDisabled();
  await expect(keypad.getByRole('button', { name: 'Enter', exact: true })).toBeDisabled();
  await expect(note).toHaveText(KEYPAD_LOCKED);

  // A time problem programs the display; changing pump count drops it and clears the display.
  const hours = face.getByLabel('Hours', { exact: true });
  const minutes = face.getByLabel('Minutes', { exact: true });
  const single = await generateQuestion(page, face);
  const used = single.channels[0]!;
  await expect(field(face, used, 'rate')).toHaveValue(single.display![used].rate);
  await hours.pressSequentially('123');
  await expect(hours).toHaveValue('12');
  await minutes.pressSequentially('3');
  await pick(face, COUNT_LABEL.dual);
  await expect(face.getByText(NO_QUESTION)).toBeVisible();
  await expect(face.getByText(single.text, { exact: true })).toHaveCount(0);
  await expect(hours).toHaveValue('');
  await expect(minutes).toHaveValue('');
  for (const channel of ['A', 'B'] as const)
    for (const name of ['rate', 'vtbi'] as const)
      await expect(field(face, channel, name)).toHaveValue('');
  await expect(face.getByRole('button', { name: 'Check Answer' })).toBeDisabled();

  // Changing mode out of Time mode drops the question too.
  const dual = await generateQuestion(page, face);
  await expect(field(face, 'B', 'vtbi')).toHaveValue(dual.display!.B.vtbi);
  await hours.pressSequentially('4');
  await pick(face, MODE_LABEL.rate);
  await expect(face.getByText(NO_QUESTION)).toBeVisible();
  await expect(hours).toHaveCount(0);
  for (const channel of ['A', 'B'] as const)
    for (const name of ['rate', 'vtbi'] as const)
      await expect(field(face, channel, name)).toHaveValue('');
  await expect(face.getByRole('button', { name: 'Check Answer' })).toBeDisabled();
});

test('a learner without the Med Dosage QBank gets the preview and solves a preview problem', async ({
  page,
}) => {
  const learner = await freshLearner('pump-preview');
  expect(await access(learner)).toBe(false);
  const face = await openSimulator(page, learner);
  await expect(page.getByText(PUMP_MESSAGES.previewNotice)).toBeVisible();
  await expect(
    page.getByRole('link', { name: 'Go to the Med Dosage QBank on your dashboard' }),
  ).toBeVisible();
  for (const label of ['Dual', 'AM/PM', 'Military']) {
    const radio = face.getByRole('radio', { name: label, exact: true });
    await expect(radio).toBeDisabled();
    // the reason is read with the disabled choice
    await expect(radio).toHaveAccessibleDescription(PUMP_MESSAGES.previewOnly);
  }
  for (const label of ['Calculate Rate', 'Calculate VTBI', 'Calculate Time', 'Given', 'Single'])
    await expect(face.getByRole('radio', { name: label, exact: true })).toBeEnabled();

  await pick(face, MODE_LABEL.vtbi);
  const q = await generateQuestion(page, face);
  expect(q).toMatchObject({ calculate: 'vtbi', pumpCount: 'single', preview: true });
  expect(parsePumpProblemId(q.id)!.seed).toBeLessThan(12);
  await solve(page, face, q, 'keyboard');
});

test('the pump simulator on a phone: no sideways scroll, no serious axe violation, named inputs @phone', async ({
  page,
}) => {
  const face = await openSimulator(page, owner);
  await pick(face, MODE_LABEL.rate);
  await pick(face, COUNT_LABEL.dual);
  await pick(face, FORMAT_LABEL.ampm);
  const q = await generateQuestion(page, face);
  expect(await overflowsSideways(page)).toBe(false);
  expect(await seriousViolations(page)).toEqual([]);
  await solve(page, face, q, 'keypad');
  expect(await overflowsSideways(page)).toBe(false);
  expect(await unreachableFormulas(page)).toEqual([]);
  expect(await seriousViolations(page)).toEqual([]);
  await shot(page, 'simulations-phone.png');

  await pick(face, MODE_LABEL.time);
  await generateQuestion(page, face);
  expect(await overflowsSideways(page)).toBe(false);
  expect(await seriousViolations(page)).toEqual([]);
  const inputs = page.locator('input, select, textarea');
  const count = await inputs.count();
  expect(count).toBeGreaterThan(10);
  for (let i = 0; i < count; i += 1) await expect(inputs.nth(i)).toHaveAccessibleName(/\S/);
  await shot(page, 'simulations-phone-time.png');
});

test('an Infinite QBank pump item is answered on the pump face', async ({ page }) => {
  // dual pumps come with the Med Dosage QBank, in the Infinite QBank as in the simulator
  await signInWith(page, await makeOwner('qbank-pump'));
  await page.goto('/infinite-qbank');
  await page.getByLabel('Course').selectOption({ label: 'Med Dosage' });
  await page.getByLabel('Objective').selectOption({ label: 'IV Therapy - IV Pump Programming' });
  await page.getByLabel('Topic').selectOption({ label: 'Pump programming: rate, two pumps' });
  await page.getByLabel('Questions per batch').selectOption('3');
  const batch = page.waitForResponse((r) => r.url().includes('/api/infiniteqbank/generate-batch'));
  await page.getByRole('button', { name: 'Start practising' }).click();
  const res = await batch;
  expect(res.status()).toBe(200);
  const { questions } = (await res.json()) as {
    questions: { id: string; topicKey: string; seed: number; pump: PumpQuestion }[];
  };
  const item = questions[0]!;
  const truth = generate(item.topicKey, item.seed);
  // [A.rate, A.vtbi, B.rate, B.vtbi]
  const [aRate, aVtbi, bRate, bVtbi] = truth.correctAnswer as string[];
  const card = page.getByRole('article');
  await expect(card.getByRole('heading', { name: 'Question 1 of 3' })).toBeVisible();
  const face = card.getByRole('region', { name: 'Infusion pump' });
  await expect(face.getByText(item.pump.text, { exact: true })).toBeVisible();
  await typeChannels(page, face, item.pump, {
    A: { rate: aRate!, vtbi: aVtbi! },
    B: { rate: bRate!, vtbi: bVtbi! },
  });
  await card.getByRole('button', { name: 'Check Answer' }).click();
  const result = page.getByTestId('qbank-result');
  await expect(result).toContainText(/^Correct!/);
  await expect(
    card.getByRole('region', { name: 'Explanation' }).locator('.katex').first(),
  ).toBeVisible();
  await shot(page, 'simulations-infinite-qbank-pump.png');
});

test('without the Med Dosage QBank the Infinite QBank serves the simulator preview only (issue 24)', async ({
  page,
}) => {
  await signInWith(page, await freshLearner('qbank-preview'));
  await page.goto('/infinite-qbank');
  await page.getByLabel('Course').selectOption({ label: 'Med Dosage' });
  await page.getByLabel('Objective').selectOption({ label: 'IV Therapy - IV Pump Programming' });
  const topic = page.getByLabel('Topic');
  // the dual-pump topics are not offered; the single-pump ones are
  await expect(topic.locator('option', { hasText: 'two pumps' })).toHaveCount(0);
  await expect(topic.locator('option', { hasText: 'primary and piggyback' })).toHaveCount(0);
  await topic.selectOption({ label: 'Pump programming: rate, one pump' });
  const batch = page.waitForResponse((r) => r.url().includes('/api/infiniteqbank/generate-batch'));
  await page.getByRole('button', { name: 'Start practising' }).click();
  const res = await batch;
  expect(res.status()).toBe(200);
  const { questions } = (await res.json()) as {
    questions: { id: string; topicKey: string; seed: number; pump: PumpQuestion }[];
  };
  // the preview's own problems (given duration, its fixed seeds), as the simulator serves them
  for (const q of questions) expect(q.pump).toMatchObject({ preview: true, timeFormat: 'given' });
  const item = questions[0]!;
  // [A.rate, A.vtbi, B.rate, B.vtbi]: a single-pump problem runs on pump A or B
  const [aRate, aVtbi, bRate, bVtbi] = generate(item.topicKey, item.seed).correctAnswer as string[];
  const card = page.getByRole('article');
  const face = card.getByRole('region', { name: 'Infusion pump' });
  await typeChannels(page, face, item.pump, {
    A: { rate: aRate!, vtbi: aVtbi! },
    B: { rate: bRate!, vtbi: bVtbi! },
  });
  await card.getByRole('button', { name: 'Check Answer' }).click();
  await expect(page.getByTestId('qbank-result')).toContainText(/^Correct!/);
  await shot(page, 'simulations-infinite-qbank-preview.png');
});
