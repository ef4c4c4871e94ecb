import {
  PUMP_IDLE_READING,
  PUMP_LIMITS as L,
  pumpControlsOf,
  type PumpChannel,
  type PumpChannelReading,
  type PumpKind,
  type PumpQuestion,
  type PumpTimeFormat,
} from '@examprep/contracts/types';
import { timeSpanText } from './clock';
import {
  isPreviewRef,
  normaliseFormat,
  pumpProblemId,
  shownNumber,
  TIME_ENTRY,
  type PumpExpected,
  type PumpInfusion,
  type PumpProblem,
  type PumpRef,
} from './problem';
import { FLUID_ROWS, maxBagMl, PIGGYBACK_ROW } from './reference';
import { PumpRng } from './rng';

/** Primary fluids come from the reference table (reference.ts): bag sizes and rate caps. */
type Fluid = (typeof FLUID_ROWS)[number];
const SECONDARY_FLUID = 'an IV antibiotic';

/** Durations of rate and VTBI questions, in minutes: 1 to 24 hours in 0.5 steps. */
const HALF_HOUR_DURATIONS: readonly number[] = range(
  L.hoursMin * 60,
  L.hoursMax * 60,
  L.hoursStep * 60,
);

/** Answers of time questions, in minutes: whole hours plus 0, 15, 20, 30, 40 or 45, 1:15 to 24:00. */
const TIME_ANSWERS: readonly number[] = range(0, L.timeMaxMinutes, 1).filter(
  (t) => t >= L.timeMinMinutes && (L.timeMinutes as readonly number[]).includes(t % 60),
);

/**
 * Piggybacks as the reference table hangs them (PIGGYBACK_ROW): a 50 or 100 mL bag over 30
 * minutes to an hour, at a whole rate that is a multiple of 5 and at most the row's cap.
 */
const SECONDARIES: readonly { vtbi: number; minutes: number; rate: number }[] =
  PIGGYBACK_ROW.volumesMl.flatMap((vtbi) =>
    PIGGYBACK_ROW.minutes
      .map((minutes) => ({ vtbi, minutes, rate: (vtbi * 60) / minutes }))
      .filter(
        ({ rate }) =>
          Number.isInteger(rate) &&
          rate % L.timeRateMultiple === 0 &&
          rate >= L.rateMin &&
          rate <= Math.min(L.rateMax, PIGGYBACK_ROW.maxRateMlPerHr),
      ),
  );

/**
 * Rates of a fluid over `minutes`: a whole rate within the spec's 10-500 mL/hr and the
 * fluid's own cap, whose VTBI is a multiple of `vtbiMultiple` and fits in one bag of it (so
 * never near the spec's 5000 mL ceiling).
 */
function rateChoices(
  fluid: Fluid,
  minutes: number,
  vtbiMultiple: number,
  rateMultiple: number,
): number[] {
  const out: number[] = [];
  const maxRate = Math.min(L.rateMax, fluid.maxRateMlPerHr);
  const maxVtbi = Math.min(L.vtbiBelow - 1, maxBagMl(fluid.name));
  for (let rate = L.rateMin; rate <= maxRate; rate += 1) {
    if (rate % rateMultiple !== 0) continue;
    const vtbi = (rate * minutes) / 60;
    if (Number.isInteger(vtbi) && vtbi % vtbiMultiple === 0 && vtbi > 0 && vtbi <= maxVtbi)
      out.push(rate);
  }
  return out;
}

/** Memoised per (fluid, minutes, vtbi multiple, rate multiple): the search is the generator's cost. */
const choiceCache = new Map<string, number[]>();
function ratesFor(fluid: Fluid, minutes: number, vtbiMultiple: number, rateMultiple = 1): number[] {
  const key = `${fluid.name}/${minutes}/${vtbiMultiple}/${rateMultiple}`;
  let rates = choiceCache.get(key);
  if (!rates) {
    rates = rateChoices(fluid, minutes, vtbiMultiple, rateMultiple);
    choiceCache.set(key, rates);
  }
  return rates;
}

function clockStart(rng: PumpRng, format: PumpTimeFormat): number | null {
  if (format === 'given') return null;
  return rng.int(0, 23) * 60 + rng.pick(L.clockStartMinutes);
}

