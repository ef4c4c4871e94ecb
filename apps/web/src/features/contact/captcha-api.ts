import {
  type CaptchaChallenge,
  type CaptchaVerifyAnswer,
  type CaptchaVerifyInput,
} from '@examprep/contracts/types';
import { useMutation } from '@tanstack/react-query';
import { type ApiError } from '../../shared/api/api-client';
import { useApi } from '../../shared/api/api-context';

/** POST /api/captcha/issue: a new math question. */
export function useIssueChallenge() {
  const api = useApi();
  return useMutation<CaptchaChallenge, ApiError, void>({
    mutationFn: () => api.POST('/api/captcha/issue'),
    retry: false,
  });
}

/** POST /api/captcha/verify: the business number after a correct answer. */
export function useVerifyChallenge() {
  const api = useApi();
  return useMutation<CaptchaVerifyAnswer, ApiError, CaptchaVerifyInput>({
    mutationFn: (input) => api.POST('/api/captcha/verify', { body: input }),
    retry: false,
  });
}
