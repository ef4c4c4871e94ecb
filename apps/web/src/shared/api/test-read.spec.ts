import { ApiError } from './api-client';
import { isNoSuchTest, isTestId } from './test-read';

describe('test routes: ids that cannot name a test (issue 24 #6)', () => {
  it('a test id is 20 letters and digits (TEST_ID_PATTERN of libs/contracts)', () => {
    expect(isTestId('AbCdEfGhIjKlMnOpQr12')).toBe(true);
    expect(isTestId('qa-no-such-test')).toBe(false);
    expect(isTestId('')).toBe(false);
    expect(isTestId('AbCdEfGhIjKlMnOpQr1')).toBe(false);
    expect(isTestId('AbCdEfGhIjKlMnOpQr123')).toBe(false);
    expect(isTestId('AbCdEfGhIjKlMnOpQr1-')).toBe(false);
    expect(isTestId('AbCdEfGhIjKlMnOpQr1%')).toBe(false);
  });

  it('400 and 404 mean no such test; network, time-out, 401 and 5xx may pass (Try Again)', () => {
    const malformed = new ApiError(
      400,
      'VALIDATION_FAILED',
      'The testId field must be a test id.',
      {
        testId: ['The testId field must be a test id (20 letters and digits).'],
      },
    );
    expect(isNoSuchTest(malformed)).toBe(true);
    expect(isNoSuchTest(new ApiError(404, 'NOT_FOUND', 'Test not found.'))).toBe(true);
    expect(isNoSuchTest(new ApiError(0, 'NETWORK_ERROR', 'Network error.'))).toBe(false);
    expect(isNoSuchTest(new ApiError(0, 'TIMEOUT', 'Request timed out after 15 seconds'))).toBe(
      false,
    );
    expect(isNoSuchTest(new ApiError(401, 'UNAUTHENTICATED', 'Sign in.'))).toBe(false);
    expect(isNoSuchTest(new ApiError(500, 'INTERNAL', 'boom'))).toBe(false);
    expect(isNoSuchTest(new ApiError(503, 'UNAVAILABLE', 'Service unavailable'))).toBe(false);
    expect(isNoSuchTest(new Error('Test not found.'))).toBe(false);
  });
});