/**
 * Calculate Rate (singlePump, dualPump) and Calculate VTBI (rateBased, rateBasedDual): a
 * fluid from the reference table, a duration from 1 to 24 hours in half hours, then a whole rate
 * within the fluid's cap whose VTBI is a multiple of 10 and fits in one bag (rate-based: a multiple of 50, so it ends in 00 or 50).
 */
function programmedInfusion(
  rng: PumpRng,
  channel: PumpChannel,
  format: PumpTimeFormat,
  vtbiMultiple: number,
): PumpInfusion {
  for (;;) {
    const fluid = rng.pick(FLUID_ROWS);
    const minutes = rng.pick(HALF_HOUR_DURATIONS);
    const rates = ratesFor(fluid, minutes, vtbiMultiple);
    if (rates.length === 0) continue;
    const rate = rng.pick(rates);
    return {
      channel,
      role: null,
      fluid: fluid.name,
      rate,
      vtbi: (rate * minutes) / 60,
      minutes,
      start: clockStart(rng, format),
    };
  }
}

/** Time questions: an answer of 1:15 to 24:00 with allowed minutes; rate a multiple of 5, VTBI of 10. */
function timedInfusion(rng: PumpRng, channel: PumpChannel): PumpInfusion {
  for (;;) {
    const fluid = rng.pick(FLUID_ROWS);
    const minutes = rng.pick(TIME_ANSWERS);
    const rates = ratesFor(fluid, minutes, L.timeVtbiMultiple, L.timeRateMultiple);
    if (rates.length === 0) continue;
    const rate = rng.pick(rates);
    const vtbi = (rate * minutes) / 60;
    return { channel, role: null, fluid: fluid.name, rate, vtbi, minutes, start: null };
  }
}

const reading = (infusion: PumpInfusion | undefined): PumpChannelReading =>
  infusion
    ? { rate: String(infusion.rate), vtbi: String(infusion.vtbi) }
    : { rate: PUMP_IDLE_READING, vtbi: PUMP_IDLE_READING };

function channelsOf(infusions: PumpInfusion[]): Record<PumpChannel, PumpChannelReading> {
  return {
    A: reading(infusions.find((i) => i.channel === 'A')),
    B: reading(infusions.find((i) => i.channel === 'B')),
  };
}

const pumpName = (channel: PumpChannel) => `pump ${channel}`;
const capital = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);

function questionText(kind: PumpKind, format: PumpTimeFormat, infusions: PumpInfusion[]): string {
  const span = (i: PumpInfusion) => timeSpanText(i.start ?? 0, i.minutes, format);
  const single = infusions.length === 1;
  const idle = single ? ' The other pump stays at 0.' : '';
  switch (kind) {
    case 'singlePump':
    case 'dualPump': {
      const orders = infusions.map(
        (i) =>
          `${capital(pumpName(i.channel))}: infuse ${shownNumber(i.vtbi)} mL of ${i.fluid} ${span(i)}.`,
      );
      return single
        ? `${orders[0]} Program the pump: enter the rate (mL/hr) and the VTBI (mL).${idle}`
        : `Program both pumps. ${orders.join(' ')} Enter each pump's rate (mL/hr) and VTBI (mL).`;
    }
    case 'rateBased':
    case 'rateBasedDual': {
      const orders = infusions.map(
        (i) =>
          `${capital(pumpName(i.channel))}: ${i.fluid} is ordered at ${i.rate} mL/hr ${span(i)}.`,
      );
      return single
        ? `${orders[0]} Program the pump: enter the rate (mL/hr) and the VTBI (mL) that runs for that time.${idle}`
        : `Program both pumps. ${orders.join(' ')} Enter each pump's rate (mL/hr) and the VTBI (mL) that runs for its time.`;
    }
    case 'findTime': {
      const [i] = infusions as [PumpInfusion];
      return `${capital(pumpName(i.channel))} is programmed to infuse ${shownNumber(i.vtbi)} mL of ${i.fluid} at ${i.rate} mL/hr. How long will the infusion take? ${TIME_ENTRY}`;
    }
    case 'findDualTime': {
      const [a, b] = infusions as [PumpInfusion, PumpInfusion];
      return `Pump A (primary) is programmed with ${shownNumber(a.vtbi)} mL of ${a.fluid} at ${a.rate} mL/hr. Pump B (secondary) holds ${shownNumber(b.vtbi)} mL of ${b.fluid} at ${b.rate} mL/hr and runs first: pump A pauses until pump B's VTBI reaches 0, then resumes. How long until both infusions are complete? ${TIME_ENTRY}`;
    }
  }
}

