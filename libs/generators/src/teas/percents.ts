import { aOrAn, blank, dm, m, Rng, singleChoice, unit } from '../core';
import type { Distractor, GeneratedItem } from '../core';
import { clean, num, numericFallbacks, option, rounded } from './shared';

export const PERCENTS_RANGES = {
  kinds: ['of', 'what', 'change'],
  /** Percents asked in 'What is p% of N?'. */
  ofPercents: [5, 10, 12.5, 15, 20, 25, 30, 35, 40, 45, 60, 65, 75, 80, 85, 90, 120, 150],
  ofWhole: { min: 20, max: 800, step: 4 },
  /** 'A is what percent of B?': whole and the (whole-number) percent. */
  whatWhole: { min: 20, max: 500, step: 20 },
  whatPercent: { min: 5, max: 95, step: 5 },
  /** Percent change: original value range per context and the allowed percents. */
  change: {
    weight: { min: 100, max: 300, step: 20, percents: [5, 10, 15, 20] },
    price: { min: 20, max: 200, step: 20, percents: [5, 10, 15, 20, 25, 30, 40, 50, 75] },
    visits: { min: 40, max: 400, step: 20, percents: [5, 10, 15, 20, 25, 30, 40, 50, 60, 75] },
  },
} as const;

type Kind = (typeof PERCENTS_RANGES.kinds)[number];
type ChangeContext = keyof typeof PERCENTS_RANGES.change;

const percentText = (value: number, places: number) => `${rounded(value, places)}%`;

/** Percent of a number, what percent one number is of another, and percent change. */
export function percents(seed: number): GeneratedItem {
  const rng = new Rng(seed);
  const kind: Kind = rng.pick(PERCENTS_RANGES.kinds);
  const asBlank = rng.chance(0.5);
  if (kind === 'of') return percentOf(rng, asBlank);
  if (kind === 'what') return whatPercent(rng, asBlank);
  return percentChange(rng, asBlank);
}

function percentOf(rng: Rng, asBlank: boolean): GeneratedItem {
  const r = PERCENTS_RANGES;
  const p = rng.pick(r.ofPercents);
  const whole = rng.step(r.ofWhole.min, r.ofWhole.max, r.ofWhole.step);
  const part = clean((p / 100) * whole);
  const answer = num(part, 2);
  const contexts = [
    `What is ${m(`${num(p)}\\%`)} of ${m(num(whole))}?`,
    `A hospital has ${whole} beds, and ${num(p)}% of them are in intensive care. How many beds are in intensive care?`,
    `A nursing program admitted ${whole} students, and ${num(p)}% of them passed the first exam. How many students passed the first exam?`,
  ];
  const question = Number.isInteger(part) && p < 100 ? rng.pick(contexts) : contexts[0];
  const explanation = [
    `Write the percent as a decimal: ${m(`${num(p)}\\% = \\frac{${num(p)}}{100} = ${num(p / 100)}`)}.`,
    `Then multiply by the whole:`,
    dm(`${num(p / 100)} \\times ${whole} = ${answer}`),
    `The answer is ${m(answer)}.`,
  ].join(' ');
  const parts = { question, answer, explanation, params: { kind: 'of', percent: p, whole } };
  if (asBlank) return blank(parts);
  return singleChoice(rng, parts, [
    option(whole + part, 'percent of vs percent change: added the percent to the whole', 2),
    option(whole - part, 'found the part that is left (100% minus the percent)', 2),
    option(part * 10, 'decimal slip (x10): used the percent over 10 instead of 100', 2),
    option((whole * 100) / p, 'divided by the percent instead of multiplying', 2),
    ...numericFallbacks(part, 2),
  ]);
}

