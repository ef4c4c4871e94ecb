import { INTENDED_PRODUCT_TYPE_KEY } from '@examprep/contracts/types';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { fakeResponse, mockFetch, type FetchCall } from '../../test-utils/mock-fetch';
import { CATALOG } from '../../test-utils/products';
import {
  AppTestProviders,
  fakeSession,
  renderApp,
  testQueryClient,
} from '../../test-utils/render-app';
import { browser } from './checkout-flow';
import { PurchaseMathProducts } from './PurchaseMathProducts';

type CheckoutAnswer = (call: FetchCall) => Response | Promise<Response>;

function serve(checkout: CheckoutAnswer) {
  return mockFetch((call) => {
    if (call.url === '/api/products') return fakeResponse(200, { products: CATALOG });
    if (call.url === '/api/create-checkout-session') return checkout(call);
    return fakeResponse(404, { message: 'not here' });
  });
}

const ok: CheckoutAnswer = () =>
  fakeResponse(200, {
    id: 'cs_test_local_1',
    intendedProductType: 'math',
    url: 'http://localhost:15173/dev-checkout/cs_test_local_1',
  });

function form() {
  return within(screen.getByRole('region', { name: 'Purchase Math Products' }));
}

const checkoutCalls = (calls: FetchCall[]) =>
  calls.filter((c) => c.url === '/api/create-checkout-session');

async function choose(...names: RegExp[]) {
  for (const name of names) await userEvent.click(await form().findByRole('checkbox', { name }));
}

const agree = () =>
  userEvent.click(form().getByRole('checkbox', { name: 'I agree to the terms and conditions.' }));
const buy = () => userEvent.click(form().getByRole('button', { name: 'Buy Now' }));
const total = () => screen.getByTestId('purchase-total').textContent;

let assign: jest.SpyInstance;
beforeEach(() => {
  assign = jest.spyOn(browser, 'assign').mockImplementation(() => undefined);
});
afterEach(() => assign.mockRestore());

