import {
  type PumpAnswerInput,
  type PumpCheckResult,
  type PumpGenerateInput,
  type PumpQuestion,
} from '@examprep/contracts/types';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { pumpQuestion, RATE_SINGLE, RIGHT, WRONG } from '../../test-utils/pump';
import { PumpFace, type PumpFaceProps } from './index';

const QUESTION = RATE_SINGLE;
const DUAL = pumpQuestion({ calculate: 'rate', timeFormat: 'given', pumpCount: 'dual' });

interface FaceOptions {
  question?: PumpQuestion | null;
  result?: PumpCheckResult | null;
  props?: Partial<PumpFaceProps>;
}

function renderFace(options: FaceOptions = {}) {
  const onCheck = jest.fn<void, [PumpAnswerInput]>();
  const onGenerate = jest.fn<void, [PumpGenerateInput]>();
  const onReset = jest.fn();
  // The page drops its question on reset and loads what Generate asks for, as the route does.
  function Host() {
    const [question, setQuestion] = useState<PumpQuestion | null>(
      options.question === undefined ? QUESTION : options.question,
    );
    return (
      <PumpFace
        question={question}
        result={options.result ?? null}
        onCheck={onCheck}
        onGenerate={(input) => {
          onGenerate(input);
          setQuestion(pumpQuestion(input, { text: 'Generated question' }));
        }}
        onReset={() => {
          onReset();
          setQuestion(null);
        }}
        {...options.props}
      />
    );
  }
  render(<Host />);
  return { onCheck, onGenerate, onReset, user: userEvent.setup() };
}

const field = (name: string) => screen.getByLabelText(name) as HTMLInputElement;
const key = (name: string) => screen.getByRole('button', { name });
const keypadNote = () => screen.getByTestId('keypad-note');
const radio = (name: string) => screen.getByRole('radio', { name });

async function pressKeys(user: ReturnType<typeof userEvent.setup>, keys: string) {
  for (const k of keys) await user.click(key(`Digit ${k}`));
}

describe('pump face: keypad (learner spec §9: keypad fields at most 4 digits)', () => {
  it('writes into the focused field, takes at most 4 digits and announces an ignored 5th', async () => {
    const { user } = renderFace();
    await user.click(field('Pump A rate in mL per hour'));
    await pressKeys(user, '1250');
    expect(field('Pump A rate in mL per hour')).toHaveValue('1250');
    expect(keypadNote()).toHaveTextContent('');
    await user.click(key('Digit 7'));
    expect(field('Pump A rate in mL per hour')).toHaveValue('1250');
    expect(keypadNote()).toHaveTextContent('A field takes at most 4 digits.');
    expect(keypadNote()).toHaveAttribute('aria-live', 'polite');
  });

  it('Clear empties the field; Enter confirms it and moves on to the next field', async () => {
    const { user } = renderFace();
    await user.click(field('Pump A rate in mL per hour'));
    await pressKeys(user, '99');
    await user.click(key('Clear'));
    expect(field('Pump A rate in mL per hour')).toHaveValue('');
    expect(keypadNote()).toHaveTextContent('Pump A rate in mL per hour cleared.');
    await pressKeys(user, '125');
    await user.click(key('Enter'));
    expect(keypadNote()).toHaveTextContent('Pump A rate in mL per hour: 125.');
    // The keyboard focus moves with it: typing goes on in the next field.
    expect(field('Pump A volume to be infused in mL')).toHaveFocus();
    await user.keyboard('10');
    await pressKeys(user, '00');
    expect(field('Pump A volume to be infused in mL')).toHaveValue('1000');
    expect(field('Pump A rate in mL per hour')).toHaveValue('125');
  });

  it('asks for a field first when none is chosen', async () => {
    const { user } = renderFace();
    await user.click(key('Digit 5'));
    expect(keypadNote()).toHaveTextContent('Choose a RATE or VTBI field first.');
  });

  it('every key is a button with an accessible name', () => {
    renderFace();
    const keypad = screen.getByRole('group', { name: 'Pump keypad' });
    const names = within(keypad)
      .getAllByRole('button')
      .map((b) => b.getAttribute('aria-label'));
    expect(names).toEqual([
      ...'123456789'.split('').map((d) => `Digit ${d}`),
      'Clear',
      'Digit 0',
      'Enter',
    ]);
  });

  it('takes keyboard input: digits only, at most 4, Backspace, Enter to the next field', async () => {
    const { user } = renderFace({ question: DUAL });
    const rateB = field('Pump B rate in mL per hour');
    await user.click(rateB);
    await user.keyboard('12a345');
    expect(rateB).toHaveValue('1234');
    expect(keypadNote()).toHaveTextContent('A field takes at most 4 digits.');
    await user.keyboard('{Backspace}');
    expect(rateB).toHaveValue('123');
    await user.keyboard('{Enter}');
    expect(field('Pump B volume to be infused in mL')).toHaveFocus();
  });

  it('is locked in Time mode, with the reason announced', async () => {
    const { user } = renderFace();
    await user.click(radio('Calculate Time'));
    const keypad = screen.getByRole('group', { name: 'Pump keypad' });
    for (const button of within(keypad).getAllByRole('button')) expect(button).toBeDisabled();
    expect(keypadNote()).toHaveTextContent(
      'The keypad is locked in Time mode: type the hours and minutes instead.',
    );
    expect(keypad).toHaveAccessibleDescription(
      'The keypad is locked in Time mode: type the hours and minutes instead.',
    );
    // The channel fields take no typing either.
    await user.type(field('Pump A rate in mL per hour'), '12');
    expect(field('Pump A rate in mL per hour')).toHaveValue('');
  });
});

