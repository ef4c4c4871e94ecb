// The announcements repository against the REAL store of the test profile (FerretDB locally,
// MongoDB in containers), in a scratch database of its own: each case runs on
// MongoAnnouncementsRepository and on the in-memory fake the unit specs use, so the fake keeps
// the semantics the service relies on (defaults, order, ids that name nothing).
import { type Announcement, type Page, PAGE_MESSAGES } from '@examprep/contracts';
import { expectEveryQueryIndexed, recordQueries, scratchDatabase } from '@examprep/test-kit';
import { AnnouncementRecord, AnnouncementSchema } from '../src/announcements/announcement.schema';
import type {
  AnnouncementFields,
  AnnouncementsRepository,
} from '../src/announcements/announcements.repository';
import { MongoAnnouncementsRepository } from '../src/announcements/mongo-announcements.repository';
import { FakeAnnouncementsRepository } from './support/fake-announcements.repository';

const db = scratchDatabase('announcements_repositories_it', [
  [AnnouncementRecord.name, AnnouncementSchema],
]);
let recorded: ReturnType<typeof recordQueries>;
beforeAll(async () => {
  await db.open();
  recorded = recordQueries(db.conn);
}, 60_000);
afterAll(() => db.close());

const implementations: [string, () => Promise<AnnouncementsRepository>][] = [
  [
    'MongoDB',
    async () => {
      const model = db.conn.model<AnnouncementRecord>(AnnouncementRecord.name);
      await model.deleteMany({}).exec();
      return new MongoAnnouncementsRepository(model);
    },
  ],
  ['fake', async () => new FakeAnnouncementsRepository()],
];

const fields = (over: Partial<AnnouncementFields> = {}): AnnouncementFields => ({
  content: 'Hello',
  date: '2026-11-20',
  isVisible: true,
  order: 0,
  linkText: '',
  linkUrl: '',
  ...over,
});
const pause = () => new Promise((r) => setTimeout(r, 5));

describe.each(implementations)('AnnouncementsRepository (%s)', (_name, make) => {
  let repo: AnnouncementsRepository;
  beforeEach(async () => {
    repo = await make();
  });

  it('insert answers the announcement with a 24-hex id and the time of the write', async () => {
    const { announcement, updatedAt } = await repo.insert(fields({ linkUrl: '/updates' }));
    expect(announcement).toEqual({
      id: expect.stringMatching(/^[a-f0-9]{24}$/),
      ...fields({ linkUrl: '/updates' }),
    });
    expect(Number.isNaN(new Date(updatedAt!).getTime())).toBe(false);
  });

  const contents = (page: Page<Announcement>) => page.items.map((a) => a.content);
  /** Every page of the list, `limit` at a time. */
  const pages = async (visibleOnly: boolean, limit: number) => {
    const seen: string[] = [];
    let cursor: string | undefined;
    do {
      const page = await repo.page(visibleOnly, cursor, limit);
      expect(page.items.length).toBeLessThanOrEqual(limit);
      seen.push(...contents(page));
      cursor = page.next ?? undefined;
    } while (cursor !== undefined);
    return seen;
  };

  it('page: by order, then newest date, then newest write; visible ones only when asked', async () => {
    await repo.insert(fields({ content: 'old', date: '2026-01-01' }));
    await repo.insert(fields({ content: 'first-written', date: '2026-06-01' }));
    await pause();
    await repo.insert(fields({ content: 'later-written', date: '2026-06-01' }));
    await repo.insert(fields({ content: 'top', date: '2025-01-01', order: -1 }));
    await repo.insert(fields({ content: 'hidden', date: '2026-03-01', isVisible: false }));
    await repo.insert(fields({ content: 'last', date: '2026-12-01', order: 1 }));
    const all = ['top', 'later-written', 'first-written', 'hidden', 'old', 'last'];
    expect(contents(await repo.page(false, undefined, 50))).toEqual(all);
    expect(contents(await repo.page(true, undefined, 50))).toEqual(
      all.filter((c) => c !== 'hidden'),
    );
    for (const limit of [1, 2, 5]) {
      expect(await pages(false, limit)).toEqual(all);
      expect(await pages(true, limit)).toEqual(all.filter((c) => c !== 'hidden'));
    }
    const first = await repo.page(false, undefined, 6);
    expect(first.next).toBeNull();
  });

  it('page: a cursor the keyset did not write is a 400 naming cursor', async () => {
    await repo.insert(fields());
    const forged = Buffer.from('[0,"2026-01-01","abcdefabcdef"]').toString('base64url');
    await expect(repo.page(true, forged, 5)).rejects.toMatchObject({
      payload: { status: 400, fields: { cursor: [PAGE_MESSAGES.cursor] } },
    });
  });

  it('latestVisible: newest date, then the lower order, then newest write; null when none is visible', async () => {
    expect(await repo.latestVisible()).toBeNull();
    await repo.insert(fields({ content: 'hidden', date: '2026-12-01', isVisible: false }));
    expect(await repo.latestVisible()).toBeNull();
    await repo.insert(fields({ content: 'pinned-old', date: '2025-01-01', order: -5 }));
    await repo.insert(fields({ content: 'order-2', date: '2026-06-01', order: 2 }));
    await repo.insert(fields({ content: 'order-1', date: '2026-06-01', order: 1 }));
    expect((await repo.latestVisible())?.content).toBe('order-1');
    await repo.insert(fields({ content: 'order-1-later', date: '2026-06-01', order: 1 }));
    expect((await repo.latestVisible())?.content).toBe('order-1-later');
  });

  it('update and remove by id; an unknown id or one that is no ObjectId names nothing', async () => {
    const { announcement } = await repo.insert(fields());
    const changed = await repo.update(announcement.id, fields({ content: 'Changed', order: 3 }));
    expect(changed?.announcement).toEqual({
      id: announcement.id,
      ...fields({ content: 'Changed', order: 3 }),
    });
    expect(contents(await repo.page(false, undefined, 50))).toEqual(['Changed']);
    const unknown = 'a'.repeat(24);
    expect(await repo.update(unknown, fields())).toBeNull();
    expect(await repo.update('nope', fields())).toBeNull();
    expect(await repo.remove('nope')).toBe(false);
    expect(await repo.remove(unknown)).toBe(false);
    expect(await repo.remove(announcement.id)).toBe(true);
    expect(await repo.remove(announcement.id)).toBe(false);
    expect((await repo.page(false, undefined, 50)).items).toEqual([]);
  });
});

// Last, once every case above has run: each query the Mongo repositories sent has an index that
// serves it (issue 26, ADR 0028; libs/test-kit/src/indexes.ts).
it('sends only queries that an index serves (explain on the real store)', async () => {
  recorded.stop();
  await expectEveryQueryIndexed(db.conn.name, recorded.queries);
}, 60_000);
