import { PUMP_LIMITS, type PumpTimeFormat } from '@examprep/contracts/types';

const DAY = 24 * 60;

/** 480 -> '8 hours', 510 -> '8 hours 30 minutes', 60 -> '1 hour', 45 -> '45 minutes'. */
export function durationText(minutes: number): string {
  const h = Math.floor(minutes / 60);
  const m = minutes % 60;
  const hours = h === 0 ? '' : `${h} ${h === 1 ? 'hour' : 'hours'}`;
  const mins = m === 0 ? '' : `${m} ${m === 1 ? 'minute' : 'minutes'}`;
  return [hours, mins].filter(Boolean).join(' ') || '0 minutes';
}

/** 90 -> '1 hr 30 min', 480 -> '8 hr', 30 -> '30 min' (for explanations). */
export function shortDuration(minutes: number): string {
  const h = Math.floor(minutes / 60);
  const m = minutes % 60;
  if (h === 0) return `${m} min`;
  return m === 0 ? `${h} hr` : `${h} hr ${m} min`;
}

/**
 * A minute of the day as a clock reading: '9:15 AM', '12:00 PM' (noon), '12:00 AM'
 * (midnight) on the AM/PM clock; '0915', '0000' on the military clock (4 digits, spec §9).
 */
export function clockTime(minuteOfDay: number, format: Exclude<PumpTimeFormat, 'given'>): string {
  const t = ((minuteOfDay % DAY) + DAY) % DAY;
  const h = Math.floor(t / 60);
  const m = t % 60;
  if (format === 'military') {
    return `${String(h).padStart(2, '0')}${String(m).padStart(2, '0')}`.padStart(
      PUMP_LIMITS.militaryDigits,
      '0',
    );
  }
  const h12 = h % 12 === 0 ? 12 : h % 12;
  return `${h12}:${String(m).padStart(2, '0')} ${h < 12 ? 'AM' : 'PM'}`;
}

/** The running time of an infusion in the question's format: 'over 8 hours', 'from 2200 to 0600 the next day'. */
export function timeSpanText(start: number, minutes: number, format: PumpTimeFormat): string {
  if (format === 'given') return `over ${durationText(minutes)}`;
  const end = start + minutes;
  const nextDay = end >= DAY;
  return `from ${clockTime(start, format)} to ${clockTime(end, format)}${nextDay ? ' the next day' : ''}`;
}
