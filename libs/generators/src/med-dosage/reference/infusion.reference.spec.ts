/**
 * Issue 28 (ADR 0038): the infusion topics draw only inside the clinical reference table, over
 * 10,000 seeds each: heparin bags, vials and protocol caps; titration bags and dose ranges;
 * gravity drips countable with a drop factor of the table; one bag of a fluid at most its rate
 * cap; piggybacks of the table's volumes and times.
 */
import { dripRate } from '../drip-rate';
import { heparin } from '../heparin';
import { infusionTime } from '../infusion-time';
import { ivFlowRate } from '../iv-flow-rate';
import { titration } from '../titration';
import { eachItem, le, num, within } from './check';
import { FLUID_ROWS, PIGGYBACK_ROW } from './index';
import { DRIP_ROW, HEPARIN_BAGS, HEPARIN_PROTOCOLS, HEPARIN_VIALS, INFUSION_ROWS } from './table';

const fluid = (name: string) => FLUID_ROWS.find((f) => f.name === name)!;
const lr = fluid("lactated Ringer's solution");
const ns = fluid('0.9% sodium chloride');
const countable = DRIP_ROW.countableGttPerMin;
const maxUnitsPerHr = Math.max(...HEPARIN_PROTOCOLS.map((p) => p.maxInfusionUnitsPerHr));

describe('infusion topics stay inside the reference table (10,000 seeds each)', () => {
  it('heparin: premixed bag, bolus vial, protocol pair under its caps', () => {
    eachItem(heparin, (item) => {
      const p = item.params;
      if (!HEPARIN_BAGS.some((b) => b.units === p.bagUnits && b.ml === p.bagMl)) return 'bag';
      if (p.unitsPerHr !== undefined && !le(num(p.unitsPerHr), maxUnitsPerHr))
        return 'units/hr cap';
      if (p.kind === 'weightInfusion' || p.kind === 'weightBolus') {
        const protocol = HEPARIN_PROTOCOLS.find((x) => x.name === p.protocol);
        if (!protocol) return 'no protocol';
        if (p.bolusPerKg !== protocol.bolusUnitsPerKg) return 'bolus not the protocol’s';
        if (p.infusionPerKg !== protocol.infusionUnitsPerKgHr) return 'infusion not the protocol’s';
        if (!le(num(p.bolusPerKg) * num(p.kg), protocol.maxBolusUnits)) return 'bolus over the cap';
        if (!le(num(p.infusionPerKg) * num(p.kg), protocol.maxInfusionUnitsPerHr))
          return 'infusion over the cap';
      }
      if (p.vial !== undefined && !HEPARIN_VIALS.some((v) => v.units / v.ml === p.vial))
        return 'vial';
      return undefined;
    });
  });

  it('titration: a standard bag and a dose inside the drug’s range', () => {
    eachItem(titration, (item) => {
      const p = item.params;
      const r = INFUSION_ROWS.find(
        (x) =>
          x.drug === p.drug &&
          x.bagAmount === p.bagAmount &&
          x.bagMl === p.bagMl &&
          x.perKg === (p.perKg === 1),
      );
      if (!r) return 'no infusion row';
      const conc = (r.bagAmount * num(p.factor)) / r.bagMl;
      const weight = r.perKg ? num(p.kg) : 1;
      const dose =
        p.direction === 'toRate'
          ? num(p.dose)
          : (num(p.rate) * conc) / (weight * (r.per === 'min' ? 60 : 1));
      // A rate read back to a dose may round by a tenth of a mL/hr: allow 2% of the range.
      const slack = p.direction === 'toRate' ? 0 : 0.02 * r.dose.max;
      if (dose < r.dose.min - slack || dose > r.dose.max + slack) return 'dose outside the range';
      return undefined;
    });
  });

  it('drip rate: countable drops, a drop factor of the table, one bag, a table piggyback', () => {
    eachItem(dripRate, (item) => {
      const p = item.params;
      const gtt = (num(p.volume) * num(p.dropFactor)) / num(p.minutes);
      if (!(DRIP_ROW.dropFactors as readonly number[]).includes(num(p.dropFactor)))
        return 'drop factor';
      if (!within(gtt, countable)) return `${gtt} gtt/min is not countable`;
      if (p.kind === 'continuous' && !lr.bagsMl.includes(num(p.volume) as never))
        return 'not one bag';
      if (p.kind === 'piggyback') {
        if (!PIGGYBACK_ROW.volumesMl.includes(num(p.volume))) return 'piggyback volume';
        if (!PIGGYBACK_ROW.minutes.includes(num(p.minutes))) return 'piggyback time';
      }
      const mlPerHr = (num(p.volume) * 60) / num(p.minutes);
      if (!le(mlPerHr, p.kind === 'piggyback' ? PIGGYBACK_ROW.maxRateMlPerHr : ns.maxRateMlPerHr))
        return 'rate over the cap';
      return undefined;
    });
  });

  it('infusion time: one bag or a table piggyback, countable drops, under the rate caps', () => {
    const piggyMax = Math.max(...PIGGYBACK_ROW.volumesMl);
    eachItem(infusionTime, (item) => {
      const p = item.params;
      const minutes = (num(p.volume) / num(p.rate)) * 60;
      if (p.gravity === 1) {
        if (!ns.bagsMl.includes(num(p.volume) as never)) return 'not a bag size';
        if (!within(num(p.gtt), countable)) return 'drops not countable';
        if (!(DRIP_ROW.dropFactors as readonly number[]).includes(num(p.dropFactor)))
          return 'drop factor';
        return le(num(p.rate), ns.maxRateMlPerHr) ? undefined : 'rate over the cap';
      }
      if (num(p.volume) <= piggyMax) {
        if (!PIGGYBACK_ROW.volumesMl.includes(num(p.volume))) return 'piggyback volume';
        if (
          !within(minutes, {
            min: Math.min(...PIGGYBACK_ROW.minutes),
            max: Math.max(...PIGGYBACK_ROW.minutes),
          })
        )
          return 'piggyback time';
        return le(num(p.rate), PIGGYBACK_ROW.maxRateMlPerHr) ? undefined : 'piggyback rate';
      }
      if (!le(num(p.volume), Math.max(...lr.bagsMl))) return 'more than one bag';
      return le(num(p.rate), lr.maxRateMlPerHr) ? undefined : 'rate over the cap';
    });
  });

  it('IV flow rate: at most one bag of 0.9% sodium chloride, at most its rate cap', () => {
    eachItem(ivFlowRate, (item) => {
      const p = item.params;
      if (!le(num(p.volume), Math.max(...ns.bagsMl))) return 'more than one bag';
      return le((num(p.volume) * 60) / num(p.minutes), ns.maxRateMlPerHr) ? undefined : 'rate cap';
    });
  });
});
