import { type Announcement, ANNOUNCEMENT_MESSAGES } from '@examprep/contracts/types';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { fakeResponse, mockFetch, type FetchCall } from '../../test-utils/mock-fetch';
import { fakeSession, renderApp } from '../../test-utils/render-app';
import UpdatesPage from './UpdatesPage';

const item = (over: Partial<Announcement>): Announcement => ({
  id: 'a0',
  content: 'text',
  isVisible: true,
  order: 0,
  date: '2026-11-01',
  linkText: '',
  linkUrl: '',
  ...over,
});

const NEWEST = item({
  id: 'a1',
  content: 'Second by date, first by order',
  date: '2026-10-01',
  order: 0,
});
const OLDER = item({
  id: 'a2',
  content: 'Line one\nLine two <b>not bold</b>',
  date: '2026-11-20',
  order: 1,
  linkText: 'Read the notes',
  linkUrl: 'https://example.com/notes',
});
const INTERNAL = item({ id: 'a3', content: 'See your dashboard', order: 2, linkUrl: '/dashboard' });
const HIDDEN = item({ id: 'a4', content: 'Draft for admins', isVisible: false, order: 3 });

function renderUpdates(options: { isAdmin?: boolean } = {}) {
  return renderApp(
    { route: '/updates', session: fakeSession({ isAdmin: options.isAdmin ?? false }) },
    <UpdatesPage />,
  );
}

/** The list endpoint answers `list` (a function so tests can change it between calls). */
function serve(
  list: () => Announcement[],
  write?: (call: FetchCall) => Response | Promise<Response>,
) {
  return mockFetch((call) => {
    if (call.method === 'GET' && call.url === '/api/announcements')
      return fakeResponse(200, list());
    if (write) return write(call);
    return fakeResponse(500, { error: 'unexpected call' });
  });
}

async function openAddForm() {
  await userEvent.click(await screen.findByRole('button', { name: 'Add Announcement' }));
  return screen.findByRole('dialog', { name: 'Add Announcement' });
}

