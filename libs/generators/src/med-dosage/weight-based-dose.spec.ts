import type { GeneratedItem } from '../core';
import { assertDeterministicAndVaried, assertGeneratorProperties } from '../testing/properties';
import { weightBasedDose } from './weight-based-dose';
import { WEIGHT_BASED_RANGES, WEIGHT_DRUGS } from './weight-based-dose.data';

/**
 * Independent method: mg per pound (mg/kg ÷ 2.2) times the weight as read, as one exact
 * fraction of whole numbers; then mL from the concentration.
 */
function independent(item: GeneratedItem): number {
  const p = item.params;
  const hundredthsMgPerKg = Math.round(Number(p.mgPerKg) * 100);
  // the weight as a fraction of kilograms: tenths of a pound / 22, or half-kilograms / 2
  const [kgNum, kgDen] =
    p.inLb === 1 ? [Math.round(Number(p.lb) * 10), 22] : [Math.round(Number(p.kg) * 2), 2];
  const mgNum = hundredthsMgPerKg * kgNum;
  const mgDen = 100 * kgDen;
  if (p.askMl !== 1) return mgNum / mgDen;
  return (mgNum * Number(p.per)) / (mgDen * Number(p.amount));
}

describe('weightBasedDose', () => {
  it('holds every generator property over 10,000 seeds', () => {
    const r = WEIGHT_BASED_RANGES;
    assertGeneratorProperties(weightBasedDose, {
      independentAnswer: independent,
      ranges: (item) => {
        const p = item.params;
        const kg = Number(p.kg);
        const mg = Number(p.mgPerKg) * kg;
        const drug = WEIGHT_DRUGS.find(
          (d) =>
            d.mgPerKg === p.mgPerKg && d.amount === p.amount && kg >= d.kg.min && kg <= d.kg.max,
        );
        const ml = (mg * Number(p.per)) / Number(p.amount);
        return (
          !!drug &&
          kg >= r.kg.min &&
          kg <= r.kg.max &&
          mg <= drug.maxMg &&
          Math.abs(Number(p.lb) - kg * 2.2) < 1e-9 &&
          ml >= r.volumeMl.min &&
          ml <= r.volumeMl.max
        );
      },
    });
  });

  it('replays a seed exactly and varies across seeds', () => {
    assertDeterministicAndVaried(weightBasedDose);
  });

  it('names the lb/kg swap (multiplied by 2.2) when the weight is in pounds', () => {
    let checked = 0;
    for (let seed = 0; seed < 400; seed++) {
      const item = weightBasedDose(seed);
      if (item.type !== 'single' || item.params.inLb !== 1) continue;
      expect(item.distractors[0].misconception).toBe('lb/kg swap (multiplied by 2.2)');
      expect(item.distractors[1].misconception).toBe('used pounds as kilograms');
      checked++;
    }
    expect(checked).toBeGreaterThan(50);
  });

  it('ends the explanation with the answer', () => {
    for (let seed = 0; seed < 200; seed++) {
      const item = weightBasedDose(seed);
      expect(item.explanation.replace(/\{,\}/g, '').slice(-40)).toContain(
        item.correctAnswer[0].replace(/,/g, ''),
      );
    }
  });

  it('golden: seed 42 is pinned (a change must be deliberate)', () => {
    expect(weightBasedDose(42)).toMatchSnapshot();
  });
});
