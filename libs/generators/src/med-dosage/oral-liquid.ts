import { aOrAn, Rng } from '../core';
import type { GeneratedItem } from '../core';
import { type LiquidDrug, LIQUID_DRUGS, ORAL_LIQUID_RANGES } from './oral-liquid.data';
import { frac, mlPlaces, num, numericItem, q, result } from './shared';

/**
 * Oral liquid dosage: desired over have times the quantity (D/H × Q). Answer in mL to the
 * nearest tenth, or hundredth under 1 mL. The bottle size is given as a distractor.
 */
export function oralLiquid(seed: number): GeneratedItem {
  const rng = new Rng(seed);
  const r = ORAL_LIQUID_RANGES;
  let drug: LiquidDrug;
  let dose: number;
  do {
    drug = rng.pick(LIQUID_DRUGS);
    dose = rng.step(drug.dose.min, drug.dose.max, drug.dose.step);
  } while (dose === drug.amount || (dose / drug.amount) * drug.per > r.volumeMl.max);
  const bottle = drug.bottleMl.length > 0 ? rng.pick(drug.bottleMl) : 0;
  const exact = (dose / drug.amount) * drug.per;
  const places = mlPlaces(exact);
  const label = `${num(drug.amount)} ${drug.unit}${drug.per === 1 ? '/mL' : ` per ${num(drug.per)} mL`}`;
  const question =
    `Order: ${drug.drug.replace(/ oral.*| elixir/, '')} ${num(dose)} ${drug.unit} ${drug.sig}. ` +
    `Available: ${bottle > 0 ? `${aOrAn(num(bottle))} ${num(bottle)} mL bottle of ` : ''}${drug.drug} labeled ${label}. ` +
    'How many mL should the nurse give per dose?';
  return numericItem(rng, {
    question,
    steps: [
      'Use desired over have times the quantity: D/H × Q, where Q is the volume that holds the labeled amount (not the bottle size).',
      `\\[${frac(q(dose, drug.unit), q(drug.amount, drug.unit))} \\times ${q(drug.per, 'mL')} ${result(exact, 'mL', places + 1)}\\]`,
      `Dimensional analysis gives the same: ${drug.unit} cancels in \\(${frac(q(dose, drug.unit), '1')} \\times ${frac(q(drug.per, 'mL'), q(drug.amount, drug.unit))}\\).`,
    ],
    answerIs: 'the nurse gives',
    exact,
    places,
    unit: 'mL',
    params: {
      drug: drug.drug,
      rowId: drug.rowId,
      dose,
      amount: drug.amount,
      per: drug.per,
      bottle,
      drugUnit: drug.unit,
    },
    distractors: [
      {
        value: (drug.amount / dose) * drug.per,
        misconception: 'inverted ratio (have/desired × quantity)',
      },
      bottle > 0 && {
        value: (dose / drug.amount) * bottle,
        misconception: 'used total volume instead of concentration (bottle size as Q)',
      },
      drug.per !== 1 && {
        value: dose / drug.amount,
        misconception: 'ignored the quantity (D/H only)',
      },
      {
        value: dose / drug.amount / drug.per,
        misconception: 'divided by the quantity instead of multiplying',
      },
    ],
  });
}
