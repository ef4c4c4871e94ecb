import { parseNumber } from '../core';
import type { GeneratedItem } from '../core';
import { assertDeterministicAndVaried, assertGeneratorProperties } from '../testing/properties';
import { heparin } from './heparin';
import { HEPARIN_RANGES } from './heparin.data';

/**
 * Independent method: ratio and proportion against the whole bag (bag units : bag mL =
 * units/hr : mL/hr) instead of a units/mL concentration; weights in tenths of a kg.
 */
function independent(item: GeneratedItem): number {
  const p = item.params;
  const units = Number(p.bagUnits);
  const ml = Number(p.bagMl);
  const tenthsKg = Math.round(Number(p.kg) * 10);
  switch (p.kind) {
    case 'unitsToMl':
      return (Number(p.unitsPerHr) * ml) / units;
    case 'mlToUnits':
      return (Math.round(Number(p.mlPerHr) * 10) * units) / (10 * ml);
    case 'weightInfusion':
      return (Number(p.infusionPerKg) * tenthsKg * ml) / (10 * units);
    default:
      return (Number(p.bolusPerKg) * tenthsKg) / (10 * Number(p.vial));
  }
}

describe('heparin', () => {
  it('holds every generator property over 10,000 seeds', () => {
    const r = HEPARIN_RANGES;
    assertGeneratorProperties(heparin, {
      independentAnswer: independent,
      ranges: (item) => {
        const p = item.params;
        const concentration = Number(p.bagUnits) / Number(p.bagMl);
        if (!r.bags.some((b) => b.units === p.bagUnits && b.ml === p.bagMl)) return false;
        if (p.kind === 'weightBolus') {
          const units = Number(p.bolusPerKg) * Number(p.kg);
          const protocol = r.protocols.find((x) => x.name === p.protocol);
          return (
            protocol !== undefined &&
            units <= protocol.maxBolusUnits &&
            Number(p.kg) >= r.kg.min &&
            Number(p.kg) <= r.kg.max
          );
        }
        const unitsPerHr =
          p.kind === 'weightInfusion'
            ? Number(p.infusionPerKg) * Number(p.kg)
            : Number(p.unitsPerHr);
        const mlPerHr = unitsPerHr / concentration;
        return (
          unitsPerHr >= r.unitsPerHr.min &&
          unitsPerHr <= r.unitsPerHr.max &&
          mlPerHr >= r.pumpMlPerHr.min &&
          mlPerHr <= r.pumpMlPerHr.max
        );
      },
    });
  });

  it('replays a seed exactly and varies across seeds', () => {
    assertDeterministicAndVaried(heparin);
  });

  it('names using the bolus dose for the infusion', () => {
    let checked = 0;
    for (let seed = 0; seed < 500; seed++) {
      const item = heparin(seed);
      if (item.type !== 'single' || item.params.kind !== 'weightInfusion') continue;
      const bolus = item.distractors.find(
        (d) => d.misconception === 'used the bolus dose (units/kg) for the infusion',
      );
      expect(bolus).toBeDefined();
      const { bolusPerKg, kg, bagUnits, bagMl } = item.params;
      const wrong = (Number(bolusPerKg) * Number(kg) * Number(bagMl)) / Number(bagUnits);
      expect(Math.abs(Number(parseNumber(bolus?.value ?? '')) - wrong)).toBeLessThanOrEqual(
        0.05 + 1e-9,
      );
      checked++;
    }
    expect(checked).toBeGreaterThan(20);
  });

  it('ends the explanation with the answer', () => {
    for (let seed = 0; seed < 200; seed++) {
      const item = heparin(seed);
      expect(item.explanation.replace(/\{,\}/g, '').slice(-40)).toContain(
        item.correctAnswer[0].replace(/,/g, ''),
      );
    }
  });

  it('golden: seed 42 is pinned (a change must be deliberate)', () => {
    expect(heparin(42)).toMatchSnapshot();
  });
});
