import { ApiError, NETWORK_ERROR_MESSAGE, TIMEOUT_MESSAGE } from '../../shared/api/api-client';
import { captchaErrorText, captchaFailure, isChallengeSpent } from './captcha-errors';

const incorrect = new ApiError(400, 'CAPTCHA_INCORRECT', 'Incorrect answer. Please try again.');

describe('captcha error texts (learner spec §8 Captcha)', () => {
  it("says 'Unable to start verification. Please refresh and try again.' for any issue failure", () => {
    expect(captchaFailure('issue', new ApiError(503, 'SERVICE_UNAVAILABLE', 'x'))).toBe(
      'Failed to issue verification challenge',
    );
    for (const err of [
      new ApiError(503, 'SERVICE_UNAVAILABLE', 'x'),
      new ApiError(0, 'TIMEOUT', TIMEOUT_MESSAGE),
      new ApiError(429, 'RATE_LIMITED', 'Too many'),
      new Error('boom'),
    ]) {
      expect(captchaErrorText('issue', err)).toBe(
        'Unable to start verification. Please refresh and try again.',
      );
    }
  });

  it('shows the server messages of a refused answer as they come', () => {
    expect(captchaErrorText('verify', incorrect)).toBe('Incorrect answer. Please try again.');
    expect(
      captchaErrorText(
        'verify',
        new ApiError(400, 'VALIDATION_FAILED', 'Please enter numbers only.'),
      ),
    ).toBe('Please enter numbers only.');
  });

  it("replaces 'Failed to verify' with 'Something went wrong. Please refresh and try again.'", () => {
    for (const err of [
      new ApiError(500, 'INTERNAL', 'An unexpected error occurred.'),
      new ApiError(504, 'GATEWAY_TIMEOUT', 'The identity service did not answer in time.'),
      new ApiError(0, 'TIMEOUT', TIMEOUT_MESSAGE),
      new ApiError(0, 'NETWORK_ERROR', NETWORK_ERROR_MESSAGE),
      new TypeError('x'),
    ]) {
      expect(captchaFailure('verify', err)).toBe('Failed to verify');
      expect(captchaErrorText('verify', err)).toBe(
        'Something went wrong. Please refresh and try again.',
      );
    }
  });

  it("falls back to 'Please try again.' for a refusal without a message of ours", () => {
    expect(
      captchaErrorText('verify', new ApiError(429, 'RATE_LIMITED', 'ThrottlerException')),
    ).toBe('Please try again.');
    expect(captchaErrorText('verify', new ApiError(413, 'HTTP_413', '<html>nginx</html>'))).toBe(
      'Please try again.',
    );
  });

  it('knows which refusals use the challenge up', () => {
    expect(isChallengeSpent(incorrect)).toBe(true);
    expect(isChallengeSpent(new ApiError(410, 'CAPTCHA_EXPIRED', 'x'))).toBe(true);
    expect(isChallengeSpent(new ApiError(409, 'CAPTCHA_USED', 'x'))).toBe(true);
    expect(isChallengeSpent(new ApiError(404, 'CAPTCHA_NOT_FOUND', 'x'))).toBe(true);
    expect(isChallengeSpent(new ApiError(400, 'VALIDATION_FAILED', 'x'))).toBe(false);
    expect(isChallengeSpent(new ApiError(503, 'SERVICE_UNAVAILABLE', 'x'))).toBe(false);
  });
});
