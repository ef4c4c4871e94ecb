import { dm, m, Rng, unit } from '../core';
import type { Distractor, GeneratedItem } from '../core';
import { blankOrNumericChoice, clean, num, option, rounded } from './shared';

/**
 * Conversion facts stated in the question: 1 `big` = `factor` `small`. Each value range is
 * what a question may convert from that unit.
 */
export const METRIC_IMPERIAL_PAIRS = {
  in_cm: {
    big: 'in',
    small: 'cm',
    factor: 2.54,
    rough: 2.5,
    bigRange: [1, 72],
    smallRange: [5, 200],
  },
  kg_lb: {
    big: 'kg',
    small: 'lb',
    factor: 2.2,
    rough: 2,
    bigRange: [2, 150],
    smallRange: [5, 350],
  },
  oz_g: {
    big: 'oz',
    small: 'g',
    factor: 28.35,
    rough: 28,
    bigRange: [1, 32],
    smallRange: [10, 1000],
  },
  mi_km: {
    big: 'mi',
    small: 'km',
    factor: 1.61,
    rough: 1.6,
    bigRange: [1, 30],
    smallRange: [1, 50],
  },
  L_qt: { big: 'L', small: 'qt', factor: 1.06, rough: 1, bigRange: [0.5, 10], smallRange: [1, 12] },
} as const;

export const METRIC_IMPERIAL_RANGES = {
  pairs: ['in_cm', 'kg_lb', 'oz_g', 'mi_km', 'L_qt', 'temperature'],
  /** Temperatures converted: body and room temperatures. */
  fahrenheit: { min: 32, max: 106 },
  celsius: { min: 0, max: 41 },
  /** Answers are rounded to tenths. */
  places: 1,
} as const;

type PairKey = keyof typeof METRIC_IMPERIAL_PAIRS;

const NAMES: Record<string, string> = {
  in: 'inches',
  cm: 'centimeters',
  kg: 'kilograms',
  lb: 'pounds',
  oz: 'ounces',
  g: 'grams',
  mi: 'miles',
  km: 'kilometers',
  L: 'liters',
  qt: 'quarts',
};

const capital = (text: string) => text[0].toUpperCase() + text.slice(1);

/** Draws a value within [min, max]: whole numbers, sometimes halves or tenths. */
function drawValue(rng: Rng, min: number, max: number): number {
  const steps = rng.pick([1, 1, 2, 10]);
  return clean(rng.int(Math.ceil(min * steps), Math.floor(max * steps)) / steps);
}

/**
 * Conversions between metric and US customary units (in/cm, kg/lb, oz/g, mi/km, L/qt)
 * and between Fahrenheit and Celsius, rounded to the nearest tenth.
 */
export function metricImperial(seed: number): GeneratedItem {
  const rng = new Rng(seed);
  const pair = rng.pick(METRIC_IMPERIAL_RANGES.pairs);
  return pair === 'temperature' ? temperature(rng) : factorConversion(rng, pair);
}

function factorConversion(rng: Rng, key: PairKey): GeneratedItem {
  const places = METRIC_IMPERIAL_RANGES.places;
  const pair = METRIC_IMPERIAL_PAIRS[key];
  const fromBig = rng.chance(0.5);
  const [from, to] = fromBig ? [pair.big, pair.small] : [pair.small, pair.big];
  const range = fromBig ? pair.bigRange : pair.smallRange;
  const value = drawValue(rng, range[0], range[1]);
  const k = pair.factor;
  const exact = clean(fromBig ? value * k : value / k);
  const answer = rounded(exact, places);
  const fact = `1\\,${unit(pair.big)} = ${num(k)}\\,${unit(pair.small)}`;
  const ratio = fromBig
    ? `\\frac{${num(k)}\\,${unit(pair.small)}}{1\\,${unit(pair.big)}}`
    : `\\frac{1\\,${unit(pair.big)}}{${num(k)}\\,${unit(pair.small)}}`;
  const isExact = Number(answer) === exact;
  const explanation = [
    `Use ${m(fact)}. Multiply by the conversion factor that cancels ${m(unit(from))}:`,
    dm(
      `${num(value)}\\,${unit(from)} \\times ${ratio} ${isExact ? '=' : '\\approx'} ${answer}\\,${unit(to)}`,
    ),
    fromBig
      ? `(${capital(NAMES[to])} are smaller than ${NAMES[from]}, so the number gets bigger.)`
      : `(${capital(NAMES[to])} are larger than ${NAMES[from]}, so the number gets smaller.)`,
    `The answer is ${m(`${answer}\\,${unit(to)}`)}.`,
  ].join(' ');
  const parts = {
    question: `Convert ${m(`${num(value)}\\,${unit(from)}`)} to ${NAMES[to]}. Use ${m(fact)}.`,
    answer,
    explanation,
    rounding: { places },
    unit: to,
    params: { pair: key, from, to, value },
  };
  return blankOrNumericChoice(
    rng,
    parts,
    () => [
      option(
        fromBig ? value / k : value * k,
        `wrong conversion factor (${num(k)} vs 1/${num(k)})`,
        places,
      ),
      option(
        fromBig ? value * pair.rough : value / pair.rough,
        `used a rounded conversion factor (${num(pair.rough)})`,
        places,
      ),
      option(exact * 10, 'decimal slip (x10)', places),
      option(fromBig ? value + k : value - k, 'added or subtracted the conversion factor', places),
    ],
    exact,
    places,
  );
}

