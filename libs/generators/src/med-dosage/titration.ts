import { aOrAn, capitalised, Rng, unit } from '../core';
import type { GeneratedItem } from '../core';
import { agree, clean, frac, num, numericItem, q, result, round } from './shared';
import { type TitrationDrug, TITRATION_DRUGS, TITRATION_RANGES } from './titration.data';

/** 'mcg/kg/min', 'mg/hr', 'units/kg/hr'. */
export const doseUnitText = (d: TitrationDrug) => `${d.doseUnit}/${d.perKg ? 'kg/' : ''}${d.per}`;

/**
 * Titrations: a weight-based or flat dose per minute or hour to a pump rate in mL/hr
 * (tenth), or a running pump rate back to the dose it delivers.
 */
export function titration(seed: number): GeneratedItem {
  const rng = new Rng(seed);
  const r = TITRATION_RANGES;
  const drug = rng.pick(TITRATION_DRUGS);
  const toRate = rng.chance(0.55);
  const kg = drug.perKg
    ? rng.chance(0.5)
      ? rng.int(r.kg.min, r.kg.max)
      : rng.step(r.kg.min * 10, r.kg.max * 10, 1) / 10
    : 0;
  const weight = drug.perKg ? kg : 1;
  const factor = drug.bagUnit === 'mg' && drug.doseUnit === 'mcg' ? 1000 : 1;
  const perMin = drug.per === 'min' ? 60 : 1;
  const conc = clean((drug.bagAmount * factor) / drug.bagMl); // dose units per mL
  const drawn = rng.step(drug.dose.min, drug.dose.max, drug.dose.step);
  const du = doseUnitText(drug);
  const bagText = `${drug.drug} ${num(drug.bagAmount)} ${drug.bagUnit} in ${drug.bagMl} mL`;
  const who = drug.perKg ? `The client weighs ${num(kg)} kg. ` : '';
  const perMl = clean(drug.bagAmount / drug.bagMl);
  const concStep = `Concentration: ${num(drug.bagAmount)} ${drug.bagUnit} ÷ ${drug.bagMl} mL = ${num(perMl)} ${perMl === 1 && drug.bagUnit === 'units' ? 'unit' : drug.bagUnit}/mL${factor === 1000 ? ` = ${num(conc)} mcg/mL` : ''}.`;
  const doseDen = drug.perKg ? `${unit('kg')} \\cdot ${unit(drug.per)}` : q(1, drug.per);
  const mgToMcg = factor === 1000;
  const params = {
    drug: drug.drug,
    bagAmount: drug.bagAmount,
    bagMl: drug.bagMl,
    factor,
    perKg: drug.perKg ? 1 : 0,
    perMin: drug.per === 'min' ? 1 : 0,
    kg,
  };

  if (toRate) {
    const dose = drawn;
    const exact = (dose * weight * perMin) / conc;
    const places = 1;
    const chain = [
      frac(q(dose, drug.doseUnit), doseDen),
      ...(drug.perKg ? [q(kg, 'kg')] : []),
      ...(perMin === 60 ? [frac(q(60, 'min'), q(1, 'hr'))] : []),
      ...(mgToMcg ? [frac(q(1, 'mg'), q(1000, 'mcg'))] : []),
      frac(q(drug.bagMl, 'mL'), q(drug.bagAmount, drug.bagUnit)),
    ].join(' \\times ');
    return numericItem(rng, {
      question: `Order: ${drug.drug} at ${num(dose)} ${agree(dose, du)}. ${who}Available: ${bagText}. At what rate in mL/hr should the nurse set the pump?`,
      steps: [
        concStep,
        `Dimensional analysis from the dose to mL/hr; every unit but mL/hr cancels:`,
        `\\[${chain} ${result(exact, 'mL/hr', 3)}\\]`,
      ],
      answerIs: 'the pump rate is',
      exact,
      places,
      unit: 'mL/hr',
      params: { ...params, direction: 'toRate', dose },
      distractors: [
        perMin === 60 && {
          value: exact / 60,
          misconception: 'missed x60 (left the dose per minute)',
        },
        mgToMcg && { value: exact * 1000, misconception: 'mcg/mg confused (x1000)' },
        drug.perKg && { value: exact / kg, misconception: 'forgot to multiply by the weight' },
        {
          value: exact / drug.bagMl,
          misconception: 'used total drug amount as the concentration (ignored the bag volume)',
        },
        perMin === 1 && {
          value: exact * 60,
          misconception: 'multiplied by 60 for a dose already per hour',
        },
      ],
    });
  }

  // The pump shows a rate to the tenth; work back to the dose it delivers.
  const rate = round((drawn * weight * perMin) / conc, 1);
  const exact = (rate * conc) / (weight * perMin);
  const places = drug.dosePlaces;
  const chain = [
    frac(q(rate, 'mL'), q(1, 'hr')),
    frac(q(drug.bagAmount, drug.bagUnit), q(drug.bagMl, 'mL')),
    ...(mgToMcg ? [frac(q(1000, 'mcg'), q(1, 'mg'))] : []),
    ...(perMin === 60 ? [frac(q(1, 'hr'), q(60, 'min'))] : []),
    ...(drug.perKg ? [frac('1', q(kg, 'kg'))] : []),
  ].join(' \\times ');
  return numericItem(rng, {
    question: `${who}${capitalised(aOrAn(drug.drug))} ${drug.drug} infusion of ${num(drug.bagAmount)} ${drug.bagUnit} in ${drug.bagMl} mL is running at ${num(rate)} mL/hr. What dose in ${du} is the client receiving?`,
    steps: [
      concStep,
      `Dimensional analysis from mL/hr to ${du}; ${cancelled(['mL', ...(mgToMcg ? ['mg'] : []), ...(perMin === 60 ? ['hr'] : [])])}:`,
      `\\[${chain} ${result(exact, du, places + 2)}\\]`,
    ],
    answerIs: 'the dose is',
    exact,
    places,
    unit: du,
    params: { ...params, direction: 'toDose', rate },
    distractors: [
      perMin === 60 && { value: exact * 60, misconception: 'missed ÷60 (gave the dose per hour)' },
      drug.perKg && { value: exact * kg, misconception: 'forgot to divide by the weight' },
      mgToMcg && { value: exact / 1000, misconception: 'mcg/mg confused (gave mg, ÷1000)' },
      {
        value: exact * drug.bagMl,
        misconception: 'used total drug amount as the concentration (ignored the bag volume)',
      },
    ],
  });
}

/** 'mL cancels', 'mL and hr cancel', 'mL, mg and hr cancel'. */
function cancelled(units: string[]): string {
  if (units.length === 1) return `${units[0]} cancels`;
  return `${units.slice(0, -1).join(', ')} and ${units[units.length - 1]} cancel`;
}
