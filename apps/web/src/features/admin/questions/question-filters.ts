import {
  ownValue,
  QBANK_LIMITS,
  QUESTION_TYPES,
  type MediaFilter,
  type QuestionFacets,
  type QuestionFilters,
  type QuestionType,
} from '@examprep/contracts/types';
import { splitMath } from '../../../shared/math/math-segments';

/** The filters of /question-list, in the order they appear in the URL. */
export const FILTER_KEYS = [
  'search',
  'course',
  'objective',
  'type',
  'questionImage',
  'explanationImage',
  'video',
] as const satisfies readonly (keyof QuestionFilters)[];

export type MediaFilterKey = 'questionImage' | 'explanationImage' | 'video';
export const MEDIA_FILTER_KEYS: readonly MediaFilterKey[] = [
  'questionImage',
  'explanationImage',
  'video',
];

const MEDIA_VALUES: readonly MediaFilter[] = ['has', 'missing'];

const isType = (v: string): v is QuestionType => (QUESTION_TYPES as readonly string[]).includes(v);
const isMedia = (v: string): v is MediaFilter => (MEDIA_VALUES as readonly string[]).includes(v);

/** The filters a URL query holds; unknown or malformed values mean "any". */
export function filtersFromParams(params: URLSearchParams): QuestionFilters {
  const out: QuestionFilters = {};
  const text = (key: 'search' | 'course' | 'objective', max: number) => {
    const value = params.get(key)?.slice(0, max);
    if (value && value.trim()) out[key] = value;
  };
  text('search', QBANK_LIMITS.searchMax);
  text('course', QBANK_LIMITS.nameMax);
  text('objective', QBANK_LIMITS.nameMax);
  const type = params.get('type');
  if (type && isType(type)) out.type = type;
  for (const key of MEDIA_FILTER_KEYS) {
    const value = params.get(key);
    if (value && isMedia(value)) out[key] = value;
  }
  return out;
}

/** The URL query of the filters: set ones only, in FILTER_KEYS order. */
export function filtersToParams(filters: QuestionFilters): URLSearchParams {
  const params = new URLSearchParams();
  for (const key of FILTER_KEYS) {
    const value = filters[key];
    if (value && value.trim()) params.set(key, value);
  }
  return params;
}

/** The query of the API call: the set filters, in FILTER_KEYS order. */
export function filtersParams(filters: QuestionFilters): QuestionFilters {
  return Object.fromEntries(filtersToParams(filters));
}

/** '?…' as the API call sends it (formQuery of filtersParams), or '' without filters. */
export function filtersQuery(filters: QuestionFilters): string {
  const query = filtersToParams(filters).toString();
  return query ? `?${query}` : '';
}

export function hasFilters(filters: QuestionFilters): boolean {
  return FILTER_KEYS.some((key) => !!filters[key]);
}

/**
 * The objectives in use under a course. The name comes from the URL or a stored question
 * ('constructor' is a course name like any other): an own key of the facets, else none.
 */
export function objectivesOf(facets: QuestionFacets | undefined, course: string): string[] {
  return ownValue(facets?.objectives, course) ?? [];
}

/** The objective filter's options: the chosen course's objectives, else all of them. */
export function objectiveOptions(facets: QuestionFacets | undefined, course?: string): string[] {
  if (!facets) return [];
  if (course) return objectivesOf(facets, course);
  const all = new Set(Object.values(facets.objectives).flat());
  return [...all].sort((a, b) => a.localeCompare(b, undefined, { numeric: true }));
}

/** YYYY-MM-DD of the browser's local day (the export file's {date}). */
export function localDate(date: Date = new Date()): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}

/**
 * The start of a question for the list: at most `max` characters of plain text, never cutting
 * a formula in half (a formula that does not fit is left out), with … when shortened.
 */
export function truncateMathText(text: string, max = 160): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  if (flat.length <= max) return flat;
  let out = '';
  for (const part of splitMath(flat)) {
    const source =
      part.kind === 'text'
        ? part.text
        : part.display
          ? `\\[${part.latex}\\]`
          : `\\(${part.latex}\\)`;
    if (out.length + source.length <= max) {
      out += source;
      continue;
    }
    if (part.kind === 'text') {
      const room = part.text.slice(0, max - out.length);
      const cut = room.lastIndexOf(' ');
      out += cut > room.length / 2 ? room.slice(0, cut) : room;
    }
    break;
  }
  return `${out.trimEnd()}…`;
}
