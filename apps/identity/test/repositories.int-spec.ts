// The identity service's repositories against the REAL store of the test profile (FerretDB
// locally, MongoDB in containers), in a scratch database of their own: each case runs on the
// Mongo* repository and on the in-memory fake the unit specs use, so the fakes keep the
// semantics the services rely on (unique ids and emails, defaults, versions, claims, expiry).
import { expectEveryQueryIndexed, recordQueries, scratchDatabase } from '@examprep/test-kit';
import type { CaptchaRepository } from '../src/captcha/captcha.repository';
import {
  CaptchaChallengeRecord,
  CaptchaChallengeSchema,
  CaptchaUseRecord,
  CaptchaUseSchema,
} from '../src/captcha/captcha.schema';
import { MongoCaptchaRepository } from '../src/captcha/mongo-captcha.repository';
import { MongoSettingsRepository } from '../src/settings/mongo-settings.repository';
import { SettingRecord, SettingSchema } from '../src/settings/setting.schema';
import type { SettingsRepository } from '../src/settings/settings.repository';
import { CountedBatchRecord, CountedBatchSchema } from '../src/users/counted-batch.schema';
import type { CountedBatchesRepository } from '../src/users/counted-batches.repository';
import { MongoCountedBatchesRepository } from '../src/users/mongo-counted-batches.repository';
import { MongoPurchaseViewsRepository } from '../src/users/mongo-purchase-views.repository';
import { MongoUsersRepository } from '../src/users/mongo-users.repository';
import { PurchaseViewRecord, PurchaseViewSchema } from '../src/users/purchase-view.schema';
import type { PurchaseViewsRepository } from '../src/users/purchase-views.repository';
import { UserRecord, UserSchema } from '../src/users/user.schema';
import type { UsersRepository } from '../src/users/users.repository';
import {
  DIRECTORY_ORDER,
  type DirectoryEntry,
  emptyEntry,
  withAccount,
  withStored,
} from '../src/directory/directory-entry';
import type { DirectoryRepository } from '../src/directory/directory.repository';
import {
  DirectoryCountRecord,
  DirectoryCountSchema,
  DirectoryRecord,
  DirectorySchema,
} from '../src/directory/directory.schema';
import {
  FILTER_BATCH,
  FILTER_READS,
  MongoDirectoryRepository,
} from '../src/directory/mongo-directory.repository';
import { FakeCaptchaRepository } from './support/fake-captcha.repository';
import { FakeDirectoryRepository } from './support/fake-directory.repository';
import { FakeCountedBatchesRepository } from './support/fake-counted-batches.repository';
import { FakePurchaseViewsRepository } from './support/fake-purchase-views.repository';
import { FakeSettingsRepository } from './support/fake-settings.repository';
import { FakeUsersRepository } from './support/fake-users.repository';

// the indexes the service has (the unique email decides a taken address)
const db = scratchDatabase('identity_repositories_it', [
  [UserRecord.name, UserSchema],
  [PurchaseViewRecord.name, PurchaseViewSchema],
  [CountedBatchRecord.name, CountedBatchSchema],
  [SettingRecord.name, SettingSchema],
  [CaptchaChallengeRecord.name, CaptchaChallengeSchema],
  [CaptchaUseRecord.name, CaptchaUseSchema],
  [DirectoryRecord.name, DirectorySchema],
  [DirectoryCountRecord.name, DirectoryCountSchema],
]);
/** Collections that do not grow with users (a whole read of them is no scan to fear). */
const BOUNDED = { user_directory_counts: 'one document per combination of facets, 256 at most' };
let recorded: ReturnType<typeof recordQueries>;
beforeAll(async () => {
  await db.open();
  recorded = recordQueries(db.conn);
}, 60_000);
afterAll(() => db.close());

