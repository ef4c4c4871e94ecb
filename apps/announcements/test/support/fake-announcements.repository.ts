import type { Announcement } from '@examprep/contracts';
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
 * An in-memory AnnouncementsRepository for unit specs: ids of 24 hexadecimal characters (an
 * id of another shape names nothing, as with ObjectIds), the list sorted as the database
 * sorts it (order, then newest date, then newest write), a write time from `clock`.
 */
export class FakeAnnouncementsRepository implements AnnouncementsRepository {
  readonly docs = new Map<string, Stored>();
  private next = 0;

  constructor(private readonly clock: () => Date = () => new Date()) {}

  async list(): Promise<Announcement[]> {
    return [...this.docs.entries()]
      .sort(
        ([, a], [, b]) =>
          a.fields.order - b.fields.order ||
          (a.fields.date === b.fields.date ? 0 : a.fields.date < b.fields.date ? 1 : -1) ||
          b.createdAt.getTime() - a.createdAt.getTime(),
      )
      .map(([id, s]) => ({ id, ...s.fields }));
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
