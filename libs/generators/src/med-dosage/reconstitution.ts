import { Rng } from '../core';
import type { GeneratedItem } from '../core';
import { frac, mlPlaces, num, numericItem, q, result } from './shared';
import { type Vial, VIALS } from './reconstitution.data';

/**
 * Reconstitution: powder plus diluent gives a concentration (from the label, or vial
 * amount over final volume), then desired over concentration gives the volume to withdraw.
 */
export function reconstitution(seed: number): GeneratedItem {
  const rng = new Rng(seed);
  let vial: Vial;
  let order: number;
  do {
    vial = rng.pick(VIALS);
    order = rng.step(vial.order.min, vial.order.max, vial.order.step);
  } while (order === vial.amount && rng.chance(0.7));
  const dilution = rng.pick(vial.dilutions);
  const others = vial.dilutions.filter((d) => d !== dilution);
  const exact = order / dilution.perMl;
  const places = mlPlaces(exact);
  const u = vial.unit;
  const table =
    vial.dilutions.length > 1
      ? `The label reads: ${vial.dilutions.map((d) => `add ${num(d.diluentMl)} mL for ${num(d.perMl)} units/mL`).join('; ')}. The nurse adds ${num(dilution.diluentMl)} mL of ${vial.diluent}.`
      : vial.derive
        ? `The label says to add ${num(dilution.diluentMl)} mL of ${vial.diluent}, for a total volume of ${num(dilution.diluentMl)} mL.`
        : `The label says to add ${num(dilution.diluentMl)} mL of ${vial.diluent} to yield ${num(dilution.perMl)} ${u}/mL.`;
  const question =
    `Order: ${vial.drug} ${num(order)} ${u} ${vial.route}. A vial of ${vial.drug} contains ${vial.label} of powder. ${table} ` +
    'How many mL should the nurse withdraw?';
  const concStep = vial.derive
    ? `The concentration is the vial amount over the final volume: ${num(vial.amount)} ${u} ÷ ${num(dilution.diluentMl)} mL = ${num(dilution.perMl)} ${u}/mL.`
    : vial.dilutions.length > 1
      ? `Adding ${num(dilution.diluentMl)} mL gives ${num(dilution.perMl)} units/mL; the other strengths do not apply.`
      : `After reconstitution the concentration is ${num(dilution.perMl)} ${u}/mL (the powder adds volume, so use the label's concentration, not the diluent volume).`;
  return numericItem(rng, {
    question,
    steps: [
      concStep,
      `Desired over concentration (${u} cancel out):`,
      `\\[${frac(q(order, u), '1')} \\times ${frac(q(1, 'mL'), q(dilution.perMl, u))} ${result(exact, 'mL', places + 1)}\\]`,
    ],
    answerIs: 'the nurse withdraws',
    exact,
    places,
    unit: 'mL',
    params: {
      order,
      perMl: dilution.perMl,
      vialAmount: vial.amount,
      diluentMl: dilution.diluentMl,
      unit: u,
    },
    distractors: [
      ...others.map((d) => ({
        value: order / d.perMl,
        misconception: `used the concentration of another dilution (${num(d.perMl)} units/mL)`,
      })),
      {
        value: (order / vial.amount) * dilution.diluentMl,
        misconception: 'used the diluent volume instead of the concentration',
      },
      { value: dilution.perMl / order, misconception: 'inverted ratio (concentration/desired)' },
      vial.derive === true && {
        value: order / vial.amount,
        misconception: 'took the vial amount as the amount per mL',
      },
      order !== vial.amount && {
        value: vial.amount / dilution.perMl,
        misconception: 'withdrew the whole vial',
      },
    ],
  });
}
