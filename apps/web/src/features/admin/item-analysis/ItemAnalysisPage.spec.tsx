import type {
  InfiniteCoursesResponse,
  ItemErrorRates,
  ItemStatsDetail,
  ItemStatsRow,
  QuestionFacets,
} from '@examprep/contracts/types';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { fakeResponse, mockFetch, type FetchCall } from '../../../test-utils/mock-fetch';
import { currentLocation, fakeSession, renderApp } from '../../../test-utils/render-app';
import { nextOrder, viewFromParams, viewToParams } from './item-analysis-params';
import ItemAnalysisPage from './ItemAnalysisPage';

const row = (qid: string, over: Partial<ItemStatsRow> = {}): ItemStatsRow => ({
  qid,
  course: 'TEAS Math',
  objective: '1.1',
  topic: 'teas_percents',
  stem: `Stem of ${qid}`,
  n: 40,
  correct: 10,
  facility: 0.25,
  sd: 0.44,
  discrimination: 0.31,
  pointBiserial: 0.4,
  flagged: 2,
  flagRate: 0.05,
  medianSeconds: 42,
  lastAt: '2026-03-01T10:00:00.000Z',
  ...over,
});
const ROWS = [
  row('AB12'),
  row('CD34', { discrimination: -0.2, facility: 0.9, medianSeconds: null }),
];
const FACETS: QuestionFacets = { courses: ['TEAS Math'], objectives: { 'TEAS Math': ['1.1'] } };
const RATES: ItemErrorRates = {
  topics: [
    {
      kind: 'topic',
      course: 'TEAS Math',
      objective: '1.1',
      name: 'teas_percents',
      n: 80,
      errors: 60,
      rate: 0.75,
    },
  ],
  misconceptions: [],
};
/** The catalogue that names the generator topics (an admin sees every topic). */
const COURSES: InfiniteCoursesResponse = {
  viewMode: 'admin',
  courses: [
    {
      id: 'teas_math',
      name: 'TEAS Math',
      objectives: {
        '1': {
          name: '1.1',
          section: 'Numbers',
          topics: [
            {
              key: 'teas_percents',
              name: 'Percents',
              hasGenerator: true,
              free: true,
              available: true,
            },
          ],
        },
      },
    },
  ],
};
const DETAIL: ItemStatsDetail = {
  row: ROWS[0]!,
  responses: [
    { key: 'ha', label: '25%', correct: true, misconception: null, count: 10, share: 0.25 },
    {
      key: 'hb',
      label: '2.5%',
      correct: false,
      misconception: 'moved the decimal point',
      count: 28,
      share: 0.7,
    },
    { key: 'none', label: 'No answer', correct: false, misconception: null, count: 2, share: 0.05 },
  ],
  timeHistogram: [
    { label: '≤10 s', count: 0 },
    { label: '≤60 s', count: 38 },
  ],
  unanswered: 2,
};

function serve(list: (p: URLSearchParams) => Response = () => fakeResponse(200, { items: ROWS })) {
  return mockFetch((call: FetchCall) => {
    const url = new URL(call.url, 'http://x');
    if (url.pathname === '/api/questions/facets') return fakeResponse(200, FACETS);
    if (url.pathname === '/api/infiniteqbank/courses') return fakeResponse(200, COURSES);
    if (url.pathname === '/api/admin/item-analysis') return list(url.searchParams);
    if (url.pathname === '/api/admin/item-analysis/error-rates') return fakeResponse(200, RATES);
    if (url.pathname === '/api/admin/item-analysis/questions/AB12')
      return fakeResponse(200, DETAIL);
    return fakeResponse(500, { message: 'unexpected call' });
  });
}

const renderPage = (route = '/item-analysis', isAdmin = true) =>
  renderApp({ route, session: fakeSession({ isAdmin }) }, <ItemAnalysisPage />);

