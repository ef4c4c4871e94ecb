import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { fakeResponse, mockFetch } from '../../test-utils/mock-fetch';
import { currentLocation, renderApp } from '../../test-utils/render-app';
import { draftKey } from './practice-saver';
import { question, testView, TEST_ID } from './test-fixtures';

const practice = (over = {}) =>
  testView({
    mode: 'practice',
    questions: [question('q1', { type: 'blank', answerOrder: [] }), question('q2')],
    ...over,
  });

function setup(
  view = practice(),
  save: (body: unknown) => Response = () =>
    fakeResponse(200, {
      success: true,
      questionId: 'q1',
      savedAt: '2026-01-01T00:02:00.000Z',
      saved: true,
    }),
) {
  const mock = mockFetch((call) => {
    const key = `${call.method} ${call.url}`;
    if (key === `GET /api/tests/${TEST_ID}`) return fakeResponse(200, view);
    if (key === 'POST /api/save-practice-answer') return save(call.body);
    if (key === 'POST /api/submit-test') return fakeResponse(200, { success: true, test: {} });
    throw new Error(`unexpected ${key}`);
  });
  renderApp({ route: `/test/practice/${TEST_ID}` });
  return mock;
}

const saves = (calls: { url: string }[]) =>
  calls.filter((c) => c.url === '/api/save-practice-answer');

