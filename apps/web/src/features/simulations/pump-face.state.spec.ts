import { type PumpQuestion } from '@examprep/contracts/types';
import {
  fieldValue,
  initialPumpFace,
  nextField,
  pumpAnswer,
  pumpFaceReducer as sut,
  shownReading,
  type PumpFaceState,
} from './pump-face.state';

const dual = (): PumpFaceState => sut(initialPumpFace(), { type: 'pumpCount', pumpCount: 'dual' });
const timeMode = (): PumpFaceState => sut(initialPumpFace(), { type: 'mode', mode: 'time' });

const ON_B: PumpQuestion = {
  id: 'singlePump~given~3',
  kind: 'singlePump',
  calculate: 'rate',
  pumpCount: 'single',
  timeFormat: 'given',
  channels: ['B'],
  text: 'Pump B: infuse 1000 mL over 8 hours.',
  display: null,
  preview: true,
};
const FIND_TIME: PumpQuestion = {
  ...ON_B,
  id: 'findTime~given~4',
  kind: 'findTime',
  calculate: 'time',
  channels: ['A'],
  text: 'How long will the infusion on pump A run?',
  display: { A: { rate: '125', vtbi: '1000' }, B: { rate: '0', vtbi: '0' } },
};

describe('pump face state (learner spec §5, §9)', () => {
  it('refuses a 5th digit and anything but digits in a keypad field', () => {
    const s = sut(initialPumpFace(), { type: 'setField', field: 'A.rate', value: '1234' });
    expect(sut(s, { type: 'setField', field: 'A.rate', value: '12345' }).fields.A.rate).toBe(
      '1234',
    );
    expect(sut(s, { type: 'setField', field: 'A.rate', value: '12a' }).fields.A.rate).toBe('1234');
  });

  it('refuses a 3rd character and non-digits in the time inputs', () => {
    const s = sut(timeMode(), { type: 'setTime', part: 'minutes', value: '45' });
    expect(s.minutes).toBe('45');
    expect(sut(s, { type: 'setTime', part: 'minutes', value: '450' }).minutes).toBe('45');
    expect(sut(s, { type: 'setTime', part: 'hours', value: '1:' }).hours).toBe('');
  });

  it('takes no field input in Time mode and drops the focus there', () => {
    let s = sut(initialPumpFace(), { type: 'focus', field: 'A.rate' });
    s = sut(s, { type: 'mode', mode: 'time' });
    expect(s.focused).toBeNull();
    expect(sut(s, { type: 'setField', field: 'A.rate', value: '5' }).fields.A.rate).toBe('');
    expect(nextField(s, null)).toBeNull();
  });

  it('reads 0 on the idle channel of a single pump, whatever was typed in Dual', () => {
    let s = sut(dual(), { type: 'setField', field: 'B.vtbi', value: '250' });
    s = sut(s, { type: 'pumpCount', pumpCount: 'single' });
    expect(pumpAnswer(s).B).toEqual({ rate: '0', vtbi: '0' });
  });

  it('a single-pump question on pump B: A is idle and reads 0, B takes the typing', () => {
    let s = sut(initialPumpFace(), { type: 'load', question: ON_B });
    s = sut(s, { type: 'setField', field: 'A.rate', value: '9' });
    s = sut(s, { type: 'setField', field: 'B.vtbi', value: '1000' });
    expect(pumpAnswer(s)).toEqual({ A: { rate: '0', vtbi: '0' }, B: { rate: '', vtbi: '1000' } });
  });

  it('Time mode: the fields read the programmed pump and the answer is hours and minutes', () => {
    let s = sut(dual(), { type: 'load', question: FIND_TIME });
    expect(s).toMatchObject({ mode: 'time', pumpCount: 'single' });
    expect(fieldValue(s, 'A.rate')).toBe('125');
    expect(fieldValue(s, 'A.vtbi')).toBe('1000');
    expect(fieldValue(s, 'B.rate')).toBe('0');
    s = sut(s, { type: 'setTime', part: 'hours', value: '8' });
    s = sut(s, { type: 'setTime', part: 'minutes', value: '00' });
    expect(pumpAnswer(s)).toEqual({ hours: '8', minutes: '00' });
  });

  it('Enter walks the editable fields in order and wraps', () => {
    expect(nextField(initialPumpFace(), 'A.rate')).toBe('A.vtbi');
    expect(nextField(initialPumpFace(), 'A.vtbi')).toBe('A.rate');
    expect(nextField(dual(), 'A.vtbi')).toBe('B.rate');
    expect(nextField(dual(), 'B.vtbi')).toBe('A.rate');
  });

  it('clearDisplay empties every field, the time inputs and the focus but keeps the controls', () => {
    let s = sut(dual(), { type: 'setField', field: 'A.rate', value: '125' });
    s = sut(s, { type: 'focus', field: 'A.rate' });
    s = sut(s, { type: 'timeFormat', timeFormat: 'military' });
    s = sut(s, { type: 'clearDisplay' });
    expect(s).toEqual({ ...initialPumpFace(), pumpCount: 'dual', timeFormat: 'military' });
  });

  it('loading no question clears the display and forgets the old question', () => {
    let s = sut(initialPumpFace(), { type: 'load', question: FIND_TIME });
    s = sut(s, { type: 'load', question: null });
    expect(s).toEqual({ ...initialPumpFace(), mode: 'time' });
  });
});

describe('shownReading', () => {
  it('groups a programmed reading of 1,000 or more and leaves typed digits as typed', () => {
    expect(shownReading('1000', false)).toBe('1,000');
    expect(shownReading('12500', false)).toBe('12,500');
    expect(shownReading('999', false)).toBe('999');
    expect(shownReading('0', false)).toBe('0');
    expect(shownReading('1000', true)).toBe('1000');
    expect(shownReading('', false)).toBe('');
  });
});
