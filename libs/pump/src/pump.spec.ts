import { PUMP_MESSAGES } from '@examprep/contracts/types';
import { canonicalAnswer, checkPump } from './check';
import { enterTime, explainPump } from './explain';
import { generatePump, publicView } from './generate';
import { isPreviewRef, parsePumpProblemId, pumpProblemId } from './problem';

describe('generatePump examples', () => {
  it('Calculate Rate, single pump, given duration: the pump in use and the idle one at 0', () => {
    const p = generatePump({ kind: 'singlePump', timeFormat: 'given', seed: 313 });
    expect(p.text).toBe(
      "Pump A: infuse 750 mL of D5 lactated Ringer's over 6 hours. Program the pump: enter the rate (mL/hr) and the VTBI (mL). The other pump stays at 0.",
    );
    expect(p.expected).toEqual({
      mode: 'channels',
      A: { rate: '125', vtbi: '750' },
      B: { rate: '0', vtbi: '0' },
    });
    expect(p.display).toBeNull();
  });

  it('writes the same problem in the AM/PM and military formats', () => {
    const ampm = generatePump({ kind: 'singlePump', timeFormat: 'ampm', seed: 313 });
    const military = generatePump({ kind: 'singlePump', timeFormat: 'military', seed: 313 });
    expect(ampm.text).toContain('from 12:15 PM to 6:15 PM');
    expect(military.text).toContain('from 1215 to 1815');
    expect(military.expected).toEqual(ampm.expected);
  });

  it('Calculate Time shows the programmed pump and asks hours and two-digit minutes', () => {
    const p = generatePump({ kind: 'findTime', timeFormat: 'given', seed: 3 });
    expect(p.display).not.toBeNull();
    const [i] = p.infusions;
    expect(p.display?.[i!.channel]).toEqual({ rate: String(i!.rate), vtbi: String(i!.vtbi) });
    expect(p.display?.[i!.channel === 'A' ? 'B' : 'A']).toEqual({ rate: '0', vtbi: '0' });
    expect(p.expected.mode).toBe('time');
    if (p.expected.mode === 'time') expect(p.expected.minutes).toMatch(/^\d\d$/);
  });

  it('Dual time: the secondary runs first and the primary resumes after it', () => {
    const p = generatePump({ kind: 'findDualTime', timeFormat: 'given', seed: 11 });
    const [a, b] = p.infusions;
    expect(a!.role).toBe('primary');
    expect(b!.role).toBe('secondary');
    expect(p.text).toContain('runs first');
    expect(p.expected.mode === 'time' && p.expected.totalMinutes).toBe(a!.minutes + b!.minutes);
  });

  it('time questions ignore the time format (the control is disabled)', () => {
    const p = generatePump({ kind: 'findTime', timeFormat: 'military', seed: 5 });
    expect(p.timeFormat).toBe('given');
    expect(p.id).toBe('findTime~given~5');
  });
});

describe('replay ids', () => {
  it('round-trip and refuse what is not a problem', () => {
    const ref = { kind: 'rateBasedDual', timeFormat: 'ampm', seed: 4294967295 } as const;
    expect(parsePumpProblemId(pumpProblemId(ref))).toEqual(ref);
    expect(parsePumpProblemId('rateBased~given~4294967296')).toBeNull();
    expect(parsePumpProblemId('findTime~ampm~1')).toBeNull();
    expect(parsePumpProblemId('nope~given~1')).toBeNull();
    expect(parsePumpProblemId('singlePump~given~-1')).toBeNull();
    expect(parsePumpProblemId('singlePump~given~1~')).toBeNull();
  });

  it('the preview is single pump, given duration, from a few seeds', () => {
    expect(isPreviewRef({ kind: 'singlePump', timeFormat: 'given', seed: 0 })).toBe(true);
    expect(isPreviewRef({ kind: 'findTime', timeFormat: 'given', seed: 11 })).toBe(true);
    expect(isPreviewRef({ kind: 'findTime', timeFormat: 'given', seed: 12 })).toBe(false);
    expect(isPreviewRef({ kind: 'dualPump', timeFormat: 'given', seed: 0 })).toBe(false);
    expect(isPreviewRef({ kind: 'singlePump', timeFormat: 'ampm', seed: 0 })).toBe(false);
  });
});

