/** Announcement as the API returns it (learner spec §3, admin spec §3). */
export interface Announcement {
  id: string;
  content: string;
  isVisible: boolean;
  /** 0 = top. */
  order: number;
  /** YYYY-MM-DD */
  date: string;
  linkText: string;
  linkUrl: string;
}

/** Body of POST /api/announcements and PUT /api/announcements/{id}. */
export interface AnnouncementInput {
  content: string;
  date: string;
  isVisible?: boolean;
  order?: number;
  linkText?: string;
  linkUrl?: string;
}

export const ANNOUNCEMENT_LIMITS = {
  content: 10_000,
  linkText: 200,
  linkUrl: 2_048,
} as const;

/** Texts of the /updates screen (learner spec §2 Updates, admin spec §2.7). */
export const ANNOUNCEMENT_MESSAGES = {
  empty: 'No announcements at this time.',
  dateRequired: 'date is required and must be a date in YYYY-MM-DD format.',
  contentRequired: 'content is required.',
  linkUrlInvalid: 'linkUrl must be a URL (http:// or https://, or a path starting with /).',
  orderInteger: 'order must be an integer.',
  isVisibleBoolean: 'isVisible must be true or false.',
  notFound: 'Announcement not found.',
} as const;

/** Order the list is shown in: `order` ascending, then newest date first. */
export function compareAnnouncements(a: Announcement, b: Announcement): number {
  if (a.order !== b.order) return a.order - b.order;
  if (a.date !== b.date) return a.date < b.date ? 1 : -1;
  return 0;
}
