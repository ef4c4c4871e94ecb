import { ROUND_ONLY_THE_FINAL_ANSWER } from '@examprep/contracts/types';
import { Rng, unit } from '../core';
import type { GeneratedItem } from '../core';
import { clean, frac, mlPlaces, num, numericItem, q, result } from './shared';
import { HEPARIN_RANGES } from './heparin.data';

type Kind = 'unitsToMl' | 'mlToUnits' | 'weightInfusion' | 'weightBolus';

/**
 * Heparin: units/hr to mL/hr (tenth) and back (whole units/hr), and weight-based protocol
 * doses (units/kg/hr infusion in mL/hr, units/kg bolus in mL).
 */
export function heparin(seed: number): GeneratedItem {
  const rng = new Rng(seed);
  const r = HEPARIN_RANGES;
  const kind = rng.pick([
    'unitsToMl',
    'mlToUnits',
    'weightInfusion',
    'weightBolus',
  ] as const satisfies readonly Kind[]);
  const bag = rng.pick(r.bags);
  const conc = bag.units / bag.ml; // units/mL
  const bagText = `heparin ${num(bag.units)} units in ${bag.ml} mL of D5W`;
  const bagFactor = frac(q(bag.ml, 'mL'), q(bag.units, 'units'));
  const concStep = `The bag concentration is ${num(bag.units)} units ÷ ${bag.ml} mL = ${num(conc)} units/mL.`;
  const params: Record<string, number | string> = { kind, bagUnits: bag.units, bagMl: bag.ml };
  const assumed = conc === 100 ? 50 : 100;

  if (kind === 'unitsToMl' || kind === 'mlToUnits') {
    let unitsPerHr: number;
    let mlPerHr: number;
    if (kind === 'unitsToMl') {
      unitsPerHr = rng.step(
        r.orderedUnitsPerHr.min,
        r.orderedUnitsPerHr.max,
        r.orderedUnitsPerHr.step,
      );
      mlPerHr = unitsPerHr / conc;
    } else {
      do mlPerHr = rng.step(r.runningMlPerHr.min * 2, r.runningMlPerHr.max * 2, 1) / 2;
      while (mlPerHr * conc < r.orderedUnitsPerHr.min || mlPerHr * conc > r.orderedUnitsPerHr.max);
      unitsPerHr = mlPerHr * conc;
    }
    params.unitsPerHr = unitsPerHr;
    params.mlPerHr = mlPerHr;
    if (kind === 'unitsToMl') {
      const places = 1;
      return numericItem(rng, {
        question: `Order: heparin infusion at ${num(unitsPerHr)} units/hr. Available: ${bagText}. At what rate in mL/hr should the nurse set the pump?`,
        steps: [
          concStep,
          'By dimensional analysis, units cancel and leave mL/hr:',
          `\\[${frac(q(unitsPerHr, 'units'), q(1, 'hr'))} \\times ${bagFactor} ${result(mlPerHr, 'mL/hr', 2)}\\]`,
        ],
        answerIs: 'the pump rate is',
        exact: mlPerHr,
        places,
        unit: 'mL/hr',
        params,
        distractors: [
          {
            value: unitsPerHr / bag.ml,
            misconception:
              'used total volume instead of concentration (divided the dose by the bag volume)',
          },
          {
            value: unitsPerHr / assumed,
            misconception: `assumed ${assumed} units/mL instead of working out the concentration`,
          },
          {
            value: (unitsPerHr / conc) * 60,
            misconception: 'multiplied by 60 (treated the order as units/min)',
          },
        ],
      });
    }
    return numericItem(rng, {
      question: `A heparin infusion of ${num(bag.units)} units in ${bag.ml} mL of D5W is running at ${num(mlPerHr)} mL/hr. How many units per hour is the client receiving?`,
      steps: [
        concStep,
        'By dimensional analysis, mL cancels and leaves units/hr:',
        `\\[${frac(q(mlPerHr, 'mL'), q(1, 'hr'))} \\times ${frac(q(bag.units, 'units'), q(bag.ml, 'mL'))} ${result(unitsPerHr, 'units/hr', 1)}\\]`,
      ],
      answerIs: 'the client receives',
      exact: unitsPerHr,
      places: 0,
      unit: 'units/hr',
      params,
      distractors: [
        {
          value: mlPerHr * bag.ml,
          misconception:
            'used total volume instead of concentration (multiplied by the bag volume)',
        },
        {
          value: bag.units / mlPerHr,
          misconception: 'inverted ratio (divided the bag units by the rate)',
        },
        {
          value: mlPerHr * assumed,
          misconception: `assumed ${assumed} units/mL instead of working out the concentration`,
        },
      ],
    });
  }

  // A protocol's bolus and infusion come as a pair, and the weight keeps both under its caps
  // (reference table: VTE 80 + 18 units/kg, at most 10,000 units and 1,800 units/hr;
  // ACS 60 + 12 units/kg, at most 4,000 units and 1,000 units/hr).
  const protocolRow = rng.pick(r.protocols);
  const { bolusPerKg, infusionPerKg } = protocolRow;
  let kg: number;
  do
    kg = rng.chance(0.5)
      ? rng.int(r.kg.min, r.kg.max)
      : rng.step(r.kg.min * 10, r.kg.max * 10, 1) / 10;
  while (
    bolusPerKg * kg > protocolRow.maxBolusUnits ||
    infusionPerKg * kg > protocolRow.maxUnitsPerHr
  );
  params.kg = kg;
  params.bolusPerKg = bolusPerKg;
  params.infusionPerKg = infusionPerKg;
  params.protocol = protocolRow.name;
  const protocol = `The heparin protocol orders a bolus of ${bolusPerKg} units/kg IV, then an infusion of ${infusionPerKg} units/kg/hr. The client weighs ${num(kg)} kg.`;

  if (kind === 'weightInfusion') {
    const unitsPerHr = clean(infusionPerKg * kg);
    const mlPerHr = unitsPerHr / conc;
    const places = 1;
    return numericItem(rng, {
      question: `${protocol} Available: ${bagText}. At what rate in mL/hr should the nurse start the infusion?${untilFinal(unitsPerHr)}`,
      steps: [
        `Infusion dose: ${infusionPerKg} units/kg/hr × ${num(kg)} kg = ${num(unitsPerHr)} units/hr. ${concStep}`,
        'As one dimensional-analysis chain, kg and units cancel:',
        `\\[${frac(q(infusionPerKg, 'units'), `${unit('kg')} \\cdot ${unit('hr')}`)} \\times ${q(kg, 'kg')} \\times ${bagFactor} ${result(mlPerHr, 'mL/hr', 2)}\\]`,
      ],
      answerIs: 'the pump rate is',
      exact: mlPerHr,
      places,
      unit: 'mL/hr',
      params: { ...params, unitsPerHr },
      distractors: [
        {
          value: (bolusPerKg * kg) / conc,
          misconception: 'used the bolus dose (units/kg) for the infusion',
        },
        { value: infusionPerKg / conc, misconception: 'forgot to multiply by the weight' },
        {
          value: unitsPerHr / bag.ml,
          misconception:
            'used total volume instead of concentration (divided the dose by the bag volume)',
        },
        {
          value: (infusionPerKg * kg * 2.2) / conc,
          misconception: 'lb/kg swap (multiplied a weight in kg by 2.2)',
        },
      ],
    });
  }

  const vial = rng.pick(r.bolusVialsUnitsPerMl);
  const bolusUnits = clean(bolusPerKg * kg);
  const ml = bolusUnits / vial;
  const places = mlPlaces(ml);
  return numericItem(rng, {
    question: `${protocol} Heparin for the bolus is available as ${num(vial)} units/mL. How many mL should the nurse give for the bolus?${untilFinal(bolusUnits)}`,
    steps: [
      'Bolus dose times weight, then the volume that holds it; kg and units cancel:',
      `\\[${frac(q(bolusPerKg, 'units'), q(1, 'kg'))} \\times ${q(kg, 'kg')} \\times ${frac(q(1, 'mL'), q(vial, 'units'))} ${result(ml, 'mL', places + 1)}\\]`,
      `(The bolus is ${num(bolusUnits)} units.)`,
    ],
    answerIs: 'the nurse gives',
    exact: ml,
    places,
    unit: 'mL',
    params: { ...params, vial, bolusUnits },
    distractors: [
      {
        value: (infusionPerKg * kg) / vial,
        misconception: 'used the infusion rate (units/kg/hr) for the bolus',
      },
      {
        value: bolusUnits / (vial === 1000 ? 5000 : 1000),
        misconception: 'used the other vial strength',
      },
      {
        value: bolusUnits / conc,
        misconception: 'used the infusion bag concentration for the bolus',
      },
      {
        value: (bolusPerKg * kg * 2.2) / vial,
        misconception: 'lb/kg swap (multiplied a weight in kg by 2.2)',
      },
    ],
  });
}

/**
 * A weight with decimals gives a dose in units that is not whole: rounding it before the
 * volume can change the key, so such items say to round only the final answer (ADR 0036).
 */
function untilFinal(units: number): string {
  return Number.isInteger(clean(units)) ? '' : ` ${ROUND_ONLY_THE_FINAL_ANSWER}`;
}
