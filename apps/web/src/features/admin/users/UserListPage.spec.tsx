import { type AdminUserRow } from '@examprep/contracts/types';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { fakeResponse, mockFetch, type FetchCall } from '../../../test-utils/mock-fetch';
import { currentLocation, fakeSession, renderApp } from '../../../test-utils/render-app';
import UserListPage from './UserListPage';
import { USERS_MESSAGES as T } from './users.messages';
import { captureDownloads, readBlob } from '../../../test-utils/capture-downloads';

const user = (over: Partial<AdminUserRow>): AdminUserRow => ({
  uid: 'u0',
  email: 'someone@example.com',
  emailVerified: true,
  isAdmin: false,
  inAuth: true,
  inDatabase: true,
  premium: false,
  purchases: {},
  qbankGenerations: 0,
  tests: null,
  ...over,
});

// In the server's order: admins first, then by email.
const ADMIN = user({ uid: 'u-admin', email: 'admin@examprep.test', isAdmin: true, tests: 0 });
const ALICE = user({
  uid: 'u-alice',
  email: 'alice@example.com',
  premium: true,
  purchases: { teas_math_qbank: true },
  qbankGenerations: 5,
  tests: 3,
});
/** In auth only: can get a database document. */
const BOB_AUTH = user({
  uid: 'u-bob-auth',
  email: 'Bob@Example.com',
  emailVerified: false,
  inDatabase: false,
  tests: 0,
});
/** In the database only; same email as BOB_AUTH ignoring case; its test count did not load. */
const BOB_DB = user({
  uid: 'u-bob-db',
  email: 'bob@example.com',
  emailVerified: false,
  inAuth: false,
  qbankGenerations: 2,
});
const ALL = [ADMIN, ALICE, BOB_AUTH, BOB_DB];

const ERROR = (status: number, code: string, message: string) =>
  fakeResponse(status, { error: 'Error', code, message });

/** The server's answer to GET /api/admin/users?query (ADR 0030), over `rows` in list order. */
function answerList(rows: AdminUserRow[], url: string, pageSize = 50): Response {
  const q = new URL(url, 'http://x').searchParams;
  const lower = (e: string) => e.toLowerCase();
  const needle = lower((q.get('email') ?? '').trim());
  const count = (e: string) => rows.filter((r) => lower(r.email) === lower(e)).length;
  const flag = (key: string, value: boolean) =>
    !q.has(key) || q.get(key) === (value ? 'yes' : 'no');
  const matches = rows.filter(
    (r) =>
      (!needle ||
        (needle.startsWith('@')
          ? lower(r.email).split('@').pop() === needle.slice(1)
          : lower(r.email).startsWith(needle))) &&
      (['emailVerified', 'inDatabase', 'inAuth', 'isAdmin', 'premium'] as const).every((k) =>
        flag(k, r[k]),
      ) &&
      (!q.has('tests') || (r.tests !== null && flag('tests', r.tests > 0))) &&
      (!q.has('qbank') || (q.get('qbank') === 'gt0') === r.qbankGenerations > 0) &&
      (q.get('duplicates') !== 'true' || count(r.email) > 1),
  );
  const at = Number(q.get('cursor') ?? 0);
  const next = at + pageSize < matches.length ? at + pageSize : null;
  const after = new URLSearchParams(q);
  if (next !== null) after.set('cursor', String(next));
  return fakeResponse(
    200,
    {
      users: matches.slice(at, at + pageSize),
      total: rows.length,
      matching: needle ? null : matches.length,
    },
    next === null ? {} : { link: `</api/admin/users?${after}>; rel="next"` },
  );
}

const isList = (call: FetchCall) =>
  call.method === 'GET' && /^\/api\/admin\/users(\?|$)/.test(call.url);

/** GET /api/admin/users answers from `list()` as the server would; other calls go to `write`. */
function serve(
  list: () => AdminUserRow[] = () => ALL,
  write?: (call: FetchCall) => Response | Promise<Response>,
) {
  return mockFetch((call) => {
    if (isList(call)) return answerList(list(), call.url);
    if (write) return write(call);
    return fakeResponse(500, { error: 'unexpected call' });
  });
}

