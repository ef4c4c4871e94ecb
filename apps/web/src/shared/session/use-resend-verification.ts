import { IDENTITY_MESSAGES, type VerificationMailAnswer } from '@examprep/contracts/types';
import { validateResendVerification } from '@examprep/validation';
import { useMutation } from '@tanstack/react-query';
import { ApiError } from '../api/api-client';
import { useApi } from '../api/api-context';
import { translateError } from '../errors';
import { useSession } from './session-context';

/** Learner spec §2 and §4: what the two resend buttons say when the mail is on its way. */
export const VERIFICATION_MESSAGES = {
  /** The verification screen (learner spec §4 sign-up flow). */
  sentScreen:
    "Verification email sent. Please check your inbox. If you don't see it, check your spam/junk folder.",
  /** The navbar's Verify Email modal (learner spec §2 navigation bar). */
  sentModal:
    'Verification email sent! Check your inbox. If you do not see it, check your spam/junk folder.',
  notLoggedIn: IDENTITY_MESSAGES.mustBeLoggedIn,
  alreadyVerified: IDENTITY_MESSAGES.alreadyVerified,
} as const;

/** The message a failed resend shows: the spec's two texts, else the translated error. */
export function resendErrorMessage(error: unknown): string {
  if (error instanceof ApiError) {
    if (error.status === 401) return VERIFICATION_MESSAGES.notLoggedIn;
    if (error.code === 'ALREADY_VERIFIED') return VERIFICATION_MESSAGES.alreadyVerified;
  }
  return translateError(error);
}

/**
 * POST /api/resend-verification, after the shared validator's checks (signed in, not yet
 * verified). The mutation's error is already the text to show.
 */
export function useResendVerification() {
  const api = useApi();
  const session = useSession();
  return useMutation<VerificationMailAnswer, Error>({
    mutationFn: async () => {
      // the shared validator (learner spec §5)
      const check = validateResendVerification({
        signedIn: session.status === 'signed-in',
        emailVerified: session.emailVerified,
      });
      if (!check.isValid) throw new Error(check.error);
      try {
        return await api.POST('/api/resend-verification');
      } catch (err) {
        throw new Error(resendErrorMessage(err));
      }
    },
    retry: false,
  });
}
