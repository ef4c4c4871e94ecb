/**
 * Keyset (cursor) pages of the admin lists (issue 26, ADR 0026). A list route takes `cursor`
 * and `limit` in its query and answers one page; the next page's address is the response's
 * `Link: <...>; rel="next"` header (absent on the last page). The cursor is opaque to clients.
 */
export const PAGE_LIMIT = { min: 1, max: 100, default: 50 } as const;

/** The longest cursor a list takes (base64url of a few sort keys and the `_id`). */
export const CURSOR_MAX_LENGTH = 1024;

export const PAGE_MESSAGES = {
  cursor: 'The cursor is not valid: start again from the first page.',
  limit: `The limit must be a whole number from ${PAGE_LIMIT.min} to ${PAGE_LIMIT.max}.`,
} as const;

/** What a list route takes besides its filters. */
export interface PageRequest {
  cursor?: string;
  limit?: number;
}

/** One page as a service answers it: the rows, and the cursor after the last (null at the end). */
export interface Page<T> {
  items: T[];
  next: string | null;
}

/**
 * The `cursor` of the `rel="next"` link of a Link header, or null (no header, no next link, no
 * cursor in it). Tolerates several links and either quoting of rel.
 */
export function nextCursorOfLink(link: string | null | undefined): string | null {
  if (!link) return null;
  for (const part of link.split(',')) {
    const m = /^\s*<([^>]*)>\s*;(.*)$/.exec(part);
    if (!m || !/(^|;)\s*rel="?next"?\s*(;|$)/.test(m[2] ?? '')) continue;
    const query = (m[1] ?? '').split('?')[1] ?? '';
    const cursor = new URLSearchParams(query).get('cursor');
    if (cursor) return cursor;
  }
  return null;
}