function temperature(rng: Rng): GeneratedItem {
  const r = METRIC_IMPERIAL_RANGES;
  const places = r.places;
  const toCelsius = rng.chance(0.5);
  let value: number;
  if (toCelsius) {
    value = rng.chance(0.5) ? clean(rng.int(950, 1060) / 10) : rng.int(r.fahrenheit.min, 100);
  } else {
    value = rng.chance(0.5) ? clean(rng.int(350, 410) / 10) : rng.int(r.celsius.min, 40);
  }
  const exact = clean(toCelsius ? ((value - 32) * 5) / 9 : (value * 9) / 5 + 32);
  const answer = rounded(exact, places);
  const approx = Number(answer) === exact ? '=' : '\\approx';
  const [from, to] = toCelsius ? ['F', 'C'] : ['C', 'F'];
  const deg = (x: string, u: string) => `${x}^{\\circ}${unit(u)}`;
  const explanation = toCelsius
    ? [
        `Use ${m('C = (F - 32) \\times \\frac{5}{9}')}: subtract 32 first, then multiply by ${m('\\frac{5}{9}')}.`,
        dm(
          `(${num(value)} - 32) \\times \\frac{5}{9} = ${num(value - 32)} \\times \\frac{5}{9} ${approx} ${deg(answer, 'C')}`,
        ),
        `The answer is ${m(deg(answer, 'C'))}.`,
      ].join(' ')
    : [
        `Use ${m('F = C \\times \\frac{9}{5} + 32')}: multiply by ${m('\\frac{9}{5}')} first, then add 32.`,
        dm(
          `${num(value)} \\times \\frac{9}{5} + 32 = ${num((value * 9) / 5)} + 32 ${approx} ${deg(answer, 'F')}`,
        ),
        `The answer is ${m(deg(answer, 'F'))}.`,
      ].join(' ');
  const candidates: Distractor[] = toCelsius
    ? [
        option((value * 5) / 9, 'forgot to subtract 32', places, () => true),
        option(((value - 32) * 9) / 5, 'used 9/5 instead of 5/9', places, () => true),
        option((value * 5) / 9 - 32, 'subtracted 32 after multiplying', places, () => true),
        option(value - 32, 'only subtracted 32', places, () => true),
      ]
    : [
        option((value * 9) / 5, 'forgot to add 32', places, () => true),
        option((value * 5) / 9 + 32, 'used 5/9 instead of 9/5', places, () => true),
        option(((value + 32) * 9) / 5, 'added 32 before multiplying', places, () => true),
        option(value + 32, 'only added 32', places, () => true),
      ];
  const parts = {
    question: `Convert ${m(deg(num(value), from))} to degrees ${toCelsius ? 'Celsius' : 'Fahrenheit'}.`,
    answer,
    explanation,
    rounding: { places },
    unit: `°${to}`,
    params: { pair: 'temperature', from, to, value },
  };
  return blankOrNumericChoice(rng, parts, candidates, exact, places, true);
}
