import fc from 'fast-check';
import { PUMP_KINDS, PUMP_TIME_FORMATS } from '@examprep/contracts/types';
import { generatePump } from './generate';
import { MAX_PUMP_SEED } from './problem';
import { FLUID_ROWS, maxBagMl, PIGGYBACK_ROW } from './reference';

/**
 * Issue 28 (ADR 0038): every pump problem stays inside the clinical reference table, over
 * 10,000 seeds per kind: a fluid of the table, at most its rate cap, a VTBI that fits in one of
 * its bags; a piggyback of the table's volumes and times, at most its rate cap.
 */
const RUNS = 10_000;

describe('pump problems draw only inside the reference table', () => {
  it.each(PUMP_KINDS)('%s', (kind) => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: MAX_PUMP_SEED }),
        fc.constantFrom(...PUMP_TIME_FORMATS),
        (seed, timeFormat) => {
          const p = generatePump({ kind, timeFormat, seed });
          for (const i of p.infusions) {
            const fail = (why: string) => new Error(`${why}: ${p.text}`);
            if (i.role === 'secondary') {
              if (!PIGGYBACK_ROW.volumesMl.includes(i.vtbi)) throw fail('piggyback volume');
              if (!PIGGYBACK_ROW.minutes.includes(i.minutes)) throw fail('piggyback time');
              if (i.rate > PIGGYBACK_ROW.maxRateMlPerHr) throw fail('piggyback rate');
              continue;
            }
            const fluid = FLUID_ROWS.find((f) => f.name === i.fluid);
            if (!fluid) throw fail('fluid outside the table');
            if (i.rate > fluid.maxRateMlPerHr) throw fail(`rate over ${fluid.maxRateMlPerHr}`);
            if (i.vtbi > maxBagMl(i.fluid)) throw fail('VTBI over one bag');
          }
        },
      ),
      { numRuns: RUNS },
    );
  });

  it('every fluid and piggyback row cites a source', () => {
    for (const row of [...FLUID_ROWS, PIGGYBACK_ROW]) {
      expect(row.source.url).toMatch(/^https?:\/\//);
      expect(row.source.accessed).toBe('2026-11-27');
      expect(row.source.note.length).toBeGreaterThan(20);
    }
  });
});
