import {
  PUMP_CHANNELS,
  PUMP_MESSAGES,
  type PumpAnswerInput,
  type PumpCheckResult,
  type PumpGenerateInput,
  type PumpQuestion,
} from '@examprep/contracts/types';
import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import Spinner from 'react-bootstrap/Spinner';
import { useEffect, useId, useState } from 'react';
import { MathText } from '../../shared/math/MathText';
import { ChannelDisplay } from './ChannelDisplay';
import { Keypad } from './Keypad';
import { PumpControls } from './PumpControls';
import {
  fieldValue,
  shownReading,
  isChannelActive,
  isFieldEditable,
  splitField,
  type ChannelField,
  type FieldId,
  firstEmptyField,
} from './pump-face.state';
import { SIMULATIONS_MESSAGES as T } from './simulations.messages';
import { TimeInputs } from './TimeInputs';
import { fieldLabel, usePumpFace } from './use-pump-face';
import './simulations.css';

export interface PumpFaceProps {
  /** The question on the pump (its display in Time mode), or null before Generate. */
  question: PumpQuestion | null;
  /**
   * 'full' (default, /simulations): the controls and Generate Question. 'fixed' (a pump
   * item inside another screen, e.g. the Infinite QBank): no controls, the mode and pump
   * count are the question's; Check Answer and the result stay.
   */
  controls?: 'full' | 'fixed';
  /** The last check of this question: 'Correct!' / 'Incorrect. Try again.', hint, explanation. */
  result?: PumpCheckResult | null;
  /** A failed generate or check, as the server said it; what was typed stays. */
  error?: string | null;
  /** A call under way: its button shows progress and both buttons wait. */
  busy?: 'generating' | 'checking' | null;
  /** Preview (no simulation access): why Dual, AM/PM and Military are disabled. */
  previewReason?: string | null;
  /** Generate Question with the chosen controls ('full' only). */
  onGenerate?: (input: PumpGenerateInput) => void;
  /** Check Answer: both channels (Rate, VTBI modes) or the hours and minutes (Time mode). */
  onCheck: (answer: PumpAnswerInput) => void;
  /** Changing mode or pump count in Time mode resets the display: drop the question. */
  onReset?: () => void;
}