const TIME_SINGLE = pumpQuestion({ calculate: 'time', timeFormat: 'given', pumpCount: 'single' });
const TIME_DUAL = pumpQuestion({ calculate: 'time', timeFormat: 'given', pumpCount: 'dual' });
const check = () => screen.getByRole('button', { name: 'Check Answer' });
const result = () => screen.getByRole('status', { name: 'Result' });

describe('pump face: Time mode (learner spec §2, §5: time inputs digits only, at most 2)', () => {
  it('shows hour and minute inputs that take digits only, at most 2 characters', async () => {
    const { user } = renderFace();
    expect(screen.queryByLabelText('Hours')).not.toBeInTheDocument();
    await user.click(radio('Calculate Time'));
    await user.type(field('Hours'), 'a1b23');
    expect(field('Hours')).toHaveValue('12');
    await user.type(field('Minutes'), '4-50');
    expect(field('Minutes')).toHaveValue('45');
    expect(field('Minutes')).toHaveAttribute('maxLength', '2');
    expect(field('Minutes')).toHaveAccessibleDescription('Two digits (for example 05 or 30).');
    expect(field('Hours')).toHaveAccessibleDescription(
      'Digits only, at most 2, no leading zero (for example 8).',
    );
  });

  it("shows the question's programmed pump, read-only, with the keypad locked", async () => {
    const { user } = renderFace({ question: TIME_DUAL });
    expect(radio('Calculate Time')).toBeChecked();
    expect(radio('Dual')).toBeChecked();
    expect(field('Pump A rate in mL per hour')).toHaveValue('125');
    // the programmed pump is shown, not typed: 1,000 with its separator (ISMP)
    expect(field('Pump A volume to be infused in mL')).toHaveValue('1,000');
    expect(field('Pump B rate in mL per hour')).toHaveValue('50');
    expect(field('Pump B volume to be infused in mL')).toHaveValue('300');
    for (const name of ['Pump A rate in mL per hour', 'Pump B volume to be infused in mL'])
      expect(field(name)).toHaveAttribute('readonly');
    await user.type(field('Pump A rate in mL per hour'), '9');
    expect(field('Pump A rate in mL per hour')).toHaveValue('125');
    expect(key('Digit 1')).toBeDisabled();
  });

  it('a single-pump Time question: the other channel reads 0 and is marked not in use', () => {
    renderFace({ question: TIME_SINGLE });
    expect(field('Pump B rate in mL per hour')).toHaveValue('0');
    expect(field('Pump B volume to be infused in mL')).toHaveValue('0');
    expect(
      within(screen.getByRole('region', { name: 'Pump B' })).getByText(
        'Not in use: reads 0 for a single-pump question.',
      ),
    ).toBeInTheDocument();
  });

  it('disables the time format for Time', async () => {
    const { user } = renderFace();
    for (const name of ['Given', 'AM/PM', 'Military']) expect(radio(name)).toBeEnabled();
    await user.click(radio('Military'));
    await user.click(radio('Calculate Time'));
    for (const name of ['Given', 'AM/PM', 'Military']) {
      expect(radio(name)).toBeDisabled();
      // Time questions have no format: none reads as chosen (Military stays remembered).
      expect(radio(name)).not.toBeChecked();
      expect(radio(name)).toHaveAccessibleDescription(
        'The time format does not apply when you calculate time.',
      );
    }
    await user.click(radio('Calculate VTBI'));
    expect(radio('Military')).toBeEnabled();
    expect(radio('Military')).toBeChecked();
  });

  it('changing the mode in Time mode resets the display and drops the question', async () => {
    const { user, onReset } = renderFace({ question: TIME_SINGLE });
    await user.type(field('Hours'), '8');
    await user.type(field('Minutes'), '30');
    await user.click(radio('Calculate Rate'));
    expect(onReset).toHaveBeenCalledTimes(1);
    expect(screen.getByText('Press Generate Question to get a problem.')).toBeInTheDocument();
    expect(check()).toBeDisabled();
    expect(field('Pump A rate in mL per hour')).toHaveValue('');
    await user.click(radio('Calculate Time'));
    expect(field('Hours')).toHaveValue('');
    expect(field('Minutes')).toHaveValue('');
    // The programmed display went with the question.
    expect(field('Pump A rate in mL per hour')).toHaveValue('');
  });

  it('changing the pump count in Time mode resets the display and drops the question', async () => {
    const { user, onReset } = renderFace({ question: TIME_SINGLE });
    await user.type(field('Hours'), '8');
    await user.click(radio('Dual'));
    expect(onReset).toHaveBeenCalledTimes(1);
    expect(field('Hours')).toHaveValue('');
    expect(field('Pump A rate in mL per hour')).toHaveValue('');
    expect(screen.queryByText(TIME_SINGLE.text)).not.toBeInTheDocument();
    expect(check()).toBeDisabled();
  });

  it('outside Time mode, changing the pump count keeps the question and the display', async () => {
    const { user, onReset } = renderFace();
    await user.click(field('Pump A rate in mL per hour'));
    await pressKeys(user, '125');
    await user.click(radio('Dual'));
    expect(onReset).not.toHaveBeenCalled();
    expect(field('Pump A rate in mL per hour')).toHaveValue('125');
    expect(screen.getByText(QUESTION.text)).toBeInTheDocument();
  });

  it('hands the hours and minutes to Check Answer as typed (and nothing else)', async () => {
    const { user, onCheck } = renderFace();
    await user.click(radio('Calculate Time'));
    // The reset dropped the question: a new one arrives with Generate Question.
    expect(check()).toBeDisabled();
    await user.click(screen.getByRole('button', { name: 'Generate Question' }));
    expect(screen.getByText('Generated question')).toBeInTheDocument();
    await user.type(field('Hours'), '08');
    await user.type(field('Minutes'), '30');
    await user.click(check());
    expect(onCheck).toHaveBeenCalledWith({ hours: '08', minutes: '30' });
  });
});

