import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { fakeResponse, mockFetch, type FetchCall } from '../../test-utils/mock-fetch';
import { fakeSession, renderApp } from '../../test-utils/render-app';
import { CONTEXT_KEY, instructorClass } from './instructor-fixtures';
import { INSTRUCTOR_TEXT as T } from './instructor.messages';

const CLASSES_PATH = '/api/instructor/classes';

const realFetch = window.fetch;
afterEach(() => {
  window.fetch = realFetch;
});

function serve(answer: () => Response) {
  return mockFetch((call: FetchCall) =>
    call.url === CLASSES_PATH ? answer() : fakeResponse(404, { message: 'not here' }),
  );
}

const instructor = () =>
  fakeSession({ isInstructor: true, user: { uid: 't1', email: 'teacher@school.test' } });
const renderPage = (session = instructor()) => renderApp({ route: '/instructor', session });
const instructorCalls = (calls: FetchCall[]) =>
  calls.filter((c) => c.url.startsWith('/api/instructor'));

describe('/instructor (My classes)', () => {
  it('lists the classes, each a link to its page (the key encoded once)', async () => {
    const { calls } = serve(() =>
      fakeResponse(200, {
        classes: [
          instructorClass(),
          instructorClass({
            contextKey: 'p2:c9',
            title: null,
            label: 'BIO-7',
            platformName: 'Moodle',
            learners: 1,
          }),
        ],
      }),
    );
    renderPage();
    expect(
      await screen.findByRole('heading', { level: 1, name: T.classesTitle }),
    ).toBeInTheDocument();
    const table = await screen.findByRole('table', { name: T.classesCaption });
    expect(document.title).toBe('My classes | TestPrep');
    expect(within(table).getByRole('link', { name: 'Nursing Math' })).toHaveAttribute(
      'href',
      `/instructor/classes/${encodeURIComponent(CONTEXT_KEY)}`,
    );
    const first = within(table).getByRole('row', { name: /Nursing Math/ });
    expect(within(first).getByText('NUR-101')).toBeInTheDocument();
    expect(within(first).getByText('Canvas of Springfield College')).toBeInTheDocument();
    expect(within(first).getByText('3')).toBeInTheDocument();
    expect(within(first).getByText('Nov 20')).toBeInTheDocument();
    // no title: the label names it
    expect(within(table).getByRole('link', { name: 'BIO-7' })).toHaveAttribute(
      'href',
      '/instructor/classes/p2%3Ac9',
    );
    expect(instructorCalls(calls).map((c) => c.url)).toEqual([CLASSES_PATH]);
  });

  it('says how classes come when there are none', async () => {
    serve(() => fakeResponse(200, { classes: [] }));
    renderPage();
    expect(await screen.findByText(T.classesEmpty)).toBeInTheDocument();
    expect(screen.queryByRole('table')).toBeNull();
  });

  it('shows a failure with Try Again, which reads again', async () => {
    let fail = true;
    serve(() =>
      fail
        ? fakeResponse(503, { message: 'The service is unavailable.' })
        : fakeResponse(200, { classes: [instructorClass()] }),
    );
    renderPage();
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent(T.classesFailed);
    fail = false;
    await userEvent.click(within(alert).getByRole('button', { name: T.tryAgain }));
    expect(await screen.findByRole('link', { name: 'Nursing Math' })).toBeInTheDocument();
  });

  it('tells a non-instructor where the role comes from, without asking the API', async () => {
    const { calls } = serve(() => fakeResponse(200, { classes: [] }));
    renderPage(fakeSession({ isAdmin: true }));
    expect(await screen.findByText(T.instructorsOnly)).toBeInTheDocument();
    expect(T.instructorsOnly).toBe(
      'Instructors only: open ExamPrep from a course you teach in your LMS.',
    );
    await waitFor(() => expect(screen.queryByRole('table')).toBeNull());
    expect(instructorCalls(calls)).toEqual([]);
  });
});
