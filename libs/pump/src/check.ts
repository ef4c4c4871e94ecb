import {
  ANSWER_RULE_MESSAGES,
  PUMP_CHANNELS,
  PUMP_MESSAGES as M,
  type PumpAnswerInput,
  type PumpChannelReading,
} from '@examprep/contracts/types';
import type { PumpProblem } from './problem';

export interface PumpVerdict {
  correct: boolean;
  /** 'Correct!' or 'Incorrect. Try again.' (spec §2) */
  message: string;
  /** The slip a wrong answer shows, without giving the answer away; null when none is named. */
  hint: string | null;
}

const FIELDS = ['rate', 'vtbi'] as const;

/** The answer exactly as the pump must read it (what a learner types to be right). */
export function canonicalAnswer(problem: PumpProblem): PumpAnswerInput {
  const e = problem.expected;
  return e.mode === 'channels'
    ? { A: { ...e.A }, B: { ...e.B } }
    : { hours: e.hours, minutes: e.minutes };
}

/**
 * Checks what the learner typed (spec §5): the strings are compared exactly with what the
 * pump must read, both channels included, so in a single-pump question the other pump must
 * read 0 for rate and VTBI; Time mode compares the hours and the two-digit minutes.
 */
export function checkPump(problem: PumpProblem, answer: PumpAnswerInput): PumpVerdict {
  const expected = problem.expected;
  const pairs: [typed: string, want: string, idle: boolean][] = [];
  if (expected.mode === 'channels') {
    for (const channel of PUMP_CHANNELS) {
      const typed: Partial<PumpChannelReading> = answer[channel] ?? {};
      const idle = !problem.infusions.some((i) => i.channel === channel);
      for (const field of FIELDS) pairs.push([typed[field] ?? '', expected[channel][field], idle]);
    }
  } else {
    pairs.push([answer.hours ?? '', expected.hours, false]);
    pairs.push([answer.minutes ?? '', expected.minutes, false]);
  }
  const correct = pairs.every(([typed, want]) => typed === want);
  return {
    correct,
    message: correct ? M.correct : M.incorrect,
    hint: correct ? null : hintFor(pairs),
  };
}

/** A decimal below 1 typed without its leading zero ('.5'), as the answer rules name it. */
const NAKED_DECIMAL = /^\.\d+$/;

/**
 * The one slip a wrong answer names, most specific first: the right value without its leading
 * zero (the answer rules' message, ADR 0036: a pump that takes decimals reads '.5' as 5), a value
 * 10 times off, the idle pump not at 0, or the right values typed differently.
 */
function hintFor(pairs: [string, string, boolean][]): string | null {
  const wrong = pairs.filter(([typed, want]) => typed !== want);
  if (wrong.some(([typed, want]) => NAKED_DECIMAL.test(typed) && Number(typed) === Number(want)))
    return ANSWER_RULE_MESSAGES.leadingZero;
  const value = (s: string) => (/^\d+$/.test(s) ? Number(s) : NaN);
  // Out-by-10: the classic pump programming error (a slipped decimal point or zero).
  if (
    wrong.some(([typed, want, idle]) => {
      const t = value(typed);
      const w = value(want);
      return !idle && w > 0 && (t === w * 10 || t * 10 === w);
    })
  )
    return M.hintOutBy10;
  if (wrong.some(([, , idle]) => idle)) return M.hintIdleChannel;
  if (wrong.every(([typed, want]) => value(typed) === value(want))) return M.hintFormat;
  return null;
}
