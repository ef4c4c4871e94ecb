import type { Announcement } from '@examprep/contracts';

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
  /** Every announcement, by order, then newest date, then newest write. */
  abstract list(): Promise<Announcement[]>;

  abstract insert(fields: AnnouncementFields): Promise<WrittenAnnouncement>;

  /** Replaces the fields of the announcement; null when no announcement has that id. */
  abstract update(id: string, fields: AnnouncementFields): Promise<WrittenAnnouncement | null>;

  /** Deletes the announcement; false when no announcement has that id. */
  abstract remove(id: string): Promise<boolean>;
}
