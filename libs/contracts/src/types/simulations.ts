/**
 * The IV infusion-pump simulator (learner spec §2 Simulations, §3 Pump simulator question,
 * §5 Pump, §9): the shapes the browser and the services exchange and the spec's constants.
 * The generator and checker are `@examprep/pump` (server side: the answers never reach a
 * browser before it checks).
 */

/** The six question types of spec §3. */
export const PUMP_KINDS = [
  'singlePump',
  'dualPump',
  'rateBased',
  'rateBasedDual',
  'findTime',
  'findDualTime',
] as const;
export type PumpKind = (typeof PUMP_KINDS)[number];

/** The 'what to calculate' control: Calculate Rate, Calculate VTBI, Calculate Time. */
export const PUMP_CALCULATE = ['rate', 'vtbi', 'time'] as const;
export type PumpCalculate = (typeof PUMP_CALCULATE)[number];

/** The time format control: Given (a duration), AM/PM clock times, Military clock times. */
export const PUMP_TIME_FORMATS = ['given', 'ampm', 'military'] as const;
export type PumpTimeFormat = (typeof PUMP_TIME_FORMATS)[number];

/** The pump count control: Single or Dual. */
export const PUMP_COUNTS = ['single', 'dual'] as const;
export type PumpCount = (typeof PUMP_COUNTS)[number];

export const PUMP_CHANNELS = ['A', 'B'] as const;
export type PumpChannel = (typeof PUMP_CHANNELS)[number];

/** Spec §9, every number of the pump generator and the pump face. */
export const PUMP_LIMITS = {
  /** A RATE or VTBI field takes at most 4 digits. */
  keypadMaxDigits: 4,
  /** The hour and minute inputs take at most 2 digits. */
  timeInputMaxDigits: 2,
  /** Durations of rate and VTBI questions: 1 to 24 hours in 0.5 steps. */
  hoursMin: 1,
  hoursMax: 24,
  hoursStep: 0.5,
  /** Rates: 10 to 500 mL/hr. */
  rateMin: 10,
  rateMax: 500,
  /** VTBI: under 5000 mL and a multiple of 10. */
  vtbiBelow: 5000,
  vtbiMultiple: 10,
  /** Rate-based (Calculate VTBI) answers end in 00 or 50. */
  rateBasedVtbiMultiple: 50,
  /** Time questions: the answer's minutes are one of these. */
  timeMinutes: [0, 15, 20, 30, 40, 45],
  /** Time questions: 1:15 to 24:00. */
  timeMinMinutes: 75,
  timeMaxMinutes: 24 * 60,
  /** Time questions: the rate is a multiple of 5, the VTBI a multiple of 10. */
  timeRateMultiple: 5,
  timeVtbiMultiple: 10,
  /** Clock questions start on the hour or at 15, 30 or 45 minutes past. */
  clockStartMinutes: [0, 15, 30, 45],
  /** Military times are written as 4 digits (0930, 2145). */
  militaryDigits: 4,
} as const;

/** What a pump field reads before anything is typed in a question that does not use it. */
export const PUMP_IDLE_READING = '0';

/** The kind a control combination asks for (spec §3 names them). */
export function pumpKindFor(calculate: PumpCalculate, pumpCount: PumpCount): PumpKind {
  const single = pumpCount === 'single';
  if (calculate === 'rate') return single ? 'singlePump' : 'dualPump';
  if (calculate === 'vtbi') return single ? 'rateBased' : 'rateBasedDual';
  return single ? 'findTime' : 'findDualTime';
}

/** The controls a kind belongs to. */
export function pumpControlsOf(kind: PumpKind): { calculate: PumpCalculate; pumpCount: PumpCount } {
  switch (kind) {
    case 'singlePump':
      return { calculate: 'rate', pumpCount: 'single' };
    case 'dualPump':
      return { calculate: 'rate', pumpCount: 'dual' };
    case 'rateBased':
      return { calculate: 'vtbi', pumpCount: 'single' };
    case 'rateBasedDual':
      return { calculate: 'vtbi', pumpCount: 'dual' };
    case 'findTime':
      return { calculate: 'time', pumpCount: 'single' };
    case 'findDualTime':
      return { calculate: 'time', pumpCount: 'dual' };
  }
}

/** `${kind}~${timeFormat}~${seed}`: the replay id of a pump problem (seed checked in range apart). */
export const PUMP_ID_PATTERN = new RegExp(
  `^(${PUMP_KINDS.join('|')})~(${PUMP_TIME_FORMATS.join('|')})~(\\d{1,10})$`,
);

/** RATE (mL/hr) and VTBI (mL) of one channel, as typed or as shown. */
export interface PumpChannelReading {
  rate: string;
  vtbi: string;
}

/**
 * A generated pump problem as the browser sees it: the question and what the pump face
 * shows, never the answer (DESIGN §5). `id` replays the exact problem on the server.
 */
