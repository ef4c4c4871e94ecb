import { dm, m, Rng } from '../core';
import type { Distractor, GeneratedItem } from '../core';
import { blankOrNumericChoice, clean, num, option, rounded } from './shared';

export const STATISTICS_RANGES = {
  measures: ['mean', 'median', 'mode', 'range'],
  /** How many values a data set has. */
  count: { min: 5, max: 8 },
  /** Each context's plausible values. */
  contexts: {
    pulse: { min: 58, max: 98, text: 'resting heart rates (beats per minute) of', who: 'patients' },
    scores: { min: 60, max: 100, text: 'quiz scores of', who: 'students' },
    sleep: { min: 4, max: 10, text: 'hours slept last night by', who: 'residents' },
    visits: { min: 8, max: 35, text: 'numbers of patients seen per shift by', who: 'nurses' },
    ages: { min: 19, max: 92, text: 'ages of', who: 'patients' },
  },
  /** Means are rounded to tenths. */
  meanPlaces: 1,
} as const;

type Measure = (typeof STATISTICS_RANGES.measures)[number];
type Context = keyof typeof STATISTICS_RANGES.contexts;

const sum = (values: number[]) => values.reduce((s, v) => s + v, 0);

/** Median of a sorted list. */
function medianOf(sorted: number[]): number {
  const n = sorted.length;
  return n % 2 ? sorted[(n - 1) / 2] : (sorted[n / 2 - 1] + sorted[n / 2]) / 2;
}

/** Mean, median, mode and range of a small data set. */
export function statistics(seed: number): GeneratedItem {
  const rng = new Rng(seed);
  const r = STATISTICS_RANGES;
  const measure: Measure = rng.pick(r.measures);
  const context: Context = rng.pick(Object.keys(r.contexts) as Context[]);
  const c = r.contexts[context];
  const n = rng.int(r.count.min, r.count.max);
  let values: number[];
  if (measure === 'mode') {
    // One value appears two or three times; every other value once.
    const repeats = rng.int(2, 3);
    const modeValue = rng.int(c.min, c.max);
    const others = new Set<number>();
    while (others.size < n - repeats) {
      const v = rng.int(c.min, c.max);
      if (v !== modeValue) others.add(v);
    }
    values = rng.shuffle([...Array(repeats).fill(modeValue), ...others]);
  } else {
    values = Array.from({ length: n }, () => rng.int(c.min, c.max));
  }
  const sorted = [...values].sort((a, b) => a - b);
  const total = sum(values);
  const mean = total / n;
  const median = medianOf(sorted);
  const range = sorted[n - 1] - sorted[0];
  const listed = values.join(', ');
  const question = `The ${c.text} ${n} ${c.who} are: ${listed}. What is the ${measure} of the data?`;
  const sortedLatex = sorted.join(',\\ ');
  let answerValue: number;
  let places = 2;
  let steps: string[];
  let candidates: Distractor[];
  switch (measure) {
    case 'mean': {
      places = r.meanPlaces;
      answerValue = mean;
      const exact = clean(mean) === Number(rounded(mean, places));
      steps = [
        `The mean is the sum of the values divided by how many there are.`,
        dm(
          `\\frac{${values.join(' + ')}}{${n}} = \\frac{${total}}{${n}} ${exact ? '=' : '\\approx'} ${rounded(mean, places)}`,
        ),
      ];
      candidates = [
        option(median, 'median instead of mean', places),
        option(total / (n - 1), 'divided by one less than the number of values', places),
        option(range, 'range instead of mean', places),
        option(total, 'forgot to divide the sum', places),
        option((total - values[n - 1]) / n, 'left a value out of the sum', places),
      ];
      break;
    }
    case 'median': {
      answerValue = median;
      steps = [
        `Put the values in order: ${m(sortedLatex)}.`,
        n % 2
          ? `There are ${n} values, so the median is the middle one, the ${(n + 1) / 2 === 3 ? '3rd' : `${(n + 1) / 2}th`} value: ${m(num(median))}.`
          : `There are ${n} values, so the median is the mean of the two middle values: ${m(`\\frac{${sorted[n / 2 - 1]} + ${sorted[n / 2]}}{2} = ${num(median)}`)}.`,
      ];
      candidates = [
        option(mean, 'mean instead of median', 1),
        option(medianOf(values), 'took the middle of the unsorted list', 1),
        option(
          n % 2 ? NaN : sorted[n / 2],
          'used one middle value instead of averaging the two',
          1,
        ),
        option(range, 'range instead of median', 1),
      ];
      break;
    }
    case 'mode': {
      const counts = new Map<number, number>();
      values.forEach((v) => counts.set(v, (counts.get(v) ?? 0) + 1));
      const modeValue = [...counts.entries()].find(([, k]) => k > 1)![0];
      answerValue = modeValue;
      steps = [
        `The mode is the value that appears most often. In order: ${m(sortedLatex)}.`,
        `${m(String(modeValue))} appears ${counts.get(modeValue)} times; every other value appears once.`,
      ];
      candidates = [
        option(median, 'median instead of mode', 1),
        option(mean, 'mean instead of mode', 1),
        option(sorted[n - 1], 'picked the largest value', 1),
        option(range, 'range instead of mode', 1),
      ];
      break;
    }
    case 'range': {
      answerValue = range;
      steps = [
        `The range is the largest value minus the smallest value.`,
        dm(`${sorted[n - 1]} - ${sorted[0]} = ${range}`),
      ];
      candidates = [
        option(sorted[n - 1], 'gave the largest value instead of the range', 1),
        option(
          Math.abs(values[n - 1] - values[0]),
          'subtracted the last and first listed values',
          1,
        ),
        option(sorted[n - 1] + sorted[0], 'added the largest and smallest values', 1),
        option(mean, 'mean instead of range', 1),
      ];
      break;
    }
  }
  const answer = rounded(answerValue, places);
  const parts = {
    question,
    answer,
    explanation: [...steps, `The answer is ${m(answer)}.`].join(' '),
    rounding: measure === 'mean' ? { places } : null,
    params: { measure, context, values: values.join(' ') },
  };
  return blankOrNumericChoice(rng, parts, candidates, answerValue, measure === 'mean' ? places : 1);
}
