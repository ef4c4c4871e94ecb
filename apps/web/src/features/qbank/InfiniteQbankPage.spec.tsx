import {
  ANSWER_RULE_MESSAGES,
  type Course,
  type InfiniteCheckResult,
  type InfiniteCoursesResponse,
  type InfiniteQuestion,
  QBANK_MESSAGES,
} from '@examprep/contracts/types';
import { ANSWER_MESSAGES, MATH_ANSWER_MESSAGES } from '@examprep/validation';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { fakeResponse, mockFetch, type FetchCall } from '../../test-utils/mock-fetch';
import { currentLocation, fakeSession, renderApp } from '../../test-utils/render-app';
import InfiniteQbankPage from './InfiniteQbankPage';

const topic = (key: string, name: string, open = true) => ({
  key,
  name,
  hasGenerator: true,
  free: open,
  available: open,
});

const MED: Course = {
  id: 'med_dosage',
  name: 'Med Dosage',
  objectives: {
    '10': { name: 'Heparin', section: 'Unit 10', topics: [topic('md_heparin', 'Heparin')] },
    '2': {
      name: 'IV Calculations',
      section: 'Unit 2',
      topics: [topic('md_iv_flow_rate', 'IV flow rate'), topic('md_drip_rate', 'Drip rate', false)],
    },
  },
};
const TEAS: Course = {
  id: 'teas_math',
  name: 'TEAS Math',
  objectives: { '1': { name: 'Numbers', section: 'N1', topics: [topic('t_fr', 'Fractions')] } },
};

const single = (n: number, over: Partial<InfiniteQuestion> = {}): InfiniteQuestion => ({
  id: `md_iv_flow_rate~${n}`,
  topicKey: 'md_iv_flow_rate',
  seed: n,
  course: 'med_dosage',
  objective: '2',
  type: 'single',
  question: `Infuse ${n}00 mL over 4 hours. At what rate? Round to the nearest whole number.`,
  choices: ['25', `${n}25`, '50', '100'],
  rounding: { places: 0 },
  unit: 'mL/hr',
  pump: null,
  ...over,
});

const blank = (n: number): InfiniteQuestion =>
  single(n, {
    id: `md_drip_rate~${n}`,
    topicKey: 'md_drip_rate',
    type: 'blank',
    question: `Drip question ${n}: how many drops per minute?`,
    choices: [],
    unit: 'gtt/min',
  });

const RIGHT: InfiniteCheckResult = {
  correct: true,
  correctAnswer: ['125'],
  explanation: 'Rate is volume over time: \\[\\frac{500\\,\\text{mL}}{4\\,\\text{hr}} = 125\\]',
};

interface ServerOptions {
  courses?: () => Response;
  batches?: InfiniteQuestion[][];
  batch?: (call: FetchCall) => Response | undefined;
  check?: (call: FetchCall) => Response;
  viewMode?: 'admin' | 'learner';
}

/** The gateway's Infinite QBank routes; batches are served in order. */
function server(options: ServerOptions = {}) {
  let next = 0;
  let viewMode = options.viewMode ?? 'admin';
  return mockFetch((call) => {
    const path = call.url.split('?')[0];
    if (path === '/api/infiniteqbank/courses') {
      if (options.courses) return options.courses();
      const body: InfiniteCoursesResponse = { courses: [MED, TEAS], viewMode: null };
      return fakeResponse(200, body);
    }
    if (path === '/api/infiniteqbank/generate-batch') {
      const custom = options.batch?.(call);
      if (custom) return custom;
      const batches = options.batches ?? [[single(5), single(6)]];
      const questions = batches[Math.min(next, batches.length - 1)];
      next += 1;
      return fakeResponse(200, { questions });
    }
    if (path === '/api/infiniteqbank/check' && call.method === 'POST') {
      return options.check ? options.check(call) : fakeResponse(200, RIGHT);
    }
    if (path === '/api/infiniteqbank/admin/view-mode') return fakeResponse(200, { mode: viewMode });
    if (path === '/api/infiniteqbank/admin/set-view-mode') {
      viewMode = (call.body as { mode: 'admin' | 'learner' }).mode;
      return fakeResponse(200, { mode: viewMode });
    }
    return fakeResponse(404, { message: `unexpected ${call.method} ${call.url}` });
  });
}

function renderPage(route = '/infinite-qbank', isAdmin = false) {
  return renderApp({ route, session: fakeSession({ isAdmin }) }, <InfiniteQbankPage />);
}