function renderPage(options: { isAdmin?: boolean; token?: string | null } = {}) {
  const session = fakeSession({ isAdmin: options.isAdmin ?? true });
  if (options.token !== undefined) session.getToken.mockResolvedValue(options.token);
  return renderApp({ route: '/user-list', session }, <UserListPage />);
}

/** The emails of the rows on screen, in order. */
function shownEmails(): string[] {
  return screen.queryAllByRole('rowheader').map((el) => el.textContent ?? '');
}

async function loaded() {
  await screen.findByRole('table');
}

function rowOf(email: string): HTMLElement {
  const header = screen.getByRole('rowheader', { name: email });
  return header.closest('tr') as HTMLElement;
}

describe('/user-list', () => {
  it('is the /user-list route for admins; the router sends others to the dashboard', async () => {
    serve();
    const admin = renderApp({ route: '/user-list', session: fakeSession({ isAdmin: true }) });
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Admin User List' }),
    ).toBeInTheDocument();
    await loaded();
    admin.unmount();
    renderApp({ route: '/user-list', session: fakeSession({ isAdmin: false }) });
    await waitFor(() => expect(currentLocation()).toBe('/dashboard?tab=math'));
  });

  it("shows 'Access Denied: Admins only.' to non-admins and loads nothing", async () => {
    const { calls } = serve();
    renderPage({ isAdmin: false });
    expect(await screen.findByRole('alert')).toHaveTextContent('Access Denied: Admins only.');
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: T.copyToken })).not.toBeInTheDocument();
    expect(calls).toHaveLength(0);
  });

  it('lists the users in server order with the total and every column', async () => {
    const { calls } = serve();
    renderPage();
    expect(screen.getByRole('heading', { level: 1, name: 'Admin User List' })).toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent('Loading users...');
    await loaded();
    expect(document.title).toBe('Admin User List | TestPrep');
    expect(calls[0]).toMatchObject({ url: '/api/admin/users', method: 'GET' });
    expect(calls[0].headers.Authorization).toBe('Bearer test-token');
    expect(screen.getByText('Total Users: 4')).toBeInTheDocument();
    expect(screen.getAllByRole('columnheader').map((el) => el.textContent)).toEqual([
      'User',
      'UID',
      'Email?',
      'Database?',
      'Auth?',
      'Admin?',
      'Premium',
      'Tests',
      'QBank',
      'Actions',
    ]);
    expect(shownEmails()).toEqual([
      'admin@examprep.test',
      'alice@example.com',
      'Bob@Example.com',
      'bob@example.com',
    ]);
    const alice = within(rowOf('alice@example.com'));
    const cells = alice.getAllByRole('cell').map((el) => el.textContent);
    // UID, Email?, Database?, Auth?, Admin?, Premium, Tests, QBank, Actions
    expect(cells.slice(0, 8)).toEqual(['u-alice', 'Yes', 'Yes', 'Yes', 'No', 'Yes', '3', '5']);
    expect(alice.getByTitle('3 tests')).toHaveTextContent('3');
    // A count the testing service could not give: a dash that says so, never a made-up 0.
    const bobDb = within(rowOf('bob@example.com'));
    expect(bobDb.getByText('—')).toHaveAttribute(
      'title',
      'The number of tests could not be loaded.',
    );
    expect(bobDb.getByText('The number of tests could not be loaded.')).toHaveClass(
      'visually-hidden',
    );
    // Every row opens its purchases editor (catalog capability; PurchasesEditorModal.spec).
    expect(screen.getAllByRole('button', { name: /^View Purchases / })).toHaveLength(ALL.length);
    expect(alice.getByRole('button', { name: 'View Purchases alice@example.com' })).toBeVisible();
    // Every row opens its gradebook (UserGradebookModal.spec).
    expect(screen.getAllByRole('button', { name: /^View Gradebook / })).toHaveLength(ALL.length);
    expect(
      alice.getByRole('button', { name: 'Generate & Copy Token alice@example.com' }),
    ).toBeVisible();
    // The table scrolls in its own focusable container.
    const region = screen.getByRole('region', { name: T.tableCaption });
    expect(region).toHaveClass('table-responsive');
    expect(region).toHaveAttribute('tabIndex', '0');
  });

  it("shows 'Failed to load users.' with Try Again, which reloads", async () => {
    let fail = true;
    mockFetch(() =>
      fail
        ? ERROR(503, 'SERVICE_UNAVAILABLE', 'The identity service is not available.')
        : answerList(ALL, '/api/admin/users'),
    );
    renderPage();
    expect(await screen.findByText('Failed to load users.')).toBeInTheDocument();
    expect(screen.getByText('The identity service is not available.')).toBeInTheDocument();
    fail = false;
    await userEvent.click(screen.getByRole('button', { name: 'Try Again' }));
    await loaded();
    expect(shownEmails()).toHaveLength(4);
  });

  it('says so when there are no users', async () => {
    serve(() => []);
    renderPage();
    expect(await screen.findByText('No users found.')).toBeInTheDocument();
    expect(screen.getByText('Total Users: 0')).toBeInTheDocument();
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
  });

  describe('filters', () => {
    it('asks the server for the start of the email (case ignored) after a pause in typing', async () => {
      const { calls } = serve();
      renderPage();
      await loaded();
      await userEvent.click(screen.getByLabelText('Email'));
      await userEvent.paste('BOB@');
      await waitFor(() => expect(shownEmails()).toEqual(['Bob@Example.com', 'bob@example.com']));
      // the text once, after the pause
      expect(calls.filter(isList).map((c) => c.url)).toEqual([
        '/api/admin/users',
        '/api/admin/users?email=BOB%40',
      ]);
      // no maintained count answers an email filter: the rows so far, exact at the end
      expect(screen.getByText('Showing 2 of 2')).toBeInTheDocument();
      expect(screen.getByText('Total Users: 4')).toBeInTheDocument();
    });

    it('@domain finds every address of that domain', async () => {
      serve();
      renderPage();
      await loaded();
      await userEvent.type(screen.getByLabelText('Email'), '@example.com');
      await waitFor(() => expect(shownEmails()).toHaveLength(3));
      expect(shownEmails()).not.toContain('admin@examprep.test');
    });

    it.each([
      ['Email verified', 'yes', ['admin@examprep.test', 'alice@example.com']],
      ['Email verified', 'no', ['Bob@Example.com', 'bob@example.com']],
      ['In database', 'yes', ['admin@examprep.test', 'alice@example.com', 'bob@example.com']],
      ['In database', 'no', ['Bob@Example.com']],
      ['Authenticated', 'yes', ['admin@examprep.test', 'alice@example.com', 'Bob@Example.com']],
      ['Authenticated', 'no', ['bob@example.com']],
      ['Admin', 'yes', ['admin@examprep.test']],
      ['Admin', 'no', ['alice@example.com', 'Bob@Example.com', 'bob@example.com']],
      ['Premium', 'yes', ['alice@example.com']],
      ['Premium', 'no', ['admin@examprep.test', 'Bob@Example.com', 'bob@example.com']],
      ['QBank', 'gt0', ['alice@example.com', 'bob@example.com']],
      ['QBank', 'eq0', ['admin@examprep.test', 'Bob@Example.com']],
      ['Tests', 'yes', ['alice@example.com']],
      ['Tests', 'no', ['admin@examprep.test', 'Bob@Example.com']],
    ])('%s = %s', async (label, value, expected) => {
      serve();
      renderPage();
      await loaded();
      const select = screen.getByLabelText(label);
      expect(select).toHaveValue('all');
      await userEvent.selectOptions(select, value);
      await waitFor(() => expect(shownEmails()).toEqual(expected));
      expect(
        screen.getByText(`Showing ${expected.length} of ${expected.length}`),
      ).toBeInTheDocument();
    });

    it('offers All, > 0 and = 0 for QBank, and Yes/No/All for the flags', async () => {
      serve();
      renderPage();
      await loaded();
      const options = (label: string) =>
        within(screen.getByLabelText(label))
          .getAllByRole('option')
          .map((o) => o.textContent);
      expect(options('QBank')).toEqual(['All', '> 0', '= 0']);
      expect(options('Premium')).toEqual(['All', 'Yes', 'No']);
    });

    it('has a real Tests filter (Yes/No/All); Reset Filters clears it', async () => {
      serve();
      renderPage();
      await loaded();
      const tests = screen.getByLabelText('Tests');
      expect(tests).toBeEnabled();
      expect(
        within(tests)
          .getAllByRole('option')
          .map((o) => o.textContent),
      ).toEqual(['All', 'Yes', 'No']);
      await userEvent.selectOptions(tests, 'yes');
      await waitFor(() => expect(shownEmails()).toEqual(['alice@example.com']));
      await userEvent.click(screen.getByRole('button', { name: 'Reset Filters' }));
      expect(tests).toHaveValue('all');
      await waitFor(() => expect(shownEmails()).toHaveLength(4));
    });

    it('combines filters and says when nothing matches', async () => {
      serve();
      renderPage();
      await loaded();
      await userEvent.selectOptions(screen.getByLabelText('Admin'), 'yes');
      await userEvent.selectOptions(screen.getByLabelText('Premium'), 'yes');
      expect(await screen.findByText('No users match the current filters.')).toBeInTheDocument();
      expect(screen.queryByRole('table')).not.toBeInTheDocument();
      expect(screen.getByRole('button', { name: 'Export Filtered List' })).toBeDisabled();
    });

    it('Reset Filters brings back every user and the defaults', async () => {
      serve();
      renderPage();
      await loaded();
      const reset = screen.getByRole('button', { name: 'Reset Filters' });
      expect(reset).toBeDisabled();
      await userEvent.type(screen.getByLabelText('Email'), 'alice');
      await userEvent.selectOptions(screen.getByLabelText('Email verified'), 'yes');
      await userEvent.selectOptions(screen.getByLabelText('QBank'), 'gt0');
      await userEvent.click(screen.getByRole('button', { name: 'Show Duplicates Only' }));
      expect(await screen.findByText('No users match the current filters.')).toBeInTheDocument();
      await userEvent.click(reset);
      await waitFor(() => expect(shownEmails()).toHaveLength(4));
      expect(screen.getByLabelText('Email')).toHaveValue('');
      expect(screen.getByLabelText('Email verified')).toHaveValue('all');
      expect(screen.getByLabelText('QBank')).toHaveValue('all');
      expect(screen.getByRole('button', { name: 'Show Duplicates Only' })).toHaveAttribute(
        'aria-pressed',
        'false',
      );
      expect(screen.queryByText(/^Showing/)).not.toBeInTheDocument();
    });

    it('Show Duplicates Only shows users sharing an email ignoring case; Show All Users undoes it', async () => {
      serve();
      renderPage();
      await loaded();
      await userEvent.click(screen.getByRole('button', { name: 'Show Duplicates Only' }));
      await waitFor(() => expect(shownEmails()).toEqual(['Bob@Example.com', 'bob@example.com']));
      const toggle = screen.getByRole('button', { name: 'Show All Users' });
      expect(toggle).toHaveAttribute('aria-pressed', 'true');
      await userEvent.click(toggle);
      await waitFor(() => expect(shownEmails()).toHaveLength(4));
      expect(screen.getByRole('button', { name: 'Show Duplicates Only' })).toBeInTheDocument();
    });
  });

  describe('Export Filtered List', () => {
    const { blobs, clicked } = captureDownloads({ href: () => 'blob:users' });

    const CSV =
      'uid,email,emailVerified,inDatabase,inAuth,isAdmin,premium,qbankGenerations\r\n' +
      'u-alice,alice@example.com,true,true,true,false,true,5\r\n' +
      'u-bob-db,bob@example.com,false,true,false,false,false,2\r\n';

    it("downloads the server's filtered_users.csv of the filters, with the rows it read", async () => {
      const { calls } = serve(undefined, (call) =>
        call.url.startsWith('/api/admin/users/export')
          ? fakeResponse(200, CSV, { 'x-total-count': '2' })
          : fakeResponse(500, {}),
      );
      renderPage();
      await loaded();
      await userEvent.selectOptions(screen.getByLabelText('QBank'), 'gt0');
      await waitFor(() => expect(shownEmails()).toHaveLength(2));
      await userEvent.click(screen.getByRole('button', { name: 'Export Filtered List' }));

      await waitFor(() =>
        expect(clicked).toEqual([{ download: 'filtered_users.csv', href: 'blob:users' }]),
      );
      const exportCall = calls.find((c) => c.url.startsWith('/api/admin/users/export'))!;
      expect(exportCall.url).toBe('/api/admin/users/export?qbank=gt0');
      expect(exportCall.headers).toMatchObject({
        Authorization: 'Bearer test-token',
        Accept: 'text/csv',
      });
      expect(blobs[0].type).toBe('text/csv;charset=utf-8');
      expect(await readBlob(blobs[0])).toBe(CSV);
      expect(await screen.findByText('Saved filtered_users.csv. 2 users.')).toBeInTheDocument();
      await waitFor(() => expect(URL.revokeObjectURL).toHaveBeenCalledWith('blob:users'));
    });

    it("says 'No users match the filters.' on the server's 404", async () => {
      serve(undefined, () =>
        fakeResponse(404, { code: 'NOT_FOUND', message: 'No users match the filters.' }),
      );
      renderPage();
      await loaded();
      await userEvent.click(screen.getByRole('button', { name: 'Export Filtered List' }));
      expect(await screen.findByText('No users match the filters.')).toBeInTheDocument();
      expect(clicked).toEqual([]);
    });
  });

  describe('pages and Refresh', () => {
    it('shows the first page with its count; Load more brings the next', async () => {
      const many = Array.from({ length: 60 }, (_, i) =>
        user({ uid: `u${i}`, email: `user${String(i).padStart(2, '0')}@x.test`, tests: 0 }),
      );
      serve(() => many);
      renderPage();
      await loaded();
      expect(shownEmails()).toHaveLength(50);
      expect(screen.getByText('Total Users: 60')).toBeInTheDocument();
      expect(screen.getByText('Showing 50 of 60')).toBeInTheDocument();
      await userEvent.click(screen.getByRole('button', { name: 'Load more' }));
      await waitFor(() => expect(shownEmails()).toHaveLength(60));
      expect(screen.queryByRole('button', { name: 'Load more' })).not.toBeInTheDocument();
    });

    it('keeps the rows and says so when the next page fails', async () => {
      const many = Array.from({ length: 55 }, (_, i) =>
        user({ uid: `u${i}`, email: `user${String(i).padStart(2, '0')}@x.test`, tests: 0 }),
      );
      mockFetch((call) =>
        call.url.includes('cursor=')
          ? ERROR(503, 'SERVICE_UNAVAILABLE', 'The identity service is not available.')
          : answerList(many, call.url),
      );
      renderPage();
      await loaded();
      await userEvent.click(screen.getByRole('button', { name: 'Load more' }));
      expect(
        await screen.findByText(
          'Could not load more users: The identity service is not available.',
        ),
      ).toBeInTheDocument();
      expect(shownEmails()).toHaveLength(50);
    });

    it('reads on by itself after a short page (a filter checked on a slice of the list)', async () => {
      const many = Array.from({ length: 30 }, (_, i) =>
        user({ uid: `u${i}`, email: `user${String(i).padStart(2, '0')}@x.test`, tests: 0 }),
      );
      // the server answers 10 rows a page with a next link, as a filtered page may
      const { calls } = mockFetch((call) => answerList(many, call.url, 10));
      renderPage();
      await loaded();
      await waitFor(() => expect(shownEmails()).toHaveLength(30));
      expect(calls.filter(isList)).toHaveLength(3);
      expect(screen.queryByRole('button', { name: 'Load more' })).not.toBeInTheDocument();
    });

    it('Refresh rebuilds the list on the server, then reads it again', async () => {
      let rows = ALL.slice(0, 2);
      const { calls } = serve(
        () => rows,
        (call) => {
          if (call.method === 'POST' && call.url === '/api/admin/users/refresh') {
            rows = ALL;
            return fakeResponse(200, { entries: 4, written: 2, removed: 0, ms: 40 });
          }
          return fakeResponse(500, {});
        },
      );
      renderPage();
      await loaded();
      expect(shownEmails()).toHaveLength(2);
      await userEvent.click(screen.getByRole('button', { name: 'Refresh' }));
      expect(await screen.findByText('The list was read again: 4 users.')).toBeInTheDocument();
      await waitFor(() => expect(shownEmails()).toHaveLength(4));
      expect(calls.filter((c) => c.method === 'POST')).toHaveLength(1);
    });
  });

  describe('Copy ID Token (Admins Only)', () => {
    const TOKEN = `eyJhbGciOiJSUzI1NiJ9.${'a'.repeat(80)}.signature`;
    let writeText: jest.Mock;

    beforeEach(() => {
      writeText = jest.fn(async () => undefined);
      Object.defineProperty(window.navigator, 'clipboard', {
        value: { writeText },
        configurable: true,
      });
    });
    afterEach(() => {
      Object.defineProperty(window.navigator, 'clipboard', {
        value: undefined,
        configurable: true,
      });
    });

    it("copies the admin's own token and shows the message and its first 50 characters", async () => {
      serve();
      const { session } = renderPage({ token: TOKEN });
      await loaded();
      await userEvent.click(screen.getByRole('button', { name: 'Copy ID Token (Admins Only)' }));
      const notice = await screen.findByText('Admin ID Token copied to clipboard!');
      expect(session.getToken).toHaveBeenCalled();
      expect(writeText).toHaveBeenCalledWith(TOKEN);
      expect(notice.closest('[role="status"]')).not.toBeNull();
      expect(screen.getByTestId('token-preview')).toHaveTextContent(TOKEN.slice(0, 50), {
        normalizeWhitespace: false,
      });
      expect(screen.getByTestId('token-preview').textContent).toHaveLength(50);
    });

    it('says so when the clipboard refuses', async () => {
      writeText.mockRejectedValue(new Error('Write permission denied.'));
      serve();
      renderPage({ token: TOKEN });
      await loaded();
      await userEvent.click(screen.getByRole('button', { name: 'Copy ID Token (Admins Only)' }));
      expect(await screen.findByRole('alert')).toHaveTextContent(
        'Could not copy the ID token: Write permission denied.',
      );
    });

    it('says so when there is no token', async () => {
      serve();
      renderPage({ token: null });
      await loaded();
      await userEvent.click(screen.getByRole('button', { name: 'Copy ID Token (Admins Only)' }));
      expect(await screen.findByRole('alert')).toHaveTextContent(T.tokenMissing);
      expect(writeText).not.toHaveBeenCalled();
    });

    it('notices can be dismissed', async () => {
      serve();
      renderPage({ token: TOKEN });
      await loaded();
      await userEvent.click(screen.getByRole('button', { name: 'Copy ID Token (Admins Only)' }));
      await screen.findByText('Admin ID Token copied to clipboard!');
      await userEvent.click(screen.getByRole('button', { name: 'Dismiss' }));
      await waitFor(() =>
        expect(screen.queryByText('Admin ID Token copied to clipboard!')).not.toBeInTheDocument(),
      );
    });
  });

  it('Preview Modal only shows a sample notification and says so', async () => {
    const { calls } = serve();
    renderPage();
    await loaded();
    await userEvent.click(screen.getByRole('button', { name: 'Preview Modal' }));
    const dialog = await screen.findByRole('dialog', { name: 'Sample Notification' });
    expect(within(dialog).getByText(/Nothing is saved and nothing is sent/)).toBeInTheDocument();
    const [headerClose, footerClose] = within(dialog).getAllByRole('button', { name: 'Close' });
    expect(headerClose).toHaveClass('btn-close');
    await userEvent.click(footerClose);
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(calls.filter((c) => c.method !== 'GET')).toHaveLength(0);
  });

  describe('Generate & Copy Token', () => {
    let writeText: jest.Mock;
    beforeEach(() => {
      writeText = jest.fn(async () => undefined);
      Object.defineProperty(window.navigator, 'clipboard', {
        value: { writeText },
        configurable: true,
      });
    });
    afterEach(() => {
      Object.defineProperty(window.navigator, 'clipboard', {
        value: undefined,
        configurable: true,
      });
    });

    it('is offered for every user in auth and not for database-only rows', async () => {
      serve();
      renderPage();
      await loaded();
      expect(screen.getAllByRole('button', { name: /^Generate & Copy Token/ })).toHaveLength(3);
      expect(
        within(rowOf('bob@example.com')).queryByRole('button', { name: /^Generate/ }),
      ).not.toBeInTheDocument();
    });

    it("posts the uid, copies the user's token and says 'ID Token generated and copied…'", async () => {
      const { calls } = serve(undefined, () =>
        fakeResponse(200, { idToken: 'user-token-123', expiresIn: 300 }),
      );
      renderPage();
      await loaded();
      await userEvent.click(
        screen.getByRole('button', { name: 'Generate & Copy Token alice@example.com' }),
      );
      expect(
        await screen.findByText(
          'ID Token generated and copied to clipboard for alice@example.com!',
        ),
      ).toBeInTheDocument();
      expect(calls.find((c) => c.method === 'POST')).toMatchObject({
        url: '/api/admin/generate-test-token',
        body: { uid: ALICE.uid },
      });
      expect(writeText).toHaveBeenCalledWith('user-token-123');
    });

    it("reports 'Failed to generate token for {email}: {message}'", async () => {
      serve(undefined, () => ERROR(404, 'NOT_FOUND', 'User not found.'));
      renderPage();
      await loaded();
      await userEvent.click(
        screen.getByRole('button', { name: 'Generate & Copy Token alice@example.com' }),
      );
      expect(await screen.findByRole('alert')).toHaveTextContent(
        'Failed to generate token for alice@example.com: User not found.',
      );
      expect(writeText).not.toHaveBeenCalled();
    });
  });

  describe('Create User Document in Database', () => {
    it('is offered only to users in auth but not in the database', async () => {
      serve();
      renderPage();
      await loaded();
      const buttons = screen.getAllByRole('button', { name: /^Create User Document in Database/ });
      expect(buttons).toHaveLength(1);
      expect(within(rowOf('Bob@Example.com')).getByRole('button', { name: /^Create/ })).toBe(
        buttons[0],
      );
    });

    it('posts uid and email, reports success and reloads the list', async () => {
      let list = ALL;
      const { calls } = serve(
        () => list,
        () => {
          list = ALL.map((u) => (u.uid === BOB_AUTH.uid ? { ...u, inDatabase: true } : u));
          return fakeResponse(201, { uid: BOB_AUTH.uid, email: BOB_AUTH.email, purchases: {} });
        },
      );
      renderPage();
      await loaded();
      await userEvent.click(
        screen.getByRole('button', { name: 'Create User Document in Database Bob@Example.com' }),
      );
      expect(
        await screen.findByText('Successfully created database document for Bob@Example.com!'),
      ).toBeInTheDocument();
      expect(calls.find((c) => c.method === 'POST')).toMatchObject({
        url: '/api/create-user',
        body: { uid: 'u-bob-auth', email: 'Bob@Example.com' },
      });
      await waitFor(() =>
        expect(
          screen.queryByRole('button', { name: /^Create User Document/ }),
        ).not.toBeInTheDocument(),
      );
      expect(calls.filter((c) => c.method === 'GET')).toHaveLength(2);
    });

    it("reports 'Failed to create user document for {email}: {message}'", async () => {
      serve(undefined, () =>
        ERROR(409, 'USER_DOCUMENT_EXISTS', 'User already has a database document.'),
      );
      renderPage();
      await loaded();
      await userEvent.click(screen.getByRole('button', { name: /^Create User Document/ }));
      expect(await screen.findByRole('alert')).toHaveTextContent(
        'Failed to create user document for Bob@Example.com: User already has a database document.',
      );
    });
  });

  describe('Delete User', () => {
    it('is disabled for admins, with the tooltip', async () => {
      serve();
      renderPage();
      await loaded();
      const button = within(rowOf('admin@examprep.test')).getByRole('button', {
        name: /^Delete User/,
      });
      expect(button).toBeDisabled();
      expect(button).toHaveAccessibleDescription('Admin users cannot be deleted');
      const hint = screen.getByTestId('admin-delete-hint');
      expect(hint).toHaveAttribute('tabIndex', '0');
      await act(async () => hint.focus());
      expect(await screen.findByRole('tooltip')).toHaveTextContent('Admin users cannot be deleted');
      // Every other user can be deleted.
      expect(
        within(rowOf('alice@example.com')).getByRole('button', { name: /^Delete User/ }),
      ).toBeEnabled();
    });

    it('asks for confirmation naming the email; Cancel deletes nothing', async () => {
      const { calls } = serve();
      renderPage();
      await loaded();
      await userEvent.click(screen.getByRole('button', { name: 'Delete User alice@example.com' }));
      const dialog = await screen.findByRole('dialog', { name: 'Delete User' });
      expect(dialog).toHaveTextContent(
        'Are you sure you want to delete the user alice@example.com?',
      );
      await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
      await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
      expect(calls.filter((c) => c.method === 'DELETE')).toHaveLength(0);
      expect(shownEmails()).toContain('alice@example.com');
    });

    it('deletes the account, then the data, removes the row and reports success', async () => {
      let rows = ALL;
      const { calls } = serve(
        () => rows,
        (call) => {
          // the server's list follows the delete (the page is read again after it)
          if (call.url === '/api/delete-user-data') rows = ALL.filter((r) => r.uid !== 'u-alice');
          return fakeResponse(200, { deleted: true });
        },
      );
      renderPage();
      await loaded();
      await userEvent.click(screen.getByRole('button', { name: 'Delete User alice@example.com' }));
      const dialog = await screen.findByRole('dialog', { name: 'Delete User' });
      await userEvent.click(within(dialog).getByRole('button', { name: 'Delete User' }));
      expect(
        await screen.findByText('User alice@example.com has been successfully deleted.'),
      ).toBeInTheDocument();
      await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
      expect(calls.filter((c) => c.method === 'DELETE')).toEqual([
        expect.objectContaining({ url: '/api/delete-user', body: { userId: 'u-alice' } }),
        expect.objectContaining({ url: '/api/delete-user-data', body: { uid: 'u-alice' } }),
      ]);
      expect(shownEmails()).not.toContain('alice@example.com');
      expect(await screen.findByText('Total Users: 3')).toBeInTheDocument();
    });

    it('still deletes the data when the account is already gone (404)', async () => {
      let rows = ALL;
      const { calls } = serve(
        () => rows,
        (call) => {
          if (call.url === '/api/delete-user') return ERROR(404, 'NOT_FOUND', 'User not found.');
          rows = ALL.filter((r) => r.uid !== 'u-bob-db');
          return fakeResponse(200, { deleted: true });
        },
      );
      renderPage();
      await loaded();
      await userEvent.click(screen.getByRole('button', { name: 'Delete User bob@example.com' }));
      const dialog = await screen.findByRole('dialog', { name: 'Delete User' });
      await userEvent.click(within(dialog).getByRole('button', { name: 'Delete User' }));
      expect(
        await screen.findByText('User bob@example.com has been successfully deleted.'),
      ).toBeInTheDocument();
      expect(calls.filter((c) => c.method === 'DELETE').map((c) => c.url)).toEqual([
        '/api/delete-user',
        '/api/delete-user-data',
      ]);
      expect(shownEmails()).not.toContain('bob@example.com');
    });

    it("reports 'Failed to delete user: {message}' and keeps the data when the account delete fails", async () => {
      const { calls } = serve(undefined, () =>
        ERROR(403, 'FORBIDDEN', 'Admin users cannot be deleted.'),
      );
      renderPage();
      await loaded();
      await userEvent.click(screen.getByRole('button', { name: 'Delete User alice@example.com' }));
      const dialog = await screen.findByRole('dialog', { name: 'Delete User' });
      await userEvent.click(within(dialog).getByRole('button', { name: 'Delete User' }));
      expect(await within(dialog).findByRole('alert')).toHaveTextContent(
        'Failed to delete user: Admin users cannot be deleted.',
      );
      expect(calls.filter((c) => c.method === 'DELETE').map((c) => c.url)).toEqual([
        '/api/delete-user',
      ]);
      expect(within(dialog).getByRole('button', { name: 'Delete User' })).toBeEnabled();
      expect(shownEmails()).toContain('alice@example.com');
    });

    it('reports a failed data delete after the account was deleted', async () => {
      serve(undefined, (call) =>
        call.url === '/api/delete-user'
          ? fakeResponse(200, { deleted: true })
          : ERROR(504, 'GATEWAY_TIMEOUT', 'The identity service did not answer in time.'),
      );
      renderPage();
      await loaded();
      await userEvent.click(screen.getByRole('button', { name: 'Delete User alice@example.com' }));
      const dialog = await screen.findByRole('dialog', { name: 'Delete User' });
      await userEvent.click(within(dialog).getByRole('button', { name: 'Delete User' }));
      expect(await within(dialog).findByRole('alert')).toHaveTextContent(
        'Failed to delete user: The identity service did not answer in time.',
      );
    });
  });
});