describe('Purchase Math Products (learner spec §2, §4, §5, §9)', () => {
  it('offers the paid math products; owned ones are shown but not selectable', async () => {
    serve(ok);
    renderApp(
      { session: fakeSession({ purchases: { teas_math_workbook: true } }) },
      <PurchaseMathProducts />,
    );
    const boxes = await form().findAllByRole('checkbox', { name: /— \$20/ });
    expect(boxes.map((b) => b.closest('.form-check')?.textContent)).toEqual([
      'TEAS Math Workbook — $20 (owned)',
      'TEAS Math QBank — $20',
      'Med Dosage QBank — $20',
    ]);
    expect(form().getByRole('checkbox', { name: /TEAS Math Workbook/ })).toBeDisabled();
    expect(form().getByRole('checkbox', { name: /TEAS Math QBank/ })).toBeEnabled();
    expect(form().getByText('$5 off per additional item')).toBeInTheDocument();
  });

  it('totals with the bundle rule without a coupon, the plain sum with one', async () => {
    serve(ok);
    renderApp({}, <PurchaseMathProducts />);
    await choose(/TEAS Math QBank/);
    expect(total()).toBe('$20');
    await choose(/Med Dosage QBank/);
    expect(total()).toBe('$35');
    await choose(/TEAS Math Workbook/);
    expect(total()).toBe('$50');
    expect(form().getByText('Bundle discount')).toBeInTheDocument();
    await userEvent.type(form().getByLabelText('Coupon code (optional)'), 'NURSE10');
    expect(total()).toBe('$60');
    expect(form().queryByText('Bundle discount')).not.toBeInTheDocument();
  });

  it("'Please select at least one product to purchase.', then 'Please agree to the terms and conditions.'", async () => {
    const { calls } = serve(ok);
    renderApp({}, <PurchaseMathProducts />);
    await form().findAllByRole('checkbox');
    await buy();
    expect(form().getByRole('alert')).toHaveTextContent(
      'Please select at least one product to purchase.',
    );
    await choose(/TEAS Math QBank/);
    await buy();
    expect(form().getByRole('alert')).toHaveTextContent(
      'Please agree to the terms and conditions.',
    );
    expect(checkoutCalls(calls)).toHaveLength(0);
  });

  it('an invalid coupon shows the live messages and disables Buy', async () => {
    serve(ok);
    renderApp({}, <PurchaseMathProducts />);
    const coupon = await form().findByLabelText('Coupon code (optional)');
    expect(coupon).toHaveAccessibleDescription('Coupon codes can only contain letters and numbers');
    await userEvent.type(coupon, 'ab!');
    expect(coupon).toBeInvalid();
    expect(form().getByRole('alert')).toHaveTextContent(
      'Coupon codes can only contain letters and numbers.',
    );
    expect(
      form().getByText('Invalid coupon code. Coupon codes can only contain letters and numbers.'),
    ).toBeInTheDocument();
    expect(form().getByRole('button', { name: 'Buy Now' })).toBeDisabled();
    await userEvent.clear(coupon);
    await userEvent.type(coupon, 'A'.repeat(33));
    expect(form().getByRole('alert')).toHaveTextContent(
      'Coupon too long. Maximum 32 characters allowed.',
    );
    expect(form().getByRole('button', { name: 'Buy Now' })).toBeDisabled();
    await userEvent.clear(coupon);
    expect(form().getByRole('button', { name: 'Buy Now' })).toBeEnabled();
  });

  it('creates the session with the ids and coupon, keeps the intended type, goes to the payment page', async () => {
    let release: () => void = () => undefined;
    const { calls } = serve(
      (call) =>
        new Promise<Response>((resolve) => {
          release = () => resolve(ok(call) as Response);
        }),
    );
    renderApp({}, <PurchaseMathProducts />);
    await choose(/TEAS Math QBank/, /Med Dosage QBank/);
    await agree();
    await userEvent.type(form().getByLabelText('Coupon code (optional)'), ' nurse10 ');
    await buy();
    // busy while the session is made: no second click, nothing editable
    const busy = form().getByRole('button', { name: 'Redirecting to checkout…' });
    expect(busy).toBeDisabled();
    release();
    await waitFor(() =>
      expect(assign).toHaveBeenCalledWith('http://localhost:15173/dev-checkout/cs_test_local_1'),
    );
    expect(checkoutCalls(calls)).toHaveLength(1);
    expect(checkoutCalls(calls)[0]!.body).toEqual({
      products: ['teas_math_qbank', 'med_dosage_qbank'],
      couponCode: 'nurse10',
    });
    expect(sessionStorage.getItem(INTENDED_PRODUCT_TYPE_KEY)).toBe('math');
  });

  it('sends no coupon when the field is empty', async () => {
    const { calls } = serve(ok);
    renderApp({}, <PurchaseMathProducts />);
    await choose(/TEAS Math QBank/);
    await agree();
    await buy();
    await waitFor(() => expect(checkoutCalls(calls)).toHaveLength(1));
    expect(checkoutCalls(calls)[0]!.body).toEqual({ products: ['teas_math_qbank'] });
  });

  it("an unknown coupon: modal 'Invalid Coupon Code' with the server's text; nothing chosen is lost", async () => {
    serve(() =>
      fakeResponse(400, {
        error: 'Bad Request',
        code: 'INVALID_COUPON',
        message: 'Invalid coupon code. Please check the code and try again.',
        fields: { couponCode: ['Invalid coupon code. Please check the code and try again.'] },
      }),
    );
    renderApp({}, <PurchaseMathProducts />);
    await choose(/TEAS Math QBank/);
    await agree();
    await userEvent.type(form().getByLabelText('Coupon code (optional)'), 'NOPE123');
    await buy();
    const modal = await screen.findByRole('dialog', { name: 'Invalid Coupon Code' });
    expect(modal).toHaveTextContent('Invalid coupon code. Please check the code and try again.');
    await userEvent.click(within(modal).getAllByRole('button', { name: 'Close' })[0]!);
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(form().getByRole('checkbox', { name: /TEAS Math QBank/ })).toBeChecked();
    expect(
      form().getByRole('checkbox', { name: 'I agree to the terms and conditions.' }),
    ).toBeChecked();
    expect(form().getByLabelText('Coupon code (optional)')).toHaveValue('NOPE123');
    expect(form().getByRole('button', { name: 'Buy Now' })).toBeEnabled();
    expect(assign).not.toHaveBeenCalled();
  });

  it("the payment provider down: modal 'Purchase Error', 'Unable to process checkout...'", async () => {
    serve(() =>
      fakeResponse(503, {
        code: 'PAYMENT_PROVIDER_UNAVAILABLE',
        message: 'Unable to process checkout. Please try again or contact support.',
      }),
    );
    renderApp({}, <PurchaseMathProducts />);
    await choose(/Med Dosage QBank/);
    await agree();
    await buy();
    const modal = await screen.findByRole('dialog', { name: 'Purchase Error' });
    expect(modal).toHaveTextContent(
      'Unable to process checkout. Please try again or contact support.',
    );
  });

  it('a product bought meanwhile (live stream) is no longer chosen nor sent', async () => {
    const { calls } = serve(ok);
    const queryClient = testQueryClient();
    const ui = (purchases: Record<string, boolean>) => (
      <AppTestProviders session={fakeSession({ purchases })} queryClient={queryClient}>
        <PurchaseMathProducts />
      </AppTestProviders>
    );
    const { rerender } = render(ui({}));
    await choose(/TEAS Math QBank/, /Med Dosage QBank/);
    expect(total()).toBe('$35');
    rerender(ui({ teas_math_qbank: true }));
    const qbank = form().getByRole('checkbox', { name: /TEAS Math QBank/ });
    expect(qbank).toBeDisabled();
    expect(qbank).not.toBeChecked();
    expect(total()).toBe('$20');
    await agree();
    await buy();
    await waitFor(() => expect(checkoutCalls(calls)).toHaveLength(1));
    expect(checkoutCalls(calls)[0]!.body).toEqual({ products: ['med_dosage_qbank'] });
  });
});
