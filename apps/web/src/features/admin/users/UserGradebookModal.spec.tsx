import { type AdminUserRow, type TestExport } from '@examprep/contracts/types';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { captureDownloads, readBlob } from '../../../test-utils/capture-downloads';
import { fakeResponse, mockFetch, type FetchCall } from '../../../test-utils/mock-fetch';
import { fakeSession, renderApp } from '../../../test-utils/render-app';
import { summary, view } from '../../gradebook/gradebook-fixtures';
import UserGradebookModal from './UserGradebookModal';
import UserListPage from './UserListPage';

const ALICE: AdminUserRow = {
  uid: 'u-alice',
  email: 'alice@example.com',
  emailVerified: true,
  isAdmin: false,
  inAuth: true,
  inDatabase: true,
  premium: false,
  purchases: {},
  qbankGenerations: 0,
  tests: 2,
};

const DONE = summary({ id: 'DoneDoneDoneDoneDone', userId: 'u-alice' });
const OPEN = summary({
  id: 'OpenOpenOpenOpenOpen',
  userId: 'u-alice',
  productName: '',
  testProductId: 'teas_math_qbank_practice',
  mode: 'practice',
  completed: false,
  totalQuestions: 38,
  finalScore: null,
});

const realFetch = window.fetch;
afterEach(() => {
  window.fetch = realFetch;
});

function serve(exportAnswer: (call: FetchCall) => Response = () => fakeResponse(404, {})) {
  return mockFetch((call) => {
    // the user list (a page of the user directory, ADR 0030) whatever its filters
    if (call.url === '/api/admin/users' || call.url.startsWith('/api/admin/users?'))
      return fakeResponse(200, { users: [ALICE], total: 1, matching: 1 });
    if (call.url === '/api/admin/user-tests?uid=u-alice')
      return fakeResponse(200, { tests: [OPEN, DONE] });
    if (call.url === '/api/gradebook?userId=u-alice') return fakeResponse(200, { tests: [DONE] });
    if (call.url.startsWith('/api/admin/test-export')) return exportAnswer(call);
    return fakeResponse(500, { message: `unexpected ${call.url}` });
  });
}

async function openModal() {
  renderApp(
    {
      route: '/user-list',
      session: fakeSession({ isAdmin: true, user: { uid: 'u-admin', email: 'admin@x.test' } }),
    },
    <UserListPage />,
  );
  await userEvent.click(
    await screen.findByRole('button', { name: 'View Gradebook alice@example.com' }),
  );
  return screen.findByRole('dialog', { name: 'Gradebook of alice@example.com' });
}