function infusionsFor(rng: PumpRng, kind: PumpKind, format: PumpTimeFormat): PumpInfusion[] {
  const { calculate, pumpCount } = pumpControlsOf(kind);
  if (calculate === 'time') {
    if (pumpCount === 'single') {
      return [timedInfusion(rng, rng.pick(['A', 'B'] as const))];
    }
    // The piggyback runs first; the primary then runs the rest of an allowed total.
    for (;;) {
      const secondary: PumpInfusion = {
        ...rng.pick(SECONDARIES),
        channel: 'B',
        role: 'secondary',
        fluid: SECONDARY_FLUID,
        start: null,
      };
      const fluid = rng.pick(FLUID_ROWS);
      const totals = TIME_ANSWERS.filter((t) => t - secondary.minutes >= 60);
      const total = rng.pick(totals);
      const rates = ratesFor(
        fluid,
        total - secondary.minutes,
        L.timeVtbiMultiple,
        L.timeRateMultiple,
      );
      if (rates.length === 0) continue;
      const rate = rng.pick(rates);
      const minutes = total - secondary.minutes;
      const primary: PumpInfusion = {
        channel: 'A',
        role: 'primary',
        fluid: fluid.name,
        rate,
        vtbi: (rate * minutes) / 60,
        minutes,
        start: null,
      };
      return [primary, secondary];
    }
  }
  const multiple = calculate === 'vtbi' ? L.rateBasedVtbiMultiple : L.vtbiMultiple;
  const channels: PumpChannel[] =
    pumpCount === 'single' ? [rng.pick(['A', 'B'] as const)] : ['A', 'B'];
  return channels.map((channel) => programmedInfusion(rng, channel, format, multiple));
}

function expectedOf(kind: PumpKind, infusions: PumpInfusion[]): PumpExpected {
  if (pumpControlsOf(kind).calculate !== 'time')
    return { mode: 'channels', ...channelsOf(infusions) };
  const total = infusions.reduce((sum, i) => sum + i.minutes, 0);
  return {
    mode: 'time',
    hours: String(Math.floor(total / 60)),
    minutes: String(total % 60).padStart(2, '0'),
    totalMinutes: total,
  };
}

/**
 * The problem of `(kind, timeFormat, seed)`: the same inputs always give the same problem,
 * so the id replays it on the server when the learner checks.
 */
export function generatePump(ref: PumpRef): PumpProblem {
  const timeFormat = normaliseFormat(ref.kind, ref.timeFormat);
  const rng = new PumpRng(ref.seed);
  const infusions = infusionsFor(rng, ref.kind, timeFormat);
  const { calculate, pumpCount } = pumpControlsOf(ref.kind);
  return {
    id: pumpProblemId({ ...ref, timeFormat }),
    seed: ref.seed,
    kind: ref.kind,
    calculate,
    pumpCount,
    timeFormat,
    infusions,
    text: questionText(ref.kind, timeFormat, infusions),
    display: calculate === 'time' ? channelsOf(infusions) : null,
    expected: expectedOf(ref.kind, infusions),
  };
}

/** What the browser may see: the question and the display, never the answer. */
export function publicView(problem: PumpProblem): PumpQuestion {
  return {
    id: problem.id,
    kind: problem.kind,
    calculate: problem.calculate,
    pumpCount: problem.pumpCount,
    timeFormat: problem.timeFormat,
    channels: problem.infusions.map((i) => i.channel).sort(),
    text: problem.text,
    display: problem.display,
    preview: isPreviewRef(problem),
  };
}

function range(from: number, to: number, step: number): number[] {
  const out: number[] = [];
  for (let x = from; x <= to; x += step) out.push(x);
  return out;
}
