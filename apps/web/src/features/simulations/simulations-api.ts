import {
  type PumpCheckInput,
  type PumpCheckResult,
  type PumpGenerateInput,
  type PumpQuestion,
} from '@examprep/contracts/types';
import { useMutation, useQuery } from '@tanstack/react-query';
import { type ApiError } from '../../shared/api/api-client';
import { useApi } from '../../shared/api/api-context';

export const SIMULATIONS_ACCESS_QUERY_KEY = ['simulations', 'access'] as const;

/** GET /api/check-simulations-access: full use of the simulator, or the preview. */
export function useSimulationsAccess() {
  const api = useApi();
  return useQuery<{ authorized: boolean }, ApiError>({
    queryKey: SIMULATIONS_ACCESS_QUERY_KEY,
    queryFn: ({ signal }) => api.GET('/api/check-simulations-access', { signal }),
  });
}

/** POST /api/simulations/pump/generate: a new problem every call (a mutation, never refetched). */
export function useGeneratePump() {
  const api = useApi();
  return useMutation<PumpQuestion, ApiError, PumpGenerateInput>({
    mutationFn: (input) => api.POST('/api/simulations/pump/generate', { body: input }),
    retry: false,
  });
}

/** POST /api/simulations/pump/check: the verdict, a hint when wrong, the worked explanation when right. */
export function useCheckPump() {
  const api = useApi();
  return useMutation<PumpCheckResult, ApiError, PumpCheckInput>({
    mutationFn: (input) => api.POST('/api/simulations/pump/check', { body: input }),
    retry: false,
  });
}