describe('/updates', () => {
  it("shows 'No announcements at this time.' for an empty list", async () => {
    serve(() => []);
    renderUpdates();
    expect(await screen.findByText(ANNOUNCEMENT_MESSAGES.empty)).toBeInTheDocument();
    expect(document.title).toBe('Updates | TestPrep');
  });

  it('lists announcements in the order the server returns, as plain text with preserved line breaks', async () => {
    const { calls } = serve(() => [NEWEST, OLDER, INTERNAL]);
    renderUpdates();
    const items = await screen.findAllByRole('article');
    expect(items.map((el) => within(el).getByText(/./, { selector: 'p' }).textContent)).toEqual([
      NEWEST.content,
      OLDER.content,
      INTERNAL.content,
    ]);
    expect(calls[0].headers.Authorization).toBe('Bearer test-token');
    // Never injected as HTML.
    expect(document.querySelector('b')).toBeNull();
    expect(within(items[1]).getByText(/Line one/)).toHaveClass('app-preserve-whitespace');
    expect(within(items[0]).getByText('October 1, 2026')).toHaveAttribute('dateTime', '2026-10-01');
  });

  it("shows link buttons: external ones open a new tab safely, 'Learn more' when no link text", async () => {
    serve(() => [
      NEWEST,
      OLDER,
      INTERNAL,
      item({ id: 'bad', linkUrl: 'javascript:alert(1)', linkText: 'Evil' }),
    ]);
    renderUpdates();
    const external = await screen.findByRole('link', { name: /Read the notes/ });
    expect(external).toHaveAttribute('href', 'https://example.com/notes');
    expect(external).toHaveAttribute('target', '_blank');
    expect(external).toHaveAttribute('rel', 'noopener noreferrer');
    const internal = screen.getByRole('link', { name: 'Learn more' });
    expect(internal).toHaveAttribute('href', '/dashboard');
    expect(internal).not.toHaveAttribute('target');
    expect(screen.queryByRole('link', { name: /Evil/ })).not.toBeInTheDocument();
  });

  it('shows an error with Try Again, which reloads', async () => {
    let fail = true;
    mockFetch(() =>
      fail
        ? fakeResponse(503, {
            error: 'Service Unavailable',
            code: 'SERVICE_UNAVAILABLE',
            message: 'The announcements service is not available.',
          })
        : fakeResponse(200, []),
    );
    renderUpdates();
    expect(await screen.findByText('Failed to load announcements.')).toBeInTheDocument();
    expect(screen.getByText('The announcements service is not available.')).toBeInTheDocument();
    fail = false;
    await userEvent.click(screen.getByRole('button', { name: 'Try Again' }));
    expect(await screen.findByText(ANNOUNCEMENT_MESSAGES.empty)).toBeInTheDocument();
  });

  describe('pages (ADR 0026)', () => {
    const many = Array.from({ length: 3 }, (_, i) =>
      item({ id: `p${i}`, content: `Paged ${i}`, date: `2026-01-0${i + 1}` }),
    );
    /** Pages of two: the next page's address in the Link header, as the gateway sends it. */
    function servePages(failNext: () => boolean = () => false) {
      return mockFetch((call) => {
        const url = new URL(call.url, 'http://x');
        if (url.pathname !== '/api/announcements') return fakeResponse(404, {});
        const cursor = url.searchParams.get('cursor');
        if (cursor === null)
          return fakeResponse(200, many.slice(0, 2), {
            link: '</api/announcements?cursor=p1>; rel="next"',
          });
        if (failNext()) return fakeResponse(503, { code: 'SERVICE_UNAVAILABLE', message: 'Busy.' });
        return fakeResponse(200, many.slice(2));
      });
    }
    const shown = () =>
      screen
        .getAllByRole('article')
        .map((el) => within(el).getByText(/./, { selector: 'p' }).textContent);

    it('shows the first page and Load more while there is more; the next page follows the rows', async () => {
      const { calls } = servePages();
      renderUpdates();
      await screen.findAllByRole('article');
      expect(shown()).toEqual(['Paged 0', 'Paged 1']);
      await userEvent.click(screen.getByRole('button', { name: 'Load more' }));
      await waitFor(() => expect(shown()).toEqual(['Paged 0', 'Paged 1', 'Paged 2']));
      expect(screen.queryByRole('button', { name: 'Load more' })).toBeNull();
      expect(calls.map((c) => c.url)).toEqual([
        '/api/announcements',
        '/api/announcements?cursor=p1',
      ]);
    });

    it('a next page that fails keeps the rows and says so; Load more tries again', async () => {
      let fail = true;
      servePages(() => fail);
      renderUpdates();
      await screen.findAllByRole('article');
      await userEvent.click(screen.getByRole('button', { name: 'Load more' }));
      expect(await screen.findByText(/^Could not load more announcements: /)).toBeInTheDocument();
      expect(shown()).toEqual(['Paged 0', 'Paged 1']);
      fail = false;
      await userEvent.click(screen.getByRole('button', { name: 'Load more' }));
      await waitFor(() => expect(shown()).toEqual(['Paged 0', 'Paged 1', 'Paged 2']));
      expect(screen.queryByText(/^Could not load more announcements/)).toBeNull();
    });
  });

  it('gives learners no Add, Edit or Delete and no Hidden marks', async () => {
    serve(() => [NEWEST, OLDER]);
    renderUpdates({ isAdmin: false });
    await screen.findAllByRole('article');
    expect(screen.queryByRole('button', { name: 'Add Announcement' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /^Edit/ })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /^Delete/ })).not.toBeInTheDocument();
  });

  it('gives admins Add, and Edit and Delete on every item, and marks hidden items', async () => {
    serve(() => [NEWEST, HIDDEN]);
    renderUpdates({ isAdmin: true });
    const items = await screen.findAllByRole('article');
    expect(screen.getByRole('button', { name: 'Add Announcement' })).toBeInTheDocument();
    for (const el of items) {
      expect(within(el).getByRole('button', { name: /^Edit/ })).toBeInTheDocument();
      expect(within(el).getByRole('button', { name: /^Delete/ })).toBeInTheDocument();
    }
    expect(within(items[0]).queryByText('Hidden')).not.toBeInTheDocument();
    expect(within(items[1]).getByText('Hidden')).toBeInTheDocument();
  });

  it('names Edit and Delete by date and first words, so two items of one day differ', async () => {
    const sameDay = [
      item({ id: 'b1', date: '2026-11-22', content: 'New Med Dosage questions are live.' }),
      item({ id: 'b2', date: '2026-11-22', content: 'Maintenance tonight\nfrom 10 pm.' }),
    ];
    serve(() => sameDay);
    renderUpdates({ isAdmin: true });
    await screen.findAllByRole('article');
    const names = screen
      .getAllByRole('button', { name: /^(Edit|Delete) / })
      .map((b) => b.textContent?.replace(/\s+/g, ' ').trim());
    expect(names).toEqual([
      'Edit announcement of November 22, 2026: New Med Dosage questions are live.',
      'Delete announcement of November 22, 2026: New Med Dosage questions are live.',
      'Edit announcement of November 22, 2026: Maintenance tonight from 10 pm.',
      'Delete announcement of November 22, 2026: Maintenance tonight from 10 pm.',
    ]);
    expect(new Set(names).size).toBe(4);
    // The visible text stays 'Edit' / 'Delete' (the name starts with what is seen).
    expect(
      screen.getByRole('button', {
        name: 'Edit announcement of November 22, 2026: Maintenance tonight from 10 pm.',
      }),
    ).toHaveTextContent(/^Edit/);
  });

  describe('add/edit form', () => {
    it('has labelled fields with the defaults: today, order 0, visible', async () => {
      serve(() => []);
      renderUpdates({ isAdmin: true });
      const dialog = await openAddForm();
      const today = new Date();
      const iso = `${today.getFullYear()}-${String(today.getMonth() + 1).padStart(2, '0')}-${String(today.getDate()).padStart(2, '0')}`;
      expect(within(dialog).getByLabelText('Date')).toHaveValue(iso);
      expect(within(dialog).getByLabelText('Date')).toHaveAttribute('type', 'date');
      expect(within(dialog).getByLabelText('Content')).toHaveValue('');
      expect(within(dialog).getByLabelText('Link Text')).toHaveValue('');
      expect(within(dialog).getByLabelText('Link URL')).toHaveValue('');
      expect(within(dialog).getByLabelText('Order')).toHaveValue(0);
      expect(within(dialog).getByText('0 = top')).toBeInTheDocument();
      expect(within(dialog).getByLabelText('Visible')).toBeChecked();
    });

    it('shows the server messages under the fields for empty content, bad date, javascript: link and non-integer order', async () => {
      const { calls } = serve(() => []);
      renderUpdates({ isAdmin: true });
      const dialog = await openAddForm();
      await userEvent.clear(within(dialog).getByLabelText('Date'));
      await userEvent.type(within(dialog).getByLabelText('Link URL'), 'javascript:alert(1)');
      await userEvent.clear(within(dialog).getByLabelText('Order'));
      await userEvent.type(within(dialog).getByLabelText('Order'), '1.5');
      await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));

      expect(within(dialog).getByLabelText('Date')).toHaveAccessibleDescription(
        ANNOUNCEMENT_MESSAGES.dateRequired,
      );
      expect(within(dialog).getByLabelText('Content')).toHaveAccessibleDescription(
        ANNOUNCEMENT_MESSAGES.contentRequired,
      );
      expect(within(dialog).getByLabelText('Link URL')).toHaveAccessibleDescription(
        expect.stringContaining(ANNOUNCEMENT_MESSAGES.linkUrlInvalid),
      );
      expect(within(dialog).getByLabelText('Order')).toHaveAccessibleDescription(
        expect.stringContaining(ANNOUNCEMENT_MESSAGES.orderInteger),
      );
      expect(within(dialog).getByLabelText('Content')).toHaveAttribute('aria-invalid', 'true');
      expect(within(dialog).getByLabelText('Date')).toHaveFocus();
      expect(calls.filter((c) => c.method !== 'GET')).toHaveLength(0);
    });

    it("creates an announcement: 'Saving…' while pending, then closes and reloads the list", async () => {
      let list: Announcement[] = [];
      let answer!: (r: Response) => void;
      const { calls } = serve(
        () => list,
        (call) =>
          new Promise<Response>((resolve) => {
            answer = (r) => {
              list = [item({ id: 'n1', ...(call.body as object) })];
              resolve(r);
            };
          }),
      );
      renderUpdates({ isAdmin: true });
      const dialog = await openAddForm();
      await userEvent.clear(within(dialog).getByLabelText('Date'));
      await userEvent.type(within(dialog).getByLabelText('Date'), '2026-11-22');
      await userEvent.type(within(dialog).getByLabelText('Content'), 'Fresh questions\nfor you');
      await userEvent.type(within(dialog).getByLabelText('Link Text'), 'Open');
      await userEvent.type(within(dialog).getByLabelText('Link URL'), '/dashboard');
      await userEvent.click(within(dialog).getByLabelText('Visible'));
      await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));

      const saving = within(dialog).getByRole('button', { name: 'Saving…' });
      expect(saving).toBeDisabled();
      const post = calls.find((c) => c.method === 'POST');
      expect(post).toMatchObject({
        url: '/api/announcements',
        body: {
          date: '2026-11-22',
          content: 'Fresh questions\nfor you',
          linkText: 'Open',
          linkUrl: '/dashboard',
          order: 0,
          isVisible: false,
        },
      });
      answer(fakeResponse(201, { ...(post?.body as object), id: 'n1' }));
      await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
      // the content paragraph (the Edit/Delete names also quote its first words)
      expect(await screen.findByText(/Fresh questions/, { selector: 'p' })).toBeInTheDocument();
      expect(calls.filter((c) => c.method === 'GET')).toHaveLength(2);
    });

    it('maps server field errors under the fields and keeps what was typed', async () => {
      serve(
        () => [],
        () =>
          fakeResponse(400, {
            error: 'Bad Request',
            code: 'VALIDATION_FAILED',
            message: 'Validation failed.',
            fields: {
              content: [ANNOUNCEMENT_MESSAGES.contentTooLong],
              linkUrl: [ANNOUNCEMENT_MESSAGES.linkUrlInvalid],
            },
          }),
      );
      renderUpdates({ isAdmin: true });
      const dialog = await openAddForm();
      await userEvent.type(within(dialog).getByLabelText('Content'), 'My text');
      await userEvent.type(within(dialog).getByLabelText('Link URL'), 'https://example.com');
      await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));

      await waitFor(() =>
        expect(within(dialog).getByLabelText('Content')).toHaveAccessibleDescription(
          'Content must be at most 10,000 characters.',
        ),
      );
      expect(within(dialog).getByLabelText('Link URL')).toHaveAccessibleDescription(
        expect.stringContaining(ANNOUNCEMENT_MESSAGES.linkUrlInvalid),
      );
      expect(within(dialog).getByLabelText('Content')).toHaveValue('My text');
      expect(within(dialog).getByLabelText('Link URL')).toHaveValue('https://example.com');
      expect(within(dialog).getByRole('button', { name: 'Save' })).toBeEnabled();
    });

    it('shows other errors in an alert in the modal and keeps the input', async () => {
      serve(
        () => [],
        () =>
          fakeResponse(504, {
            error: 'Gateway Timeout',
            code: 'GATEWAY_TIMEOUT',
            message: 'The announcements service did not answer in time.',
          }),
      );
      renderUpdates({ isAdmin: true });
      const dialog = await openAddForm();
      await userEvent.type(within(dialog).getByLabelText('Content'), 'Keep me');
      await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
      expect(await within(dialog).findByRole('alert')).toHaveTextContent(
        'The announcements service did not answer in time.',
      );
      expect(within(dialog).getByLabelText('Content')).toHaveValue('Keep me');
    });

    it('edits an announcement with PUT, starting from its values', async () => {
      let list = [OLDER];
      const { calls } = serve(
        () => list,
        (call) => {
          list = [{ ...OLDER, ...(call.body as object) }];
          return fakeResponse(200, list[0]);
        },
      );
      renderUpdates({ isAdmin: true });
      await userEvent.click(await screen.findByRole('button', { name: /^Edit/ }));
      const dialog = await screen.findByRole('dialog', { name: 'Edit Announcement' });
      expect(within(dialog).getByLabelText('Content')).toHaveValue(OLDER.content);
      expect(within(dialog).getByLabelText('Order')).toHaveValue(1);
      expect(within(dialog).getByLabelText('Link Text')).toHaveValue('Read the notes');
      await userEvent.clear(within(dialog).getByLabelText('Content'));
      await userEvent.type(within(dialog).getByLabelText('Content'), 'Updated');
      await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
      await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
      expect(calls.find((c) => c.method === 'PUT')).toMatchObject({
        url: '/api/announcements/a2',
        body: { content: 'Updated', order: 1 },
      });
      expect(await screen.findByText('Updated')).toBeInTheDocument();
    });
  });

  describe('delete', () => {
    it('asks for confirmation; Cancel keeps the item', async () => {
      const { calls } = serve(() => [NEWEST]);
      renderUpdates({ isAdmin: true });
      await userEvent.click(await screen.findByRole('button', { name: /^Delete/ }));
      const dialog = await screen.findByRole('dialog', { name: 'Delete this announcement?' });
      await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
      await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
      expect(calls.filter((c) => c.method === 'DELETE')).toHaveLength(0);
    });

    it('deletes after confirmation and reloads the list', async () => {
      let list = [NEWEST, OLDER];
      const { calls } = serve(
        () => list,
        (call) => {
          list = list.filter((a) => `/api/announcements/${a.id}` !== call.url);
          return fakeResponse(204);
        },
      );
      renderUpdates({ isAdmin: true });
      const [first] = await screen.findAllByRole('article');
      await userEvent.click(within(first).getByRole('button', { name: /^Delete/ }));
      const dialog = await screen.findByRole('dialog', { name: 'Delete this announcement?' });
      await userEvent.click(within(dialog).getByRole('button', { name: 'Delete' }));
      await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
      expect(calls.find((c) => c.method === 'DELETE')?.url).toBe('/api/announcements/a1');
      await waitFor(() => expect(screen.getAllByRole('article')).toHaveLength(1));
      expect(screen.queryByText(NEWEST.content)).not.toBeInTheDocument();
    });

    it('shows a failed delete in the dialog', async () => {
      serve(
        () => [NEWEST],
        () =>
          fakeResponse(404, {
            error: 'Not Found',
            code: 'NOT_FOUND',
            message: ANNOUNCEMENT_MESSAGES.notFound,
          }),
      );
      renderUpdates({ isAdmin: true });
      await userEvent.click(await screen.findByRole('button', { name: /^Delete/ }));
      const dialog = await screen.findByRole('dialog', { name: 'Delete this announcement?' });
      await userEvent.click(within(dialog).getByRole('button', { name: 'Delete' }));
      expect(await within(dialog).findByRole('alert')).toHaveTextContent(
        ANNOUNCEMENT_MESSAGES.notFound,
      );
    });
  });
});
