import type { GeneratedItem } from '../core';
import { assertDeterministicAndVaried, assertGeneratorProperties } from '../testing/properties';
import { pediatricSafeDose } from './pediatric-safe-dose';
import { SAFE_DOSE_RANGES, SAFE_RANGE_DRUGS, VERDICTS } from './pediatric-safe-dose.data';

/** The weight as an exact fraction of kilograms: tenths of a pound / 22, or half-kilograms / 2. */
const kgFraction = (p: GeneratedItem['params']): [number, number] =>
  p.inLb === 1 ? [Math.round(Number(p.lb) * 10), 22] : [Math.round(Number(p.kg) * 2), 2];

/**
 * Independent method: compare per dose, not per day. The ordered dose against the safe range
 * divided into doses, in whole numbers (tenths of mg and of mg/kg/day).
 */
function independent(item: GeneratedItem): number | string {
  const p = item.params;
  const doses = 24 / Number(p.interval);
  const [kgNum, kgDen] = kgFraction(p);
  const tenthsMin = Math.round(Number(p.min) * 10);
  const tenthsMax = Math.round(Number(p.max) * 10);
  if (p.mode === 'verdict') {
    // order ≤ max × kg / doses  ⇔  order × doses × kgDen × 10 ≤ tenthsMax × kgNum
    const ordered = Math.round(Number(p.order) * 10) * doses * kgDen;
    if (ordered > tenthsMax * kgNum) return VERDICTS.high;
    if (ordered < tenthsMin * kgNum) return VERDICTS.low;
    return VERDICTS.safe;
  }
  const perKgDay = p.mode === 'max' ? tenthsMax : tenthsMin;
  return (perKgDay * kgNum) / (10 * kgDen * doses);
}

describe('pediatricSafeDose', () => {
  it('holds every generator property over 10,000 seeds', () => {
    const r = SAFE_DOSE_RANGES;
    assertGeneratorProperties(pediatricSafeDose, {
      independentAnswer: independent,
      ranges: (item) => {
        const p = item.params;
        const kg = Number(p.kg);
        const drug = SAFE_RANGE_DRUGS.find(
          (d) => d.min === p.min && d.max === p.max && d.interval === p.interval,
        );
        const doses = 24 / Number(p.interval);
        const order = Number(p.order);
        return (
          !!drug &&
          kg >= r.kg.min &&
          kg <= r.kg.max &&
          order > 0 &&
          order * doses >= r.lowFactor.min * drug.min * kg * 0.5 &&
          order * doses <= r.highFactor.max * drug.max * kg * 1.1
        );
      },
    });
  });

  it('replays a seed exactly and varies across seeds', () => {
    assertDeterministicAndVaried(pediatricSafeDose);
  });

  it('offers the four verdicts and names comparing one dose with the daily range', () => {
    const verdicts = seeds(400)
      .map(pediatricSafeDose)
      .filter((item) => item.params.mode === 'verdict');
    expect(verdicts.length).toBeGreaterThan(100);
    for (const item of verdicts) {
      expect([...item.choices].sort()).toEqual(Object.values(VERDICTS).sort());
    }
    const answers = new Set(verdicts.map((item) => item.correctAnswer[0]));
    expect(answers).toEqual(new Set([VERDICTS.safe, VERDICTS.high, VERDICTS.low]));
    // a safe order looks too low to someone who compares one dose with the daily range
    expect(
      verdicts.some(
        (item) =>
          item.correctAnswer[0] === VERDICTS.safe &&
          item.distractors.some(
            (d) =>
              d.value === VERDICTS.low &&
              d.misconception ===
                'compared one dose with the daily range (did not multiply by doses per day)',
          ),
      ),
    ).toBe(true);
  });

  it('names not dividing the daily dose for the maximum or minimum single dose', () => {
    for (const item of seeds(300).map(pediatricSafeDose)) {
      if (item.type !== 'single' || item.params.mode === 'verdict') continue;
      expect(item.distractors[0].misconception).toBe('did not divide the daily dose');
    }
  });

  it('ends the explanation with the answer', () => {
    for (const item of seeds(200).map(pediatricSafeDose)) {
      expect(item.explanation.replace(/\{,\}/g, '').slice(-80)).toContain(
        item.correctAnswer[0].replace(/,/g, ''),
      );
    }
  });

  it('golden: seed 42 is pinned (a change must be deliberate)', () => {
    expect(pediatricSafeDose(42)).toMatchSnapshot();
  });
});

const seeds = (n: number) => Array.from({ length: n }, (_, i) => i);