/** The two-channel infusion pump face (learner spec §2, §5, §9). */
export function PumpFace({
  question,
  controls = 'full',
  result = null,
  error = null,
  busy = null,
  previewReason = null,
  onGenerate,
  onCheck,
  onReset,
}: PumpFaceProps) {
  const pump = usePumpFace({ onReset });
  const { state, load } = pump;
  const id = useId();
  const inputId = (field: FieldId) => `${id}-${field.replace('.', '-')}`;
  const timeMode = state.mode === 'time';

  // A new question starts on a clear display set up for its kind (none: a clear display).
  useEffect(() => load(question), [question, load]);

  // Check Answer with a field left empty names it here (nothing is sent).
  const [missing, setMissing] = useState<string | null>(null);
  useEffect(() => setMissing(null), [question]);
  const checkAnswer = () => {
    const empty = firstEmptyField(state);
    if (empty === null) {
      setMissing(null);
      onCheck(pump.answer);
      return;
    }
    const label =
      empty === 'hours' ? T.hoursLabel : empty === 'minutes' ? T.minutesLabel : fieldLabel(empty);
    setMissing(T.fillField(label));
    if (empty !== 'hours' && empty !== 'minutes') document.getElementById(inputId(empty))?.focus();
  };

  // A verdict replaces the keypad's last note ('... cleared.' would read as stale beside it).
  const { clearNote } = pump;
  useEffect(() => {
    if (result) clearNote();
  }, [result, clearNote]);

  // Enter (the key of a field or the keypad's) confirms the field and moves the typing, the
  // highlight and the keyboard focus on to the next field together.
  const enterFrom = (field?: FieldId) => {
    const next = pump.pressEnter(field);
    if (next) document.getElementById(inputId(next))?.focus();
  };

  const focusedIn = (channel: (typeof PUMP_CHANNELS)[number]): ChannelField | null => {
    if (!state.focused) return null;
    const [c, name] = splitField(state.focused);
    return c === channel ? name : null;
  };

  return (
    <section className="pump-face" aria-label={T.faceLabel}>
      {controls === 'full' ? (
        <PumpControls
          mode={state.mode}
          timeFormat={state.timeFormat}
          pumpCount={state.pumpCount}
          onMode={pump.setMode}
          onTimeFormat={pump.setTimeFormat}
          onPumpCount={pump.setPumpCount}
          previewReason={previewReason}
        />
      ) : null}
      <div className="pump-question my-3">
        <h2 className="h6 mb-1">{T.question}</h2>
        <p className="mb-0" aria-live="polite">
          {question ? question.text : T.noQuestion}
        </p>
        {question && timeMode ? <p className="small mb-0 mt-1">{T.programmed}</p> : null}
      </div>
      <div className="pump-body">
        <div className="pump-channels">
          {PUMP_CHANNELS.map((channel) => (
            <ChannelDisplay
              key={channel}
              channel={channel}
              active={isChannelActive(state, channel)}
              editable={isFieldEditable(state, `${channel}.rate`)}
              values={{
                rate: shownReading(
                  fieldValue(state, `${channel}.rate`),
                  isFieldEditable(state, `${channel}.rate`),
                ),
                vtbi: shownReading(
                  fieldValue(state, `${channel}.vtbi`),
                  isFieldEditable(state, `${channel}.vtbi`),
                ),
              }}
              focused={focusedIn(channel)}
              inputId={(field) => inputId(`${channel}.${field}`)}
              onFocusField={(field) => pump.focus(`${channel}.${field}`)}
              onType={(field, raw) => pump.typeField(`${channel}.${field}`, raw)}
              onEnter={(field) => enterFrom(`${channel}.${field}`)}
            />
          ))}
          {timeMode ? (
            <TimeInputs hours={state.hours} minutes={state.minutes} onChange={pump.typeTime} />
          ) : null}
        </div>
        <Keypad
          locked={timeMode}
          note={pump.note}
          onDigit={pump.pressDigit}
          onClear={pump.pressClear}
          onEnter={() => enterFrom()}
        />
      </div>
      <div className="pump-actions d-flex flex-wrap align-items-center gap-2 mt-3">
        {controls === 'full' ? (
          <Button
            variant="primary"
            disabled={busy !== null}
            onClick={() =>
              onGenerate?.({
                calculate: state.mode,
                timeFormat: state.timeFormat,
                pumpCount: state.pumpCount,
              })
            }
          >
            {busy === 'generating' ? <BusyLabel text={T.generating} /> : T.generate}
          </Button>
        ) : null}
        <Button
          variant="success"
          disabled={busy !== null || question === null}
          onClick={checkAnswer}
        >
          {busy === 'checking' ? <BusyLabel text={T.checking} /> : T.check}
        </Button>
      </div>
      <div className="pump-result mt-3" role="status" aria-label={T.resultLabel}>
        {error || missing ? (
          <Alert variant="danger" className="mb-0">
            {error ?? missing}
          </Alert>
        ) : question && result ? (
          <Alert variant={result.correct ? 'success' : 'danger'} className="mb-0">
            <p className="fw-semibold mb-0">
              {result.correct ? PUMP_MESSAGES.correct : PUMP_MESSAGES.incorrect}
            </p>
            {result.hint ? <p className="mb-0 mt-1">{result.hint}</p> : null}
          </Alert>
        ) : null}
      </div>
      {question && result?.correct && result.explanation ? (
        <section aria-labelledby={`${id}-explanation`} className="pump-explanation mt-3">
          <h3 id={`${id}-explanation`} className="h6">
            {T.explanation}
          </h3>
          <MathText text={result.explanation} className="app-qbank-explanation" />
        </section>
      ) : null}
    </section>
  );
}

function BusyLabel({ text }: { text: string }) {
  return (
    <>
      <Spinner animation="border" size="sm" aria-hidden="true" className="me-2" />
      {text}
    </>
  );
}
