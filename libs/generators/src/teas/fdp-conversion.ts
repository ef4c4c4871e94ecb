import { blank, dm, fraction, fractionLatex, gcd, m, Rng, singleChoice } from '../core';
import type { Distractor, Fraction, GeneratedItem } from '../core';
import { clean, mixedText, num, numericFallbacks, option, rounded } from './shared';

export const FDP_CONVERSION_RANGES = {
  kinds: [
    'fraction_to_decimal',
    'fraction_to_percent',
    'decimal_to_percent',
    'percent_to_decimal',
    'decimal_to_fraction',
    'percent_to_fraction',
  ],
  /** Denominators whose decimals terminate (at most three places). */
  terminating: [2, 4, 5, 8, 10, 20, 25, 40, 50],
  /** Denominators whose decimals repeat (answers are rounded). */
  repeating: [3, 6, 7, 9, 11, 12, 15],
  /** Decimals converted to percents, and percents converted to decimals. */
  decimal: { min: 0.001, max: 1.5 },
  percent: { min: 0.1, max: 150 },
  /** Values written as fractions: a proper fraction, sometimes plus 1 (as decimal). */
  fractionValue: { min: 0.02, max: 1.98 },
} as const;

type Kind = (typeof FDP_CONVERSION_RANGES.kinds)[number];

const pct = (text: string) => `${text}%`;
const asPercent = (d: Distractor): Distractor => ({ ...d, value: d.value && pct(d.value) });

/** Converts among fractions, decimals and percents. */
export function fdpConversion(seed: number): GeneratedItem {
  const rng = new Rng(seed);
  const kind: Kind = rng.pick(FDP_CONVERSION_RANGES.kinds);
  const asBlank = !kind.endsWith('_fraction') && rng.chance(0.6);
  switch (kind) {
    case 'fraction_to_decimal':
    case 'fraction_to_percent':
      return fromFraction(rng, kind, asBlank);
    case 'decimal_to_percent':
    case 'percent_to_decimal':
      return movePoint(rng, kind, asBlank);
    default:
      return toFraction(rng, kind);
  }
}

/** A fraction in lowest terms: n/d with 1 <= n < d. */
function properFraction(rng: Rng, denominators: readonly number[]): Fraction {
  const d = rng.pick(denominators);
  let n = rng.int(1, d - 1);
  while (gcd(n, d) !== 1) n = rng.int(1, d - 1);
  return { n, d };
}

function fromFraction(
  rng: Rng,
  kind: 'fraction_to_decimal' | 'fraction_to_percent',
  asBlank: boolean,
): GeneratedItem {
  const r = FDP_CONVERSION_RANGES;
  const repeating = rng.chance(0.4);
  const f = properFraction(rng, repeating ? r.repeating : r.terminating);
  const toPercent = kind === 'fraction_to_percent';
  const places = repeating ? (toPercent ? 1 : rng.pick([2, 3])) : null;
  const decimal = f.n / f.d;
  const exact = toPercent ? clean(decimal * 100) : decimal;
  const shown = places === null ? 3 : places;
  const answer = rounded(exact, shown);
  const division = repeating
    ? `${f.n} \\div ${f.d} = ${num(Math.floor(decimal * 1e6) / 1e6, 6)}\\ldots`
    : `${f.n} \\div ${f.d} = ${num(decimal)}`;
  const steps = [`Divide the numerator by the denominator: ${m(division)}.`];
  if (toPercent) {
    steps.push(
      `To write a decimal as a percent, multiply by 100 (move the decimal point two places to the right):`,
      dm(
        `${repeating ? `${num(Math.floor(decimal * 1e6) / 1e6, 6)}\\ldots` : num(decimal)} \\times 100 ${repeating ? '\\approx' : '='} ${answer}\\%`,
      ),
    );
  } else if (repeating) {
    steps.push(`Rounded, ${m(`${fractionLatex(f)} \\approx ${answer}`)}.`);
  }
  steps.push(`The answer is ${m(toPercent ? `${answer}\\%` : answer)}.`);
  const question = toPercent
    ? `Write ${m(fractionLatex(f))} as a percent.`
    : `Write ${m(fractionLatex(f))} as a decimal.`;
  const params = { kind, numerator: f.n, denominator: f.d };
  const rounding = places === null ? null : { places };
  const explanation = steps.join(' ');
  if (asBlank) {
    return blank({ question, answer, explanation, rounding, unit: toPercent ? '%' : null, params });
  }
  const named: Distractor[] = toPercent
    ? [
        asPercent(option(decimal, 'forgot to multiply by 100', repeating ? 3 : 4)),
        asPercent(option((f.d / f.n) * 100, 'divided the denominator by the numerator', 1)),
        asPercent(option(f.n, 'wrote the numerator as the percent', 0)),
        asPercent(
          option(exact / 10, 'decimal slip (/10): moved the decimal point one place', shown),
        ),
      ]
    : [
        option(f.d / f.n, 'divided the denominator by the numerator', shown),
        option(
          Number(`0.${f.n}${f.d}`),
          'wrote the numerator and denominator as decimal digits',
          4,
        ),
        option(exact * 10, 'decimal slip (x10)', shown),
        option(exact / 10, 'decimal slip (/10)', shown + 1),
      ];
  const fallbacks = numericFallbacks(Number(answer), shown);
  return singleChoice(
    rng,
    { question, answer: toPercent ? pct(answer) : answer, explanation, rounding, params },
    [...named, ...(toPercent ? fallbacks.map(asPercent) : fallbacks)],
  );
}

