import type { Me } from '@examprep/contracts/types';
import { QueryClientProvider } from '@tanstack/react-query';
import { act, render, screen, waitFor } from '@testing-library/react';
import {
  fakeResponse,
  fakeStreamResponse,
  mockFetch,
  type FakeStream,
  type FetchCall,
  type FetchHandler,
} from '../../test-utils/mock-fetch';
import { testQueryClient } from '../../test-utils/render-app';
import { DEFAULT_DASHBOARD_STORAGE_KEY } from './default-dashboard';
import { LOGGED_IN_FLAG_KEY, NAVIGATION_SOURCE_KEY, STAGING_RESTRICTED_KEY } from './local-flags';
import { useSession } from './session-context';
import { SessionProvider } from './SessionProvider';

interface FakeKeycloak {
  init: jest.Mock;
  login: jest.Mock;
  register: jest.Mock;
  logout: jest.Mock;
  updateToken: jest.Mock;
  authenticated?: boolean;
  token?: string;
  tokenParsed?: Record<string, unknown>;
  idTokenParsed?: Record<string, unknown>;
  onTokenExpired?: () => void;
  onAuthRefreshSuccess?: () => void;
  onAuthLogout?: () => void;
}

let kc: FakeKeycloak;
const constructed: unknown[] = [];

// Component test of the session state machine: the browser adapter keycloak-js is replaced here;
// the real Keycloak round trip is proven by the Playwright journeys in apps/web-e2e.
jest.mock('keycloak-js', () => ({
  __esModule: true,
  default: jest.fn().mockImplementation((config: unknown) => {
    constructed.push(config);
    return kc;
  }),
}));

const KEYCLOAK = { url: 'http://127.0.0.1:8080', realm: 'examprep', clientId: 'web' };

function signedInAs(claims: Record<string, unknown>) {
  kc.init.mockImplementation(async () => {
    kc.authenticated = true;
    kc.token = 'access-token';
    kc.tokenParsed = claims;
    return true;
  });
}

let latest: ReturnType<typeof useSession>;
function Probe() {
  latest = useSession();
  return <p data-testid="status">{latest.status}</p>;
}

function renderSession(staging = false) {
  return render(
    <QueryClientProvider client={testQueryClient()}>
      <SessionProvider keycloak={KEYCLOAK} staging={staging}>
        <Probe />
      </SessionProvider>
    </QueryClientProvider>,
  );
}

const ME: Me = {
  uid: 'u1',
  email: 'a@example.com',
  isAdmin: false,
  emailVerified: true,
  defaultDashboard: 'math',
  purchases: {},
  hasDocument: true,
};

/** The server: GET /api/me answers `me`, /api/me/events streams, the rest via `other`. */
function server(me: Partial<Me> = {}, other: FetchHandler = () => fakeResponse(404, {})) {
  const streams: FakeStream[] = [];
  const mocked = mockFetch((call: FetchCall) => {
    if (call.url === '/api/me') return fakeResponse(200, { ...ME, ...me });
    if (call.url === '/api/me/events') {
      const stream = fakeStreamResponse(200, call.signal);
      streams.push(stream);
      return stream.response;
    }
    return other(call);
  });
  return { ...mocked, streams };
}

beforeEach(() => {
  constructed.length = 0;
  server();
  kc = {
    init: jest.fn(async () => false),
    login: jest.fn(async () => undefined),
    register: jest.fn(async () => undefined),
    logout: jest.fn(async () => undefined),
    updateToken: jest.fn(async () => false),
  };
});