describe('pump face: single and dual pump (learner spec §5: the other pump reads 0)', () => {
  it('in a single-pump question channel B is idle and reads 0 for rate and VTBI', async () => {
    const { user, onCheck } = renderFace();
    expect(field('Pump B rate in mL per hour')).toHaveValue('0');
    expect(field('Pump B volume to be infused in mL')).toHaveValue('0');
    expect(field('Pump B rate in mL per hour')).toHaveAttribute('readonly');
    await user.type(field('Pump B rate in mL per hour'), '5');
    expect(field('Pump B rate in mL per hour')).toHaveValue('0');
    await user.click(field('Pump A rate in mL per hour'));
    await pressKeys(user, '125');
    await user.click(key('Enter'));
    await pressKeys(user, '1000');
    await user.click(check());
    expect(onCheck).toHaveBeenCalledWith({
      A: { rate: '125', vtbi: '1000' },
      B: { rate: '0', vtbi: '0' },
    });
  });

  it('a single-pump question on pump B makes channel A the one that reads 0', () => {
    renderFace({ question: { ...QUESTION, channels: ['B'] } });
    expect(field('Pump A rate in mL per hour')).toHaveValue('0');
    expect(field('Pump A rate in mL per hour')).toHaveAttribute('readonly');
    expect(field('Pump B rate in mL per hour')).toHaveValue('');
    expect(field('Pump B rate in mL per hour')).not.toHaveAttribute('readonly');
  });

  it('in Dual both channels take input and are handed over as typed', async () => {
    const { user, onCheck } = renderFace({ question: DUAL });
    await user.type(field('Pump A rate in mL per hour'), '0125');
    await user.type(field('Pump A volume to be infused in mL'), '1000');
    await user.type(field('Pump B rate in mL per hour'), '25');
    await user.type(field('Pump B volume to be infused in mL'), '50');
    await user.click(check());
    expect(onCheck).toHaveBeenCalledWith({
      A: { rate: '0125', vtbi: '1000' },
      B: { rate: '25', vtbi: '50' },
    });
  });
});

