import { INTENDED_PRODUCT_TYPE_KEY, type Me } from '@examprep/contracts/types';
import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { AppRoutes } from '../../app/router';
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
