import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { fakeResponse, mockFetch, type FetchCall } from '../../test-utils/mock-fetch';
import { currentLocation, renderApp } from '../../test-utils/render-app';
import { testView, TEST_ID } from './test-fixtures';
import { NO_TEST_PATH } from './TestLoader';

// Learner spec §4 Full test: 'A test with no document redirects to /dashboard?tab=math'; issue
// 24 #6: an id that cannot name a test (malformed: 400, unknown: 404) is such a test on both
// test routes, while a failure that may pass keeps Try Again.

const testReads = (calls: FetchCall[]) => calls.filter((c) => c.url.startsWith('/api/tests/'));

const MALFORMED_400 = {
  code: 'VALIDATION_FAILED',
  message: 'The testId field must be a test id (20 letters and digits).',
  fields: { testId: ['The testId field must be a test id (20 letters and digits).'] },
};

describe.each(['full', 'practice'] as const)('/test/%s/:testId without a test', (mode) => {
  const otherCalls = (call: FetchCall) =>
    call.url.startsWith('/api/tests/')
      ? null
      : fakeResponse(200, call.url === '/api/products' ? { products: [] } : []);

  it('a malformed id goes to /dashboard?tab=math without asking the server', async () => {
    const { calls } = mockFetch((call) => otherCalls(call) ?? fakeResponse(400, MALFORMED_400));
    renderApp({ route: `/test/${mode}/qa-no-such-test` });
    await waitFor(() => expect(currentLocation()).toBe(NO_TEST_PATH));
    expect(testReads(calls)).toHaveLength(0);
    expect(screen.queryByText(MALFORMED_400.message)).not.toBeInTheDocument();
  });

  it.each([
    [400, MALFORMED_400],
    [404, { code: 'NOT_FOUND', message: 'Test not found.' }],
  ])('the server answering %s goes to /dashboard?tab=math', async (status, body) => {
    const { calls } = mockFetch((call) => otherCalls(call) ?? fakeResponse(status, body));
    renderApp({ route: `/test/${mode}/${TEST_ID}` });
    await waitFor(() => expect(currentLocation()).toBe(NO_TEST_PATH));
    expect(testReads(calls)).toHaveLength(1);
    expect(screen.queryByRole('button', { name: 'Try Again' })).not.toBeInTheDocument();
  });

  it.each([
    ['no network', () => Promise.reject(new TypeError('Failed to fetch'))],
    ['503', () => fakeResponse(503, { message: 'Service unavailable' })],
    ['500', () => fakeResponse(500, { message: 'Something went wrong' })],
  ])('a failure that may pass (%s) keeps Try Again, which loads the test', async (_n, fail) => {
    let failing = true;
    mockFetch(
      (call) => otherCalls(call) ?? (failing ? fail() : fakeResponse(200, testView({ mode }))),
    );
    renderApp({ route: `/test/${mode}/${TEST_ID}` });
    const retry = await screen.findByRole('button', { name: 'Try Again' });
    expect(currentLocation()).toBe(`/test/${mode}/${TEST_ID}`);
    failing = false;
    await userEvent.click(retry);
    expect(await screen.findByRole('heading', { name: 'Question 1 of 2' })).toBeInTheDocument();
  });
});