const batchCalls = (calls: FetchCall[]) =>
  calls.filter((c) => c.url.startsWith('/api/infiniteqbank/generate-batch'));

async function start() {
  await userEvent.click(await screen.findByRole('button', { name: 'Start practising' }));
}

describe('/infinite-qbank', () => {
  it('is the lazy Infinite QBank page of the route table', async () => {
    server();
    renderApp({ route: '/infinite-qbank' });
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Infinite QBank' }),
    ).toBeInTheDocument();
    expect(document.title).toBe('Infinite QBank | TestPrep');
  });

  it('says the QBank has no open topics when no course is on offer', async () => {
    server({ courses: () => fakeResponse(200, { courses: [], viewMode: null }) });
    renderPage();
    expect(
      await screen.findByText(
        'The Infinite QBank has no topics open right now. Please check back soon.',
      ),
    ).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Start practising' })).not.toBeInTheDocument();
  });

  it('shows a failed course list with Try Again, which reloads', async () => {
    let fail = true;
    server({
      courses: () =>
        fail
          ? fakeResponse(503, { message: 'The question bank service is not available.' })
          : fakeResponse(200, { courses: [MED], viewMode: null }),
    });
    renderPage();
    expect(await screen.findByText('The Infinite QBank could not be loaded.')).toBeInTheDocument();
    expect(screen.getByText('The question bank service is not available.')).toBeInTheDocument();
    fail = false;
    await userEvent.click(screen.getByRole('button', { name: 'Try Again' }));
    expect(await screen.findByLabelText('Course')).toHaveValue('med_dosage');
  });

  it("lists objectives in numeric order as '{section} - {name}' and topics with 'All topics of this objective'", async () => {
    server();
    renderPage();
    const objective = await screen.findByLabelText('Objective');
    expect(
      within(objective)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['Unit 2 - IV Calculations', 'Unit 10 - Heparin']);
    expect(
      within(screen.getByLabelText('Topic'))
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['All topics of this objective', 'IV flow rate', 'Drip rate']);
    expect(screen.getByLabelText('Questions per batch')).toHaveValue('5');
  });

  it('keeps the choices in the URL and reads them back (reload, bookmark)', async () => {
    server();
    renderPage();
    await userEvent.selectOptions(await screen.findByLabelText('Topic'), 'md_drip_rate');
    await userEvent.selectOptions(screen.getByLabelText('Questions per batch'), '10');
    expect(currentLocation()).toBe(
      '/infinite-qbank?course=med_dosage&objective=2&topic=md_drip_rate&count=10',
    );
    // A new course starts at its first objective with all topics; the batch size stays.
    await userEvent.selectOptions(screen.getByLabelText('Course'), 'teas_math');
    expect(currentLocation()).toBe('/infinite-qbank?course=teas_math&count=10');
    expect(screen.getByLabelText('Objective')).toHaveValue('1');
    expect(screen.getByLabelText('Topic')).toHaveValue('');
  });

  it('starts from the URL choices and says so when a linked topic is not open', async () => {
    server();
    renderPage('/infinite-qbank?course=med_dosage&objective=10&topic=md_heparin');
    expect(await screen.findByLabelText('Objective')).toHaveValue('10');
    expect(screen.getByLabelText('Topic')).toHaveValue('md_heparin');
    expect(screen.queryByText(/not available right now/)).not.toBeInTheDocument();
  });

  it('falls back to all topics for a topic that is not on offer, with a notice', async () => {
    server();
    renderPage('/infinite-qbank?course=med_dosage&objective=2&topic=md_gone');
    expect(await screen.findByLabelText('Topic')).toHaveValue('');
    expect(screen.getByText(/in this link is not available right now/)).toBeInTheDocument();
  });

  it('fetches a batch with the chosen course, objective, topic and count, then shows one question at a time', async () => {
    const { calls } = server();
    renderPage('/infinite-qbank?course=med_dosage&objective=2&topic=md_iv_flow_rate');
    await start();
    expect(await screen.findByRole('heading', { name: 'Question 1 of 2' })).toHaveFocus();
    expect(batchCalls(calls).map((c) => c.url)).toEqual([
      '/api/infiniteqbank/generate-batch?course=med_dosage&objective=2&count=5&topic=md_iv_flow_rate',
    ]);
    expect(batchCalls(calls)[0].headers.Authorization).toBe('Bearer test-token');
    expect(screen.getAllByRole('article')).toHaveLength(1);
    expect(screen.getByText(/Infuse 500 mL over 4 hours/)).toBeInTheDocument();
    expect(screen.queryByText(/Infuse 600 mL/)).not.toBeInTheDocument();
    expect(screen.getByText('Topic: IV flow rate')).toBeInTheDocument();
    // Units follow the choices; nothing of the answer is on the page yet.
    expect(screen.getByRole('radio', { name: '525 mL/hr' })).toBeInTheDocument();
    expect(screen.queryByText('Explanation')).not.toBeInTheDocument();
  });

  it('asks for mixed topics (no topic) when All topics is chosen', async () => {
    const { calls } = server();
    renderPage('/infinite-qbank?course=med_dosage&objective=2&count=3');
    await start();
    await screen.findByRole('heading', { name: 'Question 1 of 2' });
    expect(batchCalls(calls)[0].url).toBe(
      '/api/infiniteqbank/generate-batch?course=med_dosage&objective=2&count=3',
    );
  });

  it("shows 'Generating questions…' while the batch is made", async () => {
    let release: (r: Response) => void = () => undefined;
    const pending = new Promise<Response>((resolve) => (release = resolve));
    mockFetch((call) => {
      if (call.url.startsWith('/api/infiniteqbank/generate-batch')) return pending;
      return fakeResponse(200, { courses: [MED], viewMode: null });
    });
    renderPage();
    await start();
    expect(screen.getByRole('status')).toHaveTextContent('Generating questions…');
    release(fakeResponse(200, { questions: [single(5)] }));
    expect(await screen.findByRole('heading', { name: 'Question 1 of 1' })).toBeInTheDocument();
  });

  it("prefixes a failed batch with 'Woah there... ' and the server's message, with Try Again", async () => {
    let fail = true;
    const { calls } = server({
      batch: () =>
        fail ? fakeResponse(403, { message: QBANK_MESSAGES.topicUnavailable }) : undefined,
    });
    renderPage('/infinite-qbank?course=med_dosage&objective=2&topic=md_iv_flow_rate');
    await start();
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Woah there... This topic is not available right now.',
    );
    fail = false;
    await userEvent.click(screen.getByRole('button', { name: 'Try Again' }));
    expect(await screen.findByRole('heading', { name: 'Question 1 of 2' })).toBeInTheDocument();
    expect(batchCalls(calls)).toHaveLength(2);
    expect(screen.queryByText(/Woah there/)).not.toBeInTheDocument();
  });

  it('checks a choice, shows the verdict, the correct answer and the KaTeX explanation, then Next', async () => {
    const { calls } = server();
    renderPage();
    await start();
    await screen.findByRole('heading', { name: 'Question 1 of 2' });
    await userEvent.click(screen.getByRole('button', { name: 'Check Answer' }));
    expect(screen.getByText('Please select an answer before submitting!')).toBeInTheDocument();
    expect(calls.filter((c) => c.url === '/api/infiniteqbank/check')).toHaveLength(0);

    await userEvent.click(screen.getByRole('radio', { name: '525 mL/hr' }));
    await userEvent.click(screen.getByRole('button', { name: 'Check Answer' }));
    const result = await screen.findByTestId('qbank-result');
    expect(result).toHaveTextContent('Correct!');
    expect(result).toHaveTextContent('Correct answer: 125 mL/hr');
    expect(result).toHaveFocus();
    expect(calls.find((c) => c.url === '/api/infiniteqbank/check')?.body).toEqual({
      id: 'md_iv_flow_rate~5',
      answer: ['525'],
    });
    const explanation = screen.getByRole('region', { name: 'Explanation' });
    expect(explanation.querySelector('.katex')).not.toBeNull();
    expect(explanation).toHaveTextContent('Rate is volume over time');
    // The choice is locked once checked.
    expect(screen.getByRole('radio', { name: /525 mL\/hr/ })).toBeDisabled();
    expect(screen.getByTestId('qbank-score')).toHaveTextContent('Score: 1 of 1 correct');
    expect(screen.queryByRole('button', { name: 'Check Answer' })).not.toBeInTheDocument();

    // Tab from the result lands on Next.
    await userEvent.tab();
    expect(screen.getByRole('button', { name: 'Next question' })).toHaveFocus();
    await userEvent.keyboard('{Enter}');
    expect(await screen.findByRole('heading', { name: 'Question 2 of 2' })).toHaveFocus();
    expect(screen.getByText(/Infuse 600 mL/)).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Explanation' })).not.toBeInTheDocument();
  });

  it('marks a wrong choice and the correct one', async () => {
    server({
      check: () =>
        fakeResponse(200, { correct: false, correctAnswer: ['125'], explanation: 'Because.' }),
      batches: [[single(5, { choices: ['25', '125', '50'] })]],
    });
    renderPage();
    await start();
    await userEvent.click(await screen.findByRole('radio', { name: '50 mL/hr' }));
    await userEvent.click(screen.getByRole('button', { name: 'Check Answer' }));
    expect(await screen.findByTestId('qbank-result')).toHaveTextContent('Incorrect.');
    expect(screen.getByRole('radio', { name: /125 mL\/hr Correct answer/ })).toBeInTheDocument();
    expect(screen.getByRole('radio', { name: /50 mL\/hr Your answer/ })).toBeChecked();
    expect(screen.getByTestId('qbank-score')).toHaveTextContent('Score: 0 of 1 correct');
  });

  it('takes a typed answer with its unit, validates it in the browser and submits it with Enter', async () => {
    const { calls } = server({
      batches: [[blank(7)]],
      check: () =>
        fakeResponse(200, { correct: false, correctAnswer: ['42'], explanation: '\\(x = 42\\)' }),
    });
    renderPage();
    await start();
    const input = await screen.findByLabelText('Your answer (gtt/min)');
    expect(screen.getByText('gtt/min')).toBeInTheDocument();

    await userEvent.type(input, '{Enter}');
    expect(input).toHaveAccessibleDescription(ANSWER_MESSAGES.answerRequired);

    await userEvent.type(input, '4$');
    expect(input).toHaveAccessibleDescription(MATH_ANSWER_MESSAGES.invalidCharacters);
    expect(input).toBeInvalid();
    expect(screen.getByRole('button', { name: 'Check Answer' })).toBeDisabled();
    await userEvent.type(input, '{Enter}');
    expect(calls.filter((c) => c.url === '/api/infiniteqbank/check')).toHaveLength(0);

    await userEvent.clear(input);
    await userEvent.type(input, '<script>{Enter}');
    expect(input).toHaveAccessibleDescription(MATH_ANSWER_MESSAGES.security);

    await userEvent.clear(input);
    await userEvent.type(input, ' 41.5 {Enter}');
    expect(await screen.findByTestId('qbank-result')).toHaveTextContent(
      'Incorrect.Correct answer: 42 gtt/min',
    );
    expect(calls.find((c) => c.url === '/api/infiniteqbank/check')?.body).toEqual({
      id: 'md_drip_rate~7',
      answer: ['41.5'],
    });
    expect(input).toBeDisabled();
    expect(input).toHaveValue(' 41.5 ');
  });

  it("shows the answer rules' feedback under the verdict ('.7': the leading-zero rule)", async () => {
    server({
      batches: [[blank(8)]],
      check: () =>
        fakeResponse(200, {
          correct: false,
          correctAnswer: ['0.7'],
          explanation: '\\(x = 0.7\\)',
          feedback: ANSWER_RULE_MESSAGES.leadingZero,
        }),
    });
    renderPage();
    await start();
    await userEvent.type(await screen.findByLabelText('Your answer (gtt/min)'), '.7{Enter}');
    expect(await screen.findByTestId('qbank-feedback')).toHaveTextContent(
      ANSWER_RULE_MESSAGES.leadingZero,
    );
    expect(screen.getByTestId('qbank-result')).toHaveTextContent(
      /^Incorrect\.Write a zero before the decimal point.*Correct answer: 0\.7 gtt\/min$/,
    );
  });

  it("shows the server's message when a check fails, keeps the answer and checks again", async () => {
    let fail = true;
    const { calls } = server({
      batches: [[blank(8)]],
      check: () =>
        fail
          ? fakeResponse(400, {
              message: 'Please enter valid mathematical expressions only.',
              fields: { answer: ['x'] },
            })
          : fakeResponse(200, RIGHT),
    });
    renderPage();
    await start();
    const input = await screen.findByLabelText(/Your answer/);
    await userEvent.type(input, '125');
    await userEvent.click(screen.getByRole('button', { name: 'Check Answer' }));
    expect(
      await screen.findByText('Please enter valid mathematical expressions only.'),
    ).toBeInTheDocument();
    expect(input).toHaveValue('125');
    expect(input).toBeEnabled();
    fail = false;
    await userEvent.click(screen.getByRole('button', { name: 'Check Answer' }));
    expect(await screen.findByTestId('qbank-result')).toHaveTextContent('Correct!');
    expect(calls.filter((c) => c.url === '/api/infiniteqbank/check')).toHaveLength(2);
  });

  it('offers Get more questions at the end of a batch: same choices, score kept, endlessly', async () => {
    const { calls } = server({ batches: [[single(5)], [single(9), single(10)]] });
    renderPage('/infinite-qbank?course=med_dosage&objective=2&topic=md_iv_flow_rate&count=7');
    await start();
    await userEvent.click(await screen.findByRole('radio', { name: '525 mL/hr' }));
    await userEvent.click(screen.getByRole('button', { name: 'Check Answer' }));
    expect(await screen.findByText(/Batch finished: 1 of 1 correct/)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Next question' })).not.toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: 'Get more questions' }));
    expect(await screen.findByRole('heading', { name: 'Question 1 of 2' })).toBeInTheDocument();
    expect(screen.getByText(/Infuse 900 mL/)).toBeInTheDocument();
    expect(screen.getByText('Batch 2')).toBeInTheDocument();
    expect(screen.getByTestId('qbank-score')).toHaveTextContent('Score: 1 of 1 correct');
    const urls = batchCalls(calls).map((c) => c.url);
    expect(urls).toHaveLength(2);
    expect(urls[1]).toBe(urls[0]);
    expect(urls[0]).toContain('count=7');
  });

  it('ends the run shown when the choices change', async () => {
    server();
    renderPage();
    await start();
    await screen.findByRole('heading', { name: 'Question 1 of 2' });
    // while practising the choices fold into one line; Change opens them
    expect(screen.getByTestId('qbank-practising')).toHaveTextContent('Practising:');
    expect(screen.queryByLabelText('Objective')).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Change' }));
    await userEvent.selectOptions(screen.getByLabelText('Objective'), '10');
    expect(screen.queryByRole('article')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Start practising' })).toBeInTheDocument();
  });

  it('gives learners no view toggle', async () => {
    const { calls } = server();
    renderPage();
    await screen.findByLabelText('Course');
    expect(screen.queryByText('View as:')).not.toBeInTheDocument();
    expect(calls.some((c) => c.url.includes('/admin/'))).toBe(false);
  });

  describe('admins', () => {
    it("switch 'View as: Admin | Learner', which reloads the course list", async () => {
      let coursesCalls = 0;
      const { calls } = server({
        courses: () => {
          coursesCalls += 1;
          return fakeResponse(200, {
            courses: coursesCalls === 1 ? [MED, TEAS] : [TEAS],
            viewMode: coursesCalls === 1 ? 'admin' : 'learner',
          });
        },
      });
      renderPage('/infinite-qbank', true);
      const group = await screen.findByRole('group', { name: 'View as:' });
      const admin = within(group).getByRole('radio', { name: 'Admin' });
      await waitFor(() => expect(admin).toBeChecked());
      expect(calls.some((c) => c.url === '/api/infiniteqbank/admin/view-mode')).toBe(true);

      await userEvent.click(within(group).getByRole('radio', { name: 'Learner' }));
      await waitFor(() =>
        expect(within(group).getByRole('radio', { name: 'Learner' })).toBeChecked(),
      );
      expect(calls.find((c) => c.url === '/api/infiniteqbank/admin/set-view-mode')?.body).toEqual({
        mode: 'learner',
      });
      await waitFor(() => expect(screen.getByLabelText('Course')).toHaveValue('teas_math'));
      expect(coursesCalls).toBe(2);
      expect(screen.getByText(/Learner view/)).toBeInTheDocument();
    });

    it('see which topics are not open to learners yet', async () => {
      server({ courses: () => fakeResponse(200, { courses: [MED], viewMode: 'admin' }) });
      renderPage('/infinite-qbank?course=med_dosage&objective=2&topic=md_drip_rate', true);
      const topicSelect = await screen.findByLabelText(/^Topic/);
      expect(topicSelect).toHaveAccessibleDescription('1 topic here is not open to learners yet');
      expect(
        within(topicSelect).getByRole('option', { name: 'Drip rate (not open to learners)' }),
      ).toBeInTheDocument();
      expect(screen.getAllByText('Not open to learners').length).toBeGreaterThan(0);
    });

    it('see no marks in the learner view', async () => {
      server({
        courses: () => fakeResponse(200, { courses: [MED], viewMode: 'learner' }),
        viewMode: 'learner',
      });
      renderPage('/infinite-qbank?course=med_dosage&objective=2', true);
      await screen.findByLabelText(/^Topic/);
      expect(screen.queryByText(/not open to learners/i)).not.toBeInTheDocument();
    });
  });
});
