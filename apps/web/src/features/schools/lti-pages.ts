import type { DeepLinkRequestView } from '@examprep/contracts/types';

/** The course's name as the LMS gave it: its title, else its label (null: none given). */
export function courseName(context: DeepLinkRequestView['context']): string | null {
  return context?.title || context?.label || null;
}

/**
 * Answers of the LTI pages' reads that no retry mends: the request or link is unknown or gone
 * (404), not this user's (403), or not of the right shape (400). Shown as said, without Retry.
 */
export const REFUSED_STATUSES: ReadonlySet<number> = new Set([400, 403, 404]);
