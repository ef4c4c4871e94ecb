import { Injectable } from '@nestjs/common';
import {
  type Actor,
  type Announcement,
  type AnnouncementChangedEvent,
  type AnnouncementInput,
  ANNOUNCEMENT_MESSAGES,
  AnnouncementInputDto,
  compareAnnouncements,
  Events,
} from '@examprep/contracts';
import {
  deepFreeze,
  EventListener,
  JetStreamBus,
  requireAdmin,
  rootLogger,
  ServiceError,
  validatePayload,
} from '@examprep/nest-kit';
import { AnnouncementsCache } from './announcements.cache';
import { type AnnouncementFields, AnnouncementsRepository } from './announcements.repository';

/** Safety net for a change event that never arrived. */
const CACHE_TTL_MS = 30_000;

@Injectable()
export class AnnouncementsService {
  private readonly cache = new AnnouncementsCache<{ all: Announcement[]; visible: Announcement[] }>(
    CACHE_TTL_MS,
  );

  constructor(
    private readonly announcements: AnnouncementsRepository,
    private readonly bus: JetStreamBus,
  ) {}

  /** Every replica drops its cached list when any replica changes an announcement. */
  @EventListener(Events.announcementChanged)
  invalidateCache(): void {
    this.cache.invalidate();
  }

  /** Admins see every announcement; everyone else only visible ones. Order, then newest date. */
  async list(actor: Actor | null): Promise<Announcement[]> {
    const lists = await this.cache.get(async () => {
      const all = (await this.announcements.list()).sort(compareAnnouncements);
      // frozen: the same lists answer every request until a change, so their JSON is made once
      // (FrozenReplySerializer)
      return deepFreeze({ all, visible: all.filter((a) => a.isVisible) });
    });
    return actor?.isAdmin ? lists.all : lists.visible;
  }

  // Writes: the gateway already enforced @AdminOnly(); the owner of the data checks again.
  async create(actor: Actor | null, input: AnnouncementInput): Promise<Announcement> {
    requireAdmin(actor, ANNOUNCEMENT_MESSAGES.adminsOnly);
    const dto = validatePayload(AnnouncementInputDto, input);
    const { announcement, updatedAt } = await this.announcements.insert(withDefaults(dto));
    await this.publish(announcement.id, 'created', updatedAt ?? new Date());
    return announcement;
  }

  async update(actor: Actor | null, id: string, input: AnnouncementInput): Promise<Announcement> {
    requireAdmin(actor, ANNOUNCEMENT_MESSAGES.adminsOnly);
    const dto = validatePayload(AnnouncementInputDto, input);
    const updated = await this.announcements.update(id, withDefaults(dto));
    if (!updated) throw ServiceError.notFound(ANNOUNCEMENT_MESSAGES.notFound);
    await this.publish(id, 'updated', updated.updatedAt ?? new Date());
    return updated.announcement;
  }

  async delete(actor: Actor | null, id: string): Promise<void> {
    requireAdmin(actor, ANNOUNCEMENT_MESSAGES.adminsOnly);
    if (!(await this.announcements.remove(id)))
      throw ServiceError.notFound(ANNOUNCEMENT_MESSAGES.notFound);
    await this.publish(id, 'deleted', new Date());
  }

  /** The change is stored first; the fact follows. A failed publish is logged, not undone. */
  private async publish(id: string, change: AnnouncementChangedEvent['change'], at: Date) {
    this.cache.invalidate();
    const event: AnnouncementChangedEvent = { id, change, at: at.toISOString() };
    try {
      await this.bus.publish(Events.announcementChanged, event, `${id}:${change}:${event.at}`);
    } catch (err) {
      rootLogger().error({ err, id, change }, 'could not publish announcement change');
    }
  }
}

function withDefaults(dto: AnnouncementInputDto): AnnouncementFields {
  return {
    content: dto.content,
    date: dto.date,
    isVisible: dto.isVisible ?? true,
    order: dto.order ?? 0,
    linkText: dto.linkText ?? '',
    linkUrl: dto.linkUrl ?? '',
  };
}
