import type { GeneratedItem } from '../core';
import { assertDeterministicAndVaried, assertGeneratorProperties } from '../testing/properties';
import { infusionTime } from './infusion-time';
import { INFUSION_TIME_RANGES } from './infusion-time.data';

/** Exact minutes as [numerator, denominator]: by gravity, total drops ÷ drops per minute. */
function minutesFraction(item: GeneratedItem): [number, number] {
  const p = item.params;
  if (p.gravity === 1) return [Number(p.volume) * Number(p.dropFactor), Number(p.gtt)];
  return [Number(p.volume) * 60, Number(p.rate)];
}

/** Independent method: whole minutes by integer arithmetic, then written out by hand. */
function independent(item: GeneratedItem): number | string {
  const [n, d] = minutesFraction(item);
  if (item.params.asked === 'min') return n / d;
  if (item.params.asked === 'hr') return n / (d * 60);
  const total = Math.floor((2 * n + d) / (2 * d)); // half up
  const hours = Math.floor(total / 60);
  const minutes = total % 60;
  const parts = [hours ? `${hours} hr` : '', minutes || !hours ? `${minutes} min` : ''];
  return parts.filter(Boolean).join(' ');
}

describe('infusionTime', () => {
  it('holds every generator property over 10,000 seeds', () => {
    const r = INFUSION_TIME_RANGES;
    assertGeneratorProperties(infusionTime, {
      independentAnswer: independent,
      ranges: (item) => {
        const [n, d] = minutesFraction(item);
        const gtt = Number(item.params.gtt);
        return (
          n / d >= r.totalMinutes.min &&
          n / d <= r.totalMinutes.max &&
          (item.params.gravity === 0 ||
            (gtt >= r.gravity.gttPerMin.min && gtt <= r.gravity.gttPerMin.max))
        );
      },
    });
  });

  it('replays a seed exactly and varies across seeds', () => {
    assertDeterministicAndVaried(infusionTime);
  });

  it('names reading decimal hours as minutes whenever the hours are not whole', () => {
    let checked = 0;
    for (let seed = 0; seed < 400; seed++) {
      const item = infusionTime(seed);
      if (item.type !== 'single') continue;
      const hours = Number(item.params.volume) / Number(item.params.rate);
      const misread = item.distractors.find(
        (d) => d.misconception === 'read the decimal hours as minutes',
      );
      if (Number.isInteger(hours)) continue;
      // 8.33 hr misread as 8 hr 33 min (unless that happens to be the answer: 9.01 hr)
      const hundredths = Math.round((Math.round(hours * 100) / 100 - Math.floor(hours)) * 100);
      if (hundredths === 0 || item.correctAnswer[0].endsWith(` ${hundredths} min`)) continue;
      expect(misread?.value).toMatch(new RegExp(`(^| )${hundredths} min$`));
      checked++;
    }
    expect(checked).toBeGreaterThan(50);
  });

  it('asks fill-in answers in minutes for short infusions and in hours otherwise', () => {
    for (let seed = 0; seed < 300; seed++) {
      const item = infusionTime(seed);
      if (item.type !== 'blank') continue;
      const [n, d] = minutesFraction(item);
      expect(item.unit).toBe(n / d < 120 ? 'min' : 'hr');
      expect(item.rounding?.places).toBe(n / d < 120 ? 0 : 1);
    }
  });

  it('ends the explanation with the answer', () => {
    for (let seed = 0; seed < 200; seed++) {
      const item = infusionTime(seed);
      expect(item.explanation.slice(-80)).toContain(item.correctAnswer[0]);
    }
  });

  it('golden: seed 42 is pinned (a change must be deliberate)', () => {
    expect(infusionTime(42)).toMatchSnapshot();
  });
});
