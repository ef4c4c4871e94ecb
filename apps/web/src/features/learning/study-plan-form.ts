import { LEARNING_LIMITS as L, type StudyPlanSettings } from '@examprep/contracts/types';
import { STUDY_PLAN_MESSAGES as T } from './study-plan.messages';

/** What the learner typed, kept as typed (a failed save must not lose it). */
export interface StudyPlanForm {
  examDate: string;
  minutesPerDay: string;
  reminders: boolean;
}

export type StudyPlanField = 'examDate' | 'minutesPerDay';
export type StudyPlanFieldErrors = Partial<Record<StudyPlanField, string>>;

/** The form's first values: the saved settings, else empty with 30 minutes and no reminder. */
export function formOf(settings: StudyPlanSettings | null): StudyPlanForm {
  return settings
    ? {
        examDate: settings.examDate,
        minutesPerDay: String(settings.minutesPerDay),
        reminders: settings.reminders,
      }
    : { examDate: '', minutesPerDay: '30', reminders: false };
}

const DAY_MS = 86_400_000;
const DATE_ONLY = /^\d{4}-\d{2}-\d{2}$/;

/**
 * Today as the service counts it: the UTC calendar day (its check of the exam date is in UTC
 * days), so the browser never accepts a date the server refuses a moment later.
 */
export function utcToday(now: Date = new Date()): string {
  return now.toISOString().slice(0, 10);
}

/** `date` ('YYYY-MM-DD') plus `days` calendar days. */
export function addDays(date: string, days: number): string {
  return new Date(Date.parse(`${date}T00:00:00Z`) + days * DAY_MS).toISOString().slice(0, 10);
}

/** The date input's `min` and `max`: today up to LEARNING_LIMITS.examDateMaxDays ahead. */
export function examDateRange(today: string): { min: string; max: string } {
  return { min: today, max: addDays(today, L.examDateMaxDays) };
}

/** A real calendar date within [today, today + examDateMaxDays] (the service's rule). */
export function validExamDate(date: string, today: string): boolean {
  if (!DATE_ONLY.test(date)) return false;
  const t = Date.parse(`${date}T00:00:00Z`);
  if (Number.isNaN(t) || new Date(t).toISOString().slice(0, 10) !== date) return false;
  const days = (t - Date.parse(`${today}T00:00:00Z`)) / DAY_MS;
  return days >= 0 && days <= L.examDateMaxDays;
}

/** A whole number of minutes within the service's limits, else null. */
export function minutesOf(text: string): number | null {
  const trimmed = text.trim();
  if (!/^\d+$/.test(trimmed)) return null;
  const minutes = Number(trimmed);
  return minutes >= L.minutesPerDayMin && minutes <= L.minutesPerDayMax ? minutes : null;
}

/**
 * The browser's check before PUT /api/learning/plan, with the service's limits and texts:
 * the settings to send, or the message of each field that is wrong.
 */
export function checkStudyPlanForm(
  form: StudyPlanForm,
  today: string,
):
  { settings: StudyPlanSettings; errors: null } | { settings: null; errors: StudyPlanFieldErrors } {
  const errors: StudyPlanFieldErrors = {};
  if (!validExamDate(form.examDate, today)) errors.examDate = T.examDateInvalid;
  const minutes = minutesOf(form.minutesPerDay);
  if (minutes === null) errors.minutesPerDay = T.minutesInvalid;
  if (minutes === null || errors.examDate) return { settings: null, errors };
  return {
    settings: { examDate: form.examDate, minutesPerDay: minutes, reminders: form.reminders },
    errors: null,
  };
}

/** The server's field errors (ApiError.fields) for the form's fields: the first message each. */
export function fieldErrorsOf(fields: Record<string, string[]>): StudyPlanFieldErrors {
  const errors: StudyPlanFieldErrors = {};
  for (const field of ['examDate', 'minutesPerDay'] as const) {
    const [message] = fields[field] ?? [];
    if (message) errors[field] = message;
  }
  return errors;
}

/** A share of practice time (0..1) as a whole percent: 0.4167 → '42%'. */
export function percentOf(share: number): string {
  return `${Math.round(share * 100)}%`;
}

/** A plan day ('YYYY-MM-DD') as the learner reads it: 'Sat, Nov 28' (the calendar day, not shifted). */
export function dayLabel(date: string, locale?: string): string {
  return new Intl.DateTimeFormat(locale, {
    weekday: 'short',
    month: 'short',
    day: 'numeric',
    timeZone: 'UTC',
  }).format(new Date(`${date}T00:00:00Z`));
}
