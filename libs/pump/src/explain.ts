import type { PumpTimeFormat } from '@examprep/contracts/types';
import { clockTime, durationText, shortDuration } from './clock';
import { shownNumber, shownTex, type PumpInfusion, type PumpProblem } from './problem';

const u = (text: string) => `\\text{${text}}`;
/** A quantity in LaTeX; numbers with thousands separators (1{,}000 mL), hours as given. */
const q = (n: number | string, unit: string) =>
  `${typeof n === 'number' ? shownTex(n) : n}\\,${u(unit)}`;
const frac = (top: string, bottom: string) => `\\frac{${top}}{${bottom}}`;
const m = (latex: string) => `\\(${latex}\\)`;
const dm = (latex: string) => `\\[${latex}\\]`;
/** 8.5 -> '8.5', 8 -> '8' */
const hours = (minutes: number) => String(minutes / 60);

/**
 * What to type in Time mode, right for any number (issue 24: not 'Enter 1 hours'): the hours as
 * a number, the minutes as two digits, and the duration in words.
 */
export function enterTime(minutes: number): string {
  const h = Math.floor(minutes / 60);
  const mm = String(minutes % 60).padStart(2, '0');
  return `Enter ${h} for the hours and ${mm} for the minutes (${durationText(minutes)}).`;
}

function durationStep(i: PumpInfusion, format: PumpTimeFormat): string {
  if (format === 'given' || i.start === null) return '';
  const from = clockTime(i.start, format);
  const to = clockTime(i.start + i.minutes, format);
  return `From ${from} to ${to}${i.start + i.minutes >= 24 * 60 ? ' the next day' : ''} is ${durationText(i.minutes)}, ${m(q(hours(i.minutes), 'hr'))}. `;
}

function rateStep(i: PumpInfusion, format: PumpTimeFormat): string {
  return `${durationStep(i, format)}Pump ${i.channel}: rate = VTBI ÷ time ${dm(
    `${frac(q(i.vtbi, 'mL'), q(hours(i.minutes), 'hr'))} = ${q(i.rate, 'mL/hr')}`,
  )} The pump reads RATE ${i.rate} and VTBI ${i.vtbi}.`;
}

function vtbiStep(i: PumpInfusion, format: PumpTimeFormat): string {
  return `${durationStep(i, format)}Pump ${i.channel}: VTBI = rate × time ${dm(
    `${q(i.rate, 'mL/hr')} \\times ${q(hours(i.minutes), 'hr')} = ${q(i.vtbi, 'mL')}`,
  )} The pump reads RATE ${i.rate} and VTBI ${i.vtbi}.`;
}

function timeStep(i: PumpInfusion, label: string): string {
  const split = i.minutes > 60 && i.minutes % 60 !== 0;
  return `${label}: time = VTBI ÷ rate, and × 60 turns hours into minutes ${dm(
    `${frac(q(i.vtbi, 'mL'), q(i.rate, 'mL/hr'))} \\times 60\\,${u('min/hr')} = ${q(i.minutes, 'min')}`,
  )}${split ? ` ${shownNumber(i.minutes)} minutes is ${Math.floor(i.minutes / 60)} × 60 + ${i.minutes % 60}, that is ${shortDuration(i.minutes)}.` : i.minutes >= 60 ? ` That is ${shortDuration(i.minutes)}.` : ''}`;
}

/**
 * 'The pump reads RATE 125 and VTBI 1000.' names what is typed on the keypad, so its numbers
 * are plain digits (the keypad has no comma), unlike the worked numbers shown with separators.
 *
 * The worked explanation (KaTeX in \( \) and \[ \]): the formula with the problem's numbers,
 * rate = VTBI ÷ time, VTBI = rate × time or time = VTBI ÷ rate, and in a single-pump
 * question the idle pump at 0.
 */
export function explainPump(problem: PumpProblem): string {
  const idle =
    problem.pumpCount === 'single' && problem.calculate !== 'time'
      ? ` The other pump is not used, so it reads 0 for rate and VTBI.`
      : '';
  switch (problem.calculate) {
    case 'rate':
      return problem.infusions.map((i) => rateStep(i, problem.timeFormat)).join(' ') + idle;
    case 'vtbi':
      return problem.infusions.map((i) => vtbiStep(i, problem.timeFormat)).join(' ') + idle;
    case 'time': {
      if (problem.infusions.length === 1) {
        const [i] = problem.infusions as [PumpInfusion];
        return `${timeStep(i, `Pump ${i.channel}`)} ${enterTime(i.minutes)}`;
      }
      const [a, b] = problem.infusions as [PumpInfusion, PumpInfusion];
      const total = a.minutes + b.minutes;
      return `${timeStep(b, 'Pump B (secondary) runs first')} ${timeStep(a, 'Then pump A (primary) resumes')} Both are complete after ${shortDuration(b.minutes)} + ${shortDuration(a.minutes)} = ${shortDuration(total)}. ${enterTime(total)}`;
    }
  }
}
