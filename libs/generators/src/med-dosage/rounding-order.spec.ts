import { roundingInstruction, ROUND_ONLY_THE_FINAL_ANSWER } from '@examprep/contracts/types';
import { roundTo } from '@examprep/validation';
import { generate, generatorKeys, isPumpTopic } from '../registry';
import { hoursMinutes } from './infusion-time';

/**
 * Items whose key depends on when the learner rounds say so (issue 28, ADR 0036): rounding an
 * intermediate value to the item's places would give another answer for some draws, and a
 * commonly taught method does exactly that (round the pounds first). The sentence says when to
 * round; the rounding instruction (one per item) says how far.
 */
const SEEDS = Array.from({ length: 600 }, (_, i) => i);
/** Rounds after removing binary noise (8.25 / 2.2 is 3.7499999999999996 in binary), as the generators do. */
const round = (x: number, places: number) => roundTo(Number(x.toPrecision(12)), places);
const says = (question: string) => question.split(ROUND_ONLY_THE_FINAL_ANSWER).length - 1;

describe('items that depend on rounding order say so', () => {
  it('the sentence is not a rounding instruction', () => {
    for (const places of [0, 1, 2, 3, 4])
      expect(ROUND_ONLY_THE_FINAL_ANSWER).not.toBe(roundingInstruction(places));
    expect(ROUND_ONLY_THE_FINAL_ANSWER).toBe('Do not round until the final answer.');
  });

  it('infant pounds and ounces to kg: always, before the rounding instruction; rounding the pounds first changes some keys (7.9 for 7.8)', () => {
    let changed = 0;
    for (const seed of SEEDS) {
      const item = generate('md_convert_weight', seed);
      const { kind, lb, oz } = item.params as { kind: string; lb: number; oz: number };
      if (kind !== 'lbOzToKg') {
        expect(says(item.question)).toBe(0);
        continue;
      }
      expect(says(item.question)).toBe(1);
      expect(item.question.indexOf(ROUND_ONLY_THE_FINAL_ANSWER)).toBeLessThan(
        item.question.indexOf(roundingInstruction(1)),
      );
      const key = Number(item.correctAnswer[0]!.replace(/,/g, ''));
      expect(key).toBe(round((lb + oz / 16) / 2.2, 1));
      if (round(round(lb + oz / 16, 1) / 2.2, 1) !== key) changed++;
    }
    expect(changed).toBeGreaterThan(0);
  });

  it('drip rates: when the mL/hr or mL/min on the way is not whole; rounding it first changes some keys', () => {
    let changed = 0;
    let stated = 0;
    for (const seed of SEEDS) {
      const item = generate('md_drip_rate', seed);
      const { kind, volume, minutes, dropFactor } = item.params as {
        kind: string;
        volume: number;
        minutes: number;
        dropFactor: number;
      };
      const key = Number(item.correctAnswer[0]!.replace(/,/g, ''));
      if (kind === 'rate') {
        expect(says(item.question)).toBe(0);
        continue;
      }
      // continuous: mL/hr rounded to a whole number first; piggyback: mL/min to a tenth first
      const early =
        kind === 'continuous'
          ? (round((volume / minutes) * 60, 0) * dropFactor) / 60
          : round(volume / minutes, 1) * dropFactor;
      const intermediate = kind === 'continuous' ? (volume / minutes) * 60 : volume / minutes;
      const whole = Math.abs(intermediate - Math.round(intermediate)) < 1e-9;
      expect(says(item.question)).toBe(whole ? 0 : 1);
      if (!whole) stated++;
      if (round(early, 0) !== key) {
        expect(whole).toBe(false);
        changed++;
      }
    }
    expect(stated).toBeGreaterThan(0);
    expect(changed).toBeGreaterThan(0);
  });

  it('infusion times in minutes or hours and minutes: when the hours are not exact to a tenth; rounding them first changes some keys', () => {
    let changed = 0;
    let stated = 0;
    for (const seed of SEEDS) {
      const item = generate('md_infusion_time', seed);
      const { volume, rate, asked } = item.params as {
        volume: number;
        rate: number;
        asked: string;
      };
      const hours = volume / rate;
      const exactToTenth = Math.abs(round(hours, 1) - hours) < 1e-9;
      if (asked === 'hr') {
        expect(says(item.question)).toBe(0);
        continue;
      }
      expect(says(item.question)).toBe(exactToTenth ? 0 : 1);
      if (!exactToTenth) stated++;
      // the hours rounded to a tenth first, then made minutes
      const earlyMinutes = round(round(hours, 1) * 60, 0);
      const early = asked === 'min' ? String(earlyMinutes) : hoursMinutes(earlyMinutes);
      if (early !== item.correctAnswer[0]) {
        expect(exactToTenth).toBe(false);
        changed++;
      }
    }
    expect(stated).toBeGreaterThan(0);
    expect(changed).toBeGreaterThan(0);
  });

  it('weight-based heparin: when the dose in units is not whole, and rounding it first changes no key it does not warn of', () => {
    let stated = 0;
    for (const seed of Array.from({ length: 3000 }, (_, i) => i)) {
      const item = generate('md_heparin', seed);
      const p = item.params as Record<string, number>;
      const kind = item.params.kind;
      if (kind !== 'weightInfusion' && kind !== 'weightBolus') {
        expect(says(item.question)).toBe(0);
        continue;
      }
      const units = (kind === 'weightInfusion' ? p.infusionPerKg : p.bolusPerKg) * p.kg;
      const perMl = kind === 'weightInfusion' ? p.bagUnits / p.bagMl : p.vial;
      const whole = Math.abs(units - Math.round(units)) < 1e-9;
      expect(says(item.question)).toBe(whole ? 0 : 1);
      if (!whole) stated++;
      // a dose in whole units gives the same key whichever way round the learner goes
      const places = item.rounding?.places ?? 0;
      const key = Number(item.correctAnswer[0]!.replace(/,/g, ''));
      if (whole) expect(round(Math.round(units) / perMl, places)).toBe(key);
    }
    expect(stated).toBeGreaterThan(0);
  });

  it('no item says it more than once', () => {
    for (const key of generatorKeys().filter((k) => !isPumpTopic(k)))
      for (const seed of SEEDS.slice(0, 100))
        expect(says(generate(key, seed).question)).toBeLessThanOrEqual(1);
  });
});
