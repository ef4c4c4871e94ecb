import {
  type AdminUserRow,
  type EntitlementEntry,
  type UserPurchasesAnswer,
} from '@examprep/contracts/types';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { fakeResponse, mockFetch, type FetchCall } from '../../../test-utils/mock-fetch';
import { CATALOG } from '../../../test-utils/products';
import { fakeSession, renderApp } from '../../../test-utils/render-app';
import UserListPage from './UserListPage';

const ALICE: AdminUserRow = {
  uid: 'u-alice',
  email: 'alice@example.com',
  emailVerified: true,
  isAdmin: false,
  inAuth: true,
  inDatabase: true,
  premium: true,
  purchases: { teas_math_qbank: true },
  qbankGenerations: 0,
  tests: null,
};

const HISTORY: EntitlementEntry[] = [
  {
    seq: 2,
    uid: 'u-alice',
    productId: 'teas_math_qbank',
    action: 'grant',
    source: 'payment',
    by: 'stripe',
    at: '2026-11-20T10:00:00.000Z',
    orderId: 'ord_1',
  },
  {
    seq: 1,
    uid: 'u-alice',
    productId: 'med_dosage_qbank',
    action: 'revoke',
    source: 'admin',
    by: 'admin@examprep.test',
    at: '2026-11-19T10:00:00.000Z',
    orderId: null,
  },
];

const CURRENT: UserPurchasesAnswer = {
  uid: 'u-alice',
  purchases: { teas_math_qbank: true },
  history: HISTORY,
};

type Handler = (call: FetchCall) => Response | Promise<Response>;

function serve(update: Handler = () => fakeResponse(200, CURRENT), read?: Handler) {
  return mockFetch((call) => {
    if (call.url === '/api/admin/users') return fakeResponse(200, [ALICE]);
    if (call.url === '/api/products') return fakeResponse(200, { products: CATALOG });
    if (call.url === '/api/admin/user-purchases?uid=u-alice')
      return read ? read(call) : fakeResponse(200, CURRENT);
    if (call.url === '/api/update-user-purchases') return update(call);
    return fakeResponse(404, { message: 'not here' });
  });
}

async function openEditor() {
  renderApp({ route: '/user-list', session: fakeSession({ isAdmin: true }) }, <UserListPage />);
  await userEvent.click(
    await screen.findByRole('button', { name: 'View Purchases alice@example.com' }),
  );
  const dialog = await screen.findByRole('dialog', { name: 'Purchases of alice@example.com' });
  await within(dialog).findByRole('group', { name: 'Products priced above $0' });
  return within(dialog);
}

const usersCalls = (calls: FetchCall[]) => calls.filter((c) => c.url === '/api/admin/users');