describe('pump face: controls and result (learner spec §2)', () => {
  it('Generate Question hands over the chosen controls', async () => {
    const { user, onGenerate } = renderFace({ question: null });
    expect(check()).toBeDisabled();
    await user.click(radio('Calculate VTBI'));
    await user.click(radio('AM/PM'));
    await user.click(radio('Dual'));
    await user.click(screen.getByRole('button', { name: 'Generate Question' }));
    expect(onGenerate).toHaveBeenCalledWith({
      calculate: 'vtbi',
      timeFormat: 'ampm',
      pumpCount: 'dual',
    });
  });

  it('the preview disables Dual, AM/PM and Military and tells screen readers why', () => {
    renderFace({ props: { previewReason: 'Only with the Med Dosage QBank.' } });
    for (const name of ['Dual', 'AM/PM', 'Military']) {
      expect(radio(name)).toBeDisabled();
      expect(radio(name)).toHaveAccessibleDescription('Only with the Med Dosage QBank.');
    }
    for (const name of ['Single', 'Given', 'Calculate Rate', 'Calculate VTBI', 'Calculate Time'])
      expect(radio(name)).toBeEnabled();
  });

  it("shows 'Correct!' and the worked explanation", () => {
    renderFace({ result: RIGHT });
    expect(result()).toHaveTextContent('Correct!');
    expect(within(result()).getByText('Correct!').closest('.alert')).toHaveClass('alert-success');
    const explanation = screen.getByRole('region', { name: 'Explanation' });
    expect(explanation.querySelector('.katex')).not.toBeNull();
  });

  it('Check Answer with an empty field names it and sends nothing', async () => {
    const { onCheck, user } = renderFace({ question: DUAL });
    await user.click(field('Pump A rate in mL per hour'));
    await user.keyboard('125');
    await user.click(screen.getByRole('button', { name: 'Check Answer' }));
    expect(onCheck).not.toHaveBeenCalled();
    expect(result()).toHaveTextContent(
      'Pump A volume to be infused in mL is empty: fill it in before checking.',
    );
    expect(field('Pump A volume to be infused in mL')).toHaveFocus();
  });

  it("a verdict replaces the keypad's last note", async () => {
    function Host() {
      const [result, setResult] = useState<PumpCheckResult | null>(null);
      return <PumpFace question={QUESTION} result={result} onCheck={() => setResult(WRONG)} />;
    }
    render(<Host />);
    const user = userEvent.setup();
    await user.click(field('Pump A rate in mL per hour'));
    await pressKeys(user, '125');
    await user.click(key('Enter'));
    await pressKeys(user, '100');
    await user.click(key('Enter'));
    expect(keypadNote()).toHaveTextContent('Pump A volume to be infused in mL: 100.');
    await user.click(screen.getByRole('button', { name: 'Check Answer' }));
    expect(result()).toHaveTextContent('Incorrect. Try again.');
    expect(keypadNote()).toHaveTextContent('');
  });

  it("shows 'Incorrect. Try again.' with the hint and no explanation", () => {
    renderFace({ result: WRONG });
    expect(result()).toHaveTextContent('Incorrect. Try again.');
    expect(result()).toHaveTextContent(WRONG.hint as string);
    expect(within(result()).getByText('Incorrect. Try again.').closest('.alert')).toHaveClass(
      'alert-danger',
    );
    expect(screen.queryByRole('region', { name: 'Explanation' })).not.toBeInTheDocument();
  });

  it('drops the result with the question when Time mode resets the display', async () => {
    const { user } = renderFace({ result: WRONG });
    expect(result()).toHaveTextContent('Incorrect. Try again.');
    await user.click(radio('Calculate Time'));
    expect(result()).toHaveTextContent('');
  });

  it('shows progress on the button of the call under way', () => {
    renderFace({ props: { busy: 'generating' } });
    expect(screen.getByRole('button', { name: 'Generating...' })).toBeDisabled();
    expect(check()).toBeDisabled();
  });
});

describe("pump face: controls='fixed' (a pump item in another screen)", () => {
  it('has no controls and no Generate; mode and pump count are the question’s', async () => {
    const { user, onCheck } = renderFace({ question: TIME_DUAL, props: { controls: 'fixed' } });
    expect(screen.queryByRole('radio')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Generate Question' })).not.toBeInTheDocument();
    expect(field('Pump B rate in mL per hour')).toHaveValue('50');
    await user.type(field('Hours'), '6');
    await user.type(field('Minutes'), '40');
    await user.click(check());
    expect(onCheck).toHaveBeenCalledWith({ hours: '6', minutes: '40' });
  });

  it('keeps the result area', () => {
    renderFace({ question: DUAL, result: RIGHT, props: { controls: 'fixed' } });
    expect(result()).toHaveTextContent('Correct!');
  });
});
