/**
 * Display state of the pump face (learner spec §2, §5, §9), as a pure reducer: the RATE and
 * VTBI fields of channels A and B, the focused field, the hour and minute inputs of Time
 * mode, the controls and what the loaded question fixes (its channels and, in Time mode, the
 * programmed display). No server calls: the page passes questions in and answers out.
 */
import {
  PUMP_CHANNELS,
  PUMP_IDLE_READING,
  PUMP_LIMITS,
  type PumpAnswerInput,
  type PumpCalculate,
  type PumpChannel,
  type PumpChannelReading,
  type PumpCount,
  type PumpQuestion,
  type PumpTimeFormat,
} from '@examprep/contracts/types';

export type ChannelField = keyof PumpChannelReading;
export type FieldId = `${PumpChannel}.${ChannelField}`;

/** The order Enter walks through the fields. */
export const FIELD_ORDER: readonly FieldId[] = ['A.rate', 'A.vtbi', 'B.rate', 'B.vtbi'];

export interface PumpFaceState {
  mode: PumpCalculate;
  timeFormat: PumpTimeFormat;
  pumpCount: PumpCount;
  /** The loaded question's channels; null without a question (then the pump count decides). */
  channels: readonly PumpChannel[] | null;
  /** Time mode: what the programmed pump shows (read-only); null otherwise. */
  display: Record<PumpChannel, PumpChannelReading> | null;
  fields: Record<PumpChannel, PumpChannelReading>;
  focused: FieldId | null;
  hours: string;
  minutes: string;
}

export type PumpFaceAction =
  | { type: 'mode'; mode: PumpCalculate }
  | { type: 'timeFormat'; timeFormat: PumpTimeFormat }
  | { type: 'pumpCount'; pumpCount: PumpCount }
  /** A new question (or none): a clear display; the question's kind sets mode and count. */
  | { type: 'load'; question: PumpQuestion | null }
  | { type: 'focus'; field: FieldId }
  | { type: 'setField'; field: FieldId; value: string }
  | { type: 'setTime'; part: 'hours' | 'minutes'; value: string }
  | { type: 'clearDisplay' };

const emptyFields = (): Record<PumpChannel, PumpChannelReading> => ({
  A: { rate: '', vtbi: '' },
  B: { rate: '', vtbi: '' },
});

export function initialPumpFace(): PumpFaceState {
  return {
    mode: 'rate',
    timeFormat: 'given',
    pumpCount: 'single',
    channels: null,
    display: null,
    fields: emptyFields(),
    focused: null,
    hours: '',
    minutes: '',
  };
}

export function splitField(field: FieldId): [PumpChannel, ChannelField] {
  const [channel, name] = field.split('.') as [PumpChannel, ChannelField];
  return [channel, name];
}

/** The channels in use: the question's, else A alone for Single and both for Dual. */
export function activeChannels(state: PumpFaceState): readonly PumpChannel[] {
  return state.channels ?? (state.pumpCount === 'dual' ? PUMP_CHANNELS : ['A']);
}

/** A channel takes input unless it is the idle one of a single-pump question (spec §5). */
export function isChannelActive(state: PumpFaceState, channel: PumpChannel): boolean {
  return activeChannels(state).includes(channel);
}

/** The RATE/VTBI fields take input outside Time mode, on an active channel. */
export function isFieldEditable(state: PumpFaceState, field: FieldId): boolean {
  return state.mode !== 'time' && isChannelActive(state, splitField(field)[0]);
}

/**
 * What the LCD shows of a reading: a programmed (read-only) reading of 1,000 or more with its
 * thousands separator (ISMP: commas for numbers of 1,000 and above, issue 28); a field the
 * learner types into shows the digits as typed (the keypad has no comma, the checker compares
 * the digits).
 */
export function shownReading(value: string, editable: boolean): string {
  return editable ? value : value.replace(/^\d{4,}$/, (d) => d.replace(/\B(?=(\d{3})+$)/g, ','));
}

/**
 * What a field reads: the idle channel of a single-pump question reads 0 (spec §5); in Time
 * mode the programmed pump (the question's display), else what was typed.
 */
