import { TEST_ID_PATTERN } from '@examprep/contracts/types';
import { ApiError } from './api-client';

/**
 * Can this address segment name a test at all? Test ids have the shape of libs/contracts'
 * TEST_ID_PATTERN (20 letters and digits); a route with any other id is answered as a test
 * that does not exist, without asking the server (which would refuse it with a 400).
 */
export function isTestId(id: string): boolean {
  return TEST_ID_PATTERN.test(id);
}

/**
 * A failed read of a test that no retry can turn into a test: 400 (the request cannot name a
 * test, e.g. a malformed id) or 404 (no such test, or not the reader's). The test routes
 * treat it as 'no document'. Everything else (no network, a time-out, 401, 5xx) may pass, so
 * the screens keep Try Again for it.
 */
export function isNoSuchTest(err: unknown): boolean {
  return err instanceof ApiError && (err.status === 400 || err.status === 404);
}
