/**
 * POST /api/sanitize (admin spec §2.2, §7). The request's `type` and the response are the
 * sanitizer's own types (`SanitizeType`, `SanitizeResponse` of @examprep/validation), which the
 * gateway and the web app import from there; this file holds what the two agree on besides.
 */

/**
 * Longest input POST /api/sanitize takes: twice the largest type limit (general, 10,000), so
 * the tester can still show a too-long input being reported, while no caller can make the
 * gateway parse megabytes of HTML.
 */
export const SANITIZE_INPUT_MAX_LENGTH = 20_000;

export const SANITIZE_REQUEST_MESSAGES = {
  inputText: 'Input must be text.',
  inputTooLong: 'Input must be at most 20,000 characters.',
  typeInvalid: 'Type must be one of math, contact, email, general.',
} as const;
