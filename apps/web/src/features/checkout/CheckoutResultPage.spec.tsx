import { type CheckoutResult, INTENDED_PRODUCT_TYPE_KEY, type Me } from '@examprep/contracts/types';
import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { AppRoutes } from '../../app/router';
import { RESULT_POLL_MS } from './checkout-result-api';
import { refundNotice } from './CheckoutResultPage';
import { fakeResponse, mockFetch } from '../../test-utils/mock-fetch';
import {
  AppTestProviders,
  currentLocation,
  fakeSession,
  renderApp,
  testQueryClient,
} from '../../test-utils/render-app';

const ME: Me = {
  uid: 'user-1',
  email: 'learner@example.com',
  isAdmin: false,
  emailVerified: true,
  defaultDashboard: 'math',
  purchases: { teas_math_qbank: true },
  hasDocument: true,
};

async function advance(ms: number) {
  await act(async () => {
    jest.advanceTimersByTime(ms);
  });
}

beforeEach(() => {
  jest.useFakeTimers();
  mockFetch((call) =>
    call.url === '/api/me' ? fakeResponse(200, ME) : fakeResponse(404, { message: 'not here' }),
  );
});
afterEach(() => {
  jest.useRealTimers();
});

describe('/checkout-success and /checkout-cancel (learner spec §2 Payment result page)', () => {
  it("'Payment successful!', redirects to the intended dashboard after 6 s and re-reads purchases", async () => {
    sessionStorage.setItem(INTENDED_PRODUCT_TYPE_KEY, 'design');
    const { session } = renderApp({ route: '/checkout-success?session_id=cs_1' });
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Payment successful!' }),
    ).toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent(
      'Redirecting you to the Design dashboard…',
    );
    await advance(0);
    expect(session.applyMe).toHaveBeenCalledWith(ME);
    await advance(5_900);
    expect(currentLocation()).toBe('/checkout-success?session_id=cs_1');
    await advance(100);
    expect(currentLocation()).toBe('/dashboard?tab=design');
    expect(sessionStorage.getItem(INTENDED_PRODUCT_TYPE_KEY)).toBeNull();
  });

  it("'Payment canceled', 'No charges were made.', to the Math dashboard without an intent", async () => {
    const { session } = renderApp({ route: '/checkout-cancel' });
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Payment canceled' }),
    ).toBeInTheDocument();
    expect(screen.getByText('No charges were made.')).toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent('Redirecting you to the Math dashboard…');
    await advance(6_000);
    expect(currentLocation()).toBe('/dashboard?tab=math');
    expect(session.applyMe).not.toHaveBeenCalled();
  });

  it('waits 12 s after a success with an intended type while the purchases are not loaded', async () => {
    sessionStorage.setItem(INTENDED_PRODUCT_TYPE_KEY, 'math');
    renderApp({ route: '/checkout-success', session: fakeSession({ status: 'loading' }) });
    await screen.findByRole('heading', { level: 1, name: 'Payment successful!' });
    await advance(6_000);
    expect(currentLocation()).toBe('/checkout-success');
    await advance(6_000);
    expect(currentLocation()).toBe('/dashboard?tab=math');
  });

  it('goes at 6 s when the purchases load meanwhile', async () => {
    sessionStorage.setItem(INTENDED_PRODUCT_TYPE_KEY, 'math');
    const queryClient = testQueryClient();
    const ui = (status: 'loading' | 'signed-in') => (
      <AppTestProviders
        session={fakeSession({ status })}
        queryClient={queryClient}
        route="/checkout-success"
      >
        <AppRoutes />
      </AppTestProviders>
    );
    const { rerender } = render(ui('loading'));
    await screen.findByRole('heading', { level: 1, name: 'Payment successful!' });
    await advance(3_000);
    rerender(ui('signed-in'));
    await advance(2_900);
    expect(currentLocation()).toBe('/checkout-success');
    await advance(100);
    expect(currentLocation()).toBe('/dashboard?tab=math');
  });

  it("'Go to dashboard now' clears the intent and goes to its tab at once", async () => {
    sessionStorage.setItem(INTENDED_PRODUCT_TYPE_KEY, 'design');
    const user = userEvent.setup({ advanceTimers: (ms) => jest.advanceTimersByTime(ms) });
    renderApp({ route: '/checkout-cancel' });
    await user.click(await screen.findByRole('button', { name: 'Go to dashboard now' }));
    expect(currentLocation()).toBe('/dashboard?tab=design');
    expect(sessionStorage.getItem(INTENDED_PRODUCT_TYPE_KEY)).toBeNull();
  });
});

