import {
  type InfiniteCheckResult,
  type InfiniteQuestion,
  PUMP_MESSAGES,
  type PumpQuestion,
} from '@examprep/contracts/types';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { fakeResponse, mockFetch, type FetchCall } from '../../test-utils/mock-fetch';
import { pumpQuestion, RATE_SINGLE } from '../../test-utils/pump';
import { fakeSession, renderApp } from '../../test-utils/render-app';
import { QuestionCard } from './QuestionCard';

/** A pump item of the Infinite QBank (issue 14) as generate-batch sends it. */
function pumpItem(pump: PumpQuestion, topicKey = 'md_pump_rate_single'): InfiniteQuestion {
  return {
    id: `${topicKey}~42`,
    topicKey,
    seed: 42,
    course: 'med_dosage',
    objective: '8',
    type: 'pump',
    question: pump.text,
    choices: [],
    rounding: null,
    unit: null,
    pump,
  };
}

const EXPLANATION =
  'Pump A: rate = VTBI ÷ time \\[\\frac{1000\\,\\text{mL}}{8\\,\\text{hr}} = 125\\,\\text{mL/hr}\\]';

function renderCard(question: InfiniteQuestion, check: (call: FetchCall) => Response) {
  const { calls } = mockFetch((call) =>
    call.url === '/api/infiniteqbank/check' && call.method === 'POST'
      ? check(call)
      : fakeResponse(404, { message: `unexpected ${call.method} ${call.url}` }),
  );
  const onChecked = jest.fn<void, [boolean]>();
  renderApp(
    { route: '/infinite-qbank', session: fakeSession() },
    <QuestionCard
      question={question}
      position={1}
      total={5}
      topicName="Pump programming: rate, one pump"
      topicClosed={false}
      last={false}
      batchCorrect={0}
      morePending={false}
      onChecked={onChecked}
      onNext={jest.fn()}
      onMore={jest.fn()}
    />,
  );
  return { calls, onChecked, user: userEvent.setup() };
}

const field = (name: string) => screen.getByLabelText(name) as HTMLInputElement;
const checkButton = () => screen.getByRole('button', { name: 'Check Answer' });
const checkCalls = (calls: FetchCall[]) =>
  calls.filter((c) => c.url === '/api/infiniteqbank/check');

describe('QuestionCard: pump items (issue 14) on the pump face', () => {
  it('shows the question on the fixed pump face (no controls, no Generate) once', () => {
    renderCard(pumpItem(RATE_SINGLE), () => fakeResponse(200, {}));
    expect(screen.getAllByText(RATE_SINGLE.text)).toHaveLength(1);
    expect(screen.queryByRole('button', { name: 'Generate Question' })).not.toBeInTheDocument();
    expect(screen.queryByRole('radio', { name: 'Calculate VTBI' })).not.toBeInTheDocument();
    expect(field('Pump B rate in mL per hour')).toHaveValue('0');
  });

  it('sends [A.rate, A.vtbi, B.rate, B.vtbi] as typed; correct: verdict, both pumps and the explanation; then locked', async () => {
    const result: InfiniteCheckResult = {
      correct: true,
      correctAnswer: ['125', '1000', '0', '0'],
      explanation: EXPLANATION,
    };
    const { calls, onChecked, user } = renderCard(pumpItem(RATE_SINGLE), () =>
      fakeResponse(200, result),
    );
    await user.type(field('Pump A rate in mL per hour'), '125');
    await user.type(field('Pump A volume to be infused in mL'), '1000');
    await user.click(checkButton());
    const verdict = await screen.findByTestId('qbank-result');
    expect(checkCalls(calls).map((c) => c.body)).toEqual([
      { id: 'md_pump_rate_single~42', answer: ['125', '1000', '0', '0'] },
    ]);
    expect(verdict).toHaveTextContent('Correct!');
    expect(verdict).toHaveTextContent(
      'Correct answer: Pump A: RATE 125 mL/hr, VTBI 1000 mL; Pump B: RATE 0 mL/hr, VTBI 0 mL',
    );
    expect(verdict).toHaveFocus();
    expect(screen.getByRole('heading', { name: 'Explanation' })).toBeInTheDocument();
    expect(document.querySelector('.app-qbank-explanation .katex')).not.toBeNull();
    expect(onChecked).toHaveBeenCalledWith(true);
    // one check per item, like the other items: the face keeps what was typed, locked
    expect(field('Pump A rate in mL per hour')).toHaveValue('125');
    expect(field('Pump A rate in mL per hour')).toBeDisabled();
    expect(checkButton()).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Next question' })).toBeInTheDocument();
    // the face's own 'Try again' result is not shown in the QBank
    expect(screen.queryByText(PUMP_MESSAGES.incorrect)).not.toBeInTheDocument();
  });

  it('Time mode sends [hours, minutes]; incorrect shows the time and the explanation', async () => {
    const time = pumpQuestion({ calculate: 'time', timeFormat: 'given', pumpCount: 'dual' });
    const result: InfiniteCheckResult = {
      correct: false,
      correctAnswer: ['8', '30'],
      explanation: EXPLANATION,
    };
    const { calls, onChecked, user } = renderCard(pumpItem(time, 'md_pump_time_dual'), () =>
      fakeResponse(200, result),
    );
    await user.type(screen.getByLabelText(/^Hours/), '8');
    await user.type(screen.getByLabelText(/^Minutes/), '3');
    await user.click(checkButton());
    const verdict = await screen.findByTestId('qbank-result');
    expect(checkCalls(calls).map((c) => c.body)).toEqual([
      { id: 'md_pump_time_dual~42', answer: ['8', '3'] },
    ]);
    expect(verdict).toHaveTextContent('Incorrect.');
    expect(verdict).toHaveTextContent('Correct answer: 8 hr 30 min');
    expect(screen.getByRole('heading', { name: 'Explanation' })).toBeInTheDocument();
    expect(onChecked).toHaveBeenCalledWith(false);
  });

  it("shows the server's 400 on the face and keeps what was typed, so the learner can fix it", async () => {
    let first = true;
    const { calls, user } = renderCard(pumpItem(RATE_SINGLE), () => {
      if (first) {
        first = false;
        return fakeResponse(400, {
          message: PUMP_MESSAGES.keypadDigits,
          fields: { 'answer.A.vtbi': [PUMP_MESSAGES.keypadDigits] },
        });
      }
      return fakeResponse(200, {
        correct: true,
        correctAnswer: ['125', '1000', '0', '0'],
        explanation: EXPLANATION,
      });
    });
    await user.type(field('Pump A rate in mL per hour'), '125');
    await user.type(field('Pump A volume to be infused in mL'), '1');
    await user.click(checkButton());
    expect(await screen.findByText(PUMP_MESSAGES.keypadDigits)).toBeInTheDocument();
    expect(field('Pump A rate in mL per hour')).toHaveValue('125');
    expect(field('Pump A rate in mL per hour')).not.toBeDisabled();
    await user.type(field('Pump A volume to be infused in mL'), '000');
    await user.click(checkButton());
    await waitFor(() => expect(checkCalls(calls)).toHaveLength(2));
    expect(await screen.findByTestId('qbank-result')).toHaveTextContent('Correct!');
  });
});
