import {
  type Actor,
  type Announcement,
  ANNOUNCEMENT_MESSAGES,
  type AnnouncementChangedEvent,
  Events,
  type Page,
  PAGE_MESSAGES,
  type PageRequest,
} from '@examprep/contracts';
import type { JetStreamBus } from '@examprep/nest-kit';
import { FakeAnnouncementsRepository } from '../../test/support/fake-announcements.repository';
import { AnnouncementsService } from './announcements.service';

const admin: Actor = { uid: 'admin-1', email: 'a@x.test', isAdmin: true, emailVerified: true };
const learner: Actor = { uid: 'l-1', email: 'l@x.test', isAdmin: false, emailVerified: true };
const AT = new Date('2026-11-22T10:00:00.000Z');

function setup() {
  const announcements = new FakeAnnouncementsRepository(() => AT);
  const publish = jest.fn(
    async (_subject: string, _event: AnnouncementChangedEvent, _id: string) => {
      return undefined;
    },
  );
  const sut = new AnnouncementsService(announcements, { publish } as unknown as JetStreamBus);
  const changes = () => publish.mock.calls.map(([, e]) => e.change);
  return { sut, announcements, publish, changes };
}

const input = (over: object = {}) => ({ content: 'Hello', date: '2026-11-20', ...over });

describe('AnnouncementsService.list (learner spec §2 Updates, admin spec §2.7)', () => {
  const contents = (page: Page<Announcement>) => page.items.map((a) => a.content);

  it('lists by order, then newest date, then newest write; everyone but admins sees visible ones only', async () => {
    const { sut } = setup();
    await sut.create(admin, input({ content: 'old', date: '2026-01-01' }));
    await sut.create(admin, input({ content: 'new', date: '2026-06-01' }));
    await sut.create(admin, input({ content: 'new-later-written', date: '2026-06-01' }));
    await sut.create(admin, input({ content: 'pinned-later', date: '2026-12-01', order: 1 }));
    await sut.create(admin, input({ content: 'top', date: '2025-01-01', order: -1 }));
    await sut.create(admin, input({ content: 'hidden', date: '2026-07-01', isVisible: false }));
    const visible = ['top', 'new-later-written', 'new', 'old', 'pinned-later'];
    expect(contents(await sut.list(learner))).toEqual(visible);
    expect(contents(await sut.list(null))).toEqual(visible);
    expect(contents(await sut.list(admin))).toEqual([
      'top',
      'hidden',
      'new-later-written',
      'new',
      'old',
      'pinned-later',
    ]);
  });

  it('answers one page and the cursor of the next; the pages together are the list, each once (ADR 0026)', async () => {
    const { sut } = setup();
    for (let i = 0; i < 7; i++)
      await sut.create(admin, input({ content: `a${i}`, date: `2026-01-0${1 + (i % 3)}` }));
    const whole = contents(await sut.list(admin, { limit: 100 }));
    expect(whole).toHaveLength(7);
    for (const limit of [1, 2, 3, 7]) {
      const seen: string[] = [];
      let page = await sut.list(admin, { limit });
      for (;;) {
        expect(page.items.length).toBeLessThanOrEqual(limit);
        seen.push(...contents(page));
        if (page.next === null) break;
        page = await sut.list(admin, { cursor: page.next, limit });
      }
      expect(seen).toEqual(whole);
    }
    expect((await sut.list(admin)).next).toBeNull(); // default 50
  });

  it('a bad cursor or limit is a 400 naming it, nothing read', async () => {
    const { sut, announcements } = setup();
    const page = jest.spyOn(announcements, 'page');
    const bad: [PageRequest, string, string][] = [
      [{ limit: 0 }, 'limit', PAGE_MESSAGES.limit],
      [{ limit: 101 }, 'limit', PAGE_MESSAGES.limit],
      [{ limit: 2.5 }, 'limit', PAGE_MESSAGES.limit],
      [{ cursor: 'not a cursor' }, 'cursor', PAGE_MESSAGES.cursor],
    ];
    for (const [request, field, message] of bad)
      await expect(sut.list(learner, request)).rejects.toMatchObject({
        payload: { status: 400, fields: { [field]: [message] } },
      });
    expect(page).not.toHaveBeenCalled();
    // well-formed base64url of something the keyset did not write: the repository refuses it
    const forged = Buffer.from('[0,"2026-01-01","short"]').toString('base64url');
    await expect(sut.list(learner, { cursor: forged })).rejects.toMatchObject({
      payload: { status: 400, fields: { cursor: [PAGE_MESSAGES.cursor] } },
    });
  });

  it('latest: the newest visible one by date (then the lower order), for everyone; none when none is visible', async () => {
    const { sut } = setup();
    const latest = async (actor: Actor | null) => contents(await sut.list(actor, {}, 'latest'));
    expect(await latest(learner)).toEqual([]);
    await sut.create(admin, input({ content: 'pinned-old', date: '2025-01-01', order: -5 }));
    await sut.create(admin, input({ content: 'newest-2', date: '2026-06-01', order: 2 }));
    await sut.create(admin, input({ content: 'newest-1', date: '2026-06-01', order: 1 }));
    await sut.create(admin, input({ content: 'hidden', date: '2026-12-01', isVisible: false }));
    expect(await latest(learner)).toEqual(['newest-1']);
    expect(await latest(admin)).toEqual(['newest-1']);
    expect((await sut.list(learner, {}, 'latest')).next).toBeNull();
  });

  it('reads the store once per first page until a change, and answers frozen pages; later pages are read each time', async () => {
    const { sut, announcements } = setup();
    await sut.create(admin, input());
    await sut.create(admin, input({ content: 'second' }));
    const page = jest.spyOn(announcements, 'page');
    const latest = jest.spyOn(announcements, 'latestVisible');
    const first = await sut.list(learner, { limit: 1 });
    await sut.list(null, { limit: 1 });
    await sut.list(learner, {}, 'latest');
    await sut.list(learner, {}, 'latest');
    expect(page).toHaveBeenCalledTimes(1);
    expect(latest).toHaveBeenCalledTimes(1);
    expect(Object.isFrozen(first)).toBe(true);
    await sut.list(learner, { cursor: first.next!, limit: 1 });
    await sut.list(learner, { cursor: first.next!, limit: 1 });
    expect(page).toHaveBeenCalledTimes(3);
    await sut.create(admin, input({ content: 'third' }));
    expect((await sut.list(learner, { limit: 1 })).items).toHaveLength(1);
    expect((await sut.list(learner)).items).toHaveLength(3);
    await sut.list(learner, {}, 'latest');
    expect(page).toHaveBeenCalledTimes(5);
    expect(latest).toHaveBeenCalledTimes(2);
  });
});

