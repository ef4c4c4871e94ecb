import {
  type Question,
  type QuestionFacets,
  type QuestionsExport,
} from '@examprep/contracts/types';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { fakeResponse, mockFetch, type FetchCall } from '../../../test-utils/mock-fetch';
import { currentLocation, fakeSession, renderApp } from '../../../test-utils/render-app';
import { localDate } from './question-filters';
import QuestionListPage from './QuestionListPage';
import { captureDownloads, readBlob } from '../../../test-utils/capture-downloads';

const q = (over: Partial<Question>): Question => ({
  qid: 'AA00',
  question: 'Q',
  type: 'single',
  choices: ['a', 'b'],
  correctAnswer: ['a'],
  explanation: 'E',
  course: 'TEAS Math',
  objective: '1.1',
  media: { questionImage: null, explanationImage: null, video: null },
  rounding: null,
  ...over,
});

const SATA = q({
  qid: 'AB12',
  question: 'Which equal \\(\\frac{1}{2}\\)?',
  type: 'sata',
  choices: ['0.5', '2/4', '1/3', '50%'],
  correctAnswer: ['0.5', '2/4', '50%'],
  explanation: 'Half is \\(0.5\\).',
  objective: '1.2',
  media: {
    questionImage: 'Images/AB12-que.png',
    explanationImage: null,
    video: 'VideoSolutions/AB12-vid.mp4',
  },
});
const BLANK = q({
  qid: 'CD34',
  question: 'Give 250 mg from 500 mg/5 mL. How many mL?',
  type: 'blank',
  choices: [],
  correctAnswer: ['2.5'],
  course: 'Med Dosage',
  objective: '2.1',
});
const ALL = [SATA, BLANK];

const FACETS: QuestionFacets = {
  courses: ['Med Dosage', 'TEAS Math'],
  objectives: { 'Med Dosage': ['2.1'], 'TEAS Math': ['1.1', '1.2'] },
};

type Handler = (call: FetchCall) => Response | Promise<Response> | undefined;

/**
 * The list answers `list(params)`, `pageSize` at a time (the next page's cursor, the index of
 * its first row, in the Link header as the gateway sends it); facets fixed; other calls go to
 * `other`.
 */
function serve(
  list: (params: URLSearchParams) => Question[] = () => ALL,
  other?: Handler,
  pageSize = 50,
) {
  return mockFetch((call) => {
    const url = new URL(call.url, 'http://x');
    if (call.method === 'GET' && url.pathname === '/api/questions/facets') {
      return fakeResponse(200, FACETS);
    }
    if (call.method === 'GET' && url.pathname === '/api/questions') {
      const questions = list(url.searchParams);
      const from = Number(url.searchParams.get('cursor') ?? 0);
      const page = questions.slice(from, from + pageSize);
      const next = from + pageSize < questions.length ? from + pageSize : null;
      url.searchParams.set('cursor', String(next));
      return fakeResponse(
        200,
        { questions: page, total: questions.length },
        next === null ? {} : { link: `<${url.pathname}${url.search}>; rel="next"` },
      );
    }
    const answer = other?.(call);
    if (answer) return answer;
    return fakeResponse(500, { message: 'unexpected call' });
  });
}

const listCalls = (calls: FetchCall[]) =>
  calls.filter((c) => c.method === 'GET' && /^\/api\/questions(\?|$)/.test(c.url));

function renderPage(route = '/question-list', isAdmin = true) {
  return renderApp({ route, session: fakeSession({ isAdmin }) }, <QuestionListPage />);
}

const loaded = () => screen.findByRole('table');
const shownQids = () => screen.queryAllByRole('rowheader').map((el) => el.textContent);
const rowOf = (qid: string) =>
  screen.getByRole('rowheader', { name: qid }).closest('tr') as HTMLElement;

