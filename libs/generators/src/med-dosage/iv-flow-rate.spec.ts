import { parseNumber } from '../core';
import { assertDeterministicAndVaried, assertGeneratorProperties } from '../testing/properties';
import { ivFlowRate } from './iv-flow-rate';
import { IV_FLOW_RATE_RANGES } from './iv-flow-rate.data';

describe('ivFlowRate', () => {
  it('holds every generator property over 10,000 seeds', () => {
    assertGeneratorProperties(ivFlowRate, {
      // Independent method: mL per minute scaled to an hour.
      independentAnswer: (item) => (Number(item.params.volume) / Number(item.params.minutes)) * 60,
      ranges: (item) => {
        const rate = (Number(item.params.volume) / Number(item.params.minutes)) * 60;
        return (
          // mL/min x 60 may land a hair above an exact cap (125 mL / 15 min = 500.00000000000006).
          rate >= IV_FLOW_RATE_RANGES.rateMlPerHr.min - 1e-9 &&
          rate <= IV_FLOW_RATE_RANGES.rateMlPerHr.max + 1e-9
        );
      },
    });
  });

  it('replays a seed exactly and varies across seeds', () => {
    assertDeterministicAndVaried(ivFlowRate);
  });

  it('names the missed x60 misconception when the time is in minutes', () => {
    for (let seed = 0; seed < 500; seed++) {
      const item = ivFlowRate(seed);
      if (item.type === 'single' && item.params.inMinutes === 1) {
        expect(item.distractors.map((d) => d.misconception)).toContain(
          'missed x60: divided by minutes instead of hours',
        );
        return;
      }
    }
    throw new Error('no single-choice minutes item in 500 seeds');
  });

  it('names confusing the pump rate with a drip rate and never shows 0 mL/hr', () => {
    let checked = 0;
    for (let seed = 0; seed < 300; seed++) {
      const item = ivFlowRate(seed);
      if (item.type !== 'single') continue;
      expect(item.choices).not.toContain('0');
      const drip = item.distractors.find((d) =>
        d.misconception.startsWith('confused the pump rate with a drip rate'),
      );
      expect(drip).toBeDefined();
      // mL/min times a 15 gtt/mL drop factor
      const { volume, minutes } = item.params;
      expect(Number(parseNumber(drip?.value ?? ''))).toBe(
        Math.round((Number(volume) / Number(minutes)) * 15),
      );
      checked++;
    }
    expect(checked).toBeGreaterThan(100);
  });

  it('golden: seed 42 is pinned (a change must be deliberate)', () => {
    expect(ivFlowRate(42)).toMatchSnapshot();
  });
});
