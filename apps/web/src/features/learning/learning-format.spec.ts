import { READINESS } from './learning-fixtures';
import {
  evidence,
  levelWithRange,
  recency,
  shortDate,
  teasHeadline,
  trendRows,
  weakSpotsPath,
} from './learning-format';

describe('learning-format', () => {
  const now = new Date(2026, 10, 28, 12, 0);

  it('always shows a level with its range, "Developing (55–80 %)"', () => {
    expect(levelWithRange({ level: 'developing', low: 0.55, high: 0.8 })).toBe(
      'Developing (55–80 %)',
    );
    expect(levelWithRange({ level: 'not-enough', low: 0.204, high: 0.796 })).toBe(
      'Not enough answers yet (20–80 %)',
    );
  });

  it('writes the TEAS Math headline "About 26 of 34 (76 %), likely 23–29"', () => {
    expect(teasHeadline(READINESS.teas)).toBe('About 26 of 34 (76 %), likely 23–29');
  });

  it('says how recent the evidence is in calendar days', () => {
    expect(recency(null, now)).toBeNull();
    expect(recency(new Date(2026, 10, 28, 0, 5).toISOString(), now)).toBe('today');
    expect(recency(new Date(2026, 10, 27, 23, 0).toISOString(), now)).toBe('yesterday');
    expect(recency(new Date(2026, 10, 25, 9, 0).toISOString(), now)).toBe('3 days ago');
    expect(evidence(31, new Date(2026, 10, 28, 1).toISOString(), now)).toBe(
      'Based on 31 answers, the latest today.',
    );
    expect(evidence(1, null, now)).toBe('Based on 1 answer.');
    expect(evidence(0, null, now)).toBe('No answers yet.');
  });

  it('puts the trend oldest first with tests as points and estimates with their band', () => {
    const rows = trendRows([...READINESS.trend].reverse());
    expect(rows.map((r) => [r.test, r.estimate, r.band, r.error])).toEqual([
      [62, null, null, null],
      [null, 70, [61, 79], [9, 9]],
      [null, 76, [68, 85], [8, 9]],
    ]);
    expect(trendRows([{ ...READINESS.trend[0], at: 'not a date' }])).toEqual([]);
  });

  it('writes table dates without the year inside the current year', () => {
    expect(shortDate(new Date(2026, 10, 3, 12).toISOString(), now)).toBe('Nov 3');
    expect(shortDate(new Date(2025, 10, 3, 12).toISOString(), now)).toBe('Nov 3, 2025');
    expect(shortDate('not a date', now)).toBe('not a date');
  });

  it('links the weak-spots mode of the Infinite QBank', () => {
    expect(weakSpotsPath()).toBe('/infinite-qbank?mode=weak-spots');
    expect(weakSpotsPath('med_dosage')).toBe('/infinite-qbank?mode=weak-spots&course=med_dosage');
  });
});