function whatPercent(rng: Rng, asBlank: boolean): GeneratedItem {
  const r = PERCENTS_RANGES;
  const p = rng.step(r.whatPercent.min, r.whatPercent.max, r.whatPercent.step);
  const whole = rng.step(r.whatWhole.min, r.whatWhole.max, r.whatWhole.step);
  const part = (p * whole) / 100;
  const question = rng.pick([
    `${m(String(part))} is what percent of ${m(String(whole))}?`,
    `On a unit of ${whole} patients, ${part} are receiving insulin. What percent of the patients are receiving insulin?`,
    `A nurse gave ${part} of the ${whole} scheduled vaccinations this week. What percent of the vaccinations has the nurse given?`,
  ]);
  const explanation = [
    `Percent is the part divided by the whole, times 100:`,
    dm(`\\frac{${part}}{${whole}} \\times 100 = ${num(part / whole)} \\times 100 = ${p}\\%`),
    `The answer is ${m(`${p}\\%`)}.`,
  ].join(' ');
  const params = { kind: 'what', part, whole };
  if (asBlank) {
    return blank({ question, answer: String(p), explanation, unit: '%', params });
  }
  const candidates: Distractor[] = [
    {
      value: percentText((whole / part) * 100, 1),
      misconception: 'inverted the ratio (whole over part)',
    },
    { value: percentText(part / whole, 2), misconception: 'forgot to multiply by 100' },
    {
      value: percentText((part / (whole - part)) * 100, 1),
      misconception: 'divided by the rest instead of the whole',
    },
    {
      value: percentText(100 - p, 1),
      misconception: 'gave the percent of the rest (100% minus the answer)',
    },
    ...numericFallbacks(p, 0).map((d) => ({ ...d, value: d.value && `${d.value}%` })),
  ];
  return singleChoice(rng, { question, answer: `${p}%`, explanation, params }, candidates);
}

function percentChange(rng: Rng, asBlank: boolean): GeneratedItem {
  const context: ChangeContext = rng.pick(['weight', 'price', 'visits'] as const);
  const range = PERCENTS_RANGES.change[context];
  const original = rng.step(range.min, range.max, range.step);
  const p = rng.pick(range.percents);
  const increase = rng.chance(0.5);
  const changed = clean(original * (1 + ((increase ? 1 : -1) * p) / 100));
  const change = Math.abs(changed - original);
  const word = increase ? 'increase' : 'decrease';
  const money = (x: number) => m(`\\$${num(x)}`);
  const setup = {
    weight: `Over six months, a patient's weight went from ${num(original)} lb to ${num(changed)} lb.`,
    price: `The price of a stethoscope went from ${money(original)} to ${money(changed)}.`,
    visits: `A clinic had ${num(original)} visits in March and ${num(changed)} visits in April.`,
  }[context];
  const question = `${setup} What is the percent ${word}?`;
  const explanation = [
    `Percent change is the amount of change divided by the original amount, times 100.`,
    `The change is ${m(`${num(Math.max(original, changed))} - ${num(Math.min(original, changed))} = ${num(change)}${context === 'weight' ? `\\,${unit('lb')}` : ''}`)}.`,
    dm(
      `\\frac{${num(change)}}{${num(original)}} \\times 100 = ${num(change / original)} \\times 100 = ${p}\\%`,
    ),
    `It is ${increase ? 'an' : 'a'} ${word}, so the answer is ${aOrAn(String(p))} ${m(`${p}\\%`)} ${word}.`,
  ].join(' ');
  const params = { kind: 'change', original, changed, context };
  if (asBlank) {
    return blank({ question, answer: String(p), explanation, unit: '%', params });
  }
  return singleChoice(rng, { question, answer: `${p}%`, explanation, params }, [
    {
      value: percentText((change / changed) * 100, 1),
      misconception: 'divided by the new value instead of the original',
    },
    {
      value: percentText((changed / original) * 100, 1),
      misconception:
        'percent of vs percent change: gave the new value as a percent of the original',
    },
    { value: `${num(change)}%`, misconception: 'gave the amount of change, not the percent' },
    ...numericFallbacks(p, 0).map((d) => ({ ...d, value: d.value && `${d.value}%` })),
  ]);
}
