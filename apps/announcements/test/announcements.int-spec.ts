// The announcements service against the real FerretDB and NATS JetStream of the test profile.
import { Test } from '@nestjs/testing';
import { getConnectionToken } from '@nestjs/mongoose';
import {
  type Actor,
  type Announcement,
  ANNOUNCEMENT_MESSAGES,
  type Page,
  Events,
  type AnnouncementChangedEvent,
} from '@examprep/contracts';
import { JetStreamBus, JetStreamModule, MongoModule, ServiceError } from '@examprep/nest-kit';
import { infraConfig } from '@examprep/test-kit';
import { randomUUID } from 'node:crypto';
import type { Connection } from 'mongoose';
import { AnnouncementsModule } from '../src/announcements/announcements.module';
import { AnnouncementsService } from '../src/announcements/announcements.service';

const admin: Actor = {
  uid: 'admin-1',
  email: 'admin@examprep.test',
  isAdmin: true,
  emailVerified: true,
};
const learner: Actor = {
  uid: 'learner-1',
  email: 'learner@examprep.test',
  isAdmin: false,
  emailVerified: true,
};

describe('AnnouncementsService (FerretDB + JetStream)', () => {
  const cfg = infraConfig('test');
  const db = `announcements_it_${randomUUID().slice(0, 8)}`;
  let sut: AnnouncementsService;
  let connection: Connection;
  let bus: JetStreamBus;
  let close: () => Promise<void>;

  beforeAll(async () => {
    const moduleRef = await Test.createTestingModule({
      imports: [
        MongoModule.forRoot(cfg.mongoUrl(db)),
        JetStreamModule.forRoot({ servers: cfg.natsUrl, name: 'announcements-it' }),
        AnnouncementsModule,
      ],
    }).compile();
    const app = await moduleRef.init();
    sut = app.get(AnnouncementsService);
    connection = app.get<Connection>(getConnectionToken());
    bus = app.get(JetStreamBus);
    close = () => app.close();
  });

  afterAll(async () => {
    await connection.dropDatabase();
    await close();
  });

  beforeEach(async () => {
    await connection.collection('announcements').deleteMany({});
  });

  const input = (over: object = {}) => ({ content: 'Hello', date: '2026-11-20', ...over });

  it('creates with defaults (visible, order 0, empty link)', async () => {
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
  });

  const contents = (page: Page<Announcement>) => page.items.map((a) => a.content);

  it('lists by order, then newest date; non-admins see visible ones only', async () => {
    await sut.create(admin, input({ content: 'old', date: '2026-01-01' }));
    await sut.create(admin, input({ content: 'new', date: '2026-06-01' }));
    await sut.create(admin, input({ content: 'pinned-later', date: '2026-12-01', order: 1 }));
    await sut.create(admin, input({ content: 'top', date: '2025-01-01', order: -1 }));
    await sut.create(admin, input({ content: 'hidden', date: '2026-07-01', isVisible: false }));
    expect(contents(await sut.list(learner))).toEqual(['top', 'new', 'old', 'pinned-later']);
    expect(contents(await sut.list(null))).not.toContain('hidden');
    expect(contents(await sut.list(admin))).toEqual([
      'top',
      'hidden',
      'new',
      'old',
      'pinned-later',
    ]);
    expect(contents(await sut.list(learner, {}, 'latest'))).toEqual(['pinned-later']);
  });

  it('paging through (ADR 0026) answers every announcement once, in order, for admins and learners', async () => {
    for (let i = 0; i < 23; i++)
      await sut.create(
        admin,
        input({
          content: `a${String(i).padStart(2, '0')}`,
          date: `2026-0${1 + (i % 4)}-1${i % 3}`,
          order: i % 3 === 0 ? 1 : 0,
          isVisible: i % 5 !== 0,
        }),
      );
    for (const actor of [admin, learner]) {
      const whole = contents(await sut.list(actor, { limit: 100 }));
      expect(whole).toHaveLength(actor.isAdmin ? 23 : 18);
      for (const limit of [1, 4, 10]) {
        const seen: string[] = [];
        let page = await sut.list(actor, { limit });
        for (;;) {
          expect(page.items.length).toBeLessThanOrEqual(limit);
          seen.push(...contents(page));
          if (page.next === null) break;
          page = await sut.list(actor, { cursor: page.next, limit });
        }
        expect(seen).toEqual(whole);
      }
    }
  });

  it('updates and deletes; unknown ids are 404 with the message', async () => {
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
    expect((await sut.list(admin)).items).toEqual([]);
    for (const call of [
      () => sut.delete(admin, a.id),
      () => sut.update(admin, a.id, input()),
      () => sut.delete(admin, 'nope'),
    ]) {
      await expect(call()).rejects.toMatchObject({
        payload: { status: 404, message: ANNOUNCEMENT_MESSAGES.notFound },
      });
    }
  });

  it('re-checks the input and the admin role itself', async () => {
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
    await expect(sut.create(learner, input())).rejects.toBeInstanceOf(ServiceError);
    await expect(sut.create(null, input())).rejects.toMatchObject({ payload: { status: 403 } });
  });

  it('publishes each change as a JetStream fact for a durable consumer', async () => {
    const seen: AnnouncementChangedEvent[] = [];
    const consumer = await bus.consume({
      durable: `it-${randomUUID().slice(0, 8)}`,
      subject: Events.announcementChanged,
      handler: async (e) => {
        seen.push(e);
      },
    });
    const a = await sut.create(admin, input());
    await sut.update(admin, a.id, input({ content: 'x' }));
    await sut.delete(admin, a.id);
    const deadline = Date.now() + 5_000;
    while (seen.filter((e) => e.id === a.id).length < 3 && Date.now() < deadline)
      await new Promise((r) => setTimeout(r, 50));
    await consumer.stop();
    expect(seen.filter((e) => e.id === a.id).map((e) => e.change)).toEqual([
      'created',
      'updated',
      'deleted',
    ]);
  });

  it("a change on one replica drops every replica's cached list (@EventListener on events.announcement.changed)", async () => {
    // a second replica on the same database, with its own cache and its own NATS connection
    const other = await (
      await Test.createTestingModule({
        imports: [
          MongoModule.forRoot(cfg.mongoUrl(db)),
          JetStreamModule.forRoot({ servers: cfg.natsUrl, name: 'announcements-it-2' }),
          AnnouncementsModule,
        ],
      }).compile()
    ).init();
    try {
      const replica = other.get(AnnouncementsService);
      expect((await replica.list(learner)).items).toEqual([]); // cached now (30 s)
      const a = await sut.create(admin, input({ content: 'from the first replica' }));
      const deadline = Date.now() + 5_000;
      let seen = (await replica.list(learner)).items;
      while (seen.length === 0 && Date.now() < deadline) {
        await new Promise((r) => setTimeout(r, 50));
        seen = (await replica.list(learner)).items;
      }
      expect(seen.map((x) => x.id)).toEqual([a.id]);
    } finally {
      await other.close();
    }
  });
});
