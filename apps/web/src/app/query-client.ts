import { QueryClient } from '@tanstack/react-query';
import { ApiError } from '../shared/api/api-client';

/** Server state defaults (DESIGN §7): one retry for reads that may be transient, none for writes. */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        retry: (failureCount, error) => {
          const clientError =
            error instanceof ApiError && error.status >= 400 && error.status < 500;
          return !clientError && failureCount < 1;
        },
        refetchOnWindowFocus: false,
        staleTime: 30_000,
      },
      mutations: { retry: false },
    },
  });
}
