import { ASSIGNMENT_MESSAGES, type LtiAssignmentView } from '@examprep/contracts/types';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { fakeResponse, mockFetch, type FetchCall } from '../../test-utils/mock-fetch';
import { currentLocation, renderApp } from '../../test-utils/render-app';
import { GRADE_POLL_MS, startedLabel } from './lti-assignment';
import { LTI_ASSIGNMENT_MESSAGES as T } from './lti-assignment.messages';
import { assignmentView, attempt, LINK_KEY } from './lti-fixtures';

// the key holds ':' and '/': one path segment both in the app's route and in the API's
const ENCODED = encodeURIComponent(LINK_KEY);
const API_PATH = `/api/lti/assignments/${ENCODED}`;

const realFetch = window.fetch;
afterEach(() => {
  window.fetch = realFetch;
  jest.useRealTimers();
});

function serve(
  get: () => Response,
  start: () => Response = () =>
    fakeResponse(200, { testId: 'test-new', mode: 'full', created: true }),
) {
  return mockFetch((call: FetchCall) => {
    if (call.url === API_PATH && call.method === 'GET') return get();
    if (call.url === `${API_PATH}/start` && call.method === 'POST') return start();
    return fakeResponse(404, { message: 'not here' });
  });
}
const answer = (view: LtiAssignmentView) => fakeResponse(200, view);

/** The whole route table, signed in and verified: the page is behind ProtectedRoute. */
const renderPage = () => renderApp({ route: `/lti/assignment/${ENCODED}` });