export function fieldValue(state: PumpFaceState, field: FieldId): string {
  const [channel, name] = splitField(field);
  if (!isChannelActive(state, channel)) return PUMP_IDLE_READING;
  if (state.mode === 'time') return state.display?.[channel][name] ?? '';
  return state.fields[channel][name];
}

export function nextField(state: PumpFaceState, from: FieldId | null): FieldId | null {
  const editable = FIELD_ORDER.filter((f) => isFieldEditable(state, f));
  if (editable.length === 0) return null;
  if (from === null) return editable[0] ?? null;
  const start = FIELD_ORDER.indexOf(from);
  for (let i = 1; i <= FIELD_ORDER.length; i += 1) {
    const candidate = FIELD_ORDER[(start + i) % FIELD_ORDER.length] as FieldId;
    if (editable.includes(candidate)) return candidate;
  }
  return null;
}

export const onlyDigits = (raw: string): boolean => /^[0-9]*$/.test(raw);

/**
 * What Check Answer sends (spec §5, typed strings compared exactly): both channels in Rate
 * and VTBI modes (the idle one reads 0), the hours and minutes in Time mode.
 */
export function pumpAnswer(state: PumpFaceState): PumpAnswerInput {
  if (state.mode === 'time') return { hours: state.hours, minutes: state.minutes };
  const channel = (c: PumpChannel): PumpChannelReading => ({
    rate: fieldValue(state, `${c}.rate`),
    vtbi: fieldValue(state, `${c}.vtbi`),
  });
  return { A: channel('A'), B: channel('B') };
}

/**
 * The first field Check Answer would send empty (a field of a pump in use, or the hours or
 * minutes in Time mode), or null when everything is filled in.
 */
export function firstEmptyField(state: PumpFaceState): FieldId | 'hours' | 'minutes' | null {
  if (state.mode === 'time') {
    if (state.hours === '') return 'hours';
    return state.minutes === '' ? 'minutes' : null;
  }
  return FIELD_ORDER.find((f) => isFieldEditable(state, f) && fieldValue(state, f) === '') ?? null;
}

function clearDisplay(state: PumpFaceState): PumpFaceState {
  return { ...state, fields: emptyFields(), focused: null, hours: '', minutes: '' };
}

/** The focus leaves a field that no longer takes input. */
function keepFocusValid(state: PumpFaceState): PumpFaceState {
  return state.focused && !isFieldEditable(state, state.focused)
    ? { ...state, focused: null }
    : state;
}

export function pumpFaceReducer(state: PumpFaceState, action: PumpFaceAction): PumpFaceState {
  switch (action.type) {
    case 'mode':
      return keepFocusValid({ ...state, mode: action.mode });
    case 'timeFormat':
      return { ...state, timeFormat: action.timeFormat };
    case 'pumpCount':
      return keepFocusValid({ ...state, pumpCount: action.pumpCount });
    case 'load': {
      const q = action.question;
      const cleared = clearDisplay(state);
      if (!q) return { ...cleared, channels: null, display: null };
      return {
        ...cleared,
        mode: q.calculate,
        pumpCount: q.pumpCount,
        channels: q.channels,
        display: q.calculate === 'time' ? q.display : null,
      };
    }
    case 'focus':
      return isFieldEditable(state, action.field) ? { ...state, focused: action.field } : state;
    case 'setField': {
      if (!isFieldEditable(state, action.field)) return state;
      if (!onlyDigits(action.value) || action.value.length > PUMP_LIMITS.keypadMaxDigits) {
        return state;
      }
      const [channel, name] = splitField(action.field);
      return {
        ...state,
        fields: { ...state.fields, [channel]: { ...state.fields[channel], [name]: action.value } },
      };
    }
    case 'setTime':
      if (state.mode !== 'time') return state;
      if (!onlyDigits(action.value) || action.value.length > PUMP_LIMITS.timeInputMaxDigits) {
        return state;
      }
      return { ...state, [action.part]: action.value };
    case 'clearDisplay':
      return clearDisplay(state);
  }
}