describe('purchases editor (admin spec §2.8, §4)', () => {
  it("lists the products priced above 0 with the user's current purchases", async () => {
    serve();
    const modal = await openEditor();
    const boxes = modal.getAllByRole('checkbox');
    expect(boxes.map((b) => b.closest('.form-check')?.textContent)).toEqual([
      'TEAS Math Workbook',
      'TEAS Math QBank',
      'Med Dosage QBank',
      'Premium 3D Assets',
      'Premium Android Stuff',
    ]);
    expect(modal.getByRole('checkbox', { name: 'TEAS Math QBank' })).toBeChecked();
    expect(modal.getByRole('checkbox', { name: 'Med Dosage QBank' })).not.toBeChecked();
    // free products are not offered
    expect(modal.queryByRole('checkbox', { name: /Sample/ })).not.toBeInTheDocument();
  });

  it('shows the grant/revocation history: action, product name, source, by, date', async () => {
    serve();
    const modal = await openEditor();
    const rows = within(modal.getByRole('table')).getAllByRole('row');
    expect(rows[0]).toHaveTextContent('ActionProductSourceByDate');
    expect(rows[1]).toHaveTextContent('GrantedTEAS Math QBankPaymentOrder ord_1stripe');
    expect(rows[2]).toHaveTextContent('RevokedMed Dosage QBankAdminadmin@examprep.test');
  });

  it("Save Changes without a difference: 'No changes made.' and nothing is sent", async () => {
    const { calls } = serve();
    const modal = await openEditor();
    await userEvent.click(modal.getByRole('checkbox', { name: 'Med Dosage QBank' }));
    await userEvent.click(modal.getByRole('checkbox', { name: 'Med Dosage QBank' }));
    await userEvent.click(modal.getByRole('button', { name: 'Save Changes' }));
    expect(modal.getByRole('status')).toHaveTextContent('No changes made.');
    expect(calls.some((c) => c.url === '/api/update-user-purchases')).toBe(false);
  });

  it("confirms the products to add and to remove, then 'Purchases updated.' in the editor, which stays open on the new history; the list is read again (issue 24 #10d)", async () => {
    const written: EntitlementEntry[] = [
      {
        seq: 4,
        uid: 'u-alice',
        productId: 'med_dosage_qbank',
        action: 'grant',
        source: 'admin',
        by: 'admin@examprep.test',
        at: '2026-11-21T10:00:00.000Z',
        orderId: null,
      },
      {
        seq: 3,
        uid: 'u-alice',
        productId: 'teas_math_qbank',
        action: 'revoke',
        source: 'admin',
        by: 'admin@examprep.test',
        at: '2026-11-21T10:00:00.000Z',
        orderId: null,
      },
    ];
    const { calls } = serve(() =>
      fakeResponse(200, {
        ...CURRENT,
        purchases: { med_dosage_qbank: true },
        history: [...written, ...HISTORY],
      }),
    );
    const modal = await openEditor();
    await waitFor(() => expect(usersCalls(calls)).toHaveLength(1));
    await userEvent.click(modal.getByRole('checkbox', { name: 'Med Dosage QBank' }));
    await userEvent.click(modal.getByRole('checkbox', { name: 'TEAS Math QBank' }));
    await userEvent.click(modal.getByRole('button', { name: 'Save Changes' }));
    expect(modal.getByRole('list', { name: 'Products to add' })).toHaveTextContent(
      'Med Dosage QBank',
    );
    expect(modal.getByRole('list', { name: 'Products to remove' })).toHaveTextContent(
      'TEAS Math QBank',
    );
    await userEvent.click(modal.getByRole('button', { name: 'Confirm & Save' }));
    const status = await modal.findByRole('status');
    expect(status).toHaveTextContent('Purchases updated.');
    expect(status).toHaveFocus();
    // still open, on the purchases just saved and the history with the entries just written
    expect(screen.getByRole('dialog', { name: 'Purchases of alice@example.com' })).toBeVisible();
    expect(modal.getByRole('checkbox', { name: 'Med Dosage QBank' })).toBeChecked();
    expect(modal.getByRole('checkbox', { name: 'TEAS Math QBank' })).not.toBeChecked();
    const rows = within(modal.getByRole('table')).getAllByRole('row');
    expect(rows).toHaveLength(5);
    expect(rows[1]).toHaveTextContent('GrantedMed Dosage QBankAdminadmin@examprep.test');
    expect(rows[2]).toHaveTextContent('RevokedTEAS Math QBankAdminadmin@examprep.test');
    // saving again without a difference: 'No changes made.' against what is now held
    await userEvent.click(modal.getByRole('button', { name: 'Save Changes' }));
    expect(modal.getByRole('status')).toHaveTextContent('No changes made.');
    expect(calls.filter((c) => c.url === '/api/update-user-purchases')).toHaveLength(1);
    expect(calls.find((c) => c.url === '/api/update-user-purchases')?.body).toEqual({
      uid: 'u-alice',
      purchases: {
        teas_math_workbook: false,
        teas_math_qbank: false,
        med_dosage_qbank: true,
        premium_3d_assets: false,
        premium_android_stuff: false,
      },
    });
    await waitFor(() => expect(usersCalls(calls)).toHaveLength(2));
  });

  it("a refused update: 'Failed to update purchases.'; Back keeps the choices", async () => {
    serve(() => fakeResponse(503, { message: 'The catalog service is not available.' }));
    const modal = await openEditor();
    await userEvent.click(modal.getByRole('checkbox', { name: 'Premium 3D Assets' }));
    await userEvent.click(modal.getByRole('button', { name: 'Save Changes' }));
    await userEvent.click(modal.getByRole('button', { name: 'Confirm & Save' }));
    const alert = await modal.findByRole('alert');
    expect(alert).toHaveTextContent('Failed to update purchases.');
    expect(alert).toHaveTextContent('The catalog service is not available.');
    await userEvent.click(modal.getByRole('button', { name: 'Back' }));
    expect(modal.getByRole('checkbox', { name: 'Premium 3D Assets' })).toBeChecked();
  });

  it('a failed read says so and offers Try Again', async () => {
    let fail = true;
    serve(undefined, () =>
      fail ? fakeResponse(500, { message: 'boom' }) : fakeResponse(200, CURRENT),
    );
    renderApp({ route: '/user-list', session: fakeSession({ isAdmin: true }) }, <UserListPage />);
    await userEvent.click(
      await screen.findByRole('button', { name: 'View Purchases alice@example.com' }),
    );
    const dialog = within(await screen.findByRole('dialog'));
    expect(await dialog.findByRole('alert')).toHaveTextContent('Failed to load purchases.');
    fail = false;
    await userEvent.click(dialog.getByRole('button', { name: 'Try Again' }));
    expect(await dialog.findByRole('checkbox', { name: 'TEAS Math QBank' })).toBeChecked();
  });
});
