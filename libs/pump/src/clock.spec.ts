import { clockTime, durationText, shortDuration, timeSpanText } from './clock';

describe('pump clock texts', () => {
  it('writes durations in words', () => {
    expect(durationText(480)).toBe('8 hours');
    expect(durationText(510)).toBe('8 hours 30 minutes');
    expect(durationText(60)).toBe('1 hour');
    expect(durationText(90)).toBe('1 hour 30 minutes');
    expect(durationText(45)).toBe('45 minutes');
    expect(shortDuration(75)).toBe('1 hr 15 min');
    expect(shortDuration(1440)).toBe('24 hr');
    expect(shortDuration(20)).toBe('20 min');
  });

  it('reads the AM/PM clock with noon and midnight at 12', () => {
    expect(clockTime(0, 'ampm')).toBe('12:00 AM');
    expect(clockTime(9 * 60 + 15, 'ampm')).toBe('9:15 AM');
    expect(clockTime(12 * 60, 'ampm')).toBe('12:00 PM');
    expect(clockTime(17 * 60 + 45, 'ampm')).toBe('5:45 PM');
    expect(clockTime(24 * 60 + 30, 'ampm')).toBe('12:30 AM');
  });

  it('writes military time as 4 digits (spec §9)', () => {
    expect(clockTime(0, 'military')).toBe('0000');
    expect(clockTime(9 * 60 + 15, 'military')).toBe('0915');
    expect(clockTime(23 * 60 + 45, 'military')).toBe('2345');
    expect(clockTime(26 * 60, 'military')).toBe('0200');
  });

  it('says when an infusion ends the next day', () => {
    expect(timeSpanText(0, 480, 'given')).toBe('over 8 hours');
    expect(timeSpanText(22 * 60, 480, 'military')).toBe('from 2200 to 0600 the next day');
    expect(timeSpanText(8 * 60, 1440, 'ampm')).toBe('from 8:00 AM to 8:00 AM the next day');
    expect(timeSpanText(16 * 60, 480, 'ampm')).toBe('from 4:00 PM to 12:00 AM the next day');
    expect(timeSpanText(9 * 60 + 15, 510, 'ampm')).toBe('from 9:15 AM to 5:45 PM');
  });
});
