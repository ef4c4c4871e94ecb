import {
  type Actor,
  ANNOUNCEMENT_MESSAGES,
  type AnnouncementChangedEvent,
  Events,
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
  it('lists by order, then newest date; everyone but admins sees visible ones only', async () => {
    const { sut } = setup();
    await sut.create(admin, input({ content: 'old', date: '2026-01-01' }));
    await sut.create(admin, input({ content: 'new', date: '2026-06-01' }));
    await sut.create(admin, input({ content: 'pinned-later', date: '2026-12-01', order: 1 }));
    await sut.create(admin, input({ content: 'top', date: '2025-01-01', order: -1 }));
    await sut.create(admin, input({ content: 'hidden', date: '2026-07-01', isVisible: false }));
    const contents = async (actor: Actor | null) => (await sut.list(actor)).map((a) => a.content);
    expect(await contents(learner)).toEqual(['top', 'new', 'old', 'pinned-later']);
    expect(await contents(null)).toEqual(['top', 'new', 'old', 'pinned-later']);
    expect(await contents(admin)).toEqual(['top', 'hidden', 'new', 'old', 'pinned-later']);
  });

  it('reads the store once until a change, and answers frozen lists', async () => {
    const { sut, announcements } = setup();
    await sut.create(admin, input());
    const list = jest.spyOn(announcements, 'list');
    const first = await sut.list(learner);
    await sut.list(admin);
    expect(list).toHaveBeenCalledTimes(1);
    expect(Object.isFrozen(first)).toBe(true);
    await sut.create(admin, input({ content: 'second' }));
    expect(await sut.list(learner)).toHaveLength(2);
    expect(list).toHaveBeenCalledTimes(2);
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
    expect(await sut.list(admin)).toEqual([]);
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
    expect((await sut.list(admin)).map((a) => a.id)).toEqual([created.id]);
  });
});
