import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { LOGGED_IN_FLAG_KEY } from '../shared/session/local-flags';
import { SIGNED_OUT } from '../shared/session/session-context';
import { fakeResponse, mockFetch } from '../test-utils/mock-fetch';
import { currentLocation, fakeSession, renderApp } from '../test-utils/render-app';

describe('routes', () => {
  // The dashboard's welcome modal (first visit after sign-in) is tested in its own spec.
  beforeEach(() => window.localStorage.setItem(LOGGED_IN_FLAG_KEY, 'true'));

  describe('/ (default-tab rule)', () => {
    it.each([
      ['math', '/dashboard?tab=math'],
      ['design', '/dashboard?tab=design'],
    ] as const)(
      'sends a logged-in user whose default dashboard is %s to %s',
      async (dashboard, target) => {
        renderApp({ route: '/', session: fakeSession({ defaultDashboard: dashboard }) });
        await waitFor(() => expect(currentLocation()).toBe(target));
      },
    );

    it('shows the login screen to visitors', async () => {
      const session = fakeSession({ ...SIGNED_OUT });
      renderApp({ route: '/', session });
      expect(await screen.findByText('Redirecting to sign in…')).toBeInTheDocument();
      expect(currentLocation()).toBe('/login');
      expect(session.login).toHaveBeenCalledWith('/dashboard');
    });

    it("shows 'Loading...' while the session loads", () => {
      renderApp({ route: '/', session: fakeSession({ ...SIGNED_OUT, status: 'loading' }) });
      expect(screen.getByRole('main')).toHaveTextContent('Loading...');
    });

    it('keeps utm parameters in session storage with a timestamp and a logged-in flag', async () => {
      renderApp({ route: '/?utm_source=news&utm_campaign=fall', session: fakeSession() });
      await waitFor(() => expect(currentLocation()).toBe('/dashboard?tab=math'));
      const stored = JSON.parse(
        window.sessionStorage.getItem('marketing-params') ?? '{}',
      ) as Record<string, unknown>;
      expect(stored).toMatchObject({ utm_source: 'news', utm_campaign: 'fall', loggedIn: true });
      expect(typeof stored.timestamp).toBe('number');
    });
  });

  describe('/login', () => {
    it('sends a signed-in user to the dashboard', async () => {
      const session = fakeSession();
      renderApp({ route: '/login', session });
      await waitFor(() => expect(currentLocation()).toBe('/dashboard?tab=math'));
      expect(session.login).not.toHaveBeenCalled();
    });

    it('starts the sign-in redirect once and offers a fallback button', async () => {
      const session = fakeSession({ ...SIGNED_OUT });
      renderApp({ route: '/login', session });
      const button = await screen.findByRole('button', { name: 'Continue to sign in' });
      expect(session.login).toHaveBeenCalledTimes(1);
      await userEvent.click(button);
      expect(session.login).toHaveBeenCalledTimes(2);
    });

    it('does not start a sign-in while signing out', async () => {
      const session = fakeSession({ ...SIGNED_OUT, signingOut: true });
      renderApp({ route: '/login', session });
      expect(await screen.findByText('Signing out…')).toBeInTheDocument();
      expect(session.login).not.toHaveBeenCalled();
    });
  });

  it("shows '404 - Page Not Found' with a Go to Homepage button for any other path", async () => {
    renderApp({ route: '/no/such/page', session: fakeSession({ defaultDashboard: 'design' }) });
    expect(screen.getByRole('heading', { name: '404 - Page Not Found' })).toBeInTheDocument();
    expect(document.title).toBe('Page Not Found | TestPrep');
    await userEvent.click(screen.getByRole('button', { name: 'Go to Homepage' }));
    await waitFor(() => expect(currentLocation()).toBe('/dashboard?tab=design'));
  });

  it('/simulations is the real pump simulator now: it asks for simulation access (no placeholder)', async () => {
    const realFetch = window.fetch;
    const { calls } = mockFetch(() => fakeResponse(503, { message: 'Service unavailable' }));
    try {
      renderApp({ route: '/simulations' });
      expect(
        await screen.findByRole('heading', { level: 1, name: 'Pump Simulator' }),
      ).toBeInTheDocument();
      await waitFor(() =>
        expect(calls.map((c) => c.url)).toContain('/api/check-simulations-access'),
      );
      expect(screen.queryByText(/arrives with the simulations capability/)).not.toBeInTheDocument();
    } finally {
      window.fetch = realFetch;
    }
  });

  it('/workbook/:productId is the real page now: it asks for the workbook (no placeholder)', async () => {
    const realFetch = window.fetch;
    const { calls } = mockFetch(() => fakeResponse(404, { message: 'Workbook not found.' }));
    try {
      renderApp({ route: '/workbook/p1' });
      expect(await screen.findByText('Workbook not found.')).toBeInTheDocument();
      expect(calls.map((c) => c.url)).toContain('/api/workbooks/p1');
      expect(screen.queryByText(/arrives with the media capability/)).not.toBeInTheDocument();
    } finally {
      window.fetch = realFetch;
    }
  });

  it.each([
    ['/gradebook', 'Gradebook'],
    ['/review-test/t1?userId=u2', 'Test Review'],
  ] as const)('%s is the real page now (no placeholder)', async (route, title) => {
    const realFetch = window.fetch;
    mockFetch(() => fakeResponse(503, { message: 'Service unavailable' }));
    try {
      renderApp({ route });
      expect(await screen.findByRole('heading', { level: 1, name: title })).toBeInTheDocument();
      expect(screen.queryByText(/arrives with the testing capability/)).not.toBeInTheDocument();
    } finally {
      window.fetch = realFetch;
    }
  });

  // a well-formed test id (20 letters and digits): one of another shape is never sent
  it.each(['/test/full/TTTTTTTTTTTTTTTTTTT1', '/test/practice/TTTTTTTTTTTTTTTTTTT1'])(
    '%s is the real test screen: a test without a document goes to /dashboard?tab=math',
    async (route) => {
      const realFetch = window.fetch;
      const { calls } = mockFetch(() => fakeResponse(404, { message: 'Test not found.' }));
      try {
        renderApp({ route });
        await waitFor(() =>
          expect(calls.some((c) => c.url === '/api/tests/TTTTTTTTTTTTTTTTTTT1')).toBe(true),
        );
        await waitFor(() => expect(currentLocation()).toBe('/dashboard?tab=math'));
      } finally {
        window.fetch = realFetch;
      }
    },
  );

  it.each([
    ['/checkout-success', 'Payment successful!'],
    ['/checkout-cancel', 'Payment canceled'],
  ] as const)('%s is public: the payment result page', async (route, title) => {
    renderApp({ route, session: fakeSession({ ...SIGNED_OUT }) });
    expect(await screen.findByRole('heading', { level: 1, name: title })).toBeInTheDocument();
    expect(currentLocation()).toBe(route);
  });

  it('/dev-checkout/:sessionId is public: the local test checkout', async () => {
    const realFetch = window.fetch;
    mockFetch(() => fakeResponse(404, { message: 'The test checkout is not available.' }));
    try {
      renderApp({
        route: '/dev-checkout/cs_test_local_x',
        session: fakeSession({ ...SIGNED_OUT }),
      });
      expect(
        await screen.findByRole('heading', { level: 1, name: 'Test checkout' }),
      ).toBeInTheDocument();
      expect(await screen.findByText('This test checkout is not available.')).toBeInTheDocument();
    } finally {
      window.fetch = realFetch;
    }
  });

  it.each([
    ['/add-question', 'Add New Question'],
    ['/question-list', 'Question List'],
    ['/course-topic-manager', 'Course Topic Manager'],
    ['/item-analysis', 'Item Analysis'],
  ] as const)('admin route %s: the page for admins, dashboard for others', async (route, title) => {
    const realFetch = window.fetch;
    mockFetch(() => fakeResponse(503, { message: 'Service unavailable' }));
    try {
      const admin = renderApp({ route, session: fakeSession({ isAdmin: true }) });
      expect(await screen.findByRole('heading', { level: 1, name: title })).toBeInTheDocument();
      admin.unmount();
      renderApp({ route, session: fakeSession({ isAdmin: false }) });
      await waitFor(() => expect(currentLocation()).toBe('/dashboard?tab=math'));
    } finally {
      window.fetch = realFetch;
    }
  });

  it('shows the verification screen on protected routes to unverified non-admins', async () => {
    const session = fakeSession({ emailVerified: false });
    renderApp({ route: '/updates', session });
    expect(await screen.findByRole('heading', { name: 'Verify your email' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Resend Verification Email' })).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'I Have Verified - Refresh Page' }));
    expect(session.refresh).toHaveBeenCalled();
    expect(await screen.findByText(/not verified yet/)).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Sign out and use different email' }));
    expect(session.logout).toHaveBeenCalled();
  });
});

describe('the first page of a visit loads beside the sign-in', () => {
  it('knows the pages an LMS launch lands on, the dashboard, and no other', async () => {
    const { firstPageLoader } = await import('./router');
    for (const path of [
      '/simulations',
      '/infinite-qbank',
      '/dashboard',
      '/lti/assignment/abc123',
      '/lti/deep-link/dl_1',
      '/instructor',
    ])
      expect(firstPageLoader(path)).toEqual(expect.any(Function));
    for (const path of ['/', '/login', '/user-list', '/lti/assignment', '/simulations/x'])
      expect(firstPageLoader(path)).toBeUndefined();
  });

  it('the loader is the route’s own: its page module, loaded once', async () => {
    const { firstPageLoader } = await import('./router');
    const page = (await firstPageLoader('/simulations')!()) as { default: unknown };
    const again = (await import('../features/simulations/SimulationsPage')) as { default: unknown };
    expect(page.default).toBe(again.default);
  });
});

describe('firstPage', () => {
  it('a preloaded page renders at once, without its fallback; one not loaded yet suspends first', async () => {
    const { firstPage } = await import('./router');
    const { render } = await import('@testing-library/react');
    const { Suspense } = await import('react');
    const [Ready, preload] = firstPage(async () => ({ default: () => <p>ready page</p> }));
    await preload();
    const ready = render(
      <Suspense fallback={<p>waiting</p>}>
        <Ready />
      </Suspense>,
    );
    expect(screen.getByText('ready page')).toBeInTheDocument();
    expect(screen.queryByText('waiting')).toBeNull();
    ready.unmount();

    const [Later] = firstPage(async () => ({ default: () => <p>later page</p> }));
    render(
      <Suspense fallback={<p>waiting</p>}>
        <Later />
      </Suspense>,
    );
    expect(screen.getByText('waiting')).toBeInTheDocument();
    expect(await screen.findByText('later page')).toBeInTheDocument();
  });
});
