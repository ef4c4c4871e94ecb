import { Rng } from '../core';
import type { GeneratedItem } from '../core';
import { clean, frac, mlPlaces, num, numericItem, q, result } from './shared';
import { epinephrineMgPerMl, SOLUTION_RANGES } from './solution-strength.data';

type Kind = 'percentAmount' | 'lidocaineAmount' | 'percentVolume' | 'ratioVolume' | 'ratioAmount';

/** 1:1000 with a thousands separator from 10,000 (1:10,000), as labels print it. */
const ratioText = (n: number) => `1:${n >= 10_000 ? num(n) : String(n)}`;

/**
 * Percentage and ratio strength: X% = X g per 100 mL and 1:N = 1 g per N mL. Grams of
 * solute in a bag, mg of lidocaine, mL of a percent or ratio solution for an ordered dose,
 * and mcg of epinephrine in a local anesthetic.
 */
export function solutionStrength(seed: number): GeneratedItem {
  const rng = new Rng(seed);
  const r = SOLUTION_RANGES;
  const kind = rng.pick([
    'percentAmount',
    'lidocaineAmount',
    'percentVolume',
    'percentVolume',
    'ratioVolume',
    'ratioAmount',
  ] as const satisfies readonly Kind[]);
  const per100 = (percent: number, u: string) => frac(q(percent, u), q(100, 'mL'));
  const gToMg = frac(q(1000, 'mg'), q(1, 'g'));

  if (kind === 'percentAmount') {
    const bag = rng.pick(r.bags);
    const volume = rng.pick(bag.volumesMl);
    const exact = (volume * bag.percent) / 100;
    const places = 2;
    return numericItem(rng, {
      question: `How many grams of ${bag.name.includes('dextrose') ? 'dextrose' : bag.name.includes('mannitol') ? 'mannitol' : 'sodium chloride'} are in ${num(volume)} mL of ${bag.name}?`,
      steps: [
        `A percent solution is grams per 100 mL: ${num(bag.percent)}% means ${num(bag.percent)} g in 100 mL. mL cancels:`,
        `\\[${frac(q(volume, 'mL'), '1')} \\times ${per100(bag.percent, 'g')} ${result(exact, 'g', 3)}\\]`,
      ],
      answerIs: 'the bag holds',
      exact,
      places,
      unit: 'g',
      params: { kind, percent: bag.percent, volume },
      distractors: [
        {
          value: (volume * bag.percent) / 1000,
          misconception: 'percent read as grams per 1,000 mL',
        },
        {
          value: volume * bag.percent,
          misconception: 'percent read as grams per mL (forgot ÷100)',
        },
        { value: (volume * bag.percent) / 10, misconception: 'percent read as grams per 10 mL' },
      ],
    });
  }

  if (kind === 'lidocaineAmount') {
    const percent = rng.pick(r.lidocaine.percents);
    const volume = rng.pick(r.lidocaine.volumesByPercent[percent] ?? []);
    const exact = (volume * percent * 1000) / 100;
    const places = 0;
    return numericItem(rng, {
      question: `A provider injects ${num(volume)} mL of ${percent}% lidocaine for a local anesthetic. How many mg of lidocaine is this?`,
      steps: [
        `${percent}% means ${percent} g per 100 mL. Convert g to mg in the same chain; mL and g cancel:`,
        `\\[${frac(q(volume, 'mL'), '1')} \\times ${per100(percent, 'g')} \\times ${gToMg} = ${q(exact, 'mg')}\\]`,
        `(${percent}% lidocaine is ${percent * 10} mg/mL.)`,
      ],
      answerIs: 'the amount is',
      exact,
      places,
      unit: 'mg',
      params: { kind, percent, volume },
      distractors: [
        {
          value: volume * percent,
          misconception: `percent read as mg/mL (${percent}% as ${percent} mg/mL)`,
        },
        { value: (volume * percent) / 100, misconception: 'gave grams, not mg (g/mg confused)' },
      ],
    });
  }

  if (kind === 'percentVolume') {
    const item = rng.pick(r.percentDoses);
    const dose = rng.step(item.dose.min, item.dose.max, item.dose.step);
    const amountPerMl = item.unit === 'g' ? item.percent / 100 : (item.percent * 1000) / 100;
    const exact = dose / amountPerMl;
    const places = mlPlaces(exact);
    const chain =
      item.unit === 'g'
        ? `${frac(q(dose, 'g'), '1')} \\times ${frac(q(100, 'mL'), q(item.percent, 'g'))}`
        : `${frac(q(dose, 'mg'), '1')} \\times ${frac(q(1, 'g'), q(1000, 'mg'))} \\times ${frac(q(100, 'mL'), q(item.percent, 'g'))}`;
    return numericItem(rng, {
      question: `Order: ${item.drug} ${num(dose)} ${item.unit} ${item.route}. Available: ${item.drug} ${item.percent}% solution. How many mL contain the ordered dose?`,
      steps: [
        `${item.percent}% means ${item.percent} g in 100 mL (${num(clean(item.percent * 10))} mg/mL). Use the factor with g in the denominator${item.unit === 'mg' ? ' after converting mg to g' : ''}:`,
        `\\[${chain} ${result(exact, 'mL', places + 1)}\\]`,
      ],
      answerIs: 'the volume is',
      exact,
      places,
      unit: 'mL',
      params: { kind, percent: item.percent, dose, doseUnit: item.unit },
      distractors: [
        {
          value: exact * 10,
          misconception: `percent read as ${item.unit === 'g' ? 'g per 1,000 mL' : 'mg/mL'} (x10)`,
        },
        { value: exact / 100, misconception: 'percent read as grams per mL (forgot the 100 mL)' },
        {
          value: amountPerMl * dose,
          misconception: 'inverted ratio (multiplied the dose by the strength)',
        },
        item.unit === 'mg'
          ? { value: exact * 1000, misconception: 'g/mg confused (x1000)' }
          : { value: exact / 1000, misconception: 'g/mg confused (÷1000)' },
      ],
    });
  }

  if (kind === 'ratioVolume') {
    const item = rng.pick(r.ratioDoses);
    const dose = rng.step(item.dose.min, item.dose.max, item.dose.step);
    const mgPerMl = epinephrineMgPerMl(item.ratio);
    const exact = dose / mgPerMl;
    const places = mlPlaces(exact);
    const other = item.ratio === 1000 ? 10_000 : 1000;
    return numericItem(rng, {
      question: `Order: epinephrine ${num(dose)} mg ${item.route}. Available: epinephrine ${num(mgPerMl)} mg/mL (${ratioText(item.ratio)}). How many mL should the nurse give?`,
      steps: [
        `${ratioText(item.ratio)} means 1 g in ${num(item.ratio)} mL, which is ${num(mgPerMl)} mg/mL. Convert and cancel in one chain:`,
        `\\[${frac(q(dose, 'mg'), '1')} \\times ${frac(q(1, 'g'), q(1000, 'mg'))} \\times ${frac(q(item.ratio, 'mL'), q(1, 'g'))} ${result(exact, 'mL', places + 1)}\\]`,
      ],
      answerIs: 'the nurse gives',
      exact,
      places,
      unit: 'mL',
      params: { kind, ratio: item.ratio, mgPerMl, dose, route: item.route },
      distractors: [
        {
          value: dose / (1000 / other),
          misconception: `${ratioText(1000)} and ${ratioText(10_000)} confused (used ${ratioText(other)})`,
        },
        {
          value: dose * item.ratio,
          misconception: `ratio read as 1 mg per ${num(item.ratio)} mL (mg/g confused, x1000)`,
        },
      ],
    });
  }

  const ratio = rng.pick(r.localEpinephrine.ratios);
  const volume = rng.pick(r.localEpinephrine.volumesMl);
  const mcgPerMl = 1_000_000 / ratio;
  const exact = volume * mcgPerMl;
  const places = 0;
  return numericItem(rng, {
    question: `A provider injects ${num(volume)} mL of 1% lidocaine with epinephrine ${ratioText(ratio)}. How many micrograms (mcg) of epinephrine is this?`,
    steps: [
      `${ratioText(ratio)} means 1 g of epinephrine in ${num(ratio)} mL. With 1 g = 1,000,000 mcg, mL and g cancel:`,
      `\\[${frac(q(volume, 'mL'), '1')} \\times ${frac(q(1, 'g'), q(ratio, 'mL'))} \\times ${frac(q(1_000_000, 'mcg'), q(1, 'g'))} = ${q(exact, 'mcg')}\\]`,
      `(That is ${num(mcgPerMl)} mcg/mL.)`,
    ],
    answerIs: 'the amount is',
    exact,
    places,
    unit: 'mcg',
    params: { kind, ratio, volume },
    distractors: [
      { value: exact / 1000, misconception: 'gave mg, not mcg (mcg/mg confused)' },
      { value: exact * 1000, misconception: 'mcg/mg confused (x1000)' },
      {
        value: (volume * 1_000_000) / (ratio === 100_000 ? 200_000 : 100_000),
        misconception: 'used the other ratio (1:100,000 and 1:200,000 confused)',
      },
    ],
  });
}
