import { formatCount, formatScore, formatTestDate } from './gradebook.messages';

describe('gradebook formats (learner spec §8 Gradebook)', () => {
  it("shows 'Invalid Date' for a missing or unreadable date", () => {
    expect(formatTestDate(null)).toBe('Invalid Date');
    expect(formatTestDate('')).toBe('Invalid Date');
    expect(formatTestDate('yesterday-ish')).toBe('Invalid Date');
    expect(formatTestDate('2026-03-01T10:30:00.000Z')).toMatch(/2026/);
  });

  it("shows 'N/A' for a missing score or count", () => {
    expect(formatScore(null)).toBe('N/A');
    expect(formatScore(undefined)).toBe('N/A');
    expect(formatScore(Number.NaN)).toBe('N/A');
    expect(formatScore(0)).toBe('0%');
    expect(formatScore(87)).toBe('87%');
    expect(formatCount(null)).toBe('N/A');
    expect(formatCount(0)).toBe('0');
  });
});
