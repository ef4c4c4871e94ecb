import {
  PUMP_TIME_FORMATS,
  type PumpAnswerInput,
  type PumpKind,
  type PumpTimeFormat,
} from '@examprep/contracts/types';
import {
  canonicalAnswer,
  checkPump,
  explainPump,
  generatePump,
  MAX_PUMP_SEED,
  PUMP_PREVIEW,
  publicView,
  type PumpProblem,
} from '@examprep/pump';
import { Rng } from '../core/rng';
import type { GenerateFn, PumpItem } from '../core/types';

/**
 * Item seeds below this, of a topic whose kind the preview has, are the simulator's preview
 * problems themselves (kind, 'given', the same seed): what a caller without simulation access
 * is served in the Infinite QBank too (issue 24: one rule for both).
 */
export const PUMP_PREVIEW_ITEM_SEEDS = PUMP_PREVIEW.seeds;

/** Whether the preview has this kind (single pump, given duration). */
export function isPreviewKind(kind: PumpKind): boolean {
  return PUMP_PREVIEW.kinds.includes(kind);
}

/**
 * Pump topics of the Infinite QBank (issue 14): one per pump kind, answered on the pump face.
 * The item seed draws the time format (Rate and VTBI kinds: given, AM/PM or military; Time
 * kinds are always 'given') and the pump problem's own seed, so the same item seed always
 * gives the same problem. Seeds below PUMP_PREVIEW_ITEM_SEEDS of a preview kind are the
 * preview's problems.
 */
export function pumpRefOf(kind: PumpKind, seed: number): PumpItem['pumpRef'] {
  if (isPreviewKind(kind) && seed < PUMP_PREVIEW_ITEM_SEEDS)
    return { kind, timeFormat: PUMP_PREVIEW.timeFormat, seed };
  const rng = new Rng(seed);
  const timeFormat: PumpTimeFormat =
    kind === 'findTime' || kind === 'findDualTime' ? 'given' : rng.pick(PUMP_TIME_FORMATS);
  return { kind, timeFormat, seed: rng.int(0, MAX_PUMP_SEED) };
}

/**
 * The answer strings of a pump problem in PUMP_ANSWER_ORDER (contracts): [A.rate, A.vtbi,
 * B.rate, B.vtbi] in Rate and VTBI modes, [hours, minutes] in Time mode.
 */
export function pumpAnswerStrings(problem: PumpProblem): string[] {
  const a = canonicalAnswer(problem);
  return problem.expected.mode === 'channels'
    ? [a.A?.rate ?? '', a.A?.vtbi ?? '', a.B?.rate ?? '', a.B?.vtbi ?? '']
    : [a.hours ?? '', a.minutes ?? ''];
}

/** The answer strings of a check (PUMP_ANSWER_ORDER) as the pump checker reads them. */
export function pumpAnswerInput(problem: PumpProblem, answer: readonly string[]): PumpAnswerInput {
  const at = (i: number) => answer[i] ?? '';
  return problem.expected.mode === 'channels'
    ? { A: { rate: at(0), vtbi: at(1) }, B: { rate: at(2), vtbi: at(3) } }
    : { hours: at(0), minutes: at(1) };
}

/** How many answer strings a pump problem takes (4 in Rate and VTBI modes, 2 in Time mode). */
export function pumpAnswerLength(problem: PumpProblem): number {
  return problem.expected.mode === 'channels' ? 4 : 2;
}

/**
 * The pump checker's verdict on a pump item's answer strings (PUMP_ANSWER_ORDER): exact
 * strings, both channels (an idle pump reads 0), Time mode hours and two-digit minutes.
 */
export function isPumpAnswerCorrect(item: PumpItem, answer: readonly string[]): boolean {
  const problem = pumpProblemOf(item);
  return checkPump(problem, pumpAnswerInput(problem, answer)).correct;
}

/** The pump problem an item replays (server side: it holds the answer). */
export function pumpProblemOf(item: PumpItem): PumpProblem {
  return generatePump(item.pumpRef);
}

function pumpGenerator(kind: PumpKind): GenerateFn {
  return (seed: number): PumpItem => {
    const pumpRef = pumpRefOf(kind, seed);
    const problem = generatePump(pumpRef);
    const params: Record<string, number | string> = {
      kind,
      timeFormat: problem.timeFormat,
      pumpSeed: pumpRef.seed,
    };
    for (const i of problem.infusions) {
      params[`${i.channel}.rate`] = i.rate;
      params[`${i.channel}.vtbi`] = i.vtbi;
      params[`${i.channel}.minutes`] = i.minutes;
      if (i.start !== null) params[`${i.channel}.start`] = i.start;
    }
    return {
      type: 'pump',
      question: problem.text,
      choices: [],
      correctAnswer: pumpAnswerStrings(problem),
      explanation: explainPump(problem),
      rounding: null,
      unit: null,
      distractors: [],
      params,
      // preview: true exactly when it is one of the simulator's preview problems
      pump: publicView(problem),
      pumpRef,
    };
  };
}

/** The pump kind each pump topic asks about. */
export const PUMP_TOPIC_KINDS: Readonly<Record<string, PumpKind>> = {
  md_pump_rate_single: 'singlePump',
  md_pump_rate_dual: 'dualPump',
  md_pump_vtbi_single: 'rateBased',
  md_pump_vtbi_dual: 'rateBasedDual',
  md_pump_time_single: 'findTime',
  md_pump_time_dual: 'findDualTime',
};

/**
 * How many preview items a pump topic has for a caller without simulation access (the item
 * seeds 0 … n-1), or 0 when the preview has none of its kind (dual pumps).
 */
export function previewItemsOf(topicKey: string): number {
  const kind = PUMP_TOPIC_KINDS[topicKey];
  return kind && isPreviewKind(kind) ? PUMP_PREVIEW_ITEM_SEEDS : 0;
}

export const pumpRateSingle = pumpGenerator('singlePump');
export const pumpRateDual = pumpGenerator('dualPump');
export const pumpVtbiSingle = pumpGenerator('rateBased');
export const pumpVtbiDual = pumpGenerator('rateBasedDual');
export const pumpTimeSingle = pumpGenerator('findTime');
export const pumpTimeDual = pumpGenerator('findDualTime');
