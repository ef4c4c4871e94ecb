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
import PurchasesEditorModal from './PurchasesEditorModal';
import { ADMIN_USERS_QUERY_KEY } from './users-api';

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

const READ = '/api/admin/user-purchases?uid=u-alice';

function serve(update: Handler = () => fakeResponse(200, CURRENT), read?: Handler) {
  return mockFetch((call) => {
    if (call.url === '/api/products') return fakeResponse(200, { products: CATALOG });
    if (call.url.startsWith(READ)) return read ? read(call) : fakeResponse(200, CURRENT);
    if (call.url === '/api/update-user-purchases') return update(call);
    return fakeResponse(404, { message: 'not here' });
  });
}

/** The editor as the user list opens it (View Purchases), on its own. */
function renderEditor() {
  const onClose = jest.fn();
  const app = renderApp(
    { route: '/user-list', session: fakeSession({ isAdmin: true }) },
    <PurchasesEditorModal user={ALICE} onClose={onClose} />,
  );
  return { ...app, onClose };
}

async function openEditor() {
  const app = renderEditor();
  const dialog = await screen.findByRole('dialog', { name: 'Purchases of alice@example.com' });
  await within(dialog).findByRole('group', { name: 'Products priced above $0' });
  return { modal: within(dialog), ...app };
}

describe('purchases editor (admin spec §2.8, §4)', () => {
  it("lists the products priced above 0 with the user's current purchases", async () => {
    serve();
    const { modal } = await openEditor();
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
    const { modal } = await openEditor();
    const rows = within(modal.getByRole('table')).getAllByRole('row');
    expect(rows[0]).toHaveTextContent('ActionProductSourceByDate');
    expect(rows[1]).toHaveTextContent('GrantedTEAS Math QBankPaymentOrder ord_1stripe');
    expect(rows[2]).toHaveTextContent('RevokedMed Dosage QBankAdminadmin@examprep.test');
  });

  it("Save Changes without a difference: 'No changes made.' and nothing is sent", async () => {
    const { calls } = serve();
    const { modal } = await openEditor();
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
    // the ledger as the server holds it: the update changes it, the next read answers it
    let ledger: UserPurchasesAnswer = CURRENT;
    const { calls } = serve(
      () => {
        ledger = {
          ...CURRENT,
          purchases: { med_dosage_qbank: true },
          history: [...written, ...HISTORY],
        };
        return fakeResponse(200, ledger);
      },
      () => fakeResponse(200, ledger),
    );
    const { modal, queryClient } = await openEditor();
    const invalidate = jest.spyOn(queryClient, 'invalidateQueries');
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
    // the user list is read again (its Premium column), the editor's pages too
    expect(invalidate).toHaveBeenCalledWith({ queryKey: ADMIN_USERS_QUERY_KEY });
    await waitFor(() => expect(calls.filter((c) => c.url.startsWith(READ))).toHaveLength(2));
    expect(within(modal.getByRole('table')).getAllByRole('row')).toHaveLength(5);
  });

  it("a refused update: 'Failed to update purchases.'; Back keeps the choices", async () => {
    serve(() => fakeResponse(503, { message: 'The catalog service is not available.' }));
    const { modal } = await openEditor();
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
    renderEditor();
    const dialog = within(await screen.findByRole('dialog'));
    expect(await dialog.findByRole('alert')).toHaveTextContent('Failed to load purchases.');
    fail = false;
    await userEvent.click(dialog.getByRole('button', { name: 'Try Again' }));
    expect(await dialog.findByRole('checkbox', { name: 'TEAS Math QBank' })).toBeChecked();
  });
  describe('the history a page at a time (issue 26, ADR 0026)', () => {
    const older: EntitlementEntry = { ...HISTORY[1]!, seq: 0, productId: 'premium_3d_assets' };
    /** The first page (HISTORY) with a next page's address; the next page: `older`. */
    function servePages(failNext: () => boolean = () => false) {
      return serve(undefined, (call) => {
        const cursor = new URL(call.url, 'http://x').searchParams.get('cursor');
        if (cursor === null)
          return fakeResponse(200, CURRENT, {
            link: `<${READ}&cursor=c1>; rel="next"`,
          });
        if (failNext()) return fakeResponse(503, { message: 'Busy.' });
        return fakeResponse(200, { ...CURRENT, history: [older] });
      });
    }

    it('shows the first page and Load more; the next page follows the rows, then no more', async () => {
      const { calls } = servePages();
      const { modal } = await openEditor();
      expect(within(modal.getByRole('table')).getAllByRole('row')).toHaveLength(3);
      await userEvent.click(modal.getByRole('button', { name: 'Load more' }));
      await waitFor(() =>
        expect(within(modal.getByRole('table')).getAllByRole('row')).toHaveLength(4),
      );
      const rows = within(modal.getByRole('table')).getAllByRole('row');
      expect(rows[3]).toHaveTextContent('RevokedPremium 3D AssetsAdmin');
      expect(modal.queryByRole('button', { name: 'Load more' })).toBeNull();
      expect(calls.filter((c) => c.url.startsWith(READ)).map((c) => c.url)).toEqual([
        READ,
        `${READ}&cursor=c1`,
      ]);
      // the purchases stay those of the first page
      expect(modal.getByRole('checkbox', { name: 'TEAS Math QBank' })).toBeChecked();
    });

    it('a next page that fails keeps the rows and says so; Load more tries again', async () => {
      let fail = true;
      servePages(() => fail);
      const { modal } = await openEditor();
      await userEvent.click(modal.getByRole('button', { name: 'Load more' }));
      expect(await modal.findByRole('alert')).toHaveTextContent(
        /^Could not load more grants and revocations: /,
      );
      expect(within(modal.getByRole('table')).getAllByRole('row')).toHaveLength(3);
      fail = false;
      await userEvent.click(modal.getByRole('button', { name: 'Load more' }));
      await waitFor(() =>
        expect(within(modal.getByRole('table')).getAllByRole('row')).toHaveLength(4),
      );
      expect(modal.queryByRole('alert')).toBeNull();
    });
  });
});