describe('/question-list', () => {
  it('lists the questions with the total and every column, question text rendered', async () => {
    const { calls } = serve();
    renderPage();
    expect(screen.getByRole('heading', { level: 1, name: 'Question List' })).toBeInTheDocument();
    expect(document.title).toBe('Question List | TestPrep');
    expect(screen.getByRole('status')).toHaveTextContent('Loading questions...');
    await loaded();
    expect(listCalls(calls)[0]).toMatchObject({ url: '/api/questions' });
    expect(listCalls(calls)[0].headers.Authorization).toBe('Bearer test-token');
    expect(screen.getByText('Total Questions: 2')).toBeInTheDocument();
    expect(screen.getAllByRole('columnheader').map((el) => el.textContent)).toEqual([
      'QID',
      'Course',
      'Objective',
      'Type',
      'Que Image',
      'Ans Image',
      'Video',
      'Question Text',
      'Actions',
    ]);
    expect(shownQids()).toEqual(['AB12', 'CD34']);
    const cells = within(rowOf('AB12')).getAllByRole('cell');
    expect(cells.slice(0, 6).map((c) => c.textContent)).toEqual([
      'TEAS Math',
      '1.2',
      'Select All That Apply',
      'Yes',
      'No',
      'Yes',
    ]);
    expect(cells[6].querySelector('.katex')).not.toBeNull();
    expect(within(rowOf('CD34')).getByText('Fill in the Blank')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Edit AB12' })).toHaveAttribute(
      'href',
      '/add-question?mode=edit&qid=AB12',
    );
    expect(screen.getByRole('link', { name: 'Duplicate AB12' })).toHaveAttribute(
      'href',
      '/add-question?mode=copy&qid=AB12',
    );
    // The table scrolls in its own named region.
    expect(
      screen.getByRole('region', { name: 'Questions matching the search and filters' }),
    ).toHaveAttribute('tabindex', '0');
  });

  it("says 'No results found.' when nothing matches", async () => {
    serve(() => []);
    renderPage();
    expect(await screen.findByText('No results found.')).toBeInTheDocument();
    expect(screen.getByText('Total Questions: 0')).toBeInTheDocument();
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
  });

  it("says 'Failed to load questions.' and retries", async () => {
    let fail = true;
    serve(() => {
      if (fail) throw new Error('boom');
      return ALL;
    });
    // A throwing handler rejects fetch: the client reports a network error.
    const u = userEvent.setup();
    renderPage();
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Failed to load questions.');
    fail = false;
    await u.click(within(alert).getByRole('button', { name: 'Try Again' }));
    await loaded();
    expect(shownQids()).toEqual(['AB12', 'CD34']);
  });

  it('keeps the filters in the URL: a reload asks the server with them', async () => {
    const { calls } = serve(() => [SATA]);
    renderPage('/question-list?course=TEAS+Math&type=sata&video=has');
    await loaded();
    expect(listCalls(calls)[0].url).toBe('/api/questions?course=TEAS+Math&type=sata&video=has');
    expect(screen.getByLabelText('Course')).toHaveValue('TEAS Math');
    expect(screen.getByLabelText('Type')).toHaveValue('sata');
    expect(screen.getByLabelText('Video')).toHaveValue('has');
    expect(screen.getByLabelText('Question image')).toHaveValue('');
  });

  it('narrows the objectives by course and writes every filter to the URL', async () => {
    const { calls } = serve();
    const u = userEvent.setup();
    renderPage();
    await loaded();
    const objective = screen.getByLabelText('Objective');
    expect(
      within(objective)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['All objectives', '1.1', '1.2', '2.1']);
    await u.selectOptions(objective, '2.1');
    await u.selectOptions(screen.getByLabelText('Course'), 'TEAS Math');
    expect(
      within(objective)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['All objectives', '1.1', '1.2']);
    // 2.1 is not an objective of TEAS Math: it is dropped.
    expect(objective).toHaveValue('');
    await u.selectOptions(objective, '1.2');
    await u.selectOptions(screen.getByLabelText('Answer image'), 'missing');
    await u.selectOptions(screen.getByLabelText('Question image'), 'has');
    expect(currentLocation()).toBe(
      '/question-list?course=TEAS+Math&objective=1.2&questionImage=has&explanationImage=missing',
    );
    await waitFor(() =>
      expect(listCalls(calls).at(-1)?.url).toBe(
        '/api/questions?course=TEAS+Math&objective=1.2&questionImage=has&explanationImage=missing',
      ),
    );
  });

  it('debounces the search: one call after a pause in typing, kept in the URL; Clear Filters resets', async () => {
    const { calls } = serve((params) =>
      ALL.filter((x) => !params.get('search') || x.question.includes(params.get('search') ?? '')),
    );
    const u = userEvent.setup();
    renderPage('/question-list?type=blank');
    await screen.findByText('Total Questions: 2');
    await u.type(screen.getByLabelText('Search'), 'mg/5');
    await waitFor(() => expect(currentLocation()).toBe('/question-list?search=mg%2F5&type=blank'));
    await waitFor(() => expect(shownQids()).toEqual(['CD34']));
    const searched = listCalls(calls).filter((c) => c.url.includes('search='));
    expect(searched.map((c) => c.url)).toEqual(['/api/questions?search=mg%2F5&type=blank']);

    await u.click(screen.getByRole('button', { name: 'Clear Filters' }));
    expect(currentLocation()).toBe('/question-list');
    expect(screen.getByLabelText('Search')).toHaveValue('');
    expect(screen.getByLabelText('Type')).toHaveValue('');
    await waitFor(() => expect(shownQids()).toEqual(['AB12', 'CD34']));
    expect(screen.getByRole('button', { name: 'Clear Filters' })).toBeDisabled();
  });

  it('keeps the search box when the page is opened with a search', async () => {
    serve();
    renderPage('/question-list?search=half');
    await loaded();
    expect(screen.getByLabelText('Search')).toHaveValue('half');
  });

  describe('pages (ADR 0026)', () => {
    const many = Array.from({ length: 5 }, (_, i) => q({ qid: `PG${i}0` }));

    it('shows the first page with the total; Load more asks for the next cursor until the last', async () => {
      const { calls } = serve(() => many, undefined, 2);
      const u = userEvent.setup();
      renderPage('/question-list?course=TEAS+Math');
      await loaded();
      expect(shownQids()).toEqual(['PG00', 'PG10']);
      expect(screen.getByText('Total Questions: 5')).toBeInTheDocument();
      expect(screen.getByText('Showing 2 of 5')).toBeInTheDocument();
      await u.click(screen.getByRole('button', { name: 'Load more' }));
      await waitFor(() => expect(shownQids()).toEqual(['PG00', 'PG10', 'PG20', 'PG30']));
      expect(listCalls(calls).map((c) => c.url)).toEqual([
        '/api/questions?course=TEAS+Math',
        '/api/questions?course=TEAS+Math&cursor=2',
      ]);
      await u.click(screen.getByRole('button', { name: 'Load more' }));
      await waitFor(() => expect(shownQids()).toHaveLength(5));
      expect(screen.queryByRole('button', { name: 'Load more' })).toBeNull();
      expect(screen.queryByText(/^Showing/)).toBeNull();
    });

    it('a search has no count: short pages are read on until a page is full or the end; then the total', async () => {
      // the server's search pages: 2 found, 0 found (a bounded slice), 1 found, the end
      const found = [many.slice(0, 2), [], many.slice(2, 3)];
      const { calls } = mockFetch((call) => {
        const at = Number(new URL(call.url, 'http://x').searchParams.get('cursor') ?? 0);
        const link: Record<string, string> =
          at + 1 < found.length
            ? { link: `</api/questions?search=x&cursor=${at + 1}>; rel="next"` }
            : {};
        return call.url.startsWith('/api/questions/facets')
          ? fakeResponse(200, FACETS)
          : fakeResponse(200, { questions: found[at], total: null }, link);
      });
      renderPage('/question-list?search=x');
      expect(await screen.findByText('Total Questions: 3')).toBeInTheDocument();
      expect(shownQids()).toEqual(['PG00', 'PG10', 'PG20']);
      expect(listCalls(calls)).toHaveLength(3);
      expect(screen.queryByRole('button', { name: 'Load more' })).toBeNull();
    });

    it('a search page that is full waits for Load more, showing the rows so far', async () => {
      const full = Array.from({ length: 51 }, (_, i) =>
        q({ qid: `F${String(i).padStart(3, '0')}` }),
      );
      mockFetch((call) => {
        const more = !call.url.includes('cursor=');
        return call.url.startsWith('/api/questions/facets')
          ? fakeResponse(200, FACETS)
          : fakeResponse(
              200,
              { questions: more ? full.slice(0, 50) : full.slice(50), total: null },
              more ? { link: '</api/questions?search=x&cursor=50>; rel="next"' } : {},
            );
      });
      const u = userEvent.setup();
      renderPage('/question-list?search=x');
      expect(await screen.findByText('Showing 50 (more to load)')).toBeInTheDocument();
      expect(screen.queryByText(/^Total Questions/)).toBeNull();
      await u.click(screen.getByRole('button', { name: 'Load more' }));
      expect(await screen.findByText('Total Questions: 51')).toBeInTheDocument();
    });

    it('a next page that fails keeps the rows and says so; Load more tries again', async () => {
      let fail = true;
      serve(() => many, undefined, 2);
      const inner = window.fetch;
      window.fetch = jest.fn((url: string, init: RequestInit) =>
        url.includes('cursor=') && fail
          ? Promise.resolve(fakeResponse(503, { message: 'Busy.' }))
          : inner(url, init),
      ) as unknown as typeof fetch;
      const u = userEvent.setup();
      renderPage();
      await loaded();
      await u.click(screen.getByRole('button', { name: 'Load more' }));
      expect(await screen.findByText(/Could not load more questions/)).toBeInTheDocument();
      expect(shownQids()).toEqual(['PG00', 'PG10']);
      fail = false;
      await u.click(screen.getByRole('button', { name: 'Load more' }));
      await waitFor(() => expect(shownQids()).toHaveLength(4));
    });
  });

  describe('Export Questions', () => {
    const { blobs, clicked } = captureDownloads({ href: () => 'blob:questions' });

    it('downloads questions_export_{YYYY-MM-DD}.json of the current filters', async () => {
      const file: QuestionsExport = {
        exportDate: '2025-03-01T10:00:00.000Z',
        totalQuestions: 1,
        filters: { course: 'TEAS Math', type: 'sata' },
        questions: [SATA],
      };
      // as the gateway writes it: the file's fields, then one question a line
      const streamed = `${JSON.stringify({ ...file, questions: [] }).slice(0, -2)}\n${JSON.stringify(SATA)}\n]}\n`;
      const { calls } = serve(
        () => [SATA],
        (call) =>
          call.url.startsWith('/api/questions/export')
            ? fakeResponse(200, streamed, { 'x-total-count': '1' })
            : undefined,
      );
      const u = userEvent.setup();
      renderPage('/question-list?course=TEAS+Math&type=sata');
      await loaded();
      await u.click(screen.getByRole('button', { name: 'Export Questions' }));
      expect(
        await screen.findByText('Successfully exported 1 questions to JSON file.'),
      ).toBeInTheDocument();
      expect(calls.find((c) => c.url.startsWith('/api/questions/export'))?.url).toBe(
        '/api/questions/export?course=TEAS+Math&type=sata',
      );
      expect(clicked).toEqual([
        { download: `questions_export_${localDate()}.json`, href: 'blob:questions' },
      ]);
      expect(clicked[0].download).toMatch(/^questions_export_\d{4}-\d{2}-\d{2}\.json$/);
      expect(blobs[0].type).toBe('application/json;charset=utf-8');
      const json = JSON.parse(await readBlob(blobs[0])) as QuestionsExport;
      expect(Object.keys(json)).toEqual(['exportDate', 'totalQuestions', 'filters', 'questions']);
      expect(json).toEqual(file);
    });

    it("says 'No questions to export.' when the list is empty, without a call", async () => {
      const { calls } = serve(() => []);
      const u = userEvent.setup();
      renderPage();
      await screen.findByText('No results found.');
      await u.click(screen.getByRole('button', { name: 'Export Questions' }));
      expect(await screen.findByText('No questions to export.')).toBeInTheDocument();
      expect(calls.some((c) => c.url.includes('/export'))).toBe(false);
      expect(clicked).toEqual([]);
    });

    it("says 'No questions to export.' when the server has none (404)", async () => {
      serve(
        () => ALL,
        (call) =>
          call.url.startsWith('/api/questions/export')
            ? fakeResponse(404, { code: 'NOT_FOUND', message: 'No questions to export.' })
            : undefined,
      );
      const u = userEvent.setup();
      renderPage();
      await loaded();
      await u.click(screen.getByRole('button', { name: 'Export Questions' }));
      expect(await screen.findByText('No questions to export.')).toBeInTheDocument();
      expect(clicked).toEqual([]);
    });
  });

  describe('Delete', () => {
    it("asks Yes/No, deletes, says 'Question deleted successfully.' and reloads the list", async () => {
      let rows = ALL;
      const { calls } = serve(
        () => rows,
        (call) => {
          if (call.method === 'DELETE' && call.url === '/api/questions/AB12') {
            rows = [BLANK];
            return fakeResponse(200, { deleted: true });
          }
          return undefined;
        },
      );
      const u = userEvent.setup();
      renderPage();
      await loaded();
      await u.click(screen.getByRole('button', { name: 'Delete AB12' }));
      let dialog = await screen.findByRole('dialog', { name: 'Delete Question' });
      expect(dialog).toHaveTextContent('Are you sure you want to delete question AB12?');
      await u.click(within(dialog).getByRole('button', { name: 'No' }));
      await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
      expect(calls.some((c) => c.method === 'DELETE')).toBe(false);

      await u.click(screen.getByRole('button', { name: 'Delete AB12' }));
      dialog = await screen.findByRole('dialog', { name: 'Delete Question' });
      await u.click(within(dialog).getByRole('button', { name: 'Yes' }));
      expect(await screen.findByText('Question deleted successfully.')).toBeInTheDocument();
      await waitFor(() => expect(shownQids()).toEqual(['CD34']));
      expect(screen.getByText('Total Questions: 1')).toBeInTheDocument();
    });

    it("says 'Failed to delete question.' with the reason and reloads", async () => {
      const { calls } = serve(
        () => ALL,
        (call) =>
          call.method === 'DELETE'
            ? fakeResponse(404, { code: 'NOT_FOUND', message: 'Question does not exist.' })
            : undefined,
      );
      const u = userEvent.setup();
      renderPage();
      await loaded();
      const before = listCalls(calls).length;
      await u.click(screen.getByRole('button', { name: 'Delete CD34' }));
      const dialog = await screen.findByRole('dialog', { name: 'Delete Question' });
      await u.click(within(dialog).getByRole('button', { name: 'Yes' }));
      const alert = await screen.findByRole('alert');
      expect(alert).toHaveTextContent('Failed to delete question.');
      expect(alert).toHaveTextContent('Question does not exist.');
      await waitFor(() => expect(listCalls(calls).length).toBeGreaterThan(before));
    });
  });

  it("shows 'Access Denied: Admins only.' to non-admins and loads nothing", async () => {
    const { calls } = serve();
    renderPage('/question-list', false);
    expect(await screen.findByRole('alert')).toHaveTextContent('Access Denied: Admins only.');
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
    expect(calls).toHaveLength(0);
  });
});
