import {
  ANNOUNCEMENT_LIMITS,
  ANNOUNCEMENT_MESSAGES as M,
  type Announcement,
  type AnnouncementInput,
  isIsoDate,
  isSafeLinkUrl,
} from '@examprep/contracts/types';

/** What the form holds: text as typed, so nothing is lost when a save fails. */
export interface AnnouncementFormValues {
  date: string;
  content: string;
  linkText: string;
  linkUrl: string;
  order: string;
  isVisible: boolean;
}

export type AnnouncementField = keyof AnnouncementFormValues;
export type FieldErrors = Partial<Record<AnnouncementField, string>>;

export const ANNOUNCEMENT_FIELDS: readonly AnnouncementField[] = [
  'date',
  'content',
  'linkText',
  'linkUrl',
  'order',
  'isVisible',
];

export function isAnnouncementField(name: string): name is AnnouncementField {
  return (ANNOUNCEMENT_FIELDS as readonly string[]).includes(name);
}

/** Today in the reader's time zone, YYYY-MM-DD. */
export function todayIso(now = new Date()): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
}

export function emptyFormValues(today = todayIso()): AnnouncementFormValues {
  return { date: today, content: '', linkText: '', linkUrl: '', order: '0', isVisible: true };
}

export function formValuesFrom(a: Announcement): AnnouncementFormValues {
  return {
    date: a.date,
    content: a.content,
    linkText: a.linkText ?? '',
    linkUrl: a.linkUrl ?? '',
    order: String(a.order ?? 0),
    isVisible: a.isVisible,
  };
}

/**
 * Admin spec §5: date and content required, link URL a URL, order an integer. The messages
 * are the server's (ANNOUNCEMENT_MESSAGES), so the screen reads the same either way.
 */
export function validateAnnouncementForm(values: AnnouncementFormValues): FieldErrors {
  const errors: FieldErrors = {};
  if (!isIsoDate(values.date.trim())) errors.date = M.dateRequired;

  const content = values.content.trim();
  if (content.length === 0) errors.content = M.contentRequired;
  else if (content.length > ANNOUNCEMENT_LIMITS.content) errors.content = M.contentTooLong;

  if (values.linkText.trim().length > ANNOUNCEMENT_LIMITS.linkText) {
    errors.linkText = M.linkTextTooLong;
  }

  const linkUrl = values.linkUrl.trim();
  if (linkUrl.length > ANNOUNCEMENT_LIMITS.linkUrl) errors.linkUrl = M.linkUrlTooLong;
  else if (linkUrl !== '' && !isSafeLinkUrl(linkUrl)) errors.linkUrl = M.linkUrlInvalid;

  const order = values.order.trim();
  if (!/^-?\d+$/.test(order) || !Number.isSafeInteger(Number(order))) errors.order = M.orderInteger;

  return errors;
}

/** The request body; call only when `validateAnnouncementForm` found nothing. */
export function toAnnouncementInput(values: AnnouncementFormValues): AnnouncementInput {
  return {
    date: values.date.trim(),
    content: values.content.trim(),
    linkText: values.linkText.trim(),
    linkUrl: values.linkUrl.trim(),
    order: Number(values.order.trim()),
    isVisible: values.isVisible,
  };
}

/** Server field errors (400 VALIDATION_FAILED `fields`) split into known fields and the rest. */
export function mapServerFieldErrors(fields: Record<string, string[]>): {
  fieldErrors: FieldErrors;
  other: string[];
} {
  const fieldErrors: FieldErrors = {};
  const other: string[] = [];
  for (const [name, messages] of Object.entries(fields)) {
    if (isAnnouncementField(name)) fieldErrors[name] = messages.join(' ');
    else other.push(...messages);
  }
  return { fieldErrors, other };
}

/** "2026-11-22" -> "November 22, 2026" (no time-zone shift). */
export function formatAnnouncementDate(date: string): string {
  if (!isIsoDate(date)) return date;
  const [y, m, d] = date.split('-').map(Number);
  return new Date(Date.UTC(y, m - 1, d)).toLocaleDateString('en-US', {
    year: 'numeric',
    month: 'long',
    day: 'numeric',
    timeZone: 'UTC',
  });
}

/**
 * The start of an announcement on one line, cut at a word and ending in '…' when longer than
 * `max` characters: names an announcement where its date alone is ambiguous.
 */
export function announcementExcerpt(content: string, max: number): string {
  const line = content.replace(/\s+/g, ' ').trim();
  if (line.length <= max) return line;
  const cut = line.slice(0, max);
  const lastSpace = cut.lastIndexOf(' ');
  return `${(lastSpace > max / 2 ? cut.slice(0, lastSpace) : cut).trimEnd()}…`;
}
