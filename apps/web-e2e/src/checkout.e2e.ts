import { createHmac, randomUUID } from 'node:crypto';
import { expect, test, type Page } from '@playwright/test';
import { infraConfig, withDatabase } from '@examprep/test-kit';
import { shot, signInWith } from './support/auth';
import { apiAs, closeWelcome, freshLearner, type Learner } from './support/learners';
import { overflowsSideways, seriousViolations } from './support/phone';

// Learner spec §2 (Dashboard, product cards, Payment result page), §4 Checkout, §5, §8, §9,
// against the real gateway, catalog (stripe-mock and the local test checkout, ADR 0018),
// identity read model and the live stream /api/me/events.

function purchaseForm(page: Page) {
  return page.getByRole('region', { name: 'Purchase Math Products' });
}

function card(page: Page, name: string) {
  return page.getByRole('article', { name });
}

/** Access Now: a link (workbook, simulations, ...) or, for a test include, the start-test button. */
function accessNow(page: Page, name: string) {
  const c = card(page, name);
  return c
    .getByRole('link', { name: /^Access Now/ })
    .or(c.getByRole('button', { name: /^Access Now/ }));
}

/** The card's buttons: all unlocked (Access Now), or all 'Purchase Required'. */
async function expectUnlocked(page: Page, name: string, includes: number) {
  await expect(accessNow(page, name)).toHaveCount(includes);
  await expect(card(page, name).getByRole('button', { name: /^Purchase Required/ })).toHaveCount(0);
}

async function expectLocked(page: Page, name: string) {
  const locked = card(page, name).getByRole('button', { name: /^Purchase Required/ });
  await expect(locked.first()).toBeDisabled();
  await expect(accessNow(page, name)).toHaveCount(0);
  await expect(
    card(page, name).getByText('Purchase this product to access its features and content.'),
  ).toBeVisible();
}

async function startPurchase(page: Page, products: string[], coupon = '') {
  const form = purchaseForm(page);
  for (const name of products) await form.getByRole('checkbox', { name }).check();
  await form.getByRole('checkbox', { name: 'I agree to the terms and conditions.' }).check();
  if (coupon) await form.getByLabel('Coupon code (optional)').fill(coupon);
}