/** An empty store of each kind, per implementation. */
const implementations: [
  string,
  {
    users: () => Promise<UsersRepository>;
    views: () => Promise<PurchaseViewsRepository>;
    batches: () => Promise<CountedBatchesRepository>;
    settings: () => Promise<SettingsRepository>;
    captchas: () => Promise<CaptchaRepository>;
    directory: () => Promise<DirectoryRepository>;
  },
][] = [
  [
    'MongoDB',
    {
      users: async () => new MongoUsersRepository(await db.empty(UserRecord.name)),
      views: async () => new MongoPurchaseViewsRepository(await db.empty(PurchaseViewRecord.name)),
      batches: async () =>
        new MongoCountedBatchesRepository(await db.empty(CountedBatchRecord.name)),
      settings: async () => new MongoSettingsRepository(await db.empty(SettingRecord.name)),
      captchas: async () => {
        const repo = new MongoCaptchaRepository(
          await db.empty(CaptchaChallengeRecord.name),
          await db.empty(CaptchaUseRecord.name),
        );
        await repo.ensureIndexes(); // what onModuleInit does in the service
        return repo;
      },
      directory: async () =>
        new MongoDirectoryRepository(
          await db.empty(DirectoryRecord.name),
          await db.empty(DirectoryCountRecord.name),
        ),
    },
  ],
  [
    'fake',
    {
      users: async () => new FakeUsersRepository(),
      views: async () => new FakePurchaseViewsRepository(),
      batches: async () => new FakeCountedBatchesRepository(),
      settings: async () => new FakeSettingsRepository(),
      captchas: async () => new FakeCaptchaRepository(),
      directory: async () => new FakeDirectoryRepository(),
    },
  ],
];

/** A Date (the fakes' copies may come from another realm than jest's: no instanceof). */
const isDate = (d: unknown) => Object.prototype.toString.call(d) === '[object Date]';

describe.each(implementations)('UsersRepository (%s)', (_name, make) => {
  let repo: UsersRepository;
  beforeEach(async () => {
    repo = await make.users();
  });

  it("insert: the document with the schema's defaults; a taken uid or email is null and kept", async () => {
    const doc = await repo.insert('u1', { email: ' L@X.test ', purchases: { a: true } });
    expect(doc).toMatchObject({
      _id: 'u1',
      email: 'l@x.test',
      purchases: { a: true },
      defaultDashboard: 'math',
      infiniteQbankGenerations: 0,
    });
    expect(isDate(doc?.createdAt)).toBe(true);
    expect(await repo.insert('u1', { email: 'other@x.test', purchases: {} })).toBeNull();
    expect(await repo.insert('u2', { email: 'l@x.test', purchases: {} })).toBeNull();
    expect(await repo.findById('u1')).toMatchObject({ email: 'l@x.test', purchases: { a: true } });
    expect(await repo.findById('u2')).toBeNull();
    expect(
      await repo.insert('u3', { email: 'd@x.test', purchases: {}, defaultDashboard: 'design' }),
    ).toMatchObject({ defaultDashboard: 'design' });
  });

  it('exists, and emailTakenByOther: only another user with the address counts', async () => {
    await repo.insert('u1', { email: 'l@x.test', purchases: {} });
    expect(await repo.exists('u1')).toBe(true);
    expect(await repo.exists('u2')).toBe(false);
    expect(await repo.emailTakenByOther('u1', 'l@x.test')).toBe(false);
    expect(await repo.emailTakenByOther('u2', 'l@x.test')).toBe(true);
    expect(await repo.emailTakenByOther('u2', 'free@x.test')).toBe(false);
  });

  it('setDefaultDashboard and addGenerations change only an existing document', async () => {
    await repo.insert('u1', { email: 'l@x.test', purchases: {} });
    await repo.setDefaultDashboard('u1', 'design');
    expect(await repo.addGenerations('u1', 5)).toBe(true);
    expect(await repo.addGenerations('u1', 2)).toBe(true);
    expect(await repo.findById('u1')).toMatchObject({
      defaultDashboard: 'design',
      infiniteQbankGenerations: 7,
    });
    await repo.setDefaultDashboard('nobody', 'design');
    expect(await repo.addGenerations('nobody', 5)).toBe(false);
    expect(await repo.exists('nobody')).toBe(false);
  });

  // ADR 0027: two identity replicas may add one user's generations at the same moment; every
  // increment must count (our FerretDB build's updates are compare-and-swap, ADR 0028).
  it('addGenerations made at the same moment all count', async () => {
    await repo.insert('u1', { email: 'l@x.test', purchases: {} });
    await Promise.all(Array.from({ length: 24 }, () => repo.addGenerations('u1', 3)));
    expect(await repo.findById('u1')).toMatchObject({ infiniteQbankGenerations: 72 });
  });

  it('pageById in byte order after a uid, and remove', async () => {
    for (const uid of ['u2', 'U1', 'u1', 'u10'])
      await repo.insert(uid, { email: `${uid}-${uid.charCodeAt(0)}@x.test`, purchases: {} });
    expect((await repo.pageById(undefined, 3)).map((d) => d._id)).toEqual(['U1', 'u1', 'u10']);
    expect((await repo.pageById('u1', 10)).map((d) => d._id)).toEqual(['u10', 'u2']);
    await repo.remove('u1');
    await repo.remove('nobody');
    expect((await repo.pageById(undefined, 10)).map((d) => d._id)).toEqual(['U1', 'u10', 'u2']);
  });
});

