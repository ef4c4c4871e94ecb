import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { fakeResponse, mockFetch, type FetchCall } from '../../test-utils/mock-fetch';
import { fakeSession, renderApp } from '../../test-utils/render-app';
import { createQueryClient } from '../../app/query-client';
import { gradebookQueryKey } from './gradebook-api';
import { summary } from './gradebook-fixtures';

const realFetch = window.fetch;
afterEach(() => {
  window.fetch = realFetch;
});

function route(handler: (call: FetchCall) => Response | Promise<Response>) {
  return mockFetch(handler);
}

describe('/gradebook (learner spec §2 Gradebook, §8)', () => {
  it('lists completed tests: product, mode, date, score, counts, Review link', async () => {
    const { calls } = route(() =>
      fakeResponse(200, {
        tests: [
          summary(),
          summary({
            id: 'BBBBBBBBBBBBBBBBBBB2',
            productName: 'TEAS Math Practice Test',
            mode: 'practice',
            finalScore: null,
            submittedAt: 'not a date',
            lastUpdated: 'not a date',
          }),
        ],
      }),
    );
    renderApp({ route: '/gradebook' });
    const cards = await screen.findAllByTestId('graded-test');
    expect(calls[0].url).toBe('/api/gradebook');
    expect(calls[0].headers.Authorization).toBe('Bearer test-token');
    expect(screen.getByRole('heading', { level: 1, name: 'Gradebook' })).toBeInTheDocument();
    expect(document.title).toBe('Gradebook | TestPrep');

    const first = within(cards[0]);
    expect(first.getByRole('heading', { name: 'TEAS Math Sample QBank' })).toBeInTheDocument();
    expect(first.getByText('Check As You Go')).toBeInTheDocument();
    expect(first.getByTestId('graded-score')).toHaveTextContent('33%');
    expect(first.getByText('Correct').nextSibling).toHaveTextContent('1');
    expect(first.getByText('Incorrect').nextSibling).toHaveTextContent('1');
    expect(first.getByText('Unanswered').nextSibling).toHaveTextContent('1');
    expect(first.getByRole('link', { name: /^Review TEAS Math Sample QBank/ })).toHaveAttribute(
      'href',
      '/review-test/AAAAAAAAAAAAAAAAAAA1',
    );

    const second = within(cards[1]);
    expect(second.getByText('Practice Test')).toBeInTheDocument();
    expect(second.getByText('Invalid Date')).toBeInTheDocument();
    expect(second.getByTestId('graded-score')).toHaveTextContent('N/A');
  });

  it("shows 'Failed to load graded tests.' with a retry that loads again", async () => {
    let fail = true;
    route(() => (fail ? fakeResponse(500, { message: 'boom' }) : fakeResponse(200, { tests: [] })));
    renderApp({ route: '/gradebook' });
    expect(await screen.findByText('Failed to load graded tests.')).toBeInTheDocument();
    fail = false;
    await userEvent.click(screen.getByRole('button', { name: 'Try Again' }));
    expect(await screen.findByText('No graded tests found.')).toBeInTheDocument();
  });

  it("shows 'No graded tests found.' and, to learners, the prompt to take quizzes from the dashboard", async () => {
    route(() => fakeResponse(200, { tests: [] }));
    const learner = renderApp({ route: '/gradebook' });
    expect(await screen.findByText('No graded tests found.')).toBeInTheDocument();
    expect(
      screen.getByText('Take a quiz from your dashboard to see it graded here.'),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go to Dashboard' })).toHaveAttribute(
      'href',
      '/dashboard?tab=math',
    );
    learner.unmount();

    renderApp({ route: '/gradebook', session: fakeSession({ isAdmin: true }) });
    expect(await screen.findByText('No graded tests found.')).toBeInTheDocument();
    expect(
      screen.queryByText('Take a quiz from your dashboard to see it graded here.'),
    ).not.toBeInTheDocument();
  });

  it("admins see another user's gradebook with the Admin View banner and ?userId= review links", async () => {
    const { calls } = route(() => fakeResponse(200, { tests: [summary({ userId: 'learner-9' })] }));
    renderApp({
      route: '/gradebook?userId=learner-9',
      session: fakeSession({ isAdmin: true, user: { uid: 'admin-1', email: 'a@x.test' } }),
    });
    const card = await screen.findByTestId('graded-test');
    expect(calls[0].url).toBe('/api/gradebook?userId=learner-9');
    expect(screen.getByTestId('admin-view')).toHaveTextContent('Admin View');
    expect(screen.getByTestId('admin-view')).toHaveTextContent('learner-9');
    expect(within(card).getByRole('link', { name: /^Review/ })).toHaveAttribute(
      'href',
      '/review-test/AAAAAAAAAAAAAAAAAAA1?userId=learner-9',
    );
  });

  it('ignores ?userId= for learners (their own gradebook, no banner)', async () => {
    const { calls } = route(() => fakeResponse(200, { tests: [] }));
    renderApp({ route: '/gradebook?userId=someone-else' });
    expect(await screen.findByText('No graded tests found.')).toBeInTheDocument();
    expect(calls[0].url).toBe('/api/gradebook');
    expect(screen.queryByTestId('admin-view')).not.toBeInTheDocument();
  });

  describe('delete', () => {
    it("asks 'Delete this test? This will remove it from your gradebook.' and removes it", async () => {
      let tests = [summary(), summary({ id: 'BBBBBBBBBBBBBBBBBBB2', productName: 'Other' })];
      const { calls } = route((call) => {
        if (call.url === '/api/delete-test') {
          tests = tests.filter((t) => t.id !== (call.body as { testId: string }).testId);
          return fakeResponse(200, { success: true });
        }
        return fakeResponse(200, { tests });
      });
      renderApp({ route: '/gradebook' });
      const cards = await screen.findAllByTestId('graded-test');
      await userEvent.click(within(cards[0]).getByRole('button', { name: /^Delete TEAS/ }));
      const dialog = await screen.findByRole('dialog');
      expect(dialog).toHaveTextContent(
        'Delete this test? This will remove it from your gradebook.',
      );
      await userEvent.click(within(dialog).getByRole('button', { name: 'Delete' }));
      await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
      expect(calls.find((c) => c.url === '/api/delete-test')).toMatchObject({
        method: 'POST',
        body: { testId: 'AAAAAAAAAAAAAAAAAAA1' },
      });
      await waitFor(() => expect(screen.getAllByTestId('graded-test')).toHaveLength(1));
      expect(screen.getByRole('heading', { name: 'Other' })).toBeInTheDocument();
    });

    it("shows 'Failed to delete test.' when the server refuses, and keeps the test", async () => {
      route((call) =>
        call.url === '/api/delete-test'
          ? fakeResponse(500, { message: 'Internal error' })
          : fakeResponse(200, { tests: [summary()] }),
      );
      renderApp({ route: '/gradebook' });
      await userEvent.click(await screen.findByRole('button', { name: /^Delete TEAS/ }));
      const dialog = await screen.findByRole('dialog');
      await userEvent.click(within(dialog).getByRole('button', { name: 'Delete' }));
      expect(await within(dialog).findByRole('alert')).toHaveTextContent('Failed to delete test.');
      expect(screen.getAllByTestId('graded-test')).toHaveLength(1);
    });

    it("shows 'Not authenticated' when the session is gone (401)", async () => {
      route((call) =>
        call.url === '/api/delete-test'
          ? fakeResponse(401, { message: 'Unauthorized' })
          : fakeResponse(200, { tests: [summary()] }),
      );
      renderApp({ route: '/gradebook' });
      await userEvent.click(await screen.findByRole('button', { name: /^Delete TEAS/ }));
      const dialog = await screen.findByRole('dialog');
      await userEvent.click(within(dialog).getByRole('button', { name: 'Delete' }));
      expect(await within(dialog).findByRole('alert')).toHaveTextContent(/^Not authenticated$/);
    });
  });

  it('shows the per-objective breakdown as a table for screen readers when expanded', async () => {
    route(() => fakeResponse(200, { tests: [summary()] }));
    renderApp({ route: '/gradebook' });
    const toggle = await screen.findByRole('button', { name: 'Show breakdown by objective' });
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    await userEvent.click(toggle);
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    expect(toggle).toHaveAccessibleName('Hide breakdown by objective');
    const table = await screen.findByRole('table', {
      name: 'Correct, incorrect and unanswered questions per objective',
    });
    const rows = within(table).getAllByRole('row');
    expect(rows.map((r) => r.textContent)).toEqual([
      'ObjectiveCorrectIncorrectUnansweredTotalScore',
      'Fractions110250%',
      'Ratios00110%',
    ]);
    expect(await screen.findByTestId('objective-chart')).toHaveAttribute('aria-hidden', 'true');
  });

  it('reads the gradebook again on every visit (a test submitted a moment ago shows)', async () => {
    // The app's client keeps reads fresh for 30 s; the gradebook must not show a cached list.
    const queryClient = createQueryClient();
    queryClient.setQueryData(gradebookQueryKey(null), []);
    const { calls } = route(() => fakeResponse(200, { tests: [summary()] }));
    renderApp({ route: '/gradebook', queryClient });
    expect(await screen.findByTestId('graded-test')).toBeInTheDocument();
    expect(calls.map((c) => c.url)).toEqual(['/api/gradebook']);
  });
});
