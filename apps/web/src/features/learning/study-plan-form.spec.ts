import { LEARNING_LIMITS, LEARNING_MESSAGES } from '@examprep/contracts/types';
import {
  addDays,
  checkStudyPlanForm,
  dayLabel,
  examDateRange,
  fieldErrorsOf,
  formOf,
  minutesOf,
  percentOf,
  utcToday,
  validExamDate,
} from './study-plan-form';

const TODAY = '2026-11-28';

describe('study plan form', () => {
  it('counts today as the UTC day, as the service does', () => {
    expect(utcToday(new Date('2026-11-28T23:30:00-05:00'))).toBe('2026-11-29');
    expect(utcToday(new Date('2026-11-28T00:10:00Z'))).toBe('2026-11-28');
  });

  it('accepts exam dates from today up to 730 days ahead, real dates only', () => {
    const { min, max } = examDateRange(TODAY);
    expect(min).toBe(TODAY);
    expect(max).toBe(addDays(TODAY, LEARNING_LIMITS.examDateMaxDays));
    expect(max).toBe('2028-11-27');
    expect(validExamDate(TODAY, TODAY)).toBe(true);
    expect(validExamDate(max, TODAY)).toBe(true);
    expect(validExamDate(addDays(max, 1), TODAY)).toBe(false);
    expect(validExamDate('2026-11-27', TODAY)).toBe(false);
    expect(validExamDate('2027-02-30', TODAY)).toBe(false);
    expect(validExamDate('', TODAY)).toBe(false);
    expect(validExamDate('28/12/2026', TODAY)).toBe(false);
  });

  it('accepts whole minutes from 5 to 600', () => {
    expect(minutesOf('5')).toBe(5);
    expect(minutesOf(' 600 ')).toBe(600);
    for (const bad of ['4', '601', '7.5', '-10', '', 'abc', '1e2'])
      expect(minutesOf(bad)).toBeNull();
  });

  it('gives the settings to send, or the service’s message per wrong field', () => {
    expect(
      checkStudyPlanForm({ examDate: '2027-01-15', minutesPerDay: '45', reminders: true }, TODAY),
    ).toEqual({
      settings: { examDate: '2027-01-15', minutesPerDay: 45, reminders: true },
      errors: null,
    });
    expect(
      checkStudyPlanForm({ examDate: '2020-01-01', minutesPerDay: '3', reminders: false }, TODAY),
    ).toEqual({
      settings: null,
      errors: {
        examDate: LEARNING_MESSAGES.examDate,
        minutesPerDay: LEARNING_MESSAGES.minutesPerDay,
      },
    });
    expect(
      checkStudyPlanForm({ examDate: '2027-01-15', minutesPerDay: '700', reminders: false }, TODAY)
        .errors,
    ).toEqual({ minutesPerDay: LEARNING_MESSAGES.minutesPerDay });
  });

  it('starts from the saved settings, else empty with 30 minutes and no reminder', () => {
    expect(formOf(null)).toEqual({ examDate: '', minutesPerDay: '30', reminders: false });
    expect(formOf({ examDate: '2027-01-15', minutesPerDay: 20, reminders: true })).toEqual({
      examDate: '2027-01-15',
      minutesPerDay: '20',
      reminders: true,
    });
  });

  it("reads the server's field errors for its own fields only", () => {
    expect(fieldErrorsOf({ minutesPerDay: ['Too many'], examDate: [], other: ['x'] })).toEqual({
      minutesPerDay: 'Too many',
    });
  });

  it('writes shares as whole percents and plan days as calendar days', () => {
    expect(percentOf(0.4167)).toBe('42%');
    expect(percentOf(1)).toBe('100%');
    expect(dayLabel('2026-11-28', 'en-US')).toBe('Sat, Nov 28');
  });
});