describe('AnnouncementsService writes', () => {
  it('creates with defaults (visible, order 0, empty link) and publishes the fact', async () => {
    const { sut, publish } = setup();
    const created = await sut.create(admin, input());
    expect(created).toEqual({
      id: expect.stringMatching(/^[a-f0-9]{24}$/),
      content: 'Hello',
      date: '2026-11-20',
      isVisible: true,
      order: 0,
      linkText: '',
      linkUrl: '',
    });
    const event = { id: created.id, change: 'created', at: AT.toISOString() };
    expect(publish).toHaveBeenCalledWith(
      Events.announcementChanged,
      event,
      `${created.id}:created:${event.at}`,
    );
  });

  it('updates and deletes; unknown ids are 404 with the message, and nothing is published', async () => {
    const { sut, announcements, changes } = setup();
    const a = await sut.create(admin, input());
    const updated = await sut.update(
      admin,
      a.id,
      input({ content: 'Changed', order: 3, linkUrl: '/updates', linkText: 'See' }),
    );
    expect(updated).toMatchObject({
      id: a.id,
      content: 'Changed',
      order: 3,
      linkUrl: '/updates',
      linkText: 'See',
    });
    await sut.delete(admin, a.id);
    expect(announcements.docs.size).toBe(0);
    expect((await sut.list(admin)).items).toEqual([]);
    for (const call of [
      () => sut.delete(admin, a.id),
      () => sut.update(admin, a.id, input()),
      () => sut.delete(admin, 'nope'),
      () => sut.update(admin, 'nope', input()),
    ]) {
      await expect(call()).rejects.toMatchObject({
        payload: { status: 404, message: ANNOUNCEMENT_MESSAGES.notFound },
      });
    }
    expect(changes()).toEqual(['created', 'updated', 'deleted']);
  });

  it('re-checks the input and the admin role itself; nothing is stored', async () => {
    const { sut, announcements } = setup();
    await expect(
      sut.create(admin, input({ content: '  ', date: '2026-02-30' })),
    ).rejects.toMatchObject({
      payload: {
        status: 400,
        fields: {
          content: [ANNOUNCEMENT_MESSAGES.contentRequired],
          date: [ANNOUNCEMENT_MESSAGES.dateRequired],
        },
      },
    });
    for (const actor of [learner, null])
      await expect(sut.create(actor, input())).rejects.toMatchObject({
        payload: { status: 403, message: ANNOUNCEMENT_MESSAGES.adminsOnly },
      });
    expect(announcements.docs.size).toBe(0);
  });

  it('keeps the change when its fact cannot be published (logged, not undone)', async () => {
    const { sut, publish } = setup();
    publish.mockRejectedValueOnce(new Error('no stream'));
    const created = await sut.create(admin, input());
    expect((await sut.list(admin)).items.map((a) => a.id)).toEqual([created.id]);
  });
});
