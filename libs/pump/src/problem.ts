import {
  PUMP_ID_PATTERN,
  type PumpCalculate,
  type PumpChannel,
  type PumpChannelReading,
  type PumpCount,
  type PumpKind,
  type PumpTimeFormat,
} from '@examprep/contracts/types';

export const MAX_PUMP_SEED = 0xffffffff;

/**
 * A number as the question and the explanation show it, with thousands separators (ISMP:
 * commas for numbers of 1,000 and above): 'infuse 1,000 mL'. What the learner types on the
 * keypad, and the pump's readings, stay plain digits ('1000'): the checker compares those.
 */
export function shownNumber(n: number): string {
  return String(n).replace(/^(\d+)/, (whole) => whole.replace(/\B(?=(\d{3})+$)/g, ','));
}

/** shownNumber inside LaTeX: the comma braced (`1{,}000`) so KaTeX sets no space after it. */
export const shownTex = (n: number): string => shownNumber(n).replace(/,/g, '{,}');

/**
 * How a Time answer is typed (the minutes field takes two digits: the checker compares '00',
 * not '0'), said in every Time question.
 */
export const TIME_ENTRY =
  'Enter the hours and the minutes; type the minutes as two digits (for example, 00 or 30).';

/** One bag on one channel, with everything the question and the answer derive from. */
export interface PumpInfusion {
  channel: PumpChannel;
  /** findDualTime: pump B is the secondary (piggyback) that runs first; else null. */
  role: 'primary' | 'secondary' | null;
  fluid: string;
  /** mL/hr, whole */
  rate: number;
  /** mL, whole */
  vtbi: number;
  /** Running time in whole minutes (vtbi / rate * 60). */
  minutes: number;
  /** Clock formats: the minute of the day it starts (0-1439); null for 'given'. */
  start: number | null;
}

/** The answer: both channels as the pump must read (rate and VTBI modes) or the time. */
export type PumpExpected =
  | { mode: 'channels'; A: PumpChannelReading; B: PumpChannelReading }
  | { mode: 'time'; hours: string; minutes: string; totalMinutes: number };

/** A generated problem with its answer: server side only (the browser gets publicView). */
export interface PumpProblem {
  id: string;
  seed: number;
  kind: PumpKind;
  calculate: PumpCalculate;
  pumpCount: PumpCount;
  timeFormat: PumpTimeFormat;
  infusions: PumpInfusion[];
  text: string;
  display: Record<PumpChannel, PumpChannelReading> | null;
  expected: PumpExpected;
}

export interface PumpRef {
  kind: PumpKind;
  timeFormat: PumpTimeFormat;
  seed: number;
}

/** Time questions have no time format of their own (the control is disabled): always 'given'. */
export function normaliseFormat(kind: PumpKind, timeFormat: PumpTimeFormat): PumpTimeFormat {
  return kind === 'findTime' || kind === 'findDualTime' ? 'given' : timeFormat;
}

/** `${kind}~${timeFormat}~${seed}` */
export function pumpProblemId({ kind, timeFormat, seed }: PumpRef): string {
  return `${kind}~${normaliseFormat(kind, timeFormat)}~${seed}`;
}

/** Parses a replay id; null unless it is a kind, its format and a seed in range. */
export function parsePumpProblemId(id: string): PumpRef | null {
  const match = PUMP_ID_PATTERN.exec(id);
  if (!match) return null;
  const kind = match[1] as PumpKind;
  const timeFormat = match[2] as PumpTimeFormat;
  const seed = Number(match[3]);
  if (seed > MAX_PUMP_SEED || normaliseFormat(kind, timeFormat) !== timeFormat) return null;
  return { kind, timeFormat, seed };
}

/**
 * The preview (callers without simulation access, spec §6): single-pump problems with a
 * given duration, from a small fixed set of seeds.
 */
export const PUMP_PREVIEW = {
  kinds: ['singlePump', 'rateBased', 'findTime'] as readonly PumpKind[],
  timeFormat: 'given' as PumpTimeFormat,
  seeds: 12,
};

export function isPreviewRef(ref: PumpRef): boolean {
  return (
    PUMP_PREVIEW.kinds.includes(ref.kind) &&
    ref.timeFormat === PUMP_PREVIEW.timeFormat &&
    ref.seed < PUMP_PREVIEW.seeds
  );
}
