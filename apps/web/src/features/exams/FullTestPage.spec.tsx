import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ANSWER_RULE_MESSAGES } from '@examprep/contracts/types';
import { fakeResponse, mockFetch } from '../../test-utils/mock-fetch';
import { currentLocation, renderApp } from '../../test-utils/render-app';
import { question, testView, TEST_ID } from './test-fixtures';

const revealed = {
  correctAnswer: ['4'],
  explanation: 'Add: 2 + 2 = 4.',
  explanationImage: 'Images/AB12-exp.png',
  video: 'VideoSolutions/AB12-vid.mp4',
  gradedAt: '2026-01-01T00:01:00.000Z',
  gradedBy: 'system',
  misconception: 'you multiplied instead of adding',
};

function setup(view = testView(), routes: Record<string, (body: unknown) => Response> = {}) {
  const mock = mockFetch((call) => {
    const key = `${call.method} ${call.url}`;
    if (key === `GET /api/tests/${TEST_ID}`) return fakeResponse(200, view);
    const handler = routes[key];
    if (!handler) throw new Error(`unexpected ${key}`);
    return handler(call.body);
  });
  renderApp({ route: `/test/full/${TEST_ID}` });
  return mock;
}

describe('FullTestPage (learner spec §2 Test screens, §4 Full test)', () => {
  it('header, navigator with named markers, the question; first-question hint', async () => {
    setup();
    expect(
      await screen.findByRole('heading', { level: 1, name: 'TEAS Math Sample QBank' }),
    ).toBeInTheDocument();
    expect(screen.getByText('Answer each question, then Check.')).toBeInTheDocument();
    const nav = screen.getByRole('navigation', { name: 'Questions' });
    expect(
      within(nav).getByRole('button', { name: 'Question 1: not answered (current)' }),
    ).toHaveAttribute('data-marker', 'black');
    expect(screen.getByRole('heading', { name: 'Question 1 of 2' })).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Previous' }));
    expect(screen.getByText('This is the first question')).toBeInTheDocument();
  });

  it('the question image comes through a signed URL; a refused one shows a short text, not a broken image', async () => {
    const view = testView({
      questions: [
        question('q1', { questionImage: 'Images/AB12-que.png' }),
        question('q2', { questionImage: 'Images/CD34-que.png' }),
      ],
    });
    setup(view, {
      'GET /api/getSignedUrl?path=Images%2FAB12-que.png': () =>
        fakeResponse(200, { signedUrl: 'https://s3.test/que', expiresAt: '2999-01-01T00:00:00Z' }),
      'GET /api/getSignedUrl?path=Images%2FCD34-que.png': () =>
        fakeResponse(403, { code: 'FORBIDDEN', message: 'You do not have access to this file.' }),
    });
    const img = await screen.findByRole('img', { name: 'Figure for question 1' });
    expect(img).toHaveAttribute('src', 'https://s3.test/que');
    expect(img).toHaveStyle({ maxHeight: '300px' });
    await userEvent.click(screen.getByRole('button', { name: 'Next' }));
    expect(await screen.findByText('The image could not be loaded.')).toBeInTheDocument();
    expect(screen.queryByRole('img', { name: 'Figure for question 2' })).not.toBeInTheDocument();
  });

  it("Check without an answer: 'Please enter an answer before submitting!'", async () => {
    const { calls } = setup();
    await userEvent.click(await screen.findByRole('button', { name: 'Check' }));
    expect(screen.getByRole('alert')).toHaveTextContent(
      'Please enter an answer before submitting!',
    );
    expect(calls.filter((c) => c.method === 'POST')).toHaveLength(0);
  });

  it('Check locks the answer and shows verdict, explanation with its image and video, and the misconception; the marker turns red', async () => {
    const signed = (path: string) => () =>
      fakeResponse(200, {
        signedUrl: `https://s3.test/${path}`,
        expiresAt: '2999-01-01T00:00:00Z',
      });
    const { calls } = setup(testView(), {
      'POST /api/submit-quiz-answer': () =>
        fakeResponse(200, { success: true, isCorrect: false, updatedQuestion: revealed }),
      'GET /api/getSignedUrl?path=Images%2FAB12-exp.png': signed('exp'),
      'GET /api/getSignedUrl?path=VideoSolutions%2FAB12-vid.mp4': signed('vid'),
    });
    expect(await screen.findByRole('heading', { name: 'Question 1 of 2' })).toBeInTheDocument();
    // before the check: no request for the explanation's media
    expect(calls.some((c) => c.url.startsWith('/api/getSignedUrl'))).toBe(false);
    await userEvent.click(await screen.findByRole('radio', { name: '5' }));
    await userEvent.click(screen.getByRole('button', { name: 'Check' }));
    expect(
      await screen.findByText('Why this answer is tempting: you multiplied instead of adding'),
    ).toBeInTheDocument();
    expect(screen.getByText('Add: 2 + 2 = 4.')).toBeInTheDocument();
    expect(await screen.findByRole('img', { name: 'Explanation figure' })).toHaveAttribute(
      'src',
      'https://s3.test/exp',
    );
    const video = await waitFor(() => {
      const v = document.querySelector('video');
      if (!v) throw new Error('no video yet');
      return v;
    });
    expect(video).toHaveAttribute('src', 'https://s3.test/vid');
    expect(video).toHaveAttribute('controls');
    expect(video).toHaveAttribute('preload', 'metadata');
    expect(video).toHaveAccessibleName('Video explanation');
    expect(screen.getByRole('radio', { name: /5/ })).toBeDisabled();
    expect(screen.queryByRole('button', { name: 'Check' })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Question 1: incorrect (current)' })).toHaveAttribute(
      'data-marker',
      'red',
    );
    expect(calls.find((c) => c.method === 'POST')!.body).toEqual({
      testId: TEST_ID,
      questionId: 'q1',
      submittedAnswer: '5',
      questionType: 'single',
      validChoices: ['3', '4', '5'],
    });
  });

  it("a typed '.7' checked under the answer rules: incorrect, and the feedback names the leading-zero rule under the verdict", async () => {
    const { calls } = setup(
      testView({ questions: [question('q2', { type: 'blank', answerOrder: [] }), question('q3')] }),
      {
        'POST /api/submit-quiz-answer': () =>
          fakeResponse(200, {
            success: true,
            isCorrect: false,
            updatedQuestion: {
              ...revealed,
              correctAnswer: ['0.7'],
              explanationImage: null,
              video: null,
              misconception: null,
              feedback: ANSWER_RULE_MESSAGES.leadingZero,
            },
          }),
      },
    );
    await userEvent.type(await screen.findByRole('textbox', { name: 'Your answer' }), '.7');
    await userEvent.click(screen.getByRole('button', { name: 'Check' }));
    const feedback = await screen.findByTestId('test-feedback');
    expect(feedback).toHaveTextContent(
      'Write a zero before the decimal point (0.7, not .7). Without it, .7 is easily misread as 7, a tenfold dose error, so this answer is marked incorrect.',
    );
    expect(screen.getByTestId('test-reveal')).toHaveTextContent(
      /^IncorrectWrite a zero before the decimal point.*Correct answer: 0\.7/,
    );
    expect(calls.find((c) => c.method === 'POST')!.body).toMatchObject({ submittedAnswer: '.7' });
  });

  it('a typed answer is validated as you type: invalid disables Check and navigation with the reason', async () => {
    setup(
      testView({ questions: [question('q2', { type: 'blank', answerOrder: [] }), question('q3')] }),
    );
    await userEvent.type(await screen.findByRole('textbox', { name: 'Your answer' }), '12 #');
    expect(
      screen.getByText(
        'Please enter valid mathematical expressions only. Letters, numbers, and math symbols are allowed.',
      ),
    ).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Check' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Next' })).toBeDisabled();
    expect(
      screen.getByText('Navigation is disabled due to invalid input. Please adjust to proceed.'),
    ).toBeInTheDocument();
  });

  it('Next becomes Submit Test on the last question; the dialog counts; success → /gradebook', async () => {
    const { calls } = setup(testView({ questions: [question('q1'), question('q2')] }), {
      'POST /api/submit-test': () => fakeResponse(200, { success: true, test: {} }),
    });
    await userEvent.click(await screen.findByRole('button', { name: 'Next' }));
    expect(screen.queryByRole('button', { name: 'Next' })).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Submit Test' }));
    const dialog = await screen.findByRole('dialog', { name: 'Submit Your Test?' });
    expect(within(dialog).getByTestId('count-unanswered')).toHaveTextContent('2');
    expect(within(dialog).getByTestId('count-answered')).toHaveTextContent('0');
    expect(within(dialog).getByTestId('count-total')).toHaveTextContent('2');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Confirm' }));
    await waitFor(() => expect(currentLocation()).toBe('/gradebook'));
    expect(calls.find((c) => c.url === '/api/submit-test')!.body).toEqual({ testId: TEST_ID });
  });

  it('when the last check completes the test: the green banner and the confirmation open', async () => {
    setup(testView({ questions: [question('q1')] }), {
      'POST /api/submit-quiz-answer': () =>
        fakeResponse(200, { success: true, isCorrect: true, updatedQuestion: revealed }),
    });
    await userEvent.click(await screen.findByRole('radio', { name: '4' }));
    await userEvent.click(screen.getByRole('button', { name: 'Check' }));
    expect(await screen.findByText('You have answered all the questions!')).toBeInTheDocument();
    expect(await screen.findByRole('dialog', { name: 'Submit Your Test?' })).toBeInTheDocument();
  });

  it('a failed submit: the error modal, and the screen is usable again', async () => {
    setup(testView({ questions: [question('q1')] }), {
      'POST /api/submit-test': () => fakeResponse(500, { message: 'boom' }),
    });
    await userEvent.click(await screen.findByRole('button', { name: 'Submit Test' }));
    await userEvent.click(
      within(await screen.findByRole('dialog')).getByRole('button', { name: 'Confirm' }),
    );
    const modal = await screen.findByRole('dialog', { name: 'Submit Failed' });
    expect(within(modal).getByText('Failed to submit test. Please try again.')).toBeInTheDocument();
    await userEvent.click(within(modal).getByText('Close', { selector: 'button' }));
    await waitFor(() => expect(screen.getByRole('button', { name: 'Submit Test' })).toBeEnabled());
    expect(currentLocation()).toBe(`/test/full/${TEST_ID}`);
  });

  it('flag for review: the call, and the navigator names the flag', async () => {
    const { calls } = setup(testView(), {
      'POST /api/flag-question': () => fakeResponse(200, { success: true, flagged: true }),
    });
    await userEvent.click(await screen.findByRole('button', { name: /Flag for review/ }));
    expect(
      await screen.findByRole('button', { name: 'Question 1: not answered, flagged (current)' }),
    ).toBeInTheDocument();
    expect(calls.find((c) => c.url === '/api/flag-question')!.body).toEqual({
      testId: TEST_ID,
      questionId: 'q1',
      flagged: true,
    });
  });

  it('the calculator opens and computes with the keyboard', async () => {
    setup();
    await userEvent.click(await screen.findByRole('button', { name: 'Calculator' }));
    const panel = await screen.findByRole('dialog', { name: 'Calculator' });
    await userEvent.click(within(panel).getByRole('button', { name: '7' }));
    await userEvent.keyboard('*6=');
    expect(within(panel).getByTestId('calculator-display')).toHaveTextContent('42');
  });

  it('opens at the first question not yet checked', async () => {
    setup(
      testView({
        questions: [
          question('q1', {
            isSubmitted: true,
            status: 'correct',
            submittedAnswer: '4',
            ...revealed,
          }),
          question('q2'),
        ],
      }),
    );
    expect(await screen.findByRole('heading', { name: 'Question 2 of 2' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Question 1: correct' })).toHaveAttribute(
      'data-marker',
      'green',
    );
  });

  it('reopened with every question checked: the banner and the confirmation; Submit Test from any question (issue 24 #8)', async () => {
    const checked = (qid: string) =>
      question(qid, { isSubmitted: true, status: 'correct', submittedAnswer: '4', ...revealed });
    setup(testView({ questions: [checked('q1'), checked('q2'), checked('q3')] }), {
      'POST /api/submit-test': () => fakeResponse(200, { success: true, test: {} }),
    });
    const dialog = await screen.findByRole('dialog', { name: 'Submit Your Test?' });
    expect(within(dialog).getByTestId('count-unanswered')).toHaveTextContent('0');
    expect(within(dialog).getByTestId('count-answered')).toHaveTextContent('3');
    expect(within(dialog).getByTestId('count-total')).toHaveTextContent('3');
    expect(screen.getByText('You have answered all the questions!')).toBeInTheDocument();
    // behind it the last question, where the bottom bar has Submit Test
    expect(screen.getByRole('heading', { name: 'Question 3 of 3' })).toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());

    // on another question the banner carries Submit Test
    await userEvent.click(screen.getByRole('button', { name: 'Question 1: correct' }));
    expect(screen.getByRole('heading', { name: 'Question 1 of 3' })).toBeInTheDocument();
    expect(screen.getAllByRole('button', { name: 'Submit Test' })).toHaveLength(1);
    await userEvent.click(
      within(screen.getByTestId('all-answered')).getByRole('button', { name: 'Submit Test' }),
    );
    const again = await screen.findByRole('dialog', { name: 'Submit Your Test?' });
    await userEvent.click(within(again).getByRole('button', { name: 'Confirm' }));
    await waitFor(() => expect(currentLocation()).toBe('/gradebook'));
  });

  it('a practice test opened on the full route goes to its own screen', async () => {
    setup(testView({ mode: 'practice' }));
    await waitFor(() => expect(currentLocation()).toBe(`/test/practice/${TEST_ID}`));
  });
});