describe('View Gradebook (admin spec §2.1)', () => {
  const downloads = captureDownloads({ href: (n) => `blob:test/${n}` });

  it("lists the user's tests, embeds their gradebook with the banner, reviews in a new window", async () => {
    const { calls } = serve();
    const dialog = within(await openModal());
    const table = await dialog.findByRole('table', {
      name: 'Every test of this user, newest first',
    });
    const rows = within(table).getAllByRole('row').slice(1);
    // product name or test product id, question count, mode
    expect(rows.map((r) => within(r).getAllByRole('cell')[0].textContent)).toEqual(['38', '3']);
    expect(within(rows[0]).getByRole('rowheader')).toHaveTextContent('teas_math_qbank_practice');
    expect(within(rows[0]).getByText('Practice Test')).toBeInTheDocument();
    expect(within(rows[1]).getByRole('rowheader')).toHaveTextContent('TEAS Math Sample QBank');
    expect(within(rows[1]).getByText('Check As You Go')).toBeInTheDocument();
    const review = within(rows[1]).getByRole('link', { name: /^Review TEAS Math Sample QBank/ });
    expect(review).toHaveAttribute('href', '/review-test/DoneDoneDoneDoneDone?userId=u-alice');
    expect(review).toHaveAttribute('target', '_blank');
    expect(within(rows[0]).queryByRole('link')).not.toBeInTheDocument();

    expect(dialog.getByTestId('admin-view')).toHaveTextContent('Admin View');
    expect(dialog.getByTestId('admin-view')).toHaveTextContent('alice@example.com');
    const graded = await dialog.findByTestId('graded-test');
    expect(within(graded).getByRole('link', { name: /^Review/ })).toHaveAttribute(
      'href',
      '/review-test/DoneDoneDoneDoneDone?userId=u-alice',
    );
    expect(within(graded).getByRole('link', { name: /^Review/ })).toHaveAttribute(
      'target',
      '_blank',
    );
    expect(calls.map((c) => c.url)).toEqual(
      expect.arrayContaining([
        '/api/admin/user-tests?uid=u-alice',
        '/api/gradebook?userId=u-alice',
      ]),
    );
  });

  it('Export downloads test_{id}.json with path, fetchedAt and the test', async () => {
    const file: TestExport = {
      path: 'users/u-alice/tests/DoneDoneDoneDoneDone',
      fetchedAt: '2026-03-02T08:00:00.000Z',
      test: view({ id: 'DoneDoneDoneDoneDone', userId: 'u-alice' }) as TestExport['test'],
    };
    const { calls } = serve(() => fakeResponse(200, file));
    const dialog = within(await openModal());
    await userEvent.click(
      await dialog.findByRole('button', {
        name: 'Export TEAS Math Sample QBank (DoneDoneDoneDoneDone)',
      }),
    );
    await waitFor(() => expect(downloads.clicked).toHaveLength(1));
    expect(calls.find((c) => c.url.startsWith('/api/admin/test-export'))?.url).toBe(
      '/api/admin/test-export?uid=u-alice&testId=DoneDoneDoneDoneDone',
    );
    expect(downloads.clicked[0].download).toBe('test_DoneDoneDoneDoneDone.json');
    const saved = JSON.parse(await readBlob(downloads.blobs[0])) as TestExport;
    expect(saved).toEqual(file);
    expect(await dialog.findByRole('status')).toHaveTextContent(
      'Saved test_DoneDoneDoneDoneDone.json.',
    );
  });

  it("says 'Test document not found' on 404 and 'Failed to export test: …' otherwise", async () => {
    let status = 404;
    serve(() => fakeResponse(status, { message: status === 404 ? 'Test not found.' : 'boom' }));
    const dialog = within(await openModal());
    const exportButton = await dialog.findByRole('button', {
      name: 'Export TEAS Math Sample QBank (DoneDoneDoneDoneDone)',
    });
    await userEvent.click(exportButton);
    expect(await dialog.findByRole('alert')).toHaveTextContent(/^Test document not found$/);
    status = 500;
    await userEvent.click(exportButton);
    await waitFor(() =>
      expect(dialog.getByRole('alert')).toHaveTextContent('Failed to export test: boom'),
    );
    expect(downloads.clicked).toHaveLength(0);
  });

  it('pages the tests (ADR 0026): Load more asks for the next cursor; a failure keeps the rows and can be retried', async () => {
    const NEWER = summary({ id: 'NewerNewerNewerNewer', userId: 'u-alice' });
    let failNext = true;
    const { calls } = mockFetch((call) => {
      if (call.url === '/api/admin/user-tests?uid=u-alice')
        return fakeResponse(
          200,
          { tests: [NEWER] },
          { link: '</api/admin/user-tests?uid=u-alice&cursor=Q1>; rel="next"' },
        );
      if (call.url === '/api/admin/user-tests?uid=u-alice&cursor=Q1') {
        if (failNext) {
          failNext = false;
          return fakeResponse(500, { message: 'boom' });
        }
        return fakeResponse(200, { tests: [OPEN, DONE] });
      }
      if (call.url === '/api/gradebook?userId=u-alice') return fakeResponse(200, { tests: [DONE] });
      return fakeResponse(500, { message: `unexpected ${call.url}` });
    });
    renderApp(
      {
        route: '/user-list',
        session: fakeSession({ isAdmin: true, user: { uid: 'u-admin', email: 'admin@x.test' } }),
      },
      <UserGradebookModal user={ALICE} onClose={() => undefined} />,
    );
    const dialog = within(
      await screen.findByRole('dialog', { name: 'Gradebook of alice@example.com' }),
    );
    const table = await dialog.findByRole('table', {
      name: 'Every test of this user, newest first',
    });
    expect(within(table).getAllByRole('row').slice(1)).toHaveLength(1);
    await userEvent.click(dialog.getByRole('button', { name: 'Load more' }));
    expect(await dialog.findByText(/^Could not load more tests: /)).toBeInTheDocument();
    expect(within(table).getAllByRole('row').slice(1)).toHaveLength(1);
    await userEvent.click(dialog.getByRole('button', { name: 'Load more' }));
    await waitFor(() => expect(within(table).getAllByRole('row').slice(1)).toHaveLength(3));
    expect(dialog.queryByRole('button', { name: 'Load more' })).not.toBeInTheDocument();
    expect(dialog.queryByText(/^Could not load more tests: /)).not.toBeInTheDocument();
    expect(calls.map((c) => c.url).filter((u) => u.startsWith('/api/admin/user-tests'))).toEqual([
      '/api/admin/user-tests?uid=u-alice',
      '/api/admin/user-tests?uid=u-alice&cursor=Q1',
      '/api/admin/user-tests?uid=u-alice&cursor=Q1',
    ]);
  });
});
