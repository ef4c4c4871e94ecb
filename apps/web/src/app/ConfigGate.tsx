import { type PublicConfig } from '@examprep/contracts/types';
import { useQuery } from '@tanstack/react-query';
import { useMemo, type ReactNode } from 'react';
import { createApiClient, type ApiError } from '../shared/api/api-client';
import { ConfigProvider } from '../shared/config/config-context';
import { fetchPublicConfig } from '../shared/config/public-config';
import { ErrorState } from '../shared/layout/ErrorState';
import { LAYOUT_MESSAGES } from '../shared/layout/layout.messages';
import { Loading } from '../shared/layout/Loading';
import { MaintenancePage } from '../shared/layout/MaintenancePage';

export const PUBLIC_CONFIG_QUERY_KEY = ['public-config'] as const;

/**
 * Boot step 1: GET /api/public-config before anything else ('Loading...'); a clear error with
 * Retry when the server cannot be reached; the maintenance page instead of the whole app
 * when the flag is on; otherwise the app, with the configuration in context.
 */
export function ConfigGate({ children }: { children: (config: PublicConfig) => ReactNode }) {
  const api = useMemo(() => createApiClient(), []);
  const query = useQuery<PublicConfig, ApiError>({
    queryKey: PUBLIC_CONFIG_QUERY_KEY,
    queryFn: () => fetchPublicConfig(api),
    retry: false,
    staleTime: Infinity,
  });

  if (query.isPending || (query.isError && query.isFetching)) {
    return (
      <main className="container">
        <Loading />
      </main>
    );
  }
  if (query.isError) {
    document.title = LAYOUT_MESSAGES.serverUnreachable;
    return (
      <main className="container py-5 app-narrow mx-auto">
        <ErrorState
          message={LAYOUT_MESSAGES.serverUnreachable}
          detail={query.error.message}
          onRetry={() => void query.refetch()}
          retryLabel={LAYOUT_MESSAGES.retry}
        />
      </main>
    );
  }
  const config = query.data;
  return (
    <ConfigProvider config={config}>
      {config.maintenance.enabled ? (
        <MaintenancePage maintenance={config.maintenance} supportEmail={config.supportEmail} />
      ) : (
        children(config)
      )}
    </ConfigProvider>
  );
}