describe('SessionProvider (keycloak-js)', () => {
  it('starts keycloak-js from the public config: check-sso, PKCE S256, silent check, no login iframe', async () => {
    renderSession();
    expect(screen.getByTestId('status')).toHaveTextContent('loading');
    await waitFor(() => expect(screen.getByTestId('status')).toHaveTextContent('signed-out'));
    expect(constructed).toEqual([KEYCLOAK]);
    expect(kc.init).toHaveBeenCalledTimes(1);
    expect(kc.init).toHaveBeenCalledWith({
      onLoad: 'check-sso',
      pkceMethod: 'S256',
      silentCheckSsoRedirectUri: `${window.location.origin}/silent-check-sso.html`,
      checkLoginIframe: false,
    });
  });

  it('reads isAdmin from the realm role admin and emailVerified from email_verified', async () => {
    signedInAs({
      sub: 'u1',
      email: 'admin@example.com',
      email_verified: false,
      realm_access: { roles: ['offline_access', 'admin'] },
    });
    renderSession();
    await waitFor(() => expect(latest.status).toBe('signed-in'));
    expect(latest).toMatchObject({
      user: { uid: 'u1', email: 'admin@example.com' },
      isAdmin: true,
      emailVerified: false,
      defaultDashboard: 'math',
      purchases: {},
    });
  });

  it('takes the default dashboard from local storage when GET /api/me fails (logged, defaults)', async () => {
    const warn = jest.spyOn(console, 'warn').mockImplementation(() => undefined);
    mockFetch(() => fakeResponse(503, { message: 'down' }));
    window.localStorage.setItem(DEFAULT_DASHBOARD_STORAGE_KEY, 'design');
    signedInAs({
      sub: 'u1',
      email: 'a@example.com',
      email_verified: true,
      realm_access: { roles: [] },
    });
    renderSession();
    await waitFor(() => expect(latest.status).toBe('signed-in'));
    expect(latest.isAdmin).toBe(false);
    expect(latest.defaultDashboard).toBe('design');
    expect(latest.purchases).toEqual({});
    expect(warn).toHaveBeenCalledWith(
      'Could not read the user profile; using defaults.',
      expect.anything(),
    );
    warn.mockRestore();
  });

  it('refreshes the token (30 s) before handing it out', async () => {
    signedInAs({ sub: 'u1', email_verified: true });
    renderSession();
    await waitFor(() => expect(latest.status).toBe('signed-in'));
    await expect(latest.getToken()).resolves.toBe('access-token');
    expect(kc.updateToken).toHaveBeenCalledWith(30);
  });

  it('ends the session when the token cannot be refreshed', async () => {
    signedInAs({ sub: 'u1', email_verified: true });
    renderSession();
    await waitFor(() => expect(latest.status).toBe('signed-in'));
    kc.updateToken.mockRejectedValueOnce(new Error('refresh token expired'));
    await act(async () => {
      await expect(latest.getToken()).resolves.toBeNull();
    });
    expect(latest.status).toBe('signed-out');
  });

  it('refresh() forces a new token and re-reads the claims', async () => {
    signedInAs({ sub: 'u1', email: 'x@example.com', email_verified: false });
    renderSession();
    await waitFor(() => expect(latest.status).toBe('signed-in'));
    expect(latest.emailVerified).toBe(false);
    kc.updateToken.mockImplementationOnce(async () => {
      kc.tokenParsed = { ...kc.tokenParsed, email_verified: true };
      return true;
    });
    await act(() => latest.refresh());
    expect(kc.updateToken).toHaveBeenCalledWith(-1);
    expect(latest.emailVerified).toBe(true);
  });

  it('logout clears the state and the stored dashboard, then logs out to /login', async () => {
    window.localStorage.setItem(DEFAULT_DASHBOARD_STORAGE_KEY, 'design');
    signedInAs({ sub: 'u1', email_verified: true });
    renderSession();
    await waitFor(() => expect(latest.status).toBe('signed-in'));
    await act(() => latest.logout());
    expect(latest.status).toBe('signed-out');
    expect(latest.signingOut).toBe(true);
    expect(window.localStorage.getItem(DEFAULT_DASHBOARD_STORAGE_KEY)).toBeNull();
    expect(kc.logout).toHaveBeenCalledWith({ redirectUri: `${window.location.origin}/login` });
  });

  it('login sends the browser to the sign-in page, returning to /dashboard', async () => {
    renderSession();
    await waitFor(() => expect(latest.status).toBe('signed-out'));
    await act(() => latest.login());
    expect(kc.login).toHaveBeenCalledWith({ redirectUri: `${window.location.origin}/dashboard` });
  });

  it('reports a session that could not start', async () => {
    kc.init.mockRejectedValue(new Error('Timeout when waiting for 3rd party check iframe message'));
    renderSession();
    await waitFor(() => expect(latest.initError).toMatch(/Could not start the session/));
    expect(latest.status).toBe('signed-out');
  });

  it('reads GET /api/me after sign-in: the server dashboard wins and is stored locally', async () => {
    window.localStorage.setItem(DEFAULT_DASHBOARD_STORAGE_KEY, 'math');
    const { calls } = server({ defaultDashboard: 'design', purchases: { teas_math_qbank: true } });
    signedInAs({ sub: 'u1', email_verified: true });
    renderSession();
    await waitFor(() => expect(latest.status).toBe('signed-in'));
    expect(latest.defaultDashboard).toBe('design');
    expect(latest.purchases).toEqual({ teas_math_qbank: true });
    expect(window.localStorage.getItem(DEFAULT_DASHBOARD_STORAGE_KEY)).toBe('design');
    expect(calls[0]).toMatchObject({ url: '/api/me', method: 'GET' });
    expect(calls[0].headers.Authorization).toBe('Bearer access-token');
    expect(calls.some((c) => c.url === '/api/create-user')).toBe(false);
  });

  it('creates the missing user document once (POST /api/create-user), shared with registerUser()', async () => {
    const doc = {
      uid: 'u1',
      email: 'a@example.com',
      purchases: {},
      defaultDashboard: 'math',
      infiniteQbankGenerations: 0,
      createdAt: '2025-01-01T00:00:00.000Z',
    };
    let answer: (r: Response) => void = () => undefined;
    const { calls } = server({ hasDocument: false }, (call) =>
      call.url === '/api/create-user'
        ? new Promise<Response>((resolve) => {
            answer = resolve;
          })
        : fakeResponse(404, {}),
    );
    signedInAs({ sub: 'u1', email_verified: false });
    renderSession();
    await waitFor(() => expect(latest.status).toBe('signed-in'));
    const fromPage = latest.registerUser();
    answer(fakeResponse(201, doc));
    await act(async () => {
      await expect(fromPage).resolves.toEqual(doc);
    });
    const creates = calls.filter((c) => c.url === '/api/create-user');
    expect(creates).toHaveLength(1);
    expect(creates[0]).toMatchObject({ method: 'POST', body: {} });
    await expect(latest.registerUser()).resolves.toEqual(doc);
    expect(calls.filter((c) => c.url === '/api/create-user')).toHaveLength(1);
  });

  it('a failed create-user may be retried', async () => {
    const warn = jest.spyOn(console, 'warn').mockImplementation(() => undefined);
    let fail = true;
    const { calls } = server({ hasDocument: false }, (call) => {
      if (call.url !== '/api/create-user') return fakeResponse(404, {});
      return fail
        ? fakeResponse(409, {
            error: 'Conflict',
            code: 'EMAIL_ALREADY_EXISTS',
            message: 'An account with this email already exists.',
          })
        : fakeResponse(201, { uid: 'u1', purchases: {}, defaultDashboard: 'math' });
    });
    signedInAs({ sub: 'u1', email_verified: false });
    renderSession();
    await waitFor(() => expect(latest.status).toBe('signed-in'));
    await waitFor(() => expect(calls.filter((c) => c.url === '/api/create-user')).toHaveLength(1));
    await act(async () => {
      await latest.registerUser().catch(() => undefined);
    });
    fail = false;
    await act(async () => {
      await expect(latest.registerUser()).resolves.toMatchObject({ uid: 'u1' });
    });
    expect(calls.filter((c) => c.url === '/api/create-user').length).toBeGreaterThanOrEqual(2);
    expect(warn).toHaveBeenCalledWith('Could not create the user document.', expect.anything());
    warn.mockRestore();
  });

  it('keeps /api/me/events open while signed in; a me event updates purchases and the dashboard', async () => {
    const { streams, calls } = server();
    signedInAs({ sub: 'u1', email_verified: true });
    const view = renderSession();
    await waitFor(() => expect(streams).toHaveLength(1));
    const events = calls.find((c) => c.url === '/api/me/events');
    expect(events?.headers.Authorization).toBe('Bearer access-token');
    act(() => {
      streams[0].push(
        `event: me\ndata: ${JSON.stringify({ ...ME, defaultDashboard: 'design', purchases: { med_dosage_qbank: true } })}\n\n`,
      );
    });
    await waitFor(() => expect(latest.defaultDashboard).toBe('design'));
    expect(latest.purchases).toEqual({ med_dosage_qbank: true });
    expect(window.localStorage.getItem(DEFAULT_DASHBOARD_STORAGE_KEY)).toBe('design');
    view.unmount();
    expect(events?.signal?.aborted).toBe(true);
  });

  it('applyMe takes the answer of a dashboard change', async () => {
    signedInAs({ sub: 'u1', email_verified: true });
    renderSession();
    await waitFor(() => expect(latest.status).toBe('signed-in'));
    act(() => latest.applyMe({ ...ME, defaultDashboard: 'design' }));
    expect(latest.defaultDashboard).toBe('design');
    expect(window.localStorage.getItem(DEFAULT_DASHBOARD_STORAGE_KEY)).toBe('design');
  });

  describe('staging (learner spec §4)', () => {
    it('checks staging access after sign-in and goes on when authorised', async () => {
      const { calls } = server({}, (call) =>
        call.url === '/api/verify-staging-access'
          ? fakeResponse(200, { authorized: true })
          : fakeResponse(404, {}),
      );
      signedInAs({ sub: 'u1', email_verified: true });
      renderSession(true);
      await waitFor(() => expect(latest.status).toBe('signed-in'));
      expect(calls[0]).toMatchObject({ url: '/api/verify-staging-access', method: 'POST' });
      expect(calls[0].headers.Authorization).toBe('Bearer access-token');
    });

    it('signs out and resets when the check fails; /login explains', async () => {
      const warn = jest.spyOn(console, 'warn').mockImplementation(() => undefined);
      window.localStorage.setItem(DEFAULT_DASHBOARD_STORAGE_KEY, 'design');
      const { calls } = server({}, () =>
        fakeResponse(403, {
          error: 'Forbidden',
          code: 'STAGING_ACCESS_DENIED',
          message: 'Staging Access Restricted: no.',
        }),
      );
      signedInAs({ sub: 'u1', email_verified: true, realm_access: { roles: ['admin'] } });
      renderSession(true);
      await waitFor(() => expect(kc.logout).toHaveBeenCalled());
      expect(kc.logout).toHaveBeenCalledWith({ redirectUri: `${window.location.origin}/login` });
      expect(latest.status).toBe('signed-out');
      expect(latest.isAdmin).toBe(false);
      expect(window.sessionStorage.getItem(STAGING_RESTRICTED_KEY)).toBe('true');
      expect(window.localStorage.getItem(DEFAULT_DASHBOARD_STORAGE_KEY)).toBeNull();
      expect(calls.some((c) => c.url === '/api/me')).toBe(false);
      warn.mockRestore();
    });

    it('makes no staging check elsewhere', async () => {
      const { calls } = server();
      signedInAs({ sub: 'u1', email_verified: true });
      renderSession(false);
      await waitFor(() => expect(latest.status).toBe('signed-in'));
      expect(calls.some((c) => c.url === '/api/verify-staging-access')).toBe(false);
    });
  });

  it('login remembers the navigation source; register goes to the sign-up form', async () => {
    renderSession();
    await waitFor(() => expect(latest.status).toBe('signed-out'));
    await act(() => latest.login());
    expect(JSON.parse(window.sessionStorage.getItem(NAVIGATION_SOURCE_KEY) ?? '{}')).toMatchObject({
      source: 'login',
    });
    await act(() => latest.register('/signup/complete'));
    expect(kc.register).toHaveBeenCalledWith({
      redirectUri: `${window.location.origin}/signup/complete`,
    });
    expect(JSON.parse(window.sessionStorage.getItem(NAVIGATION_SOURCE_KEY) ?? '{}')).toMatchObject({
      source: 'signup',
    });
  });

  describe('after a sign-up from any entry point (ADR 0014)', () => {
    const CREATED = Date.UTC(2026, 0, 5, 10, 0, 0);
    const createUserCalls = (calls: FetchCall[]) =>
      calls.filter((c) => c.url === '/api/create-user');

    /** Signed in with an ID token whose account was created `ageMs` before the sign-in. */
    function signedInWithAccountAge(ageMs: number | null) {
      signedInAs({ sub: 'u1', email_verified: false });
      kc.idTokenParsed = {
        sub: 'u1',
        auth_time: Math.floor((CREATED + (ageMs ?? 0)) / 1000),
        ...(ageMs === null ? {} : { account_created_ms: CREATED }),
      };
    }

    function withoutDocument() {
      return server({ hasDocument: false }, () =>
        fakeResponse(201, { uid: 'u1', purchases: {}, defaultDashboard: 'math' }),
      );
    }

    it("the login page's Sign up link (back at /dashboard): the completion screen makes the document, once", async () => {
      window.sessionStorage.setItem(
        NAVIGATION_SOURCE_KEY,
        JSON.stringify({ source: 'login', at: Date.now() }),
      );
      const { calls } = withoutDocument();
      signedInWithAccountAge(800);
      renderSession();
      await waitFor(() => expect(latest.status).toBe('signed-in'));
      expect(latest.signupPending).toBe(true);
      // the session leaves POST /api/create-user to the completion screen
      expect(createUserCalls(calls)).toHaveLength(0);
      await act(async () => {
        await Promise.all([latest.registerUser(), latest.registerUser()]);
      });
      expect(createUserCalls(calls)).toHaveLength(1);
      expect(latest.signupPending).toBe(false);
    });

    it('an account made verified by staff, signed into at once: no sign-up screens, the document made quietly (issue 24 #10a)', async () => {
      const { calls } = withoutDocument();
      signedInWithAccountAge(800);
      kc.init.mockImplementation(async () => {
        kc.authenticated = true;
        kc.token = 'access-token';
        kc.tokenParsed = { sub: 'u1', email_verified: true };
        return true;
      });
      renderSession();
      await waitFor(() => expect(latest.status).toBe('signed-in'));
      expect(latest.emailVerified).toBe(true);
      expect(latest.signupPending).toBe(false);
      await waitFor(() => expect(createUserCalls(calls)).toHaveLength(1));
    });

    it('an existing account without a document gets it quietly, without the sign-up screens', async () => {
      const { calls } = withoutDocument();
      signedInWithAccountAge(3 * 86_400_000);
      renderSession();
      await waitFor(() => expect(latest.status).toBe('signed-in'));
      expect(latest.signupPending).toBe(false);
      await waitFor(() => expect(createUserCalls(calls)).toHaveLength(1));
    });

    it('a sign-up whose document already exists shows nothing more', async () => {
      const { calls } = server({ hasDocument: true });
      signedInWithAccountAge(500);
      renderSession();
      await waitFor(() => expect(latest.status).toBe('signed-in'));
      expect(latest.signupPending).toBe(false);
      expect(createUserCalls(calls)).toHaveLength(0);
    });

    it('without the token claim only a return from register() counts as a sign-up', async () => {
      window.sessionStorage.setItem(
        NAVIGATION_SOURCE_KEY,
        JSON.stringify({ source: 'signup', at: Date.now() }),
      );
      const { calls } = withoutDocument();
      signedInWithAccountAge(null);
      renderSession();
      await waitFor(() => expect(latest.status).toBe('signed-in'));
      expect(latest.signupPending).toBe(true);
      expect(createUserCalls(calls)).toHaveLength(0);
    });

    it('without the token claim a sign-in from the login page creates the document quietly', async () => {
      window.sessionStorage.setItem(
        NAVIGATION_SOURCE_KEY,
        JSON.stringify({ source: 'login', at: Date.now() }),
      );
      const { calls } = withoutDocument();
      signedInWithAccountAge(null);
      renderSession();
      await waitFor(() => expect(latest.status).toBe('signed-in'));
      expect(latest.signupPending).toBe(false);
      await waitFor(() => expect(createUserCalls(calls)).toHaveLength(1));
    });
  });

  it('logout clears the logged-in flag', async () => {
    window.localStorage.setItem(LOGGED_IN_FLAG_KEY, 'true');
    signedInAs({ sub: 'u1', email_verified: true });
    renderSession();
    await waitFor(() => expect(latest.status).toBe('signed-in'));
    await act(() => latest.logout());
    expect(window.localStorage.getItem(LOGGED_IN_FLAG_KEY)).toBeNull();
  });
});