describe.each(implementations)('PurchaseViewsRepository (%s)', (_name, make) => {
  let repo: PurchaseViewsRepository;
  beforeEach(async () => {
    repo = await make.views();
  });
  const at = new Date('2026-11-20T10:00:00.000Z');

  it('stores only a higher version, replacing the whole map', async () => {
    expect(await repo.find('u1')).toBeNull();
    expect(await repo.applyIfNewer('u1', { purchases: { a: true }, version: 2, at })).toBe(true);
    expect(await repo.applyIfNewer('u1', { purchases: { b: true }, version: 2, at })).toBe(false);
    expect(await repo.applyIfNewer('u1', { purchases: { b: true }, version: 1, at })).toBe(false);
    expect(await repo.find('u1')).toEqual({ uid: 'u1', purchases: { a: true }, version: 2 });
    // same size, other names (FerretDB skipped such a $set: the whole document is replaced)
    expect(await repo.applyIfNewer('u1', { purchases: { b: true }, version: 3, at })).toBe(true);
    expect(await repo.find('u1')).toEqual({ uid: 'u1', purchases: { b: true }, version: 3 });
  });

  // ADR 0027: facts of one user handled at the same moment by two replicas must leave the
  // newest view, whatever order the writes land in.
  it('of views applied at the same moment, the newest stays', async () => {
    for (let round = 0; round < 5; round++) {
      const uid = `race-${round}`;
      await repo.applyIfNewer(uid, { purchases: { v1: true }, version: 1, at });
      const versions = [2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13].sort(() => Math.random() - 0.5);
      const applied = await Promise.all(
        versions.map((v) =>
          repo.applyIfNewer(uid, { purchases: { [`v${v}`]: true }, version: v, at }),
        ),
      );
      expect(applied[versions.indexOf(13)]).toBe(true);
      expect(await repo.find(uid)).toEqual({ uid, purchases: { v13: true }, version: 13 });
    }
  });

  it('pageById in uid order; remove answers whether there was a view', async () => {
    await repo.applyIfNewer('u2', { purchases: { b: false }, version: 4, at });
    await repo.applyIfNewer('u1', { purchases: { a: true }, version: 1, at });
    expect(await repo.pageById(undefined, 10)).toEqual([
      { uid: 'u1', purchases: { a: true }, version: 1 },
      { uid: 'u2', purchases: { b: false }, version: 4 },
    ]);
    expect((await repo.pageById('u1', 10)).map((v) => v.uid)).toEqual(['u2']);
    expect(await repo.remove('u1')).toBe(true);
    expect(await repo.remove('u1')).toBe(false);
    expect(await repo.find('u1')).toBeNull();
  });
});

describe.each(implementations)('CountedBatchesRepository (%s)', (_name, make) => {
  it("marks a batch once; only its owner's unmark removes the marker", async () => {
    const repo = await make.batches();
    const at = new Date();
    expect(await repo.mark('u1', 'b1', at)).toBe(true);
    expect(await repo.mark('u1', 'b1', at)).toBe(false);
    expect(await repo.mark('u2', 'b1', at)).toBe(false);
    await repo.unmark('u2', 'b1');
    expect(await repo.mark('u1', 'b1', at)).toBe(false);
    await repo.unmark('u1', 'b1');
    expect(await repo.mark('u1', 'b1', at)).toBe(true);
  });
});