test.describe('checkout through the local test checkout', () => {
  let learner: Learner;
  test.beforeAll(async () => {
    learner = await freshLearner('checkout');
  });

  test('a learner buys TEAS Math QBank in a bundle of two; the dashboards unlock without a reload', async ({
    page,
    context,
  }) => {
    await signInWith(page, learner);
    await closeWelcome(page);
    await expectLocked(page, 'TEAS Math QBank');

    // a second dashboard, already open, must unlock by itself (live stream, no reload)
    const other = await context.newPage();
    await other.goto('/dashboard?tab=math');
    await expectLocked(other, 'TEAS Math QBank');
    let otherReloads = 0;
    other.on('framenavigated', (frame) => {
      if (frame === other.mainFrame()) otherReloads++;
    });

    await page.bringToFront();
    await startPurchase(page, ['TEAS Math QBank — $20', 'Med Dosage QBank — $20']);
    const form = purchaseForm(page);
    await expect(form.getByText('$5 off per additional item')).toBeVisible();
    await expect(form.getByTestId('purchase-total')).toHaveText('$35');
    await shot(page, 'checkout-purchase-form.png');
    await form.getByRole('button', { name: 'Buy Now' }).click();

    await page.waitForURL(/\/dev-checkout\/cs_test_local_/);
    await expect(page.getByText('Test checkout — no real payment')).toBeVisible();
    await expect(page.getByTestId('dev-checkout-total')).toHaveText('$35');
    await expect(page.getByRole('main').getByText(learner.email)).toBeVisible();
    await shot(page, 'checkout-dev-checkout.png');
    await page.getByRole('button', { name: 'Pay $35' }).click();

    await page.waitForURL(/\/checkout-success/);
    await expect(
      page.getByRole('heading', { level: 1, name: 'Payment successful!' }),
    ).toBeVisible();
    await expect(page.getByText('Redirecting you to the Math dashboard…')).toBeVisible();
    await shot(page, 'checkout-success.png');
    await page.getByRole('button', { name: 'Go to dashboard now' }).click();
    await page.waitForURL(/\/dashboard\?tab=math/);
    await expectUnlocked(page, 'TEAS Math QBank', 2);
    await expectUnlocked(page, 'Med Dosage QBank', 2);
    // the purchase form shows them as owned
    await expect(
      purchaseForm(page).getByRole('checkbox', { name: 'TEAS Math QBank — $20 (owned)' }),
    ).toBeDisabled();

    await expectUnlocked(other, 'TEAS Math QBank', 2);
    expect(otherReloads).toBe(0);
    await other.close();
  });

  test("the cancel path: 'Payment canceled', 'No charges were made.', back to the dashboard after 6 s", async ({
    page,
  }) => {
    await signInWith(page, learner);
    await closeWelcome(page);
    await startPurchase(page, ['Med Dosage Workbook — $20']);
    await purchaseForm(page).getByRole('button', { name: 'Buy Now' }).click();
    await page.waitForURL(/\/dev-checkout\//);
    await page.getByRole('button', { name: 'Cancel' }).click();
    await page.waitForURL(/\/checkout-cancel/);
    await expect(page.getByRole('heading', { level: 1, name: 'Payment canceled' })).toBeVisible();
    await expect(page.getByText('No charges were made.')).toBeVisible();
    await expect(page.getByText('Redirecting you to the Math dashboard…')).toBeVisible();
    await shot(page, 'checkout-cancel.png');
    await page.waitForURL(/\/dashboard\?tab=math/, { timeout: 10_000 });
    await expectLocked(page, 'Med Dosage Workbook');
  });

  test("an unknown coupon gives the 'Invalid Coupon Code' modal; 'ab!' is refused in place", async ({
    page,
  }) => {
    await signInWith(page, learner);
    await closeWelcome(page);
    await startPurchase(page, ['TEAS Math Workbook — $20'], 'NOPE123');
    const form = purchaseForm(page);
    // with a coupon the total is the plain sum
    await expect(form.getByTestId('purchase-total')).toHaveText('$20');
    await form.getByRole('button', { name: 'Buy Now' }).click();
    const modal = page.getByRole('dialog', { name: 'Invalid Coupon Code' });
    await expect(modal).toContainText('Invalid coupon code. Please check the code and try again.');
    await shot(page, 'checkout-invalid-coupon.png');
    await modal.getByRole('button', { name: 'Close' }).last().click();
    await expect(modal).toBeHidden();
    // nothing chosen was lost
    await expect(form.getByRole('checkbox', { name: 'TEAS Math Workbook — $20' })).toBeChecked();
    await expect(form.getByLabel('Coupon code (optional)')).toHaveValue('NOPE123');

    await form.getByLabel('Coupon code (optional)').fill('ab!');
    await expect(
      form.getByText('Coupon codes can only contain letters and numbers.', { exact: true }),
    ).toBeVisible();
    await expect(
      form.getByText('Invalid coupon code. Coupon codes can only contain letters and numbers.'),
    ).toBeVisible();
    await expect(form.getByRole('button', { name: 'Buy Now' })).toBeDisabled();
    expect(page.url()).toMatch(/\/dashboard/);
  });
});

test.describe('a product paid for twice: two tabs of checkout (issue 24)', () => {
  const cfg = infraConfig('test');

  /** A Stripe event signed as Stripe signs (v1 = HMAC-SHA256 of `${t}.${payload}`), delivered to the public webhook. */
  async function deliverPayment(orderId: string, sessionId: string): Promise<number> {
    const payload = JSON.stringify({
      id: `evt_e2e_${randomUUID().replace(/-/g, '')}`,
      object: 'event',
      type: 'checkout.session.completed',
      data: {
        object: {
          id: sessionId,
          object: 'checkout.session',
          client_reference_id: orderId,
          payment_status: 'paid',
          payment_intent: `pi_e2e_${orderId}`,
        },
      },
    });
    const t = Math.floor(Date.now() / 1000);
    const v1 = createHmac('sha256', cfg.stripeWebhookSecret)
      .update(`${t}.${payload}`)
      .digest('hex');
    const res = await fetch(`${cfg.gatewayUrl}/api/stripe/webhook`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'stripe-signature': `t=${t},v1=${v1}` },
      body: payload,
    });
    return res.status;
  }

  /** The order behind a session (its id is Stripe's client_reference_id). */
  const orderIdOf = (sessionId: string) =>
    withDatabase('catalog', async (db) =>
      String((await db.collection('orders').findOne({ sessionId }))!._id),
    );

  test('paying in one tab closes the other; a payment that still arrives is refunded and the result page says so', async ({
    page,
    context,
  }) => {
    const learner = await freshLearner('two-tabs');
    await signInWith(page, learner);
    await closeWelcome(page);
    const other = await context.newPage();
    await other.goto('/dashboard?tab=math');
    for (const tab of [page, other]) {
      await tab.bringToFront();
      await startPurchase(tab, ['TEAS Math Workbook — $20']);
      await purchaseForm(tab).getByRole('button', { name: 'Buy Now' }).click();
      await tab.waitForURL(/\/dev-checkout\/cs_test_local_/);
      await expect(tab.getByRole('button', { name: 'Pay $20' })).toBeEnabled();
    }
    const secondSession = other.url().split('/dev-checkout/')[1]!;

    // the first tab pays
    await page.bringToFront();
    await page.getByRole('button', { name: 'Pay $20' }).click();
    await page.waitForURL(/\/checkout-success/);
    await expect(
      page.getByText('Thank you! Your purchase has been added to your account.'),
    ).toBeVisible();

    // the second tab's checkout was closed: it cannot be paid any more
    await other.bringToFront();
    await expect
      .poll(async () => {
        const view = await fetch(`${cfg.gatewayUrl}/api/dev-checkout/${secondSession}`);
        return ((await view.json()) as { status: string }).status;
      })
      .toBe('canceled');
    await other.reload();
    await expect(other.getByText('It can no longer be paid', { exact: false })).toBeVisible();
    await expect(other.getByRole('button', { name: /^Pay/ })).toHaveCount(0);
    await shot(other, 'checkout-second-tab-closed.png');

    // a payment for it that was already under way still arrives (Stripe's race): refunded
    expect(await deliverPayment(await orderIdOf(secondSession), secondSession)).toBe(200);
    await other.goto(`/checkout-success?session_id=${secondSession}`);
    await expect(other.getByRole('heading', { level: 1, name: 'Payment refunded' })).toBeVisible();
    await expect(other.getByRole('status')).toHaveText(
      'You already owned TEAS Math Workbook, so we refunded $20 of this payment to your card. Refunds take 5–10 business days to appear on your statement.',
    );
    await shot(other, 'checkout-refunded.png');
    // the page stays until the learner goes on
    await other.waitForTimeout(7_000);
    expect(other.url()).toContain('/checkout-success');
    await other.getByRole('button', { name: 'Go to dashboard now' }).click();
    await other.waitForURL(/\/dashboard\?tab=math/);
    await expectUnlocked(other, 'TEAS Math Workbook', 1);
  });
});