export interface PumpQuestion {
  /** `${kind}~${timeFormat}~${seed}` */
  id: string;
  kind: PumpKind;
  calculate: PumpCalculate;
  pumpCount: PumpCount;
  /** Time questions are always 'given' (the control is disabled in Time mode). */
  timeFormat: PumpTimeFormat;
  /** The channels the question uses: one for single-pump kinds, A and B for dual. */
  channels: PumpChannel[];
  /** The question, in the chosen time format. */
  text: string;
  /**
   * Time mode: the pump is already programmed and the display shows it (both channels; an
   * unused channel reads 0). Rate and VTBI modes: null (the learner programs the pump).
   */
  display: Record<PumpChannel, PumpChannelReading> | null;
  /** A preview problem (callers without simulation access get only these). */
  preview: boolean;
}

/** Every key of a PumpQuestion: a generated payload with any other key leaks something. */
export const PUMP_QUESTION_KEYS = [
  'calculate',
  'channels',
  'display',
  'id',
  'kind',
  'preview',
  'pumpCount',
  'text',
  'timeFormat',
] as const satisfies readonly (keyof PumpQuestion)[];

/** Every input of the three controls (18; in Time mode the format is ignored). */
export const PUMP_GENERATE_INPUTS: readonly PumpGenerateInput[] = PUMP_CALCULATE.flatMap(
  (calculate) =>
    PUMP_TIME_FORMATS.flatMap((timeFormat) =>
      PUMP_COUNTS.map((pumpCount) => ({ calculate, timeFormat, pumpCount })),
    ),
);

/** What Check Answer sends: the channels (Rate and VTBI modes) or the time (Time mode). */
export interface PumpAnswerInput {
  A?: PumpChannelReading;
  B?: PumpChannelReading;
  hours?: string;
  minutes?: string;
}

/** POST /api/simulations/pump/generate */
export interface PumpGenerateInput {
  calculate: PumpCalculate;
  timeFormat: PumpTimeFormat;
  pumpCount: PumpCount;
}

/** POST /api/simulations/pump/check */
export interface PumpCheckInput {
  id: string;
  answer: PumpAnswerInput;
}

/** Checks compare the typed strings exactly (spec §5). */
export interface PumpCheckResult {
  correct: boolean;
  /** 'Correct!' or 'Incorrect. Try again.' */
  message: string;
  /**
   * A nudge after a wrong answer that names the classic slip (a value 10 times too big or
   * small, the idle pump not at 0), never the answer itself; null when there is none.
   */
  hint: string | null;
  /** The worked explanation (KaTeX) once the answer is correct; null before. */
  explanation: string | null;
}

/** Texts of the pump simulator (learner spec §2, §5; the result texts are the spec's). */
export const PUMP_MESSAGES = {
  correct: 'Correct!',
  incorrect: 'Incorrect. Try again.',
  previewNotice:
    'You are using the preview of the pump simulator: single-pump questions with a given duration. Purchase the Med Dosage QBank for dual pumps, clock times and unlimited questions.',
  previewOnly:
    'This part of the pump simulator comes with the Med Dosage QBank. Purchase it to use dual pumps and clock times.',
  unknownProblem: 'This pump problem can no longer be checked. Please generate another one.',
  invalidId: 'The pump problem id is not valid.',
  keypadDigits: `Enter digits only, at most ${PUMP_LIMITS.keypadMaxDigits}.`,
  timeDigits: `Enter digits only, at most ${PUMP_LIMITS.timeInputMaxDigits}.`,
  answerShape: 'Enter the RATE and VTBI of each channel, or the hours and minutes in Time mode.',
  hintOutBy10:
    'One value is 10 times too large or too small: check for a slipped decimal point or an extra zero.',
  hintIdleChannel: 'In a single-pump question the other pump must read 0 for rate and VTBI.',
  hintFormat:
    'Type the numbers the way the pump reads them: no leading zeros, and the minutes as two digits (00 to 59).',
} as const;

export const KEYPAD_VALUE = new RegExp(`^\\d{1,${PUMP_LIMITS.keypadMaxDigits}}$`);
export const TIME_INPUT_VALUE = new RegExp(`^\\d{1,${PUMP_LIMITS.timeInputMaxDigits}}$`);

/** A keypad field's problem (digits only, 1 to 4 of them), or null when it is fine. */
export function pumpKeypadProblem(value: string): string | null {
  return KEYPAD_VALUE.test(value) ? null : PUMP_MESSAGES.keypadDigits;
}

/** A time input's problem (digits only, 1 or 2 of them), or null when it is fine. */
export function pumpTimeInputProblem(value: string): string | null {
  return TIME_INPUT_VALUE.test(value) ? null : PUMP_MESSAGES.timeDigits;
}
