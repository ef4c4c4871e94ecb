import type { Announcement, Me } from '@examprep/contracts/types';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { LOGGED_IN_FLAG_KEY, WELCOME_DISMISSED_KEY } from '../../shared/session/local-flags';
import { fakeResponse, mockFetch, type FetchCall } from '../../test-utils/mock-fetch';
import { currentLocation, fakeSession, renderApp } from '../../test-utils/render-app';

const ann = (id: string, date: string, over: Partial<Announcement> = {}): Announcement => ({
  id,
  content: `Announcement ${id}`,
  isVisible: true,
  order: 0,
  date,
  linkText: '',
  linkUrl: '',
  ...over,
});

/** The service picks it (the newest visible one by date): GET /api/announcements/latest. */
const LATEST = ann('newest', '2025-08-01', { order: 3 });

const ME: Me = {
  uid: 'user-1',
  email: 'learner@example.com',
  isAdmin: false,
  emailVerified: true,
  defaultDashboard: 'design',
  purchases: {},
  hasDocument: true,
};

function server(onDashboard?: (call: FetchCall) => Response | Promise<Response>) {
  return mockFetch((call) => {
    if (call.url === '/api/announcements/latest')
      return fakeResponse(200, { announcement: LATEST });
    if (call.url === '/api/update-user-default-dashboard' && onDashboard) return onDashboard(call);
    return fakeResponse(404, { message: 'not here' });
  });
}

describe('welcome modal (learner spec §2 Dashboard)', () => {
  it('opens on the first dashboard visit after signing in, with the latest visible announcement', async () => {
    server();
    renderApp({ route: '/dashboard?tab=math' });
    const dialog = await screen.findByRole('dialog', { name: 'Welcome to TestPrep!' });
    expect(window.localStorage.getItem(LOGGED_IN_FLAG_KEY)).toBe('true');
    expect(await within(dialog).findByText('Announcement newest')).toBeInTheDocument();
    expect(within(dialog).getByText('August 1, 2025')).toBeInTheDocument();
    expect(within(dialog).getByRole('radio', { name: /Math Dashboard/ })).toBeChecked();
    expect(within(dialog).getByText(/TEAS Math and Med Dosage/)).toBeInTheDocument();
    expect(within(dialog).getByText(/3D assets and Android/)).toBeInTheDocument();
    expect(within(dialog).getByText('Finding your way around')).toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole('link', { name: 'See all updates' }));
    await waitFor(() => expect(currentLocation()).toBe('/updates'));
  });

  it('stays closed once shown (logged-in flag) and opens on the dashboard-notice event', async () => {
    server();
    window.localStorage.setItem(LOGGED_IN_FLAG_KEY, 'true');
    renderApp({ route: '/dashboard?tab=math' });
    await screen.findByRole('heading', { level: 1, name: 'Your Math Dashboard' });
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    act(() => {
      window.dispatchEvent(new CustomEvent('dashboard-notice'));
    });
    expect(await screen.findByRole('dialog', { name: 'Welcome to TestPrep!' })).toBeInTheDocument();
  });

  it('the navbar warning icon opens it', async () => {
    server();
    window.localStorage.setItem(LOGGED_IN_FLAG_KEY, 'true');
    renderApp({ route: '/dashboard?tab=math' });
    await userEvent.click(await screen.findByRole('button', { name: 'Show dashboard notice' }));
    expect(await screen.findByRole('dialog', { name: 'Welcome to TestPrep!' })).toBeInTheDocument();
  });

  it('closing it stores the dismissed timestamp', async () => {
    server();
    renderApp({ route: '/dashboard?tab=math' });
    const dialog = await screen.findByRole('dialog', { name: 'Welcome to TestPrep!' });
    const before = Date.now();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Got it' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(Number(window.localStorage.getItem(WELCOME_DISMISSED_KEY))).toBeGreaterThanOrEqual(
      before,
    );
  });

  it('saves the default dashboard choice (POST /api/update-user-default-dashboard) into the session', async () => {
    let answer: (r: Response) => void = () => undefined;
    const { calls } = server(
      () =>
        new Promise<Response>((resolve) => {
          answer = resolve;
        }),
    );
    const session = fakeSession();
    renderApp({ route: '/dashboard?tab=math', session });
    const dialog = await screen.findByRole('dialog', { name: 'Welcome to TestPrep!' });
    await userEvent.click(
      within(dialog).getByRole('radio', { name: /Design and Droid Dashboard/ }),
    );
    expect(await within(dialog).findByText('Saving…')).toBeInTheDocument();
    expect(within(dialog).getByRole('radio', { name: /Design and Droid Dashboard/ })).toBeChecked();
    const post = calls.find((c) => c.url === '/api/update-user-default-dashboard');
    expect(post).toMatchObject({ method: 'POST', body: { defaultDashboard: 'design' } });
    expect(post?.headers.Authorization).toBe('Bearer test-token');
    answer(fakeResponse(200, ME));
    expect(await within(dialog).findByText('Saved.')).toBeInTheDocument();
    expect(session.applyMe).toHaveBeenCalledWith(ME);
  });

  it('shows a failed save and keeps the previous choice', async () => {
    server(() =>
      fakeResponse(503, {
        error: 'Service Unavailable',
        code: 'SERVICE_UNAVAILABLE',
        message: 'The service is not available right now.',
      }),
    );
    const session = fakeSession();
    renderApp({ route: '/dashboard?tab=math', session });
    const dialog = await screen.findByRole('dialog', { name: 'Welcome to TestPrep!' });
    await userEvent.click(
      within(dialog).getByRole('radio', { name: /Design and Droid Dashboard/ }),
    );
    expect(
      await within(dialog).findByText('The service is not available right now.'),
    ).toBeInTheDocument();
    expect(within(dialog).getByRole('radio', { name: /Math Dashboard/ })).toBeChecked();
    expect(session.applyMe).not.toHaveBeenCalled();
  });

  it('reads the latest announcement alone, never the list', async () => {
    const { calls } = server();
    renderApp({ route: '/dashboard?tab=math' });
    const dialog = await screen.findByRole('dialog', { name: 'Welcome to TestPrep!' });
    await within(dialog).findByText('Announcement newest');
    const reads = calls.filter((c) => c.url.startsWith('/api/announcements'));
    expect(reads.map((c) => c.url)).toEqual(['/api/announcements/latest']);
  });

  it("says 'No announcements at this time.' when none is visible", async () => {
    mockFetch((call) =>
      call.url === '/api/announcements/latest'
        ? fakeResponse(200, { announcement: null })
        : fakeResponse(404, { message: 'not here' }),
    );
    renderApp({ route: '/dashboard?tab=math' });
    const dialog = await screen.findByRole('dialog', { name: 'Welcome to TestPrep!' });
    expect(await within(dialog).findByText('No announcements at this time.')).toBeInTheDocument();
  });

  it('says so when the latest announcement cannot be loaded', async () => {
    mockFetch(() => fakeResponse(500, { message: 'boom' }));
    renderApp({ route: '/dashboard?tab=math' });
    const dialog = await screen.findByRole('dialog', { name: 'Welcome to TestPrep!' });
    expect(
      await within(dialog).findByText('The latest update could not be loaded.'),
    ).toBeInTheDocument();
  });
});
