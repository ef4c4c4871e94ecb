import { includeEntries, type TestSummary } from '@examprep/contracts/types';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes } from 'react-router-dom';
import { fakeResponse, mockFetch, type FetchCall } from '../../test-utils/mock-fetch';
import { catalogProduct } from '../../test-utils/products';
import { currentLocation, renderApp } from '../../test-utils/render-app';
import { StartTestButton } from './StartTestButton';

const qbank = catalogProduct('teas_math_qbank');
const [full, practice] = includeEntries(qbank);

const existing: TestSummary = {
  id: 'AAAAAAAAAAAAAAAAAAA1',
  userId: 'user-1',
  productId: 'teas_math_qbank',
  testProductId: 'teas_math_qbank_full',
  includeId: 'teas_math_qbank_full',
  productName: 'TEAS Math QBank',
  mode: 'full',
  completed: false,
  createdAt: '2026-01-01T00:00:00.000Z',
  lastUpdated: '2026-01-01T00:00:00.000Z',
  submittedAt: null,
  totalQuestions: 204,
  answeredCount: 3,
  timer: null,
  objectives: null,
  finalScore: null,
  correctCount: null,
  incorrectCount: null,
  unansweredCount: null,
};

function renderButton(include = full!) {
  return renderApp(
    { route: '/dashboard' },
    <Routes>
      <Route
        path="/dashboard"
        element={
          <StartTestButton
            target={{ product: qbank, include }}
            word="Access Now"
            label={`Access Now: ${include.name}`}
          />
        }
      />
      <Route path="/test/:mode/:testId" element={<p>test screen</p>} />
    </Routes>,
  );
}

type Handler = (call: FetchCall) => Response;
function api(routes: Record<string, Handler>) {
  return mockFetch((call) => {
    const path = `${call.method} ${call.url.replace(/\?.*$/, '')}`;
    const handler = routes[path];
    if (!handler) throw new Error(`unexpected ${path}`);
    return handler(call);
  });
}

const click = (name: string | RegExp) => userEvent.click(screen.getByRole('button', { name }));

