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
import { FakeCaptchaRepository } from './support/fake-captcha.repository';
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
]);
/** Collections that do not grow with users (a whole read of them is no scan to fear). */
const BOUNDED = {};
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

  it('all and remove', async () => {
    await repo.insert('u1', { email: 'a@x.test', purchases: {} });
    await repo.insert('u2', { email: 'b@x.test', purchases: {} });
    expect((await repo.all()).map((d) => d._id).sort()).toEqual(['u1', 'u2']);
    await repo.remove('u1');
    await repo.remove('nobody');
    expect((await repo.all()).map((d) => d._id)).toEqual(['u2']);
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

  it('all by uid; remove answers whether there was a view', async () => {
    await repo.applyIfNewer('u1', { purchases: { a: true }, version: 1, at });
    await repo.applyIfNewer('u2', { purchases: { b: false }, version: 4, at });
    const all = await repo.all();
    expect([...all.keys()].sort()).toEqual(['u1', 'u2']);
    expect(all.get('u2')).toEqual({ uid: 'u2', purchases: { b: false }, version: 4 });
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

// Last, once every case above has run: each query the Mongo repositories sent has an index that
// serves it (issue 26, ADR 0028; libs/test-kit/src/indexes.ts).
it('sends only queries that an index serves (explain on the real store)', async () => {
  recorded.stop();
  // Known whole reads, still open in issue 26 part 3: the admin users list reads every user
  // (UsersRepository.all) and every purchase view (PurchaseViewsRepository.all); paging them
  // needs a user directory (ADR 0026, "still to do"). Any other whole read fails here.
  const open = (q: { collection: string; method: string; filter: object }) =>
    q.method === 'find' &&
    Object.keys(q.filter).length === 0 &&
    ['users', 'purchase_views'].includes(q.collection);
  await expectEveryQueryIndexed(
    db.conn.name,
    recorded.queries.filter((q) => !open(q)),
    BOUNDED,
  );
}, 60_000);
