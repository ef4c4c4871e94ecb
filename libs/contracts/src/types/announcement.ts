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

/** GET /api/announcements/latest: the welcome modal's newest visible announcement by date. */
export interface LatestAnnouncementAnswer {
  announcement: Announcement | null;
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

const count = (n: number) => n.toLocaleString('en-US');

/**
 * Texts of the /updates screen (learner spec §2 Updates, admin spec §2.7), including the form
 * rules of admin spec §5. Every message is a sentence naming the field by its form label, so
 * the form shows the same words whether the browser or the server found the problem.
 */
export const ANNOUNCEMENT_MESSAGES = {
  empty: 'No announcements at this time.',
  dateRequired: 'Date is required and must be a date in YYYY-MM-DD format.',
  contentRequired: 'Content is required.',
  contentTooLong: `Content must be at most ${count(ANNOUNCEMENT_LIMITS.content)} characters.`,
  linkTextText: 'Link Text must be text.',
  linkTextTooLong: `Link Text must be at most ${count(ANNOUNCEMENT_LIMITS.linkText)} characters.`,
  linkUrlInvalid: 'Link URL must be a URL (http:// or https://, or a path starting with /).',
  linkUrlTooLong: `Link URL must be at most ${count(ANNOUNCEMENT_LIMITS.linkUrl)} characters.`,
  orderInteger: 'Order must be an integer.',
  isVisibleBoolean: 'Visible must be true or false.',
  idInvalid: 'The announcement id must be 24 hexadecimal characters.',
  notFound: 'Announcement not found.',
  adminsOnly: 'Admins only.',
} as const;

/** Order the list is shown in: `order` ascending, then newest date first. */
export function compareAnnouncements(a: Announcement, b: Announcement): number {
  if (a.order !== b.order) return a.order - b.order;
  if (a.date !== b.date) return a.date < b.date ? 1 : -1;
  return 0;
}
