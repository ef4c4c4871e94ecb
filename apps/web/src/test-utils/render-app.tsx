import { type PublicConfig } from '@examprep/contracts/types';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, type RenderResult } from '@testing-library/react';
import { type ReactElement, type ReactNode } from 'react';
import { MemoryRouter, parsePath, useLocation } from 'react-router-dom';
import { AppRoutes } from '../app/router';
import { ApiProvider } from '../shared/api/api-context';
import { ConfigProvider } from '../shared/config/config-context';
import { SIGNED_OUT, SessionContext, type Session } from '../shared/session/session-context';

export const TEST_CONFIG: PublicConfig = {
  productName: 'TestPrep',
  supportEmail: 'support@example.com',
  keycloak: { url: 'http://127.0.0.1:1', realm: 'examprep', clientId: 'web' },
  staging: false,
  maintenance: { enabled: false, message: '', expectedCompletion: null },
};

export type FakeSession = Session & {
  login: jest.Mock;
  register: jest.Mock;
  registerUser: jest.Mock;
  applyMe: jest.Mock;
  logout: jest.Mock;
  refresh: jest.Mock;
  getToken: jest.Mock;
};

/** A verified, signed-in learner unless overridden. */
export function fakeSession(overrides: Partial<Session> = {}): FakeSession {
  return {
    ...SIGNED_OUT,
    status: 'signed-in',
    user: { uid: 'user-1', email: 'learner@example.com' },
    emailVerified: true,
    login: jest.fn(async () => undefined),
    register: jest.fn(async () => undefined),
    registerUser: jest.fn(async () => ({
      uid: 'user-1',
      email: 'learner@example.com',
      purchases: {},
      defaultDashboard: 'math',
      infiniteQbankGenerations: 0,
      createdAt: '2025-01-01T00:00:00.000Z',
    })),
    applyMe: jest.fn(),
    logout: jest.fn(async () => undefined),
    refresh: jest.fn(async () => undefined),
    getToken: jest.fn(async () => 'test-token'),
    ...overrides,
  } as FakeSession;
}

export function testQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: { queries: { retry: false, gcTime: Infinity }, mutations: { retry: false } },
  });
}

/** Shows the router's current location so tests can assert redirects. */
function LocationProbe() {
  const location = useLocation();
  return (
    <output data-testid="location" data-state={JSON.stringify(location.state ?? null)} hidden>
      {`${location.pathname}${location.search}`}
    </output>
  );
}

export interface RenderOptions {
  route?: string;
  /** Router state of the first entry (e.g. { source: 'signup' }). */
  routeState?: unknown;
  session?: Session;
  config?: PublicConfig;
  queryClient?: QueryClient;
}

export function AppTestProviders({
  session,
  config = TEST_CONFIG,
  queryClient,
  route = '/',
  routeState,
  children,
}: RenderOptions & { session: Session; queryClient: QueryClient; children: ReactNode }) {
  return (
    <QueryClientProvider client={queryClient}>
      <ConfigProvider config={config}>
        <SessionContext.Provider value={session}>
          <ApiProvider getToken={session.getToken}>
            <MemoryRouter
              initialEntries={[
                routeState === undefined ? route : { ...parsePath(route), state: routeState },
              ]}
            >
              {children}
              <LocationProbe />
            </MemoryRouter>
          </ApiProvider>
        </SessionContext.Provider>
      </ConfigProvider>
    </QueryClientProvider>
  );
}

/** Renders `ui` (default: the whole route table inside the layout) with test providers. */
export function renderApp(
  options: RenderOptions = {},
  ui: ReactElement = <AppRoutes />,
): RenderResult & { session: Session; queryClient: QueryClient } {
  const session = options.session ?? fakeSession();
  const queryClient = options.queryClient ?? testQueryClient();
  const result = render(
    <AppTestProviders {...options} session={session} queryClient={queryClient}>
      {ui}
    </AppTestProviders>,
  );
  return { ...result, session, queryClient };
}

/** The router state of the current location (as JSON round-trips it). */
export function currentLocationState(): unknown {
  const raw = document.querySelector('[data-testid="location"]')?.getAttribute('data-state');
  return raw ? (JSON.parse(raw) as unknown) : null;
}

export function currentLocation(): string {
  return document.querySelector('[data-testid="location"]')?.textContent ?? '';
}
