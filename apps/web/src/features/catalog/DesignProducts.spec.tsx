import { INTENDED_PRODUCT_TYPE_KEY } from '@examprep/contracts/types';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { fakeResponse, mockFetch, type FetchCall } from '../../test-utils/mock-fetch';
import { CATALOG } from '../../test-utils/products';
import { fakeSession, renderApp } from '../../test-utils/render-app';
import { browser } from './checkout-flow';
import { DesignProducts } from './DesignProducts';

function serve(products: () => Response) {
  return mockFetch((call: FetchCall) => {
    if (call.url === '/api/products') return products();
    if (call.url === '/api/create-checkout-session')
      return fakeResponse(200, {
        id: 'cs_test_local_2',
        intendedProductType: 'design',
        url: 'http://localhost/dev-checkout/cs_test_local_2',
      });
    return fakeResponse(404, { message: 'not here' });
  });
}

const catalogue = () => fakeResponse(200, { products: CATALOG });

let assign: jest.SpyInstance;
beforeEach(() => {
  assign = jest.spyOn(browser, 'assign').mockImplementation(() => undefined);
});
afterEach(() => assign.mockRestore());

describe('Design tab products (learner spec §2 Design tab)', () => {
  it('has the four accordions with free and premium cards apart', async () => {
    serve(catalogue);
    renderApp({}, <DesignProducts />);
    const free3d = await screen.findByRole('region', { name: 'Free 3D Assets' });
    await within(free3d).findByRole('article', { name: 'Free 3D Assets' });
    expect(within(free3d).queryByRole('article', { name: 'Premium 3D Assets' })).toBeNull();
    const premium3d = screen.getByRole('region', { name: 'Premium 3D Assets' });
    expect(within(premium3d).getByRole('article', { name: 'Premium 3D Assets' })).toBeVisible();
    expect(screen.getByRole('region', { name: 'Free Android Stuff' })).toHaveTextContent(
      'No products are available here yet.',
    );
    expect(
      within(screen.getByRole('region', { name: 'Premium Android Stuff' })).getByRole('article', {
        name: 'Premium Android Stuff',
      }),
    ).toBeVisible();
  });

  it('free cards offer Download; premium ones Purchase Required and a purchase form', async () => {
    serve(catalogue);
    renderApp({}, <DesignProducts />);
    const free = within(await screen.findByRole('article', { name: 'Free 3D Assets' }));
    expect(free.getByRole('button', { name: 'Download: Free 3D Assets (ZIP)' })).toBeEnabled();
    expect(free.queryByRole('form')).toBeNull();
    const premium = within(screen.getByRole('article', { name: 'Premium 3D Assets' }));
    expect(
      premium.getByRole('button', { name: 'Purchase Required: Premium 3D Assets (ZIP)' }),
    ).toBeDisabled();
    expect(premium.getByRole('form', { name: 'Buy Premium 3D Assets' })).toBeVisible();
  });

  it('an owned premium card offers Download and no purchase form', async () => {
    serve(catalogue);
    renderApp(
      { session: fakeSession({ purchases: { premium_3d_assets: true } }) },
      <DesignProducts />,
    );
    const premium = within(await screen.findByRole('article', { name: 'Premium 3D Assets' }));
    expect(
      premium.getByRole('button', { name: 'Download: Premium 3D Assets (ZIP)' }),
    ).toBeEnabled();
    expect(premium.queryByRole('form')).toBeNull();
  });

  it('the coupon keeps only letters and digits as the user types; Buy sends the one product', async () => {
    const { calls } = serve(catalogue);
    renderApp({}, <DesignProducts />);
    const buyForm = within(await screen.findByRole('form', { name: 'Buy Premium 3D Assets' }));
    const coupon = buyForm.getByLabelText('Coupon code (optional)');
    await userEvent.type(coupon, 'we-l co!me5');
    expect(coupon).toHaveValue('welcome5');
    await userEvent.click(buyForm.getByRole('button', { name: 'Buy Premium 3D Assets' }));
    expect(buyForm.getByRole('alert')).toHaveTextContent(
      'Please agree to the terms and conditions.',
    );
    await userEvent.click(
      buyForm.getByRole('checkbox', { name: 'I agree to the terms and conditions.' }),
    );
    await userEvent.click(buyForm.getByRole('button', { name: 'Buy Premium 3D Assets' }));
    await waitFor(() =>
      expect(assign).toHaveBeenCalledWith('http://localhost/dev-checkout/cs_test_local_2'),
    );
    expect(calls.find((c) => c.url === '/api/create-checkout-session')?.body).toEqual({
      products: ['premium_3d_assets'],
      couponCode: 'welcome5',
    });
    expect(sessionStorage.getItem(INTENDED_PRODUCT_TYPE_KEY)).toBe('design');
  });

  it("a failed catalogue: 'Failed to load design products. Please try again later.' and Try Again", async () => {
    let fail = true;
    serve(() => (fail ? fakeResponse(500, { message: 'boom' }) : catalogue()));
    renderApp({}, <DesignProducts />);
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Failed to load design products. Please try again later.');
    fail = false;
    await userEvent.click(within(alert).getByRole('button', { name: 'Try Again' }));
    expect(await screen.findByRole('article', { name: 'Premium 3D Assets' })).toBeVisible();
  });
});
