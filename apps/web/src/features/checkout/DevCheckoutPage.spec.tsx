import { type DevCheckoutView } from '@examprep/contracts/types';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { SIGNED_OUT } from '../../shared/session/session-context';
import { fakeResponse, mockFetch, type FetchCall } from '../../test-utils/mock-fetch';
import { fakeSession, renderApp } from '../../test-utils/render-app';
import { browser } from '../catalog/checkout-flow';

const ORDER: DevCheckoutView = {
  sessionId: 'cs_test_local_abc',
  email: 'learner@example.com',
  lines: [
    { productId: 'teas_math_qbank', name: 'TEAS Math QBank', amountCents: 2_000 },
    { productId: 'med_dosage_qbank', name: 'Med Dosage QBank', amountCents: 2_000 },
  ],
  subtotalCents: 4_000,
  discountCents: 500,
  discountLabel: 'Bundle discount',
  totalCents: 3_500,
  currency: 'usd',
  status: 'open',
  successUrl: 'http://localhost/checkout-success?session_id=cs_test_local_abc',
  cancelUrl: 'http://localhost/checkout-cancel',
};

const ROUTE = '/dev-checkout/cs_test_local_abc';

function serve(view: () => Response, complete: (call: FetchCall) => Response | Promise<Response>) {
  return mockFetch((call) => {
    if (call.url === '/api/dev-checkout/cs_test_local_abc' && call.method === 'GET') return view();
    if (call.url === '/api/dev-checkout/cs_test_local_abc/complete') return complete(call);
    return fakeResponse(404, { message: 'not here' });
  });
}

let assign: jest.SpyInstance;
beforeEach(() => {
  assign = jest.spyOn(browser, 'assign').mockImplementation(() => undefined);
});
afterEach(() => assign.mockRestore());

describe('/dev-checkout/:sessionId (local test checkout, ADR 0018)', () => {
  it('shows the order, the discount, the total, the email and that no real payment is made', async () => {
    serve(
      () => fakeResponse(200, ORDER),
      () => fakeResponse(200, {}),
    );
    renderApp({ route: ROUTE, session: fakeSession({ ...SIGNED_OUT }) });
    expect(await screen.findByText('Test checkout — no real payment')).toBeInTheDocument();
    const table = within(await screen.findByRole('table', { name: 'Your order' }));
    expect(table.getAllByRole('row').map((r) => r.textContent)).toEqual([
      'ItemAmount',
      'TEAS Math QBank$20',
      'Med Dosage QBank$20',
      'Subtotal$40',
      'Discount (Bundle discount)−$5',
      'Total$35',
    ]);
    expect(screen.getByText('learner@example.com')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Pay $35' })).toBeEnabled();
  });

  it('Pay completes the order (busy meanwhile) and goes where the catalog says', async () => {
    let release: () => void = () => undefined;
    const { calls } = serve(
      () => fakeResponse(200, ORDER),
      () =>
        new Promise<Response>((resolve) => {
          release = () => resolve(fakeResponse(200, { redirectUrl: ORDER.successUrl }));
        }),
    );
    renderApp({ route: ROUTE });
    await userEvent.click(await screen.findByRole('button', { name: 'Pay $35' }));
    expect(screen.getByRole('button', { name: 'Paying…' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Cancel' })).toBeDisabled();
    release();
    await waitFor(() => expect(assign).toHaveBeenCalledWith(ORDER.successUrl));
    const posts = calls.filter((c) => c.method === 'POST');
    expect(posts).toHaveLength(1);
    expect(posts[0]!.body).toEqual({ outcome: 'pay' });
  });

  it('Cancel sends outcome cancel and goes to the cancel page', async () => {
    const { calls } = serve(
      () => fakeResponse(200, ORDER),
      () => fakeResponse(200, { redirectUrl: ORDER.cancelUrl }),
    );
    renderApp({ route: ROUTE });
    await userEvent.click(await screen.findByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(assign).toHaveBeenCalledWith(ORDER.cancelUrl));
    expect(calls.find((c) => c.method === 'POST')?.body).toEqual({ outcome: 'cancel' });
  });

  it('a failed completion says so and lets the user try again', async () => {
    serve(
      () => fakeResponse(200, ORDER),
      () =>
        fakeResponse(502, {
          code: 'PAYMENT_PROVIDER_UNAVAILABLE',
          message: 'Unable to process checkout. Please try again or contact support.',
        }),
    );
    renderApp({ route: ROUTE });
    await userEvent.click(await screen.findByRole('button', { name: 'Pay $35' }));
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('The order could not be completed.');
    expect(alert).toHaveTextContent('Unable to process checkout.');
    expect(screen.getByRole('button', { name: 'Pay $35' })).toBeEnabled();
    expect(assign).not.toHaveBeenCalled();
  });

  it("404: 'This test checkout is not available.'", async () => {
    serve(
      () =>
        fakeResponse(404, { code: 'NOT_FOUND', message: 'The test checkout is not available.' }),
      () => fakeResponse(404, {}),
    );
    renderApp({ route: ROUTE });
    expect(await screen.findByText('This test checkout is not available.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Pay/ })).not.toBeInTheDocument();
  });

  it('another failure offers Try Again', async () => {
    let fail = true;
    serve(
      () =>
        fail ? fakeResponse(503, { message: 'Service unavailable' }) : fakeResponse(200, ORDER),
      () => fakeResponse(200, {}),
    );
    renderApp({ route: ROUTE });
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('The order could not be loaded.');
    fail = false;
    await userEvent.click(within(alert).getByRole('button', { name: 'Try Again' }));
    expect(await screen.findByRole('button', { name: 'Pay $35' })).toBeEnabled();
  });

  it('a paid order says so and leads to its result; no Pay', async () => {
    serve(
      () => fakeResponse(200, { ...ORDER, status: 'paid' }),
      () => fakeResponse(200, { redirectUrl: ORDER.successUrl }),
    );
    renderApp({ route: ROUTE });
    expect(
      await screen.findByText('This order is no longer open. Order status: paid.'),
    ).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'See the payment result' })).toHaveAttribute(
      'href',
      ORDER.successUrl,
    );
    expect(screen.queryByRole('button', { name: /^Pay/ })).not.toBeInTheDocument();
  });

  it('a checkout closed because its products were bought in another tab cannot be paid (issue 24)', async () => {
    serve(
      () => fakeResponse(200, { ...ORDER, status: 'canceled' }),
      () => fakeResponse(200, { redirectUrl: ORDER.cancelUrl }),
    );
    renderApp({ route: ROUTE });
    expect(
      await screen.findByText(
        'This order is no longer open. Order status: canceled. It can no longer be paid, and nothing was charged.',
      ),
    ).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /^Pay/ })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Cancel' })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Leave this checkout' })).toHaveAttribute(
      'href',
      ORDER.cancelUrl,
    );
  });
});