describe.each(implementations)('SettingsRepository (%s)', (_name, make) => {
  it('finds nothing never set; set upserts and changes the named fields', async () => {
    const repo = await make.settings();
    expect(await repo.find('signup')).toBeNull();
    await repo.set('signup', { allowSignup: false });
    expect(await repo.find('signup')).toMatchObject({ _id: 'signup', allowSignup: false });
    await repo.set('signup', { allowSignup: 'true' });
    expect(await repo.find('signup')).toMatchObject({ _id: 'signup', allowSignup: 'true' });
    expect(await repo.find('other')).toBeNull();
  });
});

describe.each(implementations)('CaptchaRepository (%s)', (_name, make) => {
  let repo: CaptchaRepository;
  beforeEach(async () => {
    repo = await make.captchas();
  });
  const challenge = (id: string, expiresAt: Date) => ({
    _id: id,
    question: 'What is 2 + 3?',
    answer: 5,
    seed: 7,
    expiresAt,
  });

  it('stores and finds a challenge; the first claim wins, every later one is false', async () => {
    const expiresAt = new Date(Date.now() + 60_000);
    await repo.insertChallenge(challenge('c1', expiresAt));
    const found = await repo.findChallenge('c1');
    expect(found).toMatchObject({ _id: 'c1', question: 'What is 2 + 3?', answer: 5, seed: 7 });
    expect(found?.expiresAt.getTime()).toBe(expiresAt.getTime());
    expect(await repo.findChallenge('c2')).toBeNull();
    const claims = await Promise.all([1, 2, 3].map(() => repo.claim('c1', new Date(), expiresAt)));
    expect(claims.filter(Boolean)).toHaveLength(1);
    expect(await repo.claim('c1', new Date(), expiresAt)).toBe(false);
  });

  it('removeExpired removes the challenges and uses that expired before now, and counts them', async () => {
    const now = new Date();
    const past = new Date(now.getTime() - 1_000);
    const future = new Date(now.getTime() + 60_000);
    await repo.insertChallenge(challenge('old', past));
    await repo.insertChallenge(challenge('new', future));
    await repo.claim('old', past, past);
    await repo.claim('new', now, future);
    expect(await repo.removeExpired(now)).toBe(2);
    expect(await repo.findChallenge('old')).toBeNull();
    expect(await repo.findChallenge('new')).not.toBeNull();
    // the use of 'new' stays: it is still claimed
    expect(await repo.claim('new', now, future)).toBe(false);
    expect(await repo.claim('old', now, future)).toBe(true);
  });
});