describe('/checkout-success: what became of the payment (issue 24)', () => {
  const SID = 'cs_test_local_0123456789abcdef';
  const result = (over: Partial<CheckoutResult>): CheckoutResult => ({
    sessionId: SID,
    status: 'paid',
    intendedProductType: 'math',
    products: [{ id: 'teas_math_qbank', name: 'TEAS Math QBank' }],
    totalCents: 2_000,
    alreadyOwned: [],
    refund: null,
    ...over,
  });
  function answer(...answers: CheckoutResult[]) {
    const calls: string[] = [];
    mockFetch((call) => {
      if (call.url === '/api/me') return fakeResponse(200, ME);
      if (call.url === `/api/checkout-sessions/${SID}`) {
        calls.push(call.url);
        return fakeResponse(200, answers[Math.min(calls.length, answers.length) - 1]);
      }
      return fakeResponse(404, { message: 'not here' });
    });
    return calls;
  }

  it('a product owned already: refunded whole, the page says so and stays (no redirect)', async () => {
    answer(
      result({
        status: 'refunded',
        alreadyOwned: [{ id: 'teas_math_qbank', name: 'TEAS Math QBank' }],
        refund: { amountCents: 2_000, state: 'done' },
      }),
    );
    renderApp({ route: `/checkout-success?session_id=${SID}` });
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Payment refunded' }),
    ).toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent(
      'You already owned TEAS Math QBank, so we refunded $20 of this payment to your card. Refunds take 5–10 business days to appear on your statement.',
    );
    await advance(13_000);
    expect(currentLocation()).toBe(`/checkout-success?session_id=${SID}`);
  });

  it('one of two owned already: Payment successful! with the refund of its share, asked again until it settles', async () => {
    const owned = {
      totalCents: 3_500,
      alreadyOwned: [{ id: 'med_dosage_qbank', name: 'Med Dosage QBank' }],
    };
    const calls = answer(
      result({ status: 'pending' }),
      result({ ...owned, refund: { amountCents: 1_750, state: 'pending' } }),
      result({ ...owned, refund: { amountCents: 1_750, state: 'done' } }),
    );
    renderApp({ route: `/checkout-success?session_id=${SID}` });
    await screen.findByRole('heading', { level: 1, name: 'Payment successful!' });
    for (let i = 0; i < 3; i++) await advance(RESULT_POLL_MS);
    expect(
      await screen.findByText(/You already owned Med Dosage QBank, so we refunded \$17\.50/),
    ).toHaveAttribute('role', 'status');
    const asked = calls.length;
    expect(asked).toBe(3);
    await advance(RESULT_POLL_MS * 3);
    expect(calls.length).toBe(asked);
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Payment successful!');
    await advance(13_000);
    expect(currentLocation()).toBe(`/checkout-success?session_id=${SID}`);
  });

  it('refundNotice: the refund under way, then made; none without products owned already', () => {
    const owned = {
      totalCents: 3_500,
      alreadyOwned: [{ id: 'med_dosage_qbank', name: 'Med Dosage QBank' }],
    };
    expect(refundNotice(result({ ...owned, refund: { amountCents: 1_750, state: 'pending' } }))).toEqual({
      whole: false,
      text: 'You already owned Med Dosage QBank, so $17.50 of this payment is being refunded to your card.',
    });
    expect(
      refundNotice(result({ ...owned, refund: { amountCents: 3_500, state: 'done' } }))?.whole,
    ).toBe(true);
    expect(refundNotice(result({}))).toBeNull();
    expect(refundNotice(undefined)).toBeNull();
  });

  it('granted: says it has been added, and redirects as the spec says', async () => {
    answer(result({}));
    renderApp({ route: `/checkout-success?session_id=${SID}` });
    expect(
      await screen.findByText('Thank you! Your purchase has been added to your account.'),
    ).toBeInTheDocument();
    await advance(6_000);
    expect(currentLocation()).toBe('/dashboard?tab=math');
  });

  it('a session id that is not one is never asked about', async () => {
    const calls = answer(result({}));
    renderApp({ route: '/checkout-success?session_id=../../x' });
    await screen.findByRole('heading', { level: 1, name: 'Payment successful!' });
    await advance(2_000);
    expect(calls).toEqual([]);
  });
});
