import type { PasswordResetAnswer, SignupStatus } from '@examprep/contracts/types';
import { useMutation, useQuery } from '@tanstack/react-query';
import { type ApiError } from '../../shared/api/api-client';
import { useApi } from '../../shared/api/api-context';

export const SIGNUP_STATUS_QUERY_KEY = ['allow-signup'] as const;

/** GET /api/allow-signup (public, no token): asked every time /signup opens. */
export function useSignupStatus() {
  const api = useApi();
  return useQuery<SignupStatus, ApiError>({
    queryKey: SIGNUP_STATUS_QUERY_KEY,
    queryFn: ({ signal }) => api.GET('/api/allow-signup', { signal, anonymous: true }),
    retry: false,
    staleTime: 0,
    gcTime: 0,
  });
}

/** POST /api/password-reset (public): the same answer whether or not the account exists. */
export function usePasswordReset() {
  const api = useApi();
  return useMutation<PasswordResetAnswer, ApiError, string>({
    mutationFn: (email) => api.POST('/api/password-reset', { body: { email }, anonymous: true }),
    retry: false,
  });
}
