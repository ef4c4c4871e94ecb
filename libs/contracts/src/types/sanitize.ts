import type { SanitizeType } from '@examprep/validation';

/** Body of POST /api/sanitize (admin spec §3 "Sanitize request", §7). */
export interface SanitizeRequest {
  input: string;
  type: SanitizeType;
}

/**
 * Longest input POST /api/sanitize takes: twice the largest type limit (general, 10,000), so
 * the tester can still show a too-long input being reported, while no caller can make the
 * gateway parse megabytes of HTML.
 */
export const SANITIZE_INPUT_MAX_LENGTH = 20_000;

export const SANITIZE_REQUEST_MESSAGES = {
  inputText: 'input must be text.',
  inputTooLong: 'input must be at most 20,000 characters.',
  typeInvalid: 'type must be one of math, contact, email, general.',
} as const;

/** The answer is what `sanitize()` of the validation library returns (admin spec §7). */
export type { SanitizeResponse, SanitizeResult, SanitizeType } from '@examprep/validation';