test.describe('phone', () => {
  let learner: Learner;
  test.beforeAll(async () => {
    learner = await freshLearner('checkout-phone');
  });

  test('dashboards, payment result pages and the test checkout at 375 px, axe clean @phone', async ({
    page,
  }) => {
    await signInWith(page, learner);
    await closeWelcome(page);
    for (const tab of ['math', 'design'] as const) {
      await page.goto(`/dashboard?tab=${tab}`);
      await expect(
        card(page, tab === 'math' ? 'TEAS Math QBank' : 'Premium 3D Assets'),
      ).toBeVisible();
      expect(await overflowsSideways(page)).toBe(false);
      expect(await seriousViolations(page)).toEqual([]);
      await shot(page, `checkout-dashboard-${tab}-phone.png`);
    }

    const created = await apiAs(learner, '/api/create-checkout-session', {
      products: ['teas_math_qbank', 'med_dosage_qbank', 'teas_math_workbook'],
    });
    expect(created.status).toBe(200);
    const session = (await created.json()) as { id: string; url: string };
    await page.goto(`/dev-checkout/${session.id}`);
    await expect(page.getByTestId('dev-checkout-total')).toHaveText('$50');
    expect(await overflowsSideways(page)).toBe(false);
    expect(await seriousViolations(page)).toEqual([]);
    await shot(page, 'checkout-dev-checkout-phone.png');

    for (const [path, title] of [
      ['/checkout-success', 'Payment successful!'],
      ['/checkout-cancel', 'Payment canceled'],
    ] as const) {
      await page.goto(path);
      await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
      expect(await overflowsSideways(page)).toBe(false);
      expect(await seriousViolations(page)).toEqual([]);
      await shot(page, `checkout-result-${path.slice(10)}-phone.png`);
    }
  });
});
