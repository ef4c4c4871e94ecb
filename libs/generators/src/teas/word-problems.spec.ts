import type { GeneratedItem } from '../core';
import { assertDeterministicAndVaried, assertGeneratorProperties } from '../testing/properties';
import { WORD_PROBLEMS_RANGES, wordProblems } from './word-problems';

function independent(item: GeneratedItem): number {
  const p = item.params;
  switch (p.template) {
    case 'travel_time': {
      // Drive half an hour at a time until the distance is covered.
      let covered = 0;
      let hours = 0;
      while (covered < Number(p.distance) - 1e-9) {
        covered += Number(p.speed) / 2;
        hours += 0.5;
      }
      return hours;
    }
    case 'travel_distance': {
      let covered = 0;
      for (let half = 0; half < Number(p.hours) * 2; half++) covered += Number(p.speed) / 2;
      return covered;
    }
    case 'unit_cost':
      // Proportion by cross-multiplication: cost / wanted = box price / box size.
      return (Number(p.packPrice) * Number(p.wanted)) / Number(p.pack);
    case 'work_together': {
      // In lcm(a, b) minutes the two finish lcm/a + lcm/b rooms.
      const a = Number(p.a);
      const b = Number(p.b);
      let common = a;
      while (common % b !== 0) common += a;
      return common / (common / a + common / b);
    }
    default: {
      // Pay hour by hour.
      let pay = 0;
      for (let hour = 1; hour <= Number(p.hours); hour++) {
        pay += hour <= 40 ? Number(p.wage) : Number(p.wage) * 1.5;
      }
      return pay;
    }
  }
}

describe('wordProblems', () => {
  it('holds every generator property over 10,000 seeds', () => {
    assertGeneratorProperties(wordProblems, {
      independentAnswer: independent,
      ranges: (item) => {
        const r = WORD_PROBLEMS_RANGES;
        const p = item.params;
        const within = (x: unknown, range: { min: number; max: number }) =>
          Number(x) >= range.min && Number(x) <= range.max;
        switch (p.template) {
          case 'travel_time':
          case 'travel_distance':
            return within(p.speed, r.speed);
          case 'unit_cost':
            return within(p.pack, r.packSize) && Number.isInteger(Number(p.packPrice));
          case 'work_together':
            return within(p.a, r.workMinutes) && within(p.b, r.workMinutes);
          default:
            return within(p.wage, r.wage) && within(p.hours, r.weekHours);
        }
      },
    });
  });

  it('replays a seed exactly and varies across seeds', () => {
    assertDeterministicAndVaried(wordProblems);
  });

  it('offers "averaged the two times" for working together', () => {
    let checked = 0;
    for (let seed = 0; seed < 500; seed++) {
      const item = wordProblems(seed);
      if (item.type !== 'single' || item.params.template !== 'work_together') continue;
      const average = (Number(item.params.a) + Number(item.params.b)) / 2;
      const named = item.distractors.find((d) => d.misconception === 'averaged the two times');
      expect(Number(named?.value)).toBeCloseTo(average, 9);
      expect(item.question).toContain('Round to the nearest tenth.');
      checked++;
    }
    expect(checked).toBeGreaterThan(10);
  });

  it('writes money as whole dollars (no cents with a trailing zero)', () => {
    for (let seed = 0; seed < 500; seed++) {
      const item = wordProblems(seed);
      if (item.unit !== 'dollars') continue;
      // whole dollars: a blank's key as typed ('1904'), choices shown with separators ('1,904')
      expect(item.correctAnswer[0]).toMatch(item.type === 'blank' ? /^\d+$/ : /^\d{1,3}(,\d{3})*$/);
      for (const choice of item.choices) expect(choice).toMatch(/^\d{1,3}(,\d{3})*$/);
    }
  });

  it('golden: seed 42 is pinned (a change must be deliberate)', () => {
    expect(wordProblems(42)).toMatchSnapshot();
  });
});
