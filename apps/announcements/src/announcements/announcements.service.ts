import { Injectable } from '@nestjs/common';
import {
  type Actor,
  type Announcement,
  type AnnouncementChangedEvent,
  type AnnouncementInput,
  ANNOUNCEMENT_MESSAGES,
  AnnouncementInputDto,
  type AnnouncementsView,
  Events,
  type Page,
  PageQueryDto,
  type PageRequest,
} from '@examprep/contracts';
import {
  deepFreeze,
  EventListener,
  JetStreamBus,
  pageLimit,
  requireAdmin,
  rootLogger,
  ServiceError,
  validatePayload,
} from '@examprep/nest-kit';
import { AnnouncementsCache } from './announcements.cache';
import { type AnnouncementFields, AnnouncementsRepository } from './announcements.repository';

/** Safety net for a change event that never arrived. */
const CACHE_TTL_MS = 30_000;

/**
 * The first pages of the lists (admins' and everyone else's, per limit) and the latest
 * announcement are cached: they are what every visit to /updates and the welcome modal read.
 * Later pages (a cursor) are read from the store each time.
 */
type Cached = Page<Announcement>;

@Injectable()
export class AnnouncementsService {
  /** At most 2 audiences × 100 limits + the latest: bounded whatever the callers send. */
  private readonly caches = new Map<string, AnnouncementsCache<Cached>>();

  constructor(
    private readonly announcements: AnnouncementsRepository,
    private readonly bus: JetStreamBus,
  ) {}

  /** Every replica drops its cached list when any replica changes an announcement. */
  @EventListener(Events.announcementChanged)
  invalidateCache(): void {
    for (const cache of this.caches.values()) cache.invalidate();
  }

  /**
   * `view` list (default): a page of the announcements in ANNOUNCEMENT_ORDER (order, then
   * newest date, then newest write; ADR 0026); admins see every announcement, everyone else
   * only visible ones. `view` latest: the newest visible announcement by date, alone (the
   * welcome modal), for everyone. A bad cursor or limit is a 400 naming it.
   */
  async list(
    actor: Actor | null,
    page: PageRequest = {},
    view: AnnouncementsView = 'list',
  ): Promise<Page<Announcement>> {
    const { cursor, limit } = validatePayload(PageQueryDto, page);
    if (view === 'latest') {
      return this.cached('latest', async () => {
        const latest = await this.announcements.latestVisible();
        return { items: latest ? [latest] : [], next: null };
      });
    }
    const visibleOnly = !actor?.isAdmin;
    const n = pageLimit(limit);
    if (cursor !== undefined) return this.announcements.page(visibleOnly, cursor, n);
    return this.cached(`${visibleOnly ? 'visible' : 'all'}:${n}`, () =>
      this.announcements.page(visibleOnly, undefined, n),
    );
  }

  /**
   * The cached value of `key`: frozen, as the same value answers every request until a change,
   * so its JSON is made once (FrozenReplySerializer).
   */
  private cached(key: string, load: () => Promise<Cached>): Promise<Cached> {
    let cache = this.caches.get(key);
    if (!cache) {
      cache = new AnnouncementsCache<Cached>(CACHE_TTL_MS);
      this.caches.set(key, cache);
    }
    return cache.get(async () => deepFreeze(await load()));
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
    this.invalidateCache();
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
