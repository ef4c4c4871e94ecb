import { levelOf } from './mastery';
import {
  brierReport,
  calibration,
  calibrationError,
  enoughReport,
  simulate,
  type SimulatedAnswer,
} from './simulate';

describe('offline evaluation on simulated learners of known skill', () => {
  let answers: SimulatedAnswer[];
  beforeAll(() => {
    answers = simulate({ seed: 11, learners: 80 });
  });

  it('runs learners × days × answers per day, the same for the same seed', () => {
    expect(answers).toHaveLength(80 * 8 * 16);
    expect(simulate({ seed: 11, learners: 2 })).toEqual(answers.slice(0, 2 * 8 * 16));
    expect(simulate({ seed: 12, learners: 2 })).not.toEqual(answers.slice(0, 2 * 8 * 16));
  });

  it('is calibrated: within 0.04 overall, and within 0.07 in every bin of 200 answers or more', () => {
    const bins = calibration(answers);
    expect(calibrationError(bins)).toBeLessThan(0.04);
    for (const bin of bins.filter((b) => b.count >= 200)) {
      expect(Math.abs(bin.meanPredicted - bin.observed)).toBeLessThan(0.07);
    }
  });

  it('has a better Brier score than the running share correct and the base rate', () => {
    const b = brierReport(answers);
    expect(b.model).toBeLessThan(b.runningShare);
    expect(b.model).toBeLessThan(b.baseRate);
    expect(b.model).toBeGreaterThanOrEqual(b.truth - 0.01);
  });

  it('says "not enough" where its estimate is furthest off, and its 80 % interval holds the truth about 80 % of the time', () => {
    const e = enoughReport(answers, levelOf);
    expect(e.notEnoughShare).toBeGreaterThan(0.1);
    expect(e.notEnoughShare).toBeLessThan(0.6);
    expect(e.errorWhenNotEnough).toBeGreaterThan(e.errorWhenEnough);
    expect(e.intervalCoverage).toBeGreaterThan(0.7);
    expect(e.intervalCoverage).toBeLessThan(0.9);
  });
});