function movePoint(
  rng: Rng,
  kind: 'decimal_to_percent' | 'percent_to_decimal',
  asBlank: boolean,
): GeneratedItem {
  const toPercent = kind === 'decimal_to_percent';
  // decimal_to_percent: a decimal from 0.001 to 1.5; percent_to_decimal: 0.1% to 150%.
  const places = toPercent ? rng.pick([1, 2, 2, 3]) : rng.pick([0, 0, 1]);
  let digits = rng.int(1, (toPercent ? 1.5 : 150) * 10 ** places);
  if (places > 0 && digits % 10 === 0) digits -= 1;
  const given = clean(digits / 10 ** places);
  const exact = clean(toPercent ? given * 100 : given / 100);
  const answer = num(exact, 6);
  const explanation = toPercent
    ? [
        `To write a decimal as a percent, multiply by 100: move the decimal point two places to the right.`,
        dm(`${num(given)} \\times 100 = ${answer}\\%`),
        `The answer is ${m(`${answer}\\%`)}.`,
      ].join(' ')
    : [
        `Percent means per hundred, so divide by 100: move the decimal point two places to the left.`,
        dm(`${num(given)}\\% = ${num(given)} \\div 100 = ${answer}`),
        `The answer is ${m(answer)}.`,
      ].join(' ');
  const question = toPercent
    ? `Write ${m(num(given))} as a percent.`
    : `Write ${m(`${num(given)}\\%`)} as a decimal.`;
  const params = { kind, value: given };
  if (asBlank) {
    return blank({ question, answer, explanation, unit: toPercent ? '%' : null, params });
  }
  const keep = () => true;
  const named = toPercent
    ? [
        option(given / 100, 'moved the decimal point the wrong way (divided by 100)', 6, keep),
        option(given * 10, 'moved the decimal point only one place', 6, keep),
        option(given * 1000, 'decimal slip (x10): moved the decimal point three places', 6, keep),
      ].map(asPercent)
    : [
        option(given * 100, 'moved the decimal point the wrong way (multiplied by 100)', 6, keep),
        option(given / 10, 'moved the decimal point only one place', 6, keep),
        option(given / 1000, 'decimal slip (/10): moved the decimal point three places', 6, keep),
      ];
  const fallbacks = numericFallbacks(exact, 6);
  return singleChoice(
    rng,
    { question, answer: toPercent ? pct(answer) : answer, explanation, params },
    [...named, ...(toPercent ? fallbacks.map(asPercent) : fallbacks)],
  );
}

function toFraction(rng: Rng, kind: 'decimal_to_fraction' | 'percent_to_fraction'): GeneratedItem {
  const part = properFraction(rng, FDP_CONVERSION_RANGES.terminating);
  const whole = rng.chance(0.2) ? 1 : 0;
  const f = fraction(whole * part.d + part.n, part.d);
  const decimal = clean(f.n / f.d);
  const toPercent = kind === 'percent_to_fraction';
  const percent = clean(decimal * 100);
  // The unsimplified fraction read off the place value (0.35 = 35/100, 12.5% = 125/1000).
  const places = toPercent
    ? 2 + (num(percent).split('.')[1] ?? '').length
    : (num(decimal).split('.')[1] ?? '').length;
  const scale = 10 ** places;
  const digits = Math.round(decimal * scale);
  const answer = mixedText(f);
  const divisor = gcd(digits, scale);
  const raw = `\\frac{${digits}}{${scale}}`;
  const simplest = f.n > f.d ? `${fractionLatex(f)} = ${fractionLatex(f, true)}` : fractionLatex(f);
  const explanation = [
    toPercent
      ? `Percent means per hundred: ${m(`${num(percent)}\\% = ${Number.isInteger(percent) ? raw : `\\frac{${num(percent)}}{100} = ${raw}`}`)}.`
      : `Read the decimal by its last place value: ${m(`${num(decimal)} = ${raw}`)}.`,
    divisor === 1
      ? `This fraction is already in lowest terms${f.n > f.d ? `; as a mixed number, ${m(simplest)}` : ''}.`
      : `Divide the numerator and the denominator by their greatest common factor, ${divisor}: ${m(`${raw} = ${simplest}`)}.`,
    `The answer is ${m(fractionLatex(f, true))}.`,
  ].join(' ');
  const text = (n: number, d: number) =>
    Number.isInteger(n) && Number.isInteger(d) && n > 0 && d > 0 ? mixedText(fraction(n, d)) : '';
  const candidates: Distractor[] = toPercent
    ? [
        { value: num(percent), misconception: 'forgot to divide by 100' },
        {
          value: text(digits, scale / 10),
          misconception: 'wrote the percent over 10 instead of 100',
        },
        { value: text(f.d, f.n), misconception: 'inverted the fraction' },
      ]
    : [
        { value: text(digits, 10), misconception: 'used 10 as the denominator for every decimal' },
        {
          value: text(digits, scale * 10),
          misconception: 'used the wrong place value (one place off)',
        },
        { value: text(f.d, f.n), misconception: 'inverted the fraction' },
      ];
  candidates.push(
    { value: text(f.n + 1, f.d), misconception: 'numerator slip (+1)' },
    { value: text(f.n, f.d + 1), misconception: 'denominator slip (+1)' },
    { value: text(f.n, f.d * 2), misconception: 'denominator slip (x2)' },
    { value: text(f.n * 2, f.d), misconception: 'numerator slip (x2)' },
  );
  return singleChoice(
    rng,
    {
      question: toPercent
        ? `Write ${m(`${num(percent)}\\%`)} as a fraction in lowest terms.`
        : `Write ${m(num(decimal))} as a fraction in lowest terms.`,
      answer,
      explanation,
      params: { kind, value: toPercent ? percent : decimal },
    },
    candidates,
  );
}
