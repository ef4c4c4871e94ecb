import type { Announcement, Page } from '@examprep/contracts';
import { ANNOUNCEMENT_ORDER, LATEST_ORDER } from '../../src/announcements/announcement.schema';
import {
  type AnnouncementFields,
  AnnouncementsRepository,
  type WrittenAnnouncement,
} from '../../src/announcements/announcements.repository';

interface Stored {
  fields: AnnouncementFields;
  createdAt: Date;
  updatedAt: Date;
}

/**
 * An in-memory AnnouncementsRepository for unit specs: ids of 24 hexadecimal characters that
 * grow with each insert (an id of another shape names nothing, as with ObjectIds), pages in
 * the same keyset orders as the database (ANNOUNCEMENT_ORDER, LATEST_ORDER), a write time from
 * `clock`.
 */
export class FakeAnnouncementsRepository implements AnnouncementsRepository {
  readonly docs = new Map<string, Stored>();
  private next = 0;

  constructor(private readonly clock: () => Date = () => new Date()) {}

  private rows(visibleOnly: boolean): Announcement[] {
    return [...this.docs.entries()]
      .map(([id, s]) => ({ id, ...s.fields }))
      .filter((a) => !visibleOnly || a.isVisible);
  }

  async page(
    visibleOnly: boolean,
    cursor: string | undefined,
    limit: number,
  ): Promise<Page<Announcement>> {
    ANNOUNCEMENT_ORDER.after(cursor); // the store's filter: refuses a cursor as the real one does
    return ANNOUNCEMENT_ORDER.pageOf(this.rows(visibleOnly), cursor, limit);
  }

  async latestVisible(): Promise<Announcement | null> {
    return LATEST_ORDER.pageOf(this.rows(true), undefined, 1).items[0] ?? null;
  }

  async insert(fields: AnnouncementFields): Promise<WrittenAnnouncement> {
    const id = (++this.next).toString(16).padStart(24, '0');
    const now = this.clock();
    this.docs.set(id, { fields: { ...fields }, createdAt: now, updatedAt: now });
    return { announcement: { id, ...fields }, updatedAt: now };
  }

  async update(id: string, fields: AnnouncementFields): Promise<WrittenAnnouncement | null> {
    const stored = this.docs.get(id);
    if (!stored) return null;
    stored.fields = { ...fields };
    stored.updatedAt = this.clock();
    return { announcement: { id, ...fields }, updatedAt: stored.updatedAt };
  }

  async remove(id: string): Promise<boolean> {
    return this.docs.delete(id);
  }
}
