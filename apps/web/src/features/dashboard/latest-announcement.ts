import type { Announcement } from '@examprep/contracts/types';

/** Learner spec §2 welcome modal: the latest visible announcement, newest by date. */
export function latestVisibleAnnouncement(list: readonly Announcement[]): Announcement | null {
  let latest: Announcement | null = null;
  for (const a of list) {
    if (!a.isVisible) continue;
    if (
      latest === null ||
      a.date > latest.date ||
      (a.date === latest.date && a.order < latest.order)
    ) {
      latest = a;
    }
  }
  return latest;
}