describe('StartTestButton (learner spec §4 Starting a test)', () => {
  it('no unfinished test: creates one with the spec payload and opens /test/full/{id}', async () => {
    const { calls } = api({
      'GET /api/tests/unfinished': () => fakeResponse(200, { test: null }),
      'POST /api/create-test': () =>
        fakeResponse(200, { success: true, testId: 'BBBBBBBBBBBBBBBBBBB2' }),
    });
    renderButton();
    await click(/^Access Now/);
    await waitFor(() => expect(currentLocation()).toBe('/test/full/BBBBBBBBBBBBBBBBBBB2'));
    expect(calls[0]!.url).toBe(
      '/api/tests/unfinished?productId=teas_math_qbank&includeId=teas_math_qbank_full&mode=full',
    );
    expect(calls[1]!.body).toEqual({
      productType: 'math',
      productId: 'teas_math_qbank',
      includeId: 'teas_math_qbank_full',
      productName: 'TEAS Math QBank',
      instructions: expect.any(String),
      mode: 'full',
    });
  });

  it('an unfinished test: Continue Test opens it', async () => {
    const { calls } = api({
      'GET /api/tests/unfinished': () => fakeResponse(200, { test: existing }),
      [`GET /api/tests/${existing.id}`]: () =>
        fakeResponse(200, { ...existing, instructions: '', questions: [] }),
    });
    renderButton();
    await click(/^Access Now/);
    const dialog = await screen.findByRole('dialog', { name: 'Unfinished Test' });
    expect(within(dialog).getByText(/3 of 204 answered/)).toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Continue Test' }));
    await waitFor(() => expect(currentLocation()).toBe(`/test/full/${existing.id}`));
    expect(calls.some((c) => c.method === 'POST')).toBe(false);
  });

  it('Start New Test deletes the old test first, then creates', async () => {
    const { calls } = api({
      'GET /api/tests/unfinished': () => fakeResponse(200, { test: existing }),
      'POST /api/delete-test': () => fakeResponse(200, { success: true }),
      'POST /api/create-test': () =>
        fakeResponse(200, { success: true, testId: 'CCCCCCCCCCCCCCCCCCC3' }),
    });
    renderButton();
    await click(/^Access Now/);
    await userEvent.click(await screen.findByRole('button', { name: 'Start New Test' }));
    await waitFor(() => expect(currentLocation()).toBe('/test/full/CCCCCCCCCCCCCCCCCCC3'));
    expect(calls.map((c) => `${c.method} ${c.url.replace(/\?.*/, '')}`)).toEqual([
      'GET /api/tests/unfinished',
      'POST /api/delete-test',
      'POST /api/create-test',
    ]);
    expect(calls[1]!.body).toEqual({ testId: existing.id });
  });

  it('Cancel closes the modal and changes nothing', async () => {
    const { calls } = api({
      'GET /api/tests/unfinished': () => fakeResponse(200, { test: existing }),
    });
    renderButton();
    await click(/^Access Now/);
    await userEvent.click(await screen.findByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(calls).toHaveLength(1);
    expect(currentLocation()).toBe('/dashboard');
  });

  it.each([
    ['the lookup fails', 'lookup', 500, 'Failed to start test. Please try again.'],
    ['create fails', 'create', 500, 'Failed to create test. Please try again.'],
    ['create answers 403', 'create', 403, 'You do not have access to this product.'],
    ['the lookup answers 401', 'lookup', 401, 'Please log in to access tests.'],
  ])('%s: the sentence of §8', async (_name, where, status, message) => {
    api({
      'GET /api/tests/unfinished': () =>
        where === 'lookup'
          ? fakeResponse(status, { message: 'x' })
          : fakeResponse(200, { test: null }),
      'POST /api/create-test': () =>
        fakeResponse(status, {
          code: status === 403 ? 'NO_PRODUCT_ACCESS' : 'INTERNAL',
          message: 'x',
        }),
    });
    renderButton();
    await click(/^Access Now/);
    expect(await screen.findByRole('alert')).toHaveTextContent(message);
    expect(currentLocation()).toBe('/dashboard');
  });

  it("a 400 UNSUPPORTED_PRODUCT shows the server's sentence", async () => {
    const sentence =
      'Unsupported product configuration: teas_math_qbank (include: teas_math_qbank_full, mode: full).';
    api({
      'GET /api/tests/unfinished': () => fakeResponse(200, { test: null }),
      'POST /api/create-test': () =>
        fakeResponse(400, { code: 'UNSUPPORTED_PRODUCT', message: sentence }),
    });
    renderButton();
    await click(/^Access Now/);
    expect(await screen.findByRole('alert')).toHaveTextContent(sentence);
  });

  it.each([
    ['delete fails', 500, 200, 'Failed to delete existing test. Please try again.'],
    ['create after delete fails', 200, 500, 'Failed to start a new test. Please try again.'],
  ])('Start New Test: %s', async (_name, deleteStatus, createStatus, message) => {
    const { calls } = api({
      'GET /api/tests/unfinished': () => fakeResponse(200, { test: existing }),
      'POST /api/delete-test': () => fakeResponse(deleteStatus, { success: true }),
      'POST /api/create-test': () => fakeResponse(createStatus, { success: true, testId: 'x' }),
    });
    renderButton();
    await click(/^Access Now/);
    await userEvent.click(await screen.findByRole('button', { name: 'Start New Test' }));
    expect(await within(screen.getByRole('dialog')).findByRole('alert')).toHaveTextContent(message);
    if (deleteStatus !== 200) expect(calls.map((c) => c.url)).not.toContain('/api/create-test');
  });

  it('Continue Test of a test that is gone: the continue sentence', async () => {
    api({
      'GET /api/tests/unfinished': () => fakeResponse(200, { test: existing }),
      [`GET /api/tests/${existing.id}`]: () => fakeResponse(404, { message: 'Test not found.' }),
    });
    renderButton();
    await click(/^Access Now/);
    await userEvent.click(await screen.findByRole('button', { name: 'Continue Test' }));
    expect(await within(screen.getByRole('dialog')).findByRole('alert')).toHaveTextContent(
      'Failed to continue test. Please try again.',
    );
  });

  it('practice: offers the TEAS timer and sends timed: true when chosen', async () => {
    const { calls } = api({
      'GET /api/tests/unfinished': () => fakeResponse(200, { test: null }),
      'POST /api/create-test': () =>
        fakeResponse(200, { success: true, testId: 'DDDDDDDDDDDDDDDDDDD4' }),
    });
    renderButton(practice!);
    await click(/^Access Now/);
    const dialog = await screen.findByRole('dialog', { name: 'Start Practice Test' });
    await userEvent.click(
      within(dialog).getByRole('checkbox', { name: /57 minutes for 38 questions/ }),
    );
    await userEvent.click(within(dialog).getByRole('button', { name: 'Start Test' }));
    await waitFor(() => expect(currentLocation()).toBe('/test/practice/DDDDDDDDDDDDDDDDDDD4'));
    expect(calls[1]!.body).toMatchObject({
      mode: 'practice',
      timed: true,
      includeId: 'teas_math_qbank_practice',
    });
  });
});