describe('checkPump', () => {
  const single = generatePump({ kind: 'singlePump', timeFormat: 'given', seed: 313 });

  it('accepts exactly the typed strings the pump must read', () => {
    expect(checkPump(single, canonicalAnswer(single))).toEqual({
      correct: true,
      message: PUMP_MESSAGES.correct,
      hint: null,
    });
  });

  it('refuses leading zeros, an idle pump not at 0 and a slipped decimal, naming the slip', () => {
    const leading = checkPump(single, {
      A: { rate: '0125', vtbi: '750' },
      B: { rate: '0', vtbi: '0' },
    });
    expect(leading).toEqual({
      correct: false,
      message: PUMP_MESSAGES.incorrect,
      hint: PUMP_MESSAGES.hintFormat,
    });
    const idle = checkPump(single, { A: { rate: '125', vtbi: '750' }, B: { rate: '', vtbi: '0' } });
    expect(idle.hint).toBe(PUMP_MESSAGES.hintIdleChannel);
    const out10 = checkPump(single, {
      A: { rate: '1250', vtbi: '750' },
      B: { rate: '0', vtbi: '0' },
    });
    expect(out10.hint).toBe(PUMP_MESSAGES.hintOutBy10);
    const off = checkPump(single, { A: { rate: '126', vtbi: '750' }, B: { rate: '0', vtbi: '0' } });
    expect(off).toEqual({ correct: false, message: PUMP_MESSAGES.incorrect, hint: null });
    expect(checkPump(single, {}).correct).toBe(false);
  });

  it('compares hours and two-digit minutes in Time mode', () => {
    const p = generatePump({ kind: 'findTime', timeFormat: 'given', seed: 3 });
    if (p.expected.mode !== 'time') throw new Error('time expected');
    expect(checkPump(p, canonicalAnswer(p)).correct).toBe(true);
    const loose = checkPump(p, {
      hours: p.expected.hours,
      minutes: String(Number(p.expected.minutes)),
    });
    expect(loose.correct).toBe(p.expected.minutes === String(Number(p.expected.minutes)));
    expect(checkPump(p, { hours: `0${p.expected.hours}`, minutes: p.expected.minutes }).hint).toBe(
      PUMP_MESSAGES.hintFormat,
    );
  });
});

describe('publicView and explainPump', () => {
  it('shows the question without the answer', () => {
    // Seed 9 is a preview seed: 500 mL of D5 lactated Ringer's over 4 hours, 125 mL/hr.
    const p = generatePump({ kind: 'singlePump', timeFormat: 'given', seed: 9 });
    const view = publicView(p);
    expect(Object.keys(view).sort()).toEqual(
      [
        'channels',
        'calculate',
        'display',
        'id',
        'kind',
        'preview',
        'pumpCount',
        'text',
        'timeFormat',
      ].sort(),
    );
    expect(JSON.stringify(view)).not.toContain('125');
    expect(view.channels).toEqual(['A']);
    expect(view.preview).toBe(true);
  });

  it('tells what to type in Time mode in words right for any number (issue 24 #10)', () => {
    expect(enterTime(75)).toBe('Enter 1 for the hours and 15 for the minutes (1 hour 15 minutes).');
    expect(enterTime(60)).toBe('Enter 1 for the hours and 00 for the minutes (1 hour).');
    expect(enterTime(121)).toBe('Enter 2 for the hours and 01 for the minutes (2 hours 1 minute).');
  });

  it('works the formula with the numbers', () => {
    const p = generatePump({ kind: 'singlePump', timeFormat: 'ampm', seed: 313 });
    const text = explainPump(p);
    expect(text).toContain('From 12:15 PM to 6:15 PM is 6 hours');
    expect(text).toContain('\\frac{750\\,\\text{mL}}{6\\,\\text{hr}} = 125\\,\\text{mL/hr}');
    expect(text).toContain('reads 0 for rate and VTBI');
  });
});
