import type { Announcement, Page } from '@examprep/contracts';

/** The fields an admin writes (with their defaults applied). */
export interface AnnouncementFields {
  content: string;
  date: string;
  isVisible: boolean;
  order: number;
  linkText: string;
  linkUrl: string;
}

/** A written announcement and the time the store recorded the write. */
export interface WrittenAnnouncement {
  announcement: Announcement;
  updatedAt: Date | undefined;
}

/**
 * The queries of the announcements (collection announcements). The port the service injects;
 * MongoAnnouncementsRepository is the real one. Announcements belong to no user.
 */
export abstract class AnnouncementsRepository {
  /**
   * A page of the announcements (visible ones only with `visibleOnly`) in ANNOUNCEMENT_ORDER (announcement.schema.ts),
   * after `cursor`: at most `limit`, and the cursor of the next page (null at the end).
   */
  abstract page(
    visibleOnly: boolean,
    cursor: string | undefined,
    limit: number,
  ): Promise<Page<Announcement>>;

  /** The first visible announcement in LATEST_ORDER, or null when none is visible. */
  abstract latestVisible(): Promise<Announcement | null>;

  abstract insert(fields: AnnouncementFields): Promise<WrittenAnnouncement>;

  /** Replaces the fields of the announcement; null when no announcement has that id. */
  abstract update(id: string, fields: AnnouncementFields): Promise<WrittenAnnouncement | null>;

  /** Deletes the announcement; false when no announcement has that id. */
  abstract remove(id: string): Promise<boolean>;
}
