import { type SanitizeResponse, type SanitizeType } from '@examprep/validation';
import { useMutation } from '@tanstack/react-query';
import { ApiError } from '../../../shared/api/api-client';
import { useApi } from '../../../shared/api/api-context';
import { VALIDATOR_MESSAGES as T } from './validator.messages';

export interface SanitizeRequest {
  input: string;
  type: SanitizeType;
}

/** POST /api/sanitize (admin spec §7): the sanitizer's answer for the input as that type. */
export function useSanitize() {
  const api = useApi();
  return useMutation<SanitizeResponse, ApiError, SanitizeRequest>({
    mutationFn: (request) => api.POST('/api/sanitize', { body: request }),
    retry: false,
  });
}

/**
 * Admin spec §8: a failed call shows the server's error text, else 'Failed to sanitize input:
 * {status}'. A time-out or lost connection keeps the client's own message.
 */
export function sanitizeErrorText(err: unknown): string {
  if (!(err instanceof ApiError)) return T.failed(0);
  if (err.status === 0) return err.message;
  const fromServer = !err.code.startsWith('HTTP_') && err.message.trim() !== '';
  return fromServer ? err.message : T.failed(err.status);
}
