import type { MasteryLevelName, TeasReadiness, TrendPoint } from '@examprep/contracts/types';
import { LEARNING_TEXT as T, WEAK_SPOT_COURSES } from './learning.messages';

const DAY_MS = 24 * 60 * 60 * 1000;

/** A probability (0..1) as a whole percent. */
export const pct = (p: number): number => Math.round(100 * p);

type Ranged = { level: MasteryLevelName; low: number; high: number };

/**
 * A skill's level and its 80 % interval as two parts, "Developing" and "(55–80 %)": the level
 * alone matches the true level only about two times in three (simulation), so the range always
 * goes with it. Without enough answers there is no level, but the (wide) range still says how
 * little is known.
 */
export function levelAndRange(skill: Ranged): { level: string; range: string } {
  return { level: T.levels[skill.level], range: `(${T.range(pct(skill.low), pct(skill.high))})` };
}

/** The two parts in one line, "Developing (55–80 %)". */
export function levelWithRange(skill: Ranged): string {
  const { level, range } = levelAndRange(skill);
  return `${level} ${range}`;
}

/** "today", "yesterday", "3 days ago" (calendar days in the browser's zone); null without a date. */
export function recency(lastAt: string | null, now: Date): string | null {
  if (!lastAt) return null;
  const then = new Date(lastAt);
  if (Number.isNaN(then.getTime())) return null;
  const dayOf = (d: Date) => Date.UTC(d.getFullYear(), d.getMonth(), d.getDate());
  const days = Math.max(0, Math.round((dayOf(now) - dayOf(then)) / DAY_MS));
  if (days === 0) return T.today;
  if (days === 1) return T.yesterday;
  return T.daysAgo(days);
}

/** "Based on 31 answers, the latest today." */
export function evidence(answers: number, lastAt: string | null, now: Date): string {
  return T.evidence(answers, recency(lastAt, now));
}

/** The TEAS Math headline, "About 26 of 34 (76 %), likely 23–29" (whole items). */
export function teasHeadline(teas: TeasReadiness): string {
  return T.teasHeadline(
    Math.round(teas.predicted),
    teas.scoredItems,
    teas.percent,
    teas.low,
    teas.high,
  );
}

/** A course id's name for the screens (the id itself when unknown). */
export function courseName(id: string): string {
  return WEAK_SPOT_COURSES.find((c) => c.id === id)?.name ?? id;
}

/**
 * A date as the tables show it, in the browser's zone: "Nov 28" within the current year (narrow
 * enough for a phone's table), "Nov 28, 2025" before it.
 */
export function shortDate(at: string, now: Date = new Date()): string {
  const d = new Date(at);
  if (Number.isNaN(d.getTime())) return at;
  const year = d.getFullYear() === now.getFullYear() ? undefined : 'numeric';
  return d.toLocaleDateString('en-US', { year, month: 'short', day: 'numeric' });
}

/** One row of the trend's chart: tests and estimates on one time axis. */
export interface TrendRow {
  at: string;
  /** Milliseconds since the epoch: the chart's x. */
  time: number;
  course: string;
  test: number | null;
  estimate: number | null;
  /** The estimate's interval as [low, high] (recharts draws a band from a pair). */
  band: [number, number] | null;
  /** The same interval as distances below and above the estimate (recharts' error bar). */
  error: [number, number] | null;
}

/** The trend, oldest first, as chart rows (points without a valid date are left out). */
export function trendRows(points: readonly TrendPoint[]): TrendRow[] {
  return points
    .map((p) => ({ p, time: new Date(p.at).getTime() }))
    .filter(({ time }) => !Number.isNaN(time))
    .sort((a, b) => a.time - b.time)
    .map(({ p, time }) => {
      const { low, high } = p;
      const ranged = p.kind === 'estimate' && low !== null && high !== null;
      return {
        at: p.at,
        time,
        course: p.course,
        test: p.kind === 'test' ? p.percent : null,
        estimate: p.kind === 'estimate' ? p.percent : null,
        band: ranged ? [low, high] : null,
        error: ranged ? [Math.max(0, p.percent - low), Math.max(0, high - p.percent)] : null,
      };
    });
}

/** The Infinite QBank's weak-spots mode (its URL says so, so a link or a reload keeps it). */
export const WEAK_SPOTS_MODE = 'weak-spots';

/** /infinite-qbank in weak-spots mode, optionally with the course chosen. */
export function weakSpotsPath(course?: string): string {
  const q = new URLSearchParams({ mode: WEAK_SPOTS_MODE });
  if (course) q.set('course', course);
  return `/infinite-qbank?${q.toString()}`;
}
