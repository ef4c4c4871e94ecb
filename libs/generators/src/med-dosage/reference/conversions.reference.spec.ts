/**
 * Issue 28 (ADR 0038): solution strength and household measures draw only inside the clinical
 * reference table, over 10,000 seeds each: epinephrine at an ACLS or label dose and shown as
 * mg/mL with the ratio beside it, lidocaine under its ceilings, bags of the table's sizes,
 * teaspoon and tablespoon doses no larger than the table allows.
 */
import { householdConversion } from '../household-conversions';
import { HOUSEHOLD_ML, HOUSEHOLD_PAIRS } from '../household-conversions.data';
import { reconstitution } from '../reconstitution';
import { solutionStrength } from '../solution-strength';
import { eachItem, le, num, within } from './check';
import { FLUID_ROWS } from './index';
import {
  DRUG_ROWS as TABLE_ROWS,
  drugRow,
  type DrugRowId,
  EPINEPHRINE,
  HOUSEHOLD_ROWS,
  VIAL_ROWS,
} from './table';
import type { DrugRow } from './types';

const DRUG_ROWS: readonly DrugRow[] = TABLE_ROWS;

const drug = (id: DrugRowId): DrugRow => drugRow(id);
const lidocaine = drug('lidocaine-local');
const lidocaineEpi = drug('lidocaine-epinephrine-local');

describe('conversion topics stay inside the reference table (10,000 seeds each)', () => {
  it('solution strength', () => {
    eachItem(solutionStrength, (item) => {
      const p = item.params;
      switch (p.kind) {
        case 'percentAmount': {
          const bag = FLUID_ROWS.find((f) =>
            num(p.percent) === 5 ? f.name === 'D5W' : f.name === '0.9% sodium chloride',
          );
          return bag && bag.bagsMl.includes(num(p.volume) as never) ? undefined : 'bag size';
        }
        case 'lidocaineAmount':
          return le(num(p.volume) * num(p.percent) * 10, lidocaine.dose.maxPerDose ?? 0)
            ? undefined
            : 'lidocaine over 300 mg';
        case 'percentVolume': {
          const r = DRUG_ROWS.find(
            (x) =>
              x.strengths.some((s) => s.amount * 100 === num(p.percent) * 1000) &&
              x.route !== 'local',
          );
          if (num(p.percent) <= 2)
            return le(num(p.dose), lidocaine.dose.maxPerDose ?? 0) ? undefined : 'lidocaine';
          return r && within(num(p.dose), r.dose) ? undefined : 'dose outside its row';
        }
        case 'ratioVolume': {
          const strength = EPINEPHRINE.strengths.find((s) => s.ratio === p.ratio);
          if (!strength || strength.mgPerMl !== p.mgPerMl) return 'epinephrine strength';
          if (!item.question.includes(`${strength.mgPerMl} mg/mL (1:`))
            return 'mg/mL not shown first';
          const r = drug(
            p.ratio === 1000 ? 'epinephrine-im-anaphylaxis-adult' : 'epinephrine-iv-arrest-adult',
          );
          return within(num(p.dose), r.dose) ? undefined : 'epinephrine dose not ACLS/label';
        }
        default:
          return [100_000, 200_000].includes(num(p.ratio)) &&
            le(num(p.volume) * 10, lidocaineEpi.dose.maxPerDose ?? 0)
            ? undefined
            : 'lidocaine with epinephrine';
      }
    });
  });

  it('household measures: table teaspoon and tablespoon, doses no larger than the table allows', () => {
    for (const r of HOUSEHOLD_ROWS) expect(HOUSEHOLD_ML[r.unit]).toBe(r.ml);
    eachItem(householdConversion, (item) => {
      const p = item.params;
      const pair = HOUSEHOLD_PAIRS.find((x) => x.from === p.from && x.to === p.to);
      if (!pair) return 'no pair';
      if (!pair.dose) return undefined;
      const ml = num(p.amount) * HOUSEHOLD_ML[pair.from];
      const measure = HOUSEHOLD_ROWS.find((r) => r.unit === pair.dose)!;
      return le(ml, measure.maxDoseMl) ? undefined : `${ml} mL measured in ${pair.dose}`;
    });
  });

  it('reconstitution: a vial and dilution of the label, an order the vial holds', () => {
    eachItem(reconstitution, (item) => {
      const p = item.params;
      const vial = VIAL_ROWS.find(
        (v) =>
          v.amount === p.vialAmount &&
          v.dilutions.some((d) => d.diluentMl === p.diluentMl && d.perMl === p.perMl),
      );
      if (!vial) return 'no vial row with this dilution';
      return le(num(p.order), vial.amount) ? undefined : 'order over the vial';
    });
  });
});
