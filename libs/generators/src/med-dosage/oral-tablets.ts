import { Rng } from '../core';
import type { GeneratedItem } from '../core';
import { clean, frac, num, numericItem, q } from './shared';
import {
  MCG_PER,
  type MassUnit,
  type TabletDrug,
  TABLET_DRUGS,
  tabletChoices,
} from './oral-tablets.data';

/**
 * Oral solid dosage: desired over have times one tablet (after converting the order to
 * the tablet's unit when they differ). Whole or half tablets; exact to the nearest tenth.
 */
export function oralTablets(seed: number): GeneratedItem {
  const rng = new Rng(seed);
  let drug: TabletDrug;
  let have: number;
  let tablets: number;
  // A dose the reference row orders, as one or two whole tablets of a marketed strength.
  do {
    drug = rng.pick(TABLET_DRUGS);
    ({ have, tablets } = rng.pick(tabletChoices(drug)));
  } while (tablets === 1 && rng.chance(0.5));
  const desired = clean(have * tablets); // in the tablet's unit
  const converts = drug.orderUnit !== undefined && rng.chance(0.4);
  const orderUnit: MassUnit = converts && drug.orderUnit ? drug.orderUnit : drug.unit;
  const ordered = clean((desired * MCG_PER[drug.unit]) / MCG_PER[orderUnit]);
  const places = 1;
  const exact = tablets;

  const question =
    `Order: ${drug.drug} ${num(ordered)} ${orderUnit} ${drug.sig}. ` +
    `Available: ${drug.drug} ${num(have)} ${drug.unit} ${drug.scored ? 'scored tablets' : 'tablets'}. ` +
    'How many tablets should the nurse give per dose?';
  const factor = MCG_PER[orderUnit] / MCG_PER[drug.unit];
  const conversion = converts
    ? ` \\times ${factor > 1 ? frac(q(factor, drug.unit), q(1, orderUnit)) : frac(q(1, drug.unit), q(1 / factor, orderUnit))}`
    : '';
  return numericItem(rng, {
    question,
    steps: [
      converts
        ? `The order is in ${orderUnit} and the tablets in ${drug.unit}, so convert first (${num(ordered)} ${orderUnit} = ${num(desired)} ${drug.unit}), then use desired over have times the quantity.`
        : 'Use desired over have times the quantity: D/H × Q.',
      'As dimensional analysis, the units cancel to leave tablets:',
      `\\[${frac(q(ordered, orderUnit), '1')}${conversion} \\times ${frac(q(1, 'tab'), q(have, drug.unit))} = ${q(exact, 'tab')}\\]`,
    ],
    answerIs: 'the nurse gives',
    conclusionUnit: 'tab',
    exact,
    places,
    unit: 'tablets',
    params: { ordered, orderUnit, have, haveUnit: drug.unit, drug: drug.drug },
    distractors: [
      { value: have / desired, misconception: 'inverted ratio (have/desired)' },
      // Across units: a factor of 1,000 too many (for an order in mcg of a tablet in mg this is
      // also what skipping the conversion gives).
      converts && { value: tablets * 1000, misconception: 'mcg/mg confused (x1000)' },
      converts && {
        value: ordered / have,
        misconception: 'did not convert the order to the tablet unit',
      },
      tablets !== 1 && { value: 1, misconception: 'gave one tablet regardless of the strength' },
      { value: tablets + 0.5, misconception: 'off by half a tablet' },
      tablets > 0.5 && { value: tablets - 0.5, misconception: 'off by half a tablet (too few)' },
    ],
  });
}
