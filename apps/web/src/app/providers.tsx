import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import { ApiProvider } from '../shared/api/api-context';
import { useSession } from '../shared/session/session-context';
import { SessionProvider } from '../shared/session/SessionProvider';
import { ConfigGate } from './ConfigGate';
import { createQueryClient } from './query-client';

/** The API client, bound to the session's token getter. */
function SessionApiProvider({ children }: { children: ReactNode }) {
  const { getToken } = useSession();
  return <ApiProvider getToken={getToken}>{children}</ApiProvider>;
}

/** Query cache -> public config (boot) -> session (keycloak-js) -> API client. */
export function AppProviders({
  children,
  queryClient,
}: {
  children: ReactNode;
  queryClient?: QueryClient;
}) {
  const [client] = useState(() => queryClient ?? createQueryClient());
  return (
    <QueryClientProvider client={client}>
      <ConfigGate>
        {(config) => (
          <SessionProvider keycloak={config.keycloak} staging={config.staging}>
            <SessionApiProvider>{children}</SessionApiProvider>
          </SessionProvider>
        )}
      </ConfigGate>
    </QueryClientProvider>
  );
}