describe.each(implementations)('DirectoryRepository (%s)', (_name, make) => {
  let repo: DirectoryRepository;
  beforeEach(async () => {
    repo = await make.directory();
  });
  const entry = (uid: string, email: string, more: Partial<DirectoryEntry> = {}) =>
    withStored(
      withAccount(emptyEntry(uid), { email, emailVerified: true, isAdmin: more.isAdmin }),
      {
        doc: more.inDatabase === false ? null : { email, purchases: more.purchases ?? {} },
        view: null,
      },
    );

  it('put replaces the whole entry (purchases of the same size too); get; remove', async () => {
    await repo.put(entry('u1', 'a@x.test', { purchases: { p1: true } }));
    await repo.put(entry('u1', 'a@x.test', { purchases: { p2: true } }));
    expect(await repo.get('u1')).toMatchObject({ _id: 'u1', purchases: { p2: true } });
    expect(await repo.remove('u1')).toBe(true);
    expect(await repo.remove('u1')).toBe(false);
    expect(await repo.get('u1')).toBeNull();
  });

  it('pages admins first, then by email and uid, with equalities, a prefix or a domain', async () => {
    const rows = [
      entry('z9', 'zed@b.test', { isAdmin: true }),
      entry('k2', 'amy@a.test'),
      entry('k1', 'amy@a.test', { inDatabase: false }),
      entry('m1', 'amber@c.test'),
      entry('n1', 'bob@a.test', { inDatabase: false }),
      entry('x1', 'amy@a.testing'),
    ];
    for (const r of rows) await repo.put(r);
    const all: string[] = [];
    let cursor: string | undefined;
    do {
      const page = await repo.page({ equalities: {}, email: null }, cursor, 2);
      all.push(...page.items.map((e) => e._id));
      cursor = page.next ?? undefined;
    } while (cursor);
    expect(all).toEqual(['z9', 'm1', 'k1', 'k2', 'x1', 'n1']);
    const ids = async (q: Parameters<DirectoryRepository['page']>[0], c?: string, n = 10) =>
      (await repo.page(q, c, n)).items.map((e) => e._id);
    expect(await ids({ equalities: { inDatabase: false }, email: null })).toEqual(['k1', 'n1']);
    expect(await ids({ equalities: {}, email: { prefix: 'am' } })).toEqual([
      'm1',
      'k1',
      'k2',
      'x1',
    ]);
    expect(await ids({ equalities: {}, email: { prefix: 'amy@a.test' } })).toEqual([
      'k1',
      'k2',
      'x1',
    ]);
    expect(await ids({ equalities: {}, email: { domain: 'a.test' } })).toEqual(['k1', 'k2', 'n1']);
    const first = await repo.page({ equalities: {}, email: { prefix: 'am' } }, undefined, 2);
    expect(await ids({ equalities: {}, email: { prefix: 'am' } }, first.next!)).toEqual([
      'k2',
      'x1',
    ]);
    // a cursor in the admins' rank carries on into the others'
    const admins = await repo.page({ equalities: {}, email: null }, undefined, 1);
    expect(await ids({ equalities: {}, email: null }, admins.next!, 2)).toEqual(['m1', 'k1']);
    expect(DIRECTORY_ORDER.decode(admins.next!)).toEqual([0, 'zed@b.test', 'z9']);
  });

  it('a yes/no filter on a long list: every match once, in order, over pages (short ones too)', async () => {
    // the filter is checked on a bounded slice per page (FILTER_BATCH x FILTER_READS rows): a
    // page may come back short, even empty, with a cursor that carries on
    const n = FILTER_BATCH * FILTER_READS + 150;
    const rows = Array.from({ length: n }, (_, i) =>
      entry(`u${String(i).padStart(4, '0')}`, `e${String(i).padStart(4, '0')}@x.test`, {
        inDatabase: i % 400 !== 399,
      }),
    );
    await repo.write(rows.map((put) => ({ put })));
    const all: string[] = [];
    let cursor: string | undefined;
    let pages = 0;
    do {
      const page = await repo.page({ equalities: { inDatabase: false }, email: null }, cursor, 2);
      all.push(...page.items.map((e) => e._id));
      cursor = page.next ?? undefined;
      pages++;
    } while (cursor && pages < 50);
    expect(all).toEqual(rows.filter((r) => !r.inDatabase).map((r) => r._id));
  });

  it('withEmail, scan in uid order, and a bulk write of puts and removes', async () => {
    await repo.write([
      { put: entry('b', 'same@x.test') },
      { put: entry('a', 'same@x.test') },
      { put: entry('c', 'other@x.test') },
    ]);
    expect((await repo.withEmail('same@x.test')).map((e) => e._id).sort()).toEqual(['a', 'b']);
    expect((await repo.scan(undefined, 2)).map((e) => e._id)).toEqual(['a', 'b']);
    expect((await repo.scan('b', 2)).map((e) => e._id)).toEqual(['c']);
    await repo.write([{ remove: 'a' }, { put: entry('d', 'd@x.test') }]);
    expect((await repo.scan(undefined, 10)).map((e) => e._id)).toEqual(['b', 'c', 'd']);
  });

  it('counts: bump, read, and set (the others to zero)', async () => {
    await repo.bump(5, 1);
    await repo.bump(5, 1);
    await repo.bump(7, -1);
    expect(await repo.counts()).toEqual(
      new Map([
        [5, 2],
        [7, -1],
      ]),
    );
    await repo.setCounts(new Map([[9, 3]]));
    expect(await repo.counts()).toEqual(
      new Map([
        [5, 0],
        [7, 0],
        [9, 3],
      ]),
    );
  });
});

// Last, once every case above has run: each query the Mongo repositories sent has an index that
// serves it (issue 26, ADR 0028; libs/test-kit/src/indexes.ts).
it('sends only queries that an index serves (explain on the real store)', async () => {
  recorded.stop();
  await expectEveryQueryIndexed(db.conn.name, recorded.queries, BOUNDED);
}, 60_000);