describe('PracticeTestPage (learner spec §4 Practice test)', () => {
  beforeEach(() => localStorage.clear());

  it('no Check; a typed answer is kept as a draft and saved on question change', async () => {
    const { calls } = setup();
    const input = await screen.findByRole('textbox', { name: 'Your answer' });
    expect(screen.queryByRole('button', { name: 'Check' })).not.toBeInTheDocument();
    await userEvent.type(input, '42');
    expect(localStorage.getItem(draftKey(TEST_ID, 'q1'))).toBe('"42"');
    await userEvent.click(screen.getByRole('button', { name: 'Next' }));
    await waitFor(() => expect(saves(calls)).toHaveLength(1));
    expect(saves(calls)[0]).toMatchObject({
      body: { testId: TEST_ID, questionId: 'q1', submittedAnswer: '42', questionType: 'blank' },
    });
    await waitFor(() => expect(localStorage.getItem(draftKey(TEST_ID, 'q1'))).toBeNull());
    expect(screen.getByRole('button', { name: 'Question 1: answered' })).toHaveAttribute(
      'data-marker',
      'blue',
    );
    await userEvent.click(screen.getByRole('button', { name: 'Question 1: answered' }));
    expect(
      await screen.findByText('Answer saved. You can still change your answer!'),
    ).toBeInTheDocument();
  });

  it('one wording of the rounding rule: shown under the answer only when the question does not say it already (issue 24 #10)', async () => {
    setup(
      practice({
        questions: [
          question('q1', {
            type: 'blank',
            answerOrder: [],
            question: 'Convert 154 lb to kg. Round to the nearest tenth.',
            rounding: { places: 1 },
          }),
          question('q2', {
            type: 'blank',
            answerOrder: [],
            question: 'An admin wrote this one without the rule.',
            rounding: { places: 1 },
          }),
        ],
      }),
    );
    await screen.findByRole('textbox', { name: 'Your answer' });
    expect(screen.getAllByText(/Round to/)).toHaveLength(1);
    expect(screen.queryByText(/decimal place/)).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Next' }));
    expect(await screen.findByText('Round to the nearest tenth.')).toBeInTheDocument();
  });

  it('restores a draft that differs from the saved answer on load', async () => {
    localStorage.setItem(draftKey(TEST_ID, 'q1'), JSON.stringify('17'));
    setup(
      practice({
        questions: [
          question('q1', { type: 'blank', answerOrder: [], submittedAnswer: '16', saved: true }),
        ],
      }),
    );
    expect(await screen.findByRole('textbox', { name: 'Your answer' })).toHaveValue('17');
  });

  it('a save that fails for the network keeps the answer on this device', async () => {
    const { calls } = setup(practice(), () => {
      throw new TypeError('Failed to fetch');
    });
    await userEvent.type(await screen.findByRole('textbox', { name: 'Your answer' }), '5');
    await userEvent.click(screen.getByRole('button', { name: 'Next' }));
    expect(await screen.findByTestId('answer-kept')).toHaveTextContent(
      'Your answer is kept on this device and will be saved when the connection returns.',
    );
    expect(saves(calls)).toHaveLength(1);
    expect(localStorage.getItem(draftKey(TEST_ID, 'q1'))).toBe('"5"');
  });

  it('offline: an answer kept on this device shows as answered (not saved yet) in the navigator, the counter and the submit counts (issue 24 #7)', async () => {
    const { calls } = setup(practice(), () => {
      throw new TypeError('Failed to fetch');
    });
    await userEvent.type(await screen.findByRole('textbox', { name: 'Your answer' }), '5');
    expect(screen.getByTestId('answered-count')).toHaveTextContent('Answered: 0 / 2');
    await userEvent.click(screen.getByRole('button', { name: 'Next' }));
    await screen.findByTestId('answer-kept', {});
    expect(saves(calls)).toHaveLength(1);
    const marker = screen.getByRole('button', { name: 'Question 1: answered (not saved yet)' });
    expect(marker).toHaveAttribute('data-marker', 'blue');
    expect(marker).toHaveAttribute('data-pending', 'true');
    expect(screen.getByTestId('answered-count')).toHaveTextContent(
      'Answered: 1 / 2 (1 not saved yet)',
    );
    await userEvent.click(screen.getByRole('button', { name: 'Submit Test' }));
    const dialog = await screen.findByRole('dialog', { name: 'Submit Your Test?' });
    expect(within(dialog).getByTestId('count-unanswered')).toHaveTextContent('1');
    expect(within(dialog).getByTestId('count-answered')).toHaveTextContent('1');
    expect(within(dialog).getByTestId('count-total')).toHaveTextContent('2');
  });

  it('offline: the last answer kept on this device completes the test: the banner and the confirmation (issue 24 #7)', async () => {
    setup(
      practice({
        questions: [
          question('q1', { type: 'blank', answerOrder: [] }),
          question('q2', { submittedAnswer: '4', saved: true }),
        ],
      }),
      () => {
        throw new TypeError('Failed to fetch');
      },
    );
    await userEvent.type(await screen.findByRole('textbox', { name: 'Your answer' }), '5');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Next' }));
    const dialog = await screen.findByRole('dialog', { name: 'Submit Your Test?' });
    expect(within(dialog).getByTestId('count-answered')).toHaveTextContent('2');
    expect(within(dialog).getByTestId('count-unanswered')).toHaveTextContent('0');
    expect(screen.getByText('You have answered all the questions!')).toBeInTheDocument();
  });

  it('reopened with every answer saved: the confirmation opens (learner spec §4; issue 24 #8)', async () => {
    setup(
      practice({
        questions: [
          question('q1', { type: 'blank', answerOrder: [], submittedAnswer: '16', saved: true }),
          question('q2', { submittedAnswer: '4', saved: true }),
        ],
      }),
    );
    const dialog = await screen.findByRole('dialog', { name: 'Submit Your Test?' });
    expect(within(dialog).getByTestId('count-answered')).toHaveTextContent('2');
    expect(screen.getByText('You have answered all the questions!')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Question 2 of 2' })).toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await userEvent.click(screen.getByRole('button', { name: /^Question 1: answered/ }));
    expect(
      within(screen.getByTestId('all-answered')).getByRole('button', { name: 'Submit Test' }),
    ).toBeEnabled();
  });

  it('reopens on the first question without an answer', async () => {
    setup(
      practice({
        questions: [
          question('q1', { type: 'blank', answerOrder: [], submittedAnswer: '16', saved: true }),
          question('q2'),
        ],
      }),
    );
    expect(await screen.findByRole('heading', { name: 'Question 2 of 2' })).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(screen.queryByTestId('all-answered')).not.toBeInTheDocument();
  });

  it('a draft restored on load counts as answered and is saved at once', async () => {
    localStorage.setItem(draftKey(TEST_ID, 'q1'), JSON.stringify('17'));
    const { calls } = setup();
    expect(await screen.findByRole('heading', { name: 'Question 2 of 2' })).toBeInTheDocument();
    await waitFor(() => expect(saves(calls)).toHaveLength(1));
    expect(saves(calls)[0]).toMatchObject({ body: { questionId: 'q1', submittedAnswer: '17' } });
    expect(await screen.findByRole('button', { name: 'Question 1: answered' })).toHaveAttribute(
      'data-marker',
      'blue',
    );
  });

  it('a TIME_UP answer to a save goes to /gradebook', async () => {
    setup(practice(), () => fakeResponse(409, { code: 'TIME_UP', message: 'Time is up.' }));
    await userEvent.type(await screen.findByRole('textbox', { name: 'Your answer' }), '5');
    await userEvent.click(screen.getByRole('button', { name: 'Next' }));
    await waitFor(() => expect(currentLocation()).toBe('/gradebook'));
  });

  it('submit: saves what is pending, submits, re-reads and goes to /gradebook', async () => {
    const { calls } = setup(practice({ questions: [question('q1')] }));
    await userEvent.click(await screen.findByRole('radio', { name: '4' }));
    await userEvent.click(screen.getByRole('button', { name: 'Submit Test' }));
    // the saved answer completes the test: the confirmation
    const dialog = await screen.findByRole('dialog', { name: 'Submit Your Test?' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Confirm' }));
    await waitFor(() => expect(currentLocation()).toBe('/gradebook'));
    const order = calls.map((c) => `${c.method} ${c.url}`);
    expect(order.indexOf('POST /api/save-practice-answer')).toBeLessThan(
      order.indexOf('POST /api/submit-test'),
    );
    expect(order.filter((c) => c === `GET /api/tests/${TEST_ID}`)).toHaveLength(2);
  });

  it('the timer counts down (role timer) and submits at zero', async () => {
    const endsAt = new Date(Date.now() + 1500).toISOString();
    const { calls } = setup(
      practice({ timer: { limitSeconds: 3420, startedAt: new Date().toISOString(), endsAt } }),
    );
    expect(await screen.findByRole('timer')).toHaveTextContent(/0:0[12]/);
    await act(async () => {
      await new Promise((r) => setTimeout(r, 2600));
    });
    await waitFor(() => expect(currentLocation()).toBe('/gradebook'));
    expect(calls.some((c) => c.url === '/api/submit-test')).toBe(true);
  });
});
