import { parseNumber } from '../core';
import type { GeneratedItem } from '../core';
import { assertDeterministicAndVaried, assertGeneratorProperties } from '../testing/properties';
import { dripRate } from './drip-rate';
import { DRIP_RATE_RANGES } from './drip-rate.data';

/**
 * Independent method: the drop-factor constant shortcut. mL/hr divided by (60 ÷ drop factor),
 * i.e. ÷6 for 10 gtt/mL, ÷4 for 15, ÷3 for 20 and ÷1 for microdrip, as an exact fraction.
 */
function independent(item: GeneratedItem): number {
  const { volume, minutes, dropFactor } = item.params;
  // mL/hr = volume × 60 / minutes; constant = 60 / dropFactor
  return (Number(volume) * 60 * Number(dropFactor)) / (Number(minutes) * 60);
}

describe('dripRate', () => {
  it('holds every generator property over 10,000 seeds', () => {
    const r = DRIP_RATE_RANGES;
    assertGeneratorProperties(dripRate, {
      independentAnswer: independent,
      ranges: (item) => {
        const gtt = independent(item);
        const mlPerHr = (Number(item.params.volume) * 60) / Number(item.params.minutes);
        const df = Number(item.params.dropFactor);
        return (
          (r.dropFactors as readonly number[]).includes(df) &&
          gtt >= r.gttPerMin.min &&
          gtt <= r.gttPerMin.max &&
          (df !== 60 || mlPerHr <= r.microdripMaxMlPerHr)
        );
      },
    });
  });

  it('replays a seed exactly and varies across seeds', () => {
    assertDeterministicAndVaried(dripRate);
  });

  it('names the wrong drop factor in every single-choice item', () => {
    let checked = 0;
    for (let seed = 0; seed < 300; seed++) {
      const item = dripRate(seed);
      if (item.type !== 'single') continue;
      const wrong = item.distractors.find((d) => d.misconception.startsWith('wrong drop factor'));
      expect(wrong).toBeDefined();
      const used = Number(/used (\d+) gtt\/mL/.exec(wrong?.misconception ?? '')?.[1]);
      expect(used).not.toBe(item.params.dropFactor);
      const { volume, minutes } = item.params;
      expect(Number(parseNumber(wrong?.value ?? ''))).toBe(
        Math.round((Number(volume) * used) / Number(minutes)),
      );
      checked++;
    }
    expect(checked).toBeGreaterThan(100);
  });

  it('ends the explanation with the answer', () => {
    for (let seed = 0; seed < 200; seed++) {
      const item = dripRate(seed);
      expect(item.explanation.slice(-40)).toContain(
        `${item.correctAnswer[0].replace(/,/g, '{,}')}\\,\\text{gtt/min}`,
      );
    }
  });

  it('golden: seed 42 is pinned (a change must be deliberate)', () => {
    expect(dripRate(42)).toMatchSnapshot();
  });
});
