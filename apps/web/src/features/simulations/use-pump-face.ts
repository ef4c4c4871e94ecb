import {
  PUMP_LIMITS,
  type PumpCalculate,
  type PumpCount,
  type PumpQuestion,
  type PumpTimeFormat,
} from '@examprep/contracts/types';
import { useCallback, useReducer, useState } from 'react';
import {
  initialPumpFace,
  nextField,
  pumpAnswer,
  pumpFaceReducer,
  splitField,
  type FieldId,
} from './pump-face.state';
import { SIMULATIONS_MESSAGES as T } from './simulations.messages';

export function fieldLabel(field: FieldId): string {
  const [channel, name] = splitField(field);
  return name === 'rate' ? T.rateLabel(channel) : T.vtbiLabel(channel);
}

const digitsOf = (raw: string) => raw.replace(/[^0-9]/g, '');

/**
 * The pump face's display state and its rules (learner spec §2, §5, §9): keypad and keyboard
 * entry of at most 4 digits into the focused field, the keypad locked in Time mode, hour and
 * minute inputs of at most 2 digits, and 'changing mode or pump count in Time mode resets the
 * display and the question' (`onReset` clears the question). `note` is the text of the
 * keypad's polite live region.
 */
export function usePumpFace({ onReset }: { onReset?: () => void } = {}) {
  const [state, dispatch] = useReducer(pumpFaceReducer, undefined, initialPumpFace);
  const [note, setNote] = useState('');

  const reset = useCallback(() => {
    dispatch({ type: 'clearDisplay' });
    setNote('');
    onReset?.();
  }, [onReset]);

  // Leaving Time mode is 'changing mode in Time mode' (spec §2); entering it drops a Rate or
  // VTBI question too, whose answer the time inputs could not give.
  const setMode = (mode: PumpCalculate) => {
    if (mode === state.mode) return;
    const resets = state.mode === 'time' || mode === 'time';
    dispatch({ type: 'mode', mode });
    if (resets) reset();
  };

  const setPumpCount = (pumpCount: PumpCount) => {
    if (pumpCount === state.pumpCount) return;
    dispatch({ type: 'pumpCount', pumpCount });
    if (state.mode === 'time') reset();
  };

  const setTimeFormat = (timeFormat: PumpTimeFormat) =>
    dispatch({ type: 'timeFormat', timeFormat });
  /** A new question (or none): a clear display set up for the question's kind. */
  const load = useCallback((question: PumpQuestion | null) => {
    dispatch({ type: 'load', question });
    setNote('');
  }, []);

  const focus = (field: FieldId) => dispatch({ type: 'focus', field });

  /** The field a key press goes to, or null with the reason announced. */
  const keypadTarget = (from: FieldId | null = state.focused): FieldId | null => {
    if (state.mode === 'time') {
      setNote(T.keypadLocked);
      return null;
    }
    if (from === null) {
      setNote(T.keypadNoField);
      return null;
    }
    return from;
  };

  const pressDigit = (digit: string) => {
    const field = keypadTarget();
    if (!field) return;
    const [channel, name] = splitField(field);
    const current = state.fields[channel][name];
    if (current.length >= PUMP_LIMITS.keypadMaxDigits) {
      setNote(T.maxDigits);
      return;
    }
    dispatch({ type: 'setField', field, value: current + digit });
    setNote('');
  };

  const pressClear = () => {
    const field = keypadTarget();
    if (!field) return;
    dispatch({ type: 'setField', field, value: '' });
    setNote(T.fieldCleared(fieldLabel(field)));
  };

  /** Confirms the focused field and moves on to the next one; returns that field. */
  const pressEnter = (from?: FieldId): FieldId | null => {
    const field = keypadTarget(from);
    if (!field) return null;
    const [channel, name] = splitField(field);
    setNote(T.fieldSet(fieldLabel(field), state.fields[channel][name]));
    const next = nextField(state, field);
    if (next) dispatch({ type: 'focus', field: next });
    return next;
  };

  /** Keyboard entry into a RATE/VTBI field: digits only, a 5th digit ignored with a note. */
  const typeField = (field: FieldId, raw: string) => {
    const value = digitsOf(raw);
    if (value.length > PUMP_LIMITS.keypadMaxDigits) {
      setNote(T.maxDigits);
      return;
    }
    dispatch({ type: 'setField', field, value });
  };

  const typeTime = (part: 'hours' | 'minutes', raw: string) => {
    const value = digitsOf(raw).slice(0, PUMP_LIMITS.timeInputMaxDigits);
    dispatch({ type: 'setTime', part, value });
  };

  const clearNote = useCallback(() => setNote(''), []);

  return {
    state,
    note,
    clearNote,
    answer: pumpAnswer(state),
    setMode,
    setTimeFormat,
    setPumpCount,
    load,
    focus,
    pressDigit,
    pressClear,
    pressEnter,
    typeField,
    typeTime,
  };
}

export type PumpFaceController = ReturnType<typeof usePumpFace>;