describe('/item-analysis', () => {
  it('shows the statistics as rows, a sortable table and the error rates', async () => {
    const { calls } = serve();
    renderPage();
    expect(screen.getByRole('heading', { level: 1, name: 'Item Analysis' })).toBeInTheDocument();
    expect(await screen.findByText('Stem of AB12')).toBeInTheDocument();
    const table = screen.getByTestId('item-stats-table');
    const cd = within(table).getByText('CD34').closest('tr')!;
    expect(
      within(cd)
        .getAllByRole('cell')
        .map((c) => c.textContent),
    ).toEqual(expect.arrayContaining(['90%', '-0.20', '—']));
    expect(within(table).getByRole('columnheader', { name: /Facility/ })).toHaveAttribute(
      'aria-sort',
      'ascending',
    );
    // a topic by its catalogue name, not its key
    await waitFor(() => expect(screen.getByTestId('topic-rates')).toHaveTextContent('Percents'));
    expect(screen.getByTestId('topic-rates')).not.toHaveTextContent('teas_percents');
    expect(screen.getByTestId('topic-rates')).toHaveTextContent('75%');
    expect(calls.find((c) => c.url.startsWith('/api/admin/item-analysis?'))?.url).toContain(
      'sort=facility',
    );
  });

  it('a heading sorts (again: reversed), the course filter goes to the URL and the request', async () => {
    const { calls } = serve();
    renderPage();
    await screen.findByText('Stem of AB12');
    await userEvent.click(screen.getByRole('button', { name: 'Sort by Discrimination' }));
    await waitFor(() => expect(currentLocation()).toBe('/item-analysis?sort=discrimination'));
    await userEvent.click(screen.getByRole('button', { name: 'Sort by Discrimination' }));
    await waitFor(() =>
      expect(currentLocation()).toBe('/item-analysis?sort=discrimination&dir=desc'),
    );
    await userEvent.selectOptions(await screen.findByLabelText('Course'), 'TEAS Math');
    await waitFor(() =>
      expect(calls.some((c) => /course=TEAS\+Math.*sort=discrimination&dir=desc/.test(c.url))).toBe(
        true,
      ),
    );
  });

  it('details: the options with their misconception and counts, the time table', async () => {
    serve();
    renderPage('/item-analysis?q=AB12');
    const card = await screen.findByTestId('question-stats');
    const responses = await within(card).findByTestId('responses-table');
    expect(
      within(responses)
        .getAllByRole('row')
        .map((r) => r.textContent),
    ).toEqual([
      'OptionChosenShareMisconception',
      '25% (correct)1025%',
      '2.5%2870%moved the decimal point',
      'No answer25%',
    ]);
    expect(within(card).getByText('≤60 s')).toBeInTheDocument();
    await userEvent.click(within(card).getByRole('button', { name: 'Close details' }));
    await waitFor(() => expect(currentLocation()).toBe('/item-analysis'));
  });

  it('an error with its retry, then the empty state', async () => {
    let fail = true;
    serve(() =>
      fail
        ? fakeResponse(503, { message: 'Service unavailable' })
        : fakeResponse(200, { items: [] }),
    );
    renderPage();
    expect(await screen.findByText('Failed to load the item statistics.')).toBeInTheDocument();
    fail = false;
    await userEvent.click(screen.getAllByRole('button', { name: 'Try Again' })[0]!);
    expect(
      await screen.findByText('No graded tests have been analysed for these filters yet.'),
    ).toBeInTheDocument();
  });

  it('a learner sees Access Denied', () => {
    serve();
    renderPage('/item-analysis', false);
    expect(screen.getByRole('alert')).toHaveTextContent('Access Denied');
  });
});

describe('the view in the URL', () => {
  it('reads and writes filters and order; an objective needs its course; bad values are the defaults', () => {
    const v = viewFromParams(new URLSearchParams('course=C&objective=O&sort=n&dir=desc&q=AB12'));
    expect(v).toEqual({ course: 'C', objective: 'O', sort: 'n', dir: 'desc', qid: 'AB12' });
    expect(viewToParams(v).toString()).toBe('course=C&objective=O&sort=n&dir=desc&q=AB12');
    expect(viewFromParams(new URLSearchParams('objective=O&sort=nope&dir=up'))).toEqual({
      course: undefined,
      objective: undefined,
      sort: 'facility',
      dir: 'asc',
      qid: undefined,
    });
    expect(nextOrder({ sort: 'n', dir: 'asc' }, 'n')).toEqual({ sort: 'n', dir: 'desc' });
    expect(nextOrder({ sort: 'n', dir: 'desc' }, 'facility')).toEqual({
      sort: 'facility',
      dir: 'asc',
    });
  });
});
