import { INSTRUCTOR_MESSAGES } from '@examprep/contracts/types';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { captureDownloads, readBlob } from '../../test-utils/capture-downloads';
import { fakeResponse, mockFetch, type FetchCall } from '../../test-utils/mock-fetch';
import { currentLocation, fakeSession, renderApp } from '../../test-utils/render-app';
import { classItem, CONTEXT_KEY, gradebook, learner } from './instructor-fixtures';
import { INSTRUCTOR_TEXT as T } from './instructor.messages';

// the key holds ':' and '/': encoded once, in the page's URL and in the API's
const ENCODED = encodeURIComponent(CONTEXT_KEY);
const CLASS_PATH = `/api/instructor/classes/${ENCODED}`;
const ITEMS_PATH = `${CLASS_PATH}/items`;
const EXPORT_PATH = `${CLASS_PATH}/export.csv`;

const realFetch = window.fetch;
afterEach(() => {
  window.fetch = realFetch;
});

interface Answers {
  class?: () => Response;
  items?: () => Response;
  csv?: () => Response;
}

function serve(answers: Answers = {}) {
  return mockFetch((call: FetchCall) => {
    if (call.url === CLASS_PATH) return (answers.class ?? (() => fakeResponse(200, gradebook())))();
    if (call.url === ITEMS_PATH)
      return (answers.items ?? (() => fakeResponse(200, { tests: 0, items: [] })))();
    if (call.url === EXPORT_PATH && answers.csv) return answers.csv();
    return fakeResponse(404, { message: 'not here' });
  });
}

const instructor = () =>
  fakeSession({ isInstructor: true, user: { uid: 't1', email: 'teacher@school.test' } });
const renderPage = (query = '', session = instructor()) =>
  renderApp({ route: `/instructor/classes/${ENCODED}${query}`, session });
const loaded = () => screen.findByRole('heading', { level: 1, name: 'Nursing Math' });
const learnerRow = (name: string) =>
  within(screen.getByTestId('learners-table')).getByRole('row', { name: new RegExp(name) });
const rowNames = () =>
  within(screen.getByTestId('learners-table'))
    .getAllByRole('rowheader')
    .map((c) => c.textContent);

