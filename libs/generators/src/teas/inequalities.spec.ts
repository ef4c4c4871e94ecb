import type { GeneratedItem } from '../core';
import { assertDeterministicAndVaried, assertGeneratorProperties } from '../testing/properties';
import { INEQUALITIES_RANGES, inequalities } from './inequalities';

/** Whether x satisfies the item's original inequality, as a function of x. */
function holds(item: GeneratedItem): (x: number) => boolean {
  const p = item.params;
  const [a, b, c, rhs] = [p.a, p.b, p.c, p.rhs].map(Number);
  const right = p.form === 'two_step' ? (_: number) => rhs : (x: number) => c * x + rhs;
  switch (p.operator) {
    case '<':
      return (x) => a * x + b < right(x);
    case '>':
      return (x) => a * x + b > right(x);
    case '<=':
      return (x) => a * x + b <= right(x);
    default:
      return (x) => a * x + b >= right(x);
  }
}

/** Reads the solution set off a grid of halves: direction, boundary and whether it is included. */
function solutionByGrid(item: GeneratedItem): string {
  const test = holds(item);
  const points: number[] = [];
  // Boundaries lie in [-10, 10]; halves from -11 to 11 bracket every one of them.
  for (let j = -22; j <= 22; j++) if (test(j / 2)) points.push(j / 2);
  if (test(11)) {
    const s = Math.min(...points);
    return Number.isInteger(s) ? `x ≥ ${s}` : `x > ${s - 0.5}`;
  }
  const s = Math.max(...points);
  return Number.isInteger(s) ? `x ≤ ${s}` : `x < ${s + 0.5}`;
}

function independent(item: GeneratedItem): number | string {
  if (item.type === 'single') return solutionByGrid(item);
  const test = holds(item);
  const integers: number[] = [];
  for (let x = -12; x <= 12; x++) if (test(x)) integers.push(x);
  return item.params.ask === 'smallest' ? Math.min(...integers) : Math.max(...integers);
}

describe('inequalities', () => {
  it('holds every generator property over 10,000 seeds', () => {
    assertGeneratorProperties(inequalities, {
      independentAnswer: independent,
      ranges: (item) => {
        const r = INEQUALITIES_RANGES;
        const p = item.params;
        const coefficients = p.form === 'two_step' ? [p.a] : [p.a, p.c];
        const k = p.form === 'two_step' ? Number(p.a) : Number(p.a) - Number(p.c);
        const boundary = (Number(p.rhs) - Number(p.b)) / k;
        return (
          coefficients.every(
            (k) => Math.abs(Number(k)) >= 2 && Math.abs(Number(k)) <= r.coefficient.max,
          ) &&
          boundary >= r.boundary.min &&
          boundary <= r.boundary.max
        );
      },
    });
  });

  it('replays a seed exactly and varies across seeds', () => {
    assertDeterministicAndVaried(inequalities);
  });

  it('offers "did not flip" exactly when dividing by a negative coefficient', () => {
    let negatives = 0;
    for (let seed = 0; seed < 600; seed++) {
      const item = inequalities(seed);
      if (item.type !== 'single') continue;
      const p = item.params;
      const k = p.form === 'two_step' ? Number(p.a) : Number(p.a) - Number(p.c);
      const names = item.distractors.map((d) => d.misconception);
      if (k < 0) {
        negatives++;
        expect(names).toContain('did not flip inequality sign when dividing by a negative');
        expect(item.explanation).toContain('reverses the inequality sign');
      } else {
        expect(names).toContain('flipped inequality sign when dividing by a positive');
      }
    }
    expect(negatives).toBeGreaterThan(20);
  });

  it('golden: seed 42 is pinned (a change must be deliberate)', () => {
    expect(inequalities(42)).toMatchSnapshot();
  });
});
