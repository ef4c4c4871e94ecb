/**
 * Issue 28 (ADR 0038): the dosing topics draw only inside the clinical reference table, over
 * 10,000 seeds each: dose within the row's range and under its ceilings, interval allowed for
 * the row's population, weight within the row's weights, product a strength the row lists,
 * tablets one or two whole tablets of a marketed strength.
 */
import { dividedDailyDose } from '../divided-daily-dose';
import { oralLiquid } from '../oral-liquid';
import { oralTablets } from '../oral-tablets';
import { MCG_PER, type MassUnit } from '../oral-tablets.data';
import { pediatricSafeDose } from '../pediatric-safe-dose';
import { weightBasedDose } from '../weight-based-dose';
import { eachItem, le, num, within } from './check';
import { DRUG_ROWS as TABLE_ROWS, TABLET_ROWS, TABLETS_PER_DOSE } from './table';
import type { DrugRow } from './types';

const DRUG_ROWS: readonly DrugRow[] = TABLE_ROWS;

const row = (id: unknown): DrugRow | undefined => DRUG_ROWS.find((r) => r.id === id);
const dosesADay = (interval: number) => 24 / interval;

describe('dosing topics stay inside the reference table (10,000 seeds each)', () => {
  it('divided daily dose: rate, interval, weight, ceilings and liquid of its row', () => {
    eachItem(dividedDailyDose, (item) => {
      const p = item.params;
      const r = row(p.rowId);
      if (!r || r.drug !== p.drug) return 'no reference row';
      if (r.dose.basis !== 'kg/day') return 'row is not per day';
      if (!within(num(p.rate), r.dose)) return 'mg/kg/day outside the row';
      if (!r.intervalsHr.includes(num(p.interval)))
        return 'interval not allowed for the population';
      if (r.kg && !within(num(p.kg), r.kg)) return 'weight outside the row';
      const daily = num(p.rate) * num(p.kg);
      const perDose = daily / dosesADay(num(p.interval));
      if (r.dose.maxPerDose && !le(perDose, r.dose.maxPerDose)) return 'dose over the maximum';
      if (r.dose.maxPerDay && !le(daily, r.dose.maxPerDay)) return 'daily dose over the maximum';
      if (num(p.amount) > 0 && !r.strengths.some((s) => s.amount === p.amount && s.perMl === p.per))
        return 'liquid not a strength of the row';
      if (r.population !== 'neonatal' && num(p.kg) < 5) return 'a newborn weight on a child row';
      return undefined;
    });
  });

  it('pediatric safe dose: range, interval and weight of its row', () => {
    eachItem(pediatricSafeDose, (item) => {
      const p = item.params;
      const r = DRUG_ROWS.find(
        (x) =>
          x.drug === p.drug &&
          x.dose.basis === 'kg/day' &&
          x.dose.min === p.min &&
          x.dose.max === p.max &&
          (x.intervalsHr as readonly number[]).includes(num(p.interval)),
      );
      if (!r) return 'no reference row with this range and interval';
      if (r.population === 'neonatal') return 'a newborn row on a child topic';
      if (r.kg && !within(num(p.kg), r.kg)) return 'weight outside the row';
      return undefined;
    });
  });

  it('weight-based dose: mg/kg, weight, ceilings and product of its row', () => {
    eachItem(weightBasedDose, (item) => {
      const p = item.params;
      const r = row(p.rowId);
      if (!r || r.drug !== p.drug) return 'no reference row';
      const doses = r.dose.basis === 'kg/day' ? dosesADay(r.intervalsHr[0] ?? 24) : 1;
      if (!within(num(p.mgPerKg), { min: r.dose.min / doses, max: r.dose.max / doses }))
        return 'mg/kg outside the row';
      if (r.kg && !within(num(p.kg), r.kg)) return 'weight outside the row';
      const mg = num(p.mgPerKg) * num(p.kg);
      if (r.dose.maxPerDose && !le(mg, r.dose.maxPerDose)) return 'dose over the maximum';
      if (r.dose.maxPerDay && !le(mg * doses, r.dose.maxPerDay))
        return 'daily dose over the maximum';
      if (!r.strengths.some((s) => s.amount === p.amount && s.perMl === p.per))
        return 'product not a strength of the row';
      return undefined;
    });
  });

  it('oral tablets: a dose the row orders, one or two whole tablets of a marketed strength', () => {
    eachItem(oralTablets, (item) => {
      const p = item.params;
      const r = TABLET_ROWS.find((x) => x.drug === p.drug);
      if (!r) return 'no reference row';
      if (p.haveUnit !== r.unit || !(r.strengths as readonly number[]).includes(num(p.have)))
        return 'strength not marketed';
      const desired = (num(p.ordered) * MCG_PER[p.orderUnit as MassUnit]) / MCG_PER[r.unit];
      if (!r.doses.some((d) => Math.abs(d - desired) < 1e-9)) return 'dose not one the row orders';
      const tablets = desired / num(p.have);
      if (!TABLETS_PER_DOSE.some((t) => Math.abs(t - tablets) < 1e-9))
        return 'not one or two whole tablets';
      return undefined;
    });
  });

  it('oral liquid: a labeled strength and bottle of its row, a dose under its ceilings', () => {
    eachItem(oralLiquid, (item) => {
      const p = item.params;
      const r = row(p.rowId);
      if (!r) return 'no reference row';
      const strength = r.strengths.find((s) => s.amount === p.amount && s.perMl === p.per);
      if (!strength) return 'strength not on the row';
      if (num(p.bottle) > 0 && !(strength.bottlesMl ?? []).includes(num(p.bottle))) return 'bottle';
      if (num(p.bottle) === 0 && (strength.bottlesMl ?? []).length > 0) return 'bottle missing';
      const dose = num(p.dose);
      if (r.dose.basis === 'dose' && !within(dose, r.dose)) return 'dose outside the row';
      if (r.dose.maxPerDose && !le(dose, r.dose.maxPerDose)) return 'dose over the maximum';
      const doses = 24 / (r.intervalsHr[0] ?? 24);
      if (r.dose.maxPerDay && !le(dose * doses, r.dose.maxPerDay))
        return 'daily dose over the maximum';
      return undefined;
    });
  });
});