describe('/lti/assignment/:linkKey', () => {
  it('shows the title, course, test and mode, the graded note and Start test', async () => {
    const { calls } = serve(() => answer(assignmentView()));
    renderPage();
    expect(await screen.findByText(T.loading)).toBeInTheDocument();
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Week 3: fractions test' }),
    ).toBeInTheDocument();
    expect(calls[calls.length - 1].url).toBe(API_PATH);
    expect(document.title).toBe('Week 3: fractions test | TestPrep');
    expect(screen.getByText('Nursing Math')).toBeInTheDocument();
    expect(screen.getByText('TEAS Math · Full test')).toBeInTheDocument();
    expect(screen.getByText(T.gradedNote)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: T.start })).toBeEnabled();
    expect(screen.getByText(T.noAttempts)).toBeInTheDocument();
  });

  it('names it by the product without a title; no graded note when not graded', async () => {
    serve(() =>
      answer(assignmentView({ title: null, graded: false, mode: 'practice', context: null })),
    );
    renderPage();
    expect(await screen.findByRole('heading', { level: 1, name: 'TEAS Math' })).toBeInTheDocument();
    expect(screen.getByText('TEAS Math · Practice test')).toBeInTheDocument();
    expect(screen.queryByText(T.gradedNote)).toBeNull();
    expect(screen.queryByText(T.course)).toBeNull();
  });

  it("leads the course's instructor to their class instead of the test", async () => {
    const contextKey = '7d0c3f5e-2b1a-4c9d-8e7f-6a5b4c3d2e1f:nur/101';
    const { calls } = serve(() => answer(assignmentView({ teaching: { contextKey } })));
    renderPage();
    expect(
      await screen.findByText(`${T.teachingNote} ${T.teachingGradedNote}`),
    ).toBeInTheDocument();
    expect(screen.getByText('TEAS Math · Full test')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: T.start })).toBeNull();
    expect(screen.queryByText(T.gradedNote)).toBeNull();
    expect(screen.queryByText(T.attemptsHeading)).toBeNull();
    const open = screen.getByRole('link', { name: T.openClass });
    expect(open).toHaveAttribute('href', `/instructor/classes/${encodeURIComponent(contextKey)}`);
    await userEvent.click(open);
    await waitFor(() =>
      expect(currentLocation()).toBe(`/instructor/classes/${encodeURIComponent(contextKey)}`),
    );
    expect(calls.some((c) => c.method === 'POST')).toBe(false);
  });

  it('tells the instructor of an ungraded assignment nothing of a gradebook', async () => {
    serve(() => answer(assignmentView({ graded: false, teaching: { contextKey: 'p:c' } })));
    renderPage();
    expect(await screen.findByText(T.teachingNote)).toBeInTheDocument();
    expect(screen.queryByText(new RegExp(T.teachingGradedNote))).toBeNull();
  });

  it('starts the test and opens the test screen of its mode', async () => {
    const { calls } = serve(
      () => answer(assignmentView({ mode: 'practice' })),
      () => fakeResponse(200, { testId: 'test-9', mode: 'practice', created: true }),
    );
    renderPage();
    await userEvent.click(await screen.findByRole('button', { name: T.start }));
    expect(calls.find((c) => c.method === 'POST')?.url).toBe(`${API_PATH}/start`);
    await waitFor(() => expect(currentLocation()).toBe('/test/practice/test-9'));
  });

  it('offers Resume test for an attempt in progress and opens it in full mode', async () => {
    serve(
      () => answer(assignmentView({ attempts: [attempt({ status: 'in-progress', score: null })] })),
      () => fakeResponse(200, { testId: 'test-1', mode: 'full', created: false }),
    );
    renderPage();
    await userEvent.click(await screen.findByRole('button', { name: T.resume }));
    await waitFor(() => expect(currentLocation()).toBe('/test/full/test-1'));
  });

  it('shows why the test could not start, and stays', async () => {
    serve(
      () => answer(assignmentView()),
      () => fakeResponse(403, { message: ASSIGNMENT_MESSAGES.notMember }),
    );
    renderPage();
    await userEvent.click(await screen.findByRole('button', { name: T.start }));
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent(T.startFailed);
    expect(alert).toHaveTextContent(ASSIGNMENT_MESSAGES.notMember);
    expect(currentLocation()).toBe(`/lti/assignment/${ENCODED}`);
  });

  it('lists the attempts: started, status, score, the grade in the course, review links', async () => {
    const attempts = [
      attempt({ testId: 't4', status: 'in-progress', score: null, gradeSync: 'none' }),
      attempt({ testId: 't3', score: 82, gradeSync: 'pending' }),
      attempt({ testId: 't2', score: 64, gradeSync: 'sent' }),
      attempt({ testId: 't1', score: 40, gradeSync: 'failed', startedAt: '2026-11-01T09:00:00Z' }),
    ];
    serve(() => answer(assignmentView({ attempts })));
    renderPage();
    const table = await screen.findByRole('region', { name: T.attemptsCaption });
    const rows = within(table).getAllByRole('row');
    expect(rows[0].textContent).toBe(T.columns.join(''));
    const started = startedLabel(attempts[0].startedAt);
    expect(rows.slice(1).map((r) => r.textContent)).toEqual([
      `${started}In progress——`,
      `${started}SubmittedReview82 %Sending…`,
      `${started}SubmittedReview64 %Sent`,
      `${startedLabel('2026-11-01T09:00:00Z')}SubmittedReview40 %Not sent yet: we keep trying`,
    ]);
    const links = within(table).getAllByRole('link');
    expect(links.map((l) => l.getAttribute('href'))).toEqual([
      '/review-test/t3',
      '/review-test/t2',
      '/review-test/t1',
    ]);
    expect(links[0]).toHaveAccessibleName(T.reviewOf(started));
    expect(screen.getByRole('button', { name: T.resume })).toBeInTheDocument();
  });

  it("asks again every 5 s while a grade is being sent, until 'Sending…' is 'Sent'", async () => {
    jest.useFakeTimers();
    let gradeSync: 'pending' | 'sent' = 'pending';
    const { calls } = serve(() => answer(assignmentView({ attempts: [attempt({ gradeSync })] })));
    const reads = () => calls.filter((c) => c.url === API_PATH).length;
    renderPage();
    expect(await screen.findByText(T.gradeSync.pending)).toBeInTheDocument();
    expect(reads()).toBe(1);
    await act(async () => {
      jest.advanceTimersByTime(GRADE_POLL_MS - 100);
    });
    expect(reads()).toBe(1);
    await act(async () => {
      jest.advanceTimersByTime(100);
    });
    expect(reads()).toBe(2);
    gradeSync = 'sent';
    await act(async () => {
      jest.advanceTimersByTime(GRADE_POLL_MS);
    });
    expect(await screen.findByText(T.gradeSync.sent)).toBeInTheDocument();
    expect(screen.queryByText(T.gradeSync.pending)).toBeNull();
    const settled = reads();
    await act(async () => {
      jest.advanceTimersByTime(GRADE_POLL_MS * 3);
    });
    expect(reads()).toBe(settled);
  });

  it('says the link is unknown on a 404, without a retry', async () => {
    serve(() => fakeResponse(404, { message: 'Not found' }));
    renderPage();
    expect(await screen.findByRole('alert')).toHaveTextContent(ASSIGNMENT_MESSAGES.notFound);
    expect(screen.queryByRole('button', { name: T.tryAgain })).toBeNull();
  });

  it("shows a 403's message (not a member of the course)", async () => {
    serve(() => fakeResponse(403, { message: ASSIGNMENT_MESSAGES.notMember }));
    renderPage();
    expect(await screen.findByRole('alert')).toHaveTextContent(ASSIGNMENT_MESSAGES.notMember);
    expect(screen.queryByRole('button', { name: T.tryAgain })).toBeNull();
  });

  it('offers Try Again when the assignment could not be read, and loads on it', async () => {
    let ok = false;
    serve(() => (ok ? answer(assignmentView()) : fakeResponse(503, { message: 'Try later' })));
    renderPage();
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent(T.loadFailed);
    expect(alert).toHaveTextContent('Try later');
    ok = true;
    await userEvent.click(screen.getByRole('button', { name: T.tryAgain }));
    expect(await screen.findByRole('button', { name: T.start })).toBeInTheDocument();
  });
});
