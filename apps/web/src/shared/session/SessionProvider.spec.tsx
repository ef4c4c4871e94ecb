import { QueryClientProvider } from '@tanstack/react-query';
import { act, render, screen, waitFor } from '@testing-library/react';
import { testQueryClient } from '../../test-utils/render-app';
import { DEFAULT_DASHBOARD_STORAGE_KEY } from './default-dashboard';
import { useSession } from './session-context';
import { SessionProvider } from './SessionProvider';

interface FakeKeycloak {
  init: jest.Mock;
  login: jest.Mock;
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

function renderSession() {
  return render(
    <QueryClientProvider client={testQueryClient()}>
      <SessionProvider keycloak={KEYCLOAK}>
        <Probe />
      </SessionProvider>
    </QueryClientProvider>,
  );
}

beforeEach(() => {
  constructed.length = 0;
  kc = {
    init: jest.fn(async () => false),
    login: jest.fn(async () => undefined),
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

  it('takes the default dashboard from local storage', async () => {
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
});