describe('/instructor/classes/:contextKey', () => {
  it('shows the class, its LMS and the gradebook of its learners', async () => {
    const { calls } = serve();
    renderPage();
    await loaded();
    expect(document.title).toBe('Nursing Math | TestPrep');
    expect(screen.getByText(/From Canvas of Springfield College · 4 learners/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: T.backToClasses })).toHaveAttribute(
      'href',
      '/instructor',
    );
    expect(screen.getByRole('tab', { name: 'Gradebook', selected: true })).toBeInTheDocument();
    expect(screen.queryByText(INSTRUCTOR_MESSAGES.rosterNotOffered)).toBeNull();

    const ada = learnerRow('Ada Learner');
    expect(within(ada).getByText('ada@school.test')).toBeInTheDocument();
    expect(within(ada).getByText('Active')).toBeInTheDocument();
    expect(within(ada).getByText('72 %')).toBeInTheDocument();
    expect(within(ada).getByText('80 %')).toBeInTheDocument();
    expect(within(ada).getByText('Nov 22')).toBeInTheDocument();
    expect(within(ada).getByText('about 64 % (52–75 %)')).toBeInTheDocument();
    // a school account without an address: its placeholder is not shown
    const cy = learnerRow('Cy Newcomer');
    expect(within(cy).queryByText(/lti\.invalid/)).toBeNull();
    expect(within(cy).getByText('Not enough answers yet')).toBeInTheDocument();
    // on the LMS roster, never opened ExamPrep
    const dee = learnerRow('Dee Absent');
    expect(within(dee).getByText('Not started')).toBeInTheDocument();
    expect(within(dee).getAllByText('—')).toHaveLength(4);
    // the item analysis loads only when its tab opens
    expect(calls.map((c) => c.url)).toEqual([CLASS_PATH]);
  });

  it('sorts the learners by a column heading, then the other way', async () => {
    serve();
    renderPage();
    await loaded();
    expect(rowNames()).toEqual(['Ada Learner', 'Ben Strong', 'Cy Newcomer', 'Dee Absent']);
    const average = screen.getByRole('button', { name: 'Sort by average' });
    await userEvent.click(average);
    expect(rowNames()).toEqual(['Cy Newcomer', 'Ada Learner', 'Ben Strong', 'Dee Absent']);
    expect(average.closest('th')).toHaveAttribute('aria-sort', 'ascending');
    await userEvent.click(average);
    expect(rowNames()).toEqual(['Ben Strong', 'Ada Learner', 'Cy Newcomer', 'Dee Absent']);
    expect(average.closest('th')).toHaveAttribute('aria-sort', 'descending');
  });

  it('says why the roster is who launched when the LMS shares none', async () => {
    serve({
      class: () =>
        fakeResponse(
          200,
          gradebook({
            roster: 'launches',
            rosterNote: INSTRUCTOR_MESSAGES.rosterNotOffered,
            learners: [learner()],
          }),
        ),
    });
    renderPage();
    await loaded();
    expect(screen.getByText(INSTRUCTOR_MESSAGES.rosterNotOffered)).toBeInTheDocument();
    expect(screen.getByText(/1 learner$/)).toBeInTheDocument();
  });

  it('moves between the tabs by keyboard, and keeps the tab in the URL', async () => {
    serve();
    renderPage();
    await loaded();
    const gradebookTab = screen.getByRole('tab', { name: 'Gradebook' });
    gradebookTab.focus();
    await userEvent.keyboard('{ArrowRight}');
    const readiness = screen.getByRole('tab', { name: 'Readiness' });
    expect(readiness).toHaveFocus();
    expect(readiness).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByTestId('readiness-summary')).toBeInTheDocument();
    await waitFor(() =>
      expect(currentLocation()).toBe(`/instructor/classes/${ENCODED}?tab=readiness`),
    );
    await userEvent.keyboard('{ArrowLeft}');
    expect(gradebookTab).toHaveFocus();
    await waitFor(() => expect(currentLocation()).toBe(`/instructor/classes/${ENCODED}`));
  });

  it('sums up the class’s readiness and offers it as a table', async () => {
    serve();
    renderPage('?tab=readiness');
    await loaded();
    expect(screen.getByRole('tab', { name: 'Readiness', selected: true })).toBeInTheDocument();
    expect(screen.getByTestId('readiness-summary')).toHaveTextContent(
      'Of 4 learners, 1 is likely to score 60 % or more; 2 have not answered enough for an estimate.',
    );
    // the chart's table is there for screen readers, hidden on screen until asked for
    const hidden = document.getElementById('readiness-table')!;
    expect(hidden).toHaveClass('visually-hidden');
    await userEvent.click(screen.getByRole('button', { name: T.showTable }));
    const region = screen.getByRole('region', { name: T.readinessCaption });
    expect(region).not.toHaveClass('visually-hidden');
    const ben = within(region).getByRole('row', { name: /Ben Strong/ });
    expect(within(ben).getByText('82 %')).toBeInTheDocument();
    expect(within(ben).getByText('71–90 %')).toBeInTheDocument();
    const dee = within(region).getByRole('row', { name: /Dee Absent/ });
    expect(within(dee).getAllByText('—')).toHaveLength(2);
    expect(screen.getByRole('button', { name: T.showChart })).toHaveAttribute(
      'aria-expanded',
      'true',
    );
  });

  it('lists the class’s questions hardest first in Item analysis', async () => {
    const { calls } = serve({
      items: () =>
        fakeResponse(200, {
          tests: 6,
          items: [
            classItem({ qid: 'Q-easy', stem: 'Easy one', facility: 0.9 }),
            classItem({ qid: 'Q-hard', stem: 'Hard one', facility: 0.25, n: 8 }),
            classItem({ qid: 'Q-mid', stem: 'Middle one', facility: 0.5 }),
          ],
        }),
    });
    renderPage();
    await loaded();
    await userEvent.click(screen.getByRole('tab', { name: 'Item analysis' }));
    const table = await screen.findByRole('table', { name: T.itemsCaption });
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows.map((r) => (r as HTMLTableRowElement).cells[0].textContent)).toEqual([
      'Hard one',
      'Middle one',
      'Easy one',
    ]);
    expect(within(rows[0]).getByText('25 %')).toBeInTheDocument();
    expect(within(rows[0]).getByText('8')).toBeInTheDocument();
    expect(screen.getByText(/6 submitted tests/)).toBeInTheDocument();
    expect(calls.map((c) => c.url)).toEqual([CLASS_PATH, ITEMS_PATH]);
  });

  it('says so when the class has no submitted tests', async () => {
    serve();
    renderPage('?tab=items');
    expect(await screen.findByText(T.itemsEmpty)).toBeInTheDocument();
  });

  it('says a class one does not teach is not theirs', async () => {
    serve({
      class: () =>
        fakeResponse(404, { code: 'NOT_FOUND', message: INSTRUCTOR_MESSAGES.notYourClass }),
    });
    renderPage();
    expect(await screen.findByRole('alert')).toHaveTextContent(INSTRUCTOR_MESSAGES.notYourClass);
    expect(screen.queryByRole('tab')).toBeNull();
  });

  it('offers Try Again on another failure', async () => {
    let fail = true;
    serve({
      class: () => (fail ? fakeResponse(503, { message: 'down' }) : fakeResponse(200, gradebook())),
    });
    renderPage();
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent(T.classFailed);
    fail = false;
    await userEvent.click(within(alert).getByRole('button', { name: T.tryAgain }));
    await loaded();
  });

  it('tells a non-instructor where the role comes from, without asking the API', async () => {
    const { calls } = serve();
    renderPage('', fakeSession());
    expect(await screen.findByText(T.instructorsOnly)).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1, name: T.classTitle })).toBeInTheDocument();
    expect(calls.filter((c) => c.url.startsWith('/api/instructor'))).toEqual([]);
  });

  describe('Export CSV', () => {
    const { blobs, clicked } = captureDownloads({ href: () => 'blob:class' });
    const CSV =
      'name,email,status,lastLaunchAt,testsSubmitted,averageScore,lastScore,lastSubmittedAt,teasPercent,teasPercentLow,teasPercentHigh\r\n' +
      'Ada Learner,ada@school.test,active,2026-11-21T10:00:00.000Z,3,72,80,2026-11-22T10:00:00.000Z,64,52,75\r\n';

    it('downloads class-<label>.csv with the token, showing its progress', async () => {
      let finish: (r: Response) => void = () => undefined;
      const { calls } = serve({
        csv: () => {
          const pending = new Promise<Response>((resolve) => (finish = resolve));
          return pending as unknown as Response;
        },
      });
      renderPage();
      await loaded();
      await userEvent.click(screen.getByRole('button', { name: T.exportCsv }));
      expect(await screen.findByRole('button', { name: T.exporting })).toBeDisabled();
      expect(screen.getByTestId('export-progress')).toBeInTheDocument();
      finish(fakeResponse(200, CSV, { 'x-total-count': '1' }));

      await waitFor(() =>
        expect(clicked).toEqual([{ download: 'class-NUR-101.csv', href: 'blob:class' }]),
      );
      const exportCall = calls.find((c) => c.url.includes('export.csv'))!;
      expect(exportCall.url).toBe(EXPORT_PATH);
      expect(exportCall.headers).toMatchObject({
        Authorization: 'Bearer test-token',
        Accept: 'text/csv',
      });
      expect(await readBlob(blobs[0])).toBe(CSV);
      expect(await screen.findByText(T.exported(1))).toBeInTheDocument();
      expect(screen.getByRole('button', { name: T.exportCsv })).toBeEnabled();
    });

    it('says what went wrong, without a download', async () => {
      serve({ csv: () => fakeResponse(503, { message: 'The service is unavailable.' }) });
      renderPage();
      await loaded();
      await userEvent.click(screen.getByRole('button', { name: T.exportCsv }));
      expect(await screen.findByText(/Could not export the class/)).toBeInTheDocument();
      expect(clicked).toEqual([]);
    });
  });
});
