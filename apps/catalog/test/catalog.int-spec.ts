// The catalog core against the RUNNING catalog service of the test profile, over NATS as the
// gateway calls it, with the real FerretDB and JetStream: the seeded catalogue, access checks
// (free, alias, unowned, owned, unverified, anonymous), the admin purchases editor with its
// history and the published facts (growing version), and events.user.deleted.
import {
  type Actor,
  CATALOG_FIELD_MESSAGES,
  CATALOG_MESSAGES,
  Events,
  type Product,
  Subjects,
  type UserPurchasesChangedEvent,
} from '@examprep/contracts';
import { GUARD_MESSAGES, JetStreamBus, NatsRpcClient, refusalOf } from '@examprep/nest-kit';
import {
  adminActor,
  infraConfig,
  seedTestData,
  specAccounts,
  testApps,
  waitFor,
} from '@examprep/test-kit';
import { MongoClient } from 'mongodb';
import type { Subscription } from '@nats-io/transport-node';

const cfg = infraConfig('test');
const rpc = new NatsRpcClient({ servers: cfg.natsUrl, name: 'catalog-it', timeoutMs: 10_000 });
let bus: JetStreamBus;
let subscription: Subscription;
const facts: UserPurchasesChangedEvent[] = [];

/**
 * Users of this file only: real accounts of the test realm (an admin changes purchases only
 * of a user that exists, issue 24); their accounts and ledger are removed after.
 */
const accounts = specAccounts();
const made = accounts.made;
const newUser = accounts.newUser;
/** The caller of the admin messages (its own account is never looked up). */
const ADMIN: Actor = adminActor('it-admin@examprep.test');

beforeAll(async () => {
  testApps('start', ['catalog']);
  // the catalogue is the seed's (upserted by id: running it again changes nothing else)
  seedTestData();
  await rpc.connect();
  bus = await JetStreamBus.create(rpc.connection!);
  // JetStream publishes reach core subscribers of the subject too
  subscription = rpc.connection!.subscribe(Events.userPurchasesChanged, {
    callback: (_err, msg) => {
      facts.push(msg.json<UserPurchasesChangedEvent>());
    },
  });
  await rpc.connection!.flush();
});

afterAll(async () => {
  subscription?.unsubscribe();
  const mongo = await MongoClient.connect(cfg.mongoUrl());
  try {
    const db = mongo.db('catalog');
    await db.collection('ledger_snapshots').deleteMany({ uid: { $in: made } });
    await db.collection('ledger_entries').deleteMany({ uid: { $in: made } });
    await db.collection('holdings').deleteMany({ _id: { $in: made } as never });
    await accounts.removeAll();
  } finally {
    await mongo.close();
    await rpc.close();
  }
});

const check = (actor: Actor | null, productId: string) =>
  rpc.request(Subjects.catalog.checkAccess, { actor, productId });
const simulations = (actor: Actor | null) =>
  rpc.request(Subjects.catalog.checkSimulationsAccess, { actor });
const update = (actor: Actor | null, uid: string, purchases: Record<string, boolean>) =>
  rpc.request(Subjects.catalog.updateUserPurchases, { actor, input: { uid, purchases } });
const userPurchases = (actor: Actor | null, uid: string) =>
  rpc.request(Subjects.catalog.userPurchases, { actor, uid });

describe('catalog.products.list', () => {
  it('gives anyone the seeded catalogue, sorted by type, section and order', async () => {
    const { products } = await rpc.request(Subjects.catalog.listProducts, { actor: null });
    const ids = products.map((p: Product) => p.id);
    for (const id of [
      'teas_math_workbook',
      'teas_math_qbank',
      'med_dosage_workbook',
      'med_dosage_qbank',
      'teas_math_sample_qbank',
      'med_dosage_sample_qbank',
      'med_dosage_conversions',
      'infinite_qbank',
      'free_3d_assets',
      'premium_3d_assets',
      'free_android_stuff',
      'premium_android_stuff',
    ])
      expect(ids).toContain(id);
    const key = (p: Product) => [p.type, p.section, String(p.order).padStart(6, '0'), p.id];
    const sorted = [...products].sort((a, b) => key(a).join('|').localeCompare(key(b).join('|')));
    expect(ids).toEqual(sorted.map((p) => p.id));
    const qbank = products.find((p: Product) => p.id === 'teas_math_qbank')!;
    expect(qbank).toMatchObject({ price: 20, type: 'math', section: 'teas', category: 'qbank' });
    expect(qbank.includes.id).toEqual(['teas_math_qbank_full', 'teas_math_qbank_practice']);
    expect(qbank.includes.mode).toEqual(['full', 'practice']);
    expect(qbank.includes.pool[1]).toEqual({
      course: 'TEAS Math Practice Test',
      questionCount: 38,
    });
  });
});

describe('catalog.access.check / .simulations', () => {
  it('opens free products to a verified learner who owns nothing, and not the paid ones', async () => {
    const learner = await newUser();
    for (const id of ['teas_math_sample_qbank', 'med_dosage_conversions', 'infinite_qbank'])
      await expect(check(learner, id)).resolves.toEqual({ authorized: true });
    for (const id of [
      'teas_math_qbank',
      'teas_math_qbank_full',
      'teas_math_qbank_practice',
      'med_dosage_simulations',
      'premium_3d_assets',
    ])
      await expect(check(learner, id)).resolves.toEqual({ authorized: false });
    await expect(simulations(learner)).resolves.toEqual({ authorized: false });
  });

  it('opens what an admin granted, through the aliases, to that learner only', async () => {
    const learner = await newUser();
    const other = await newUser();
    await update(ADMIN, learner.uid, { teas_math_qbank: true, med_dosage_qbank: true });
    for (const id of [
      'teas_math_qbank',
      'teas_math_qbank_full',
      'teas_math_qbank_practice',
      'med_dosage_qbank',
      'med_dosage_simulations',
    ]) {
      await expect(check(learner, id)).resolves.toEqual({ authorized: true });
      await expect(check(other, id)).resolves.toEqual({ authorized: false });
    }
    await expect(check(learner, 'teas_math_workbook')).resolves.toEqual({ authorized: false });
    await expect(simulations(learner)).resolves.toEqual({ authorized: true });
    await expect(simulations(other)).resolves.toEqual({ authorized: false });
  });

  it('answers 404 for an unknown product and 400 naming productId for a malformed one', async () => {
    const learner = await newUser();
    for (const id of ['no_such_product', '__proto__', 'constructor'])
      expect(await refusalOf(check(learner, id))).toEqual({
        status: 404,
        code: 'NOT_FOUND',
        message: CATALOG_MESSAGES.productNotFound,
      });
    for (const id of ['TEAS', 'a b', { $gt: '' } as never])
      expect(await refusalOf(check(learner, id))).toMatchObject({
        status: 400,
        code: 'VALIDATION_FAILED',
        fields: { productId: expect.arrayContaining([CATALOG_FIELD_MESSAGES.productId]) },
      });
  });

  it('refuses anonymous (401) and unverified learners (403 EMAIL_NOT_VERIFIED); admins are exempt', async () => {
    expect(await refusalOf(check(null, 'teas_math_sample_qbank'))).toMatchObject({
      status: 401,
      code: 'UNAUTHENTICATED',
    });
    expect(await refusalOf(simulations(null))).toMatchObject({ status: 401 });
    const unverified = await newUser({ emailVerified: false });
    expect(await refusalOf(check(unverified, 'teas_math_sample_qbank'))).toMatchObject({
      status: 403,
      code: 'EMAIL_NOT_VERIFIED',
    });
    expect(await refusalOf(simulations(unverified))).toMatchObject({ status: 403 });
    // the one rule of the gateway and the services (learner spec §2): admins are exempt
    const unverifiedAdmin = { ...ADMIN, emailVerified: false };
    await expect(check(unverifiedAdmin, 'teas_math_sample_qbank')).resolves.toEqual({
      authorized: true,
    });
    await expect(simulations(unverifiedAdmin)).resolves.toEqual({ authorized: true });
  });
});

describe('catalog.admin.updateUserPurchases / userPurchases', () => {
  it('records only the changes as admin entries, answers purchases and history, publishes a growing version', async () => {
    const learner = await newUser();
    const first = await update(ADMIN, learner.uid, {
      teas_math_qbank: true,
      med_dosage_workbook: false,
    });
    expect(first).toEqual({
      uid: learner.uid,
      purchases: { teas_math_qbank: true },
      history: [
        {
          seq: 1,
          uid: learner.uid,
          productId: 'teas_math_qbank',
          action: 'grant',
          source: 'admin',
          by: ADMIN.email,
          at: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
          orderId: null,
        },
      ],
    });
    const second = await update(ADMIN, learner.uid, {
      teas_math_qbank: false,
      med_dosage_workbook: true,
      premium_3d_assets: false,
    });
    expect(second.purchases).toEqual({ med_dosage_workbook: true });
    expect(second.history.map((h) => [h.seq, h.productId, h.action])).toEqual([
      [3, 'med_dosage_workbook', 'grant'],
      [2, 'teas_math_qbank', 'revoke'],
      [1, 'teas_math_qbank', 'grant'],
    ]);
    // no difference: no entry, no fact
    const same = await update(ADMIN, learner.uid, { med_dosage_workbook: true });
    expect(same.history).toHaveLength(3);
    // the RPC also names the history's next page (none here): the gateway's Link header
    await expect(userPurchases(ADMIN, learner.uid)).resolves.toEqual({ ...second, next: null });

    const mine = () => facts.filter((f) => f.uid === learner.uid);
    await waitFor(() => mine().some((f) => f.version === 3), {
      timeoutMs: 5_000,
      description: 'version 3 published',
    });
    expect(mine().map((f) => [f.version, f.purchases])).toEqual([
      [1, { teas_math_qbank: true }],
      [3, { med_dosage_workbook: true }],
    ]);
    await expect(check(learner, 'med_dosage_workbook')).resolves.toEqual({ authorized: true });
    await expect(check(learner, 'teas_math_qbank_full')).resolves.toEqual({ authorized: false });
  });

  it('refuses unknown and free products with 400 naming each, recording nothing', async () => {
    const learner = await newUser();
    expect(
      await refusalOf(
        update(ADMIN, learner.uid, {
          teas_math_qbank: true,
          teas_math_sample_qbank: true,
          nope: true,
        }),
      ),
    ).toMatchObject({
      status: 400,
      code: 'VALIDATION_FAILED',
      fields: {
        purchases: [
          'Unknown or free product: teas_math_sample_qbank.',
          'Unknown or free product: nope.',
        ],
      },
    });
    await expect(userPurchases(ADMIN, learner.uid)).resolves.toEqual({
      uid: learner.uid,
      purchases: {},
      history: [],
      next: null,
    });
  });

  it('is for admins only: learners, unverified users and anonymous callers get 403', async () => {
    const learner = await newUser();
    for (const actor of [learner, await newUser({ emailVerified: false }), null]) {
      expect(await refusalOf(update(actor, learner.uid, { teas_math_qbank: true }))).toEqual({
        status: 403,
        code: 'FORBIDDEN',
        message: GUARD_MESSAGES.adminOnly,
      });
      expect(await refusalOf(userPurchases(actor, learner.uid))).toMatchObject({ status: 403 });
    }
    await expect(check(learner, 'teas_math_qbank')).resolves.toEqual({ authorized: false });
  });
});

describe('events.user.deleted', () => {
  it("erases the user's ledger (ADR 0023): nothing held, no history left, nothing published", async () => {
    const learner = await newUser();
    const granted = await update(ADMIN, learner.uid, {
      teas_math_qbank: true,
      premium_android_stuff: true,
    });
    await bus.publish(
      Events.userDeleted,
      { uid: learner.uid, at: new Date().toISOString() },
      `it-deleted-${learner.uid}`,
    );
    const after = await waitFor(
      async () => {
        const answer = await userPurchases(ADMIN, learner.uid);
        // the erasure is three deletes: wait for the last one seen here
        return answer.history.length === 0 && Object.keys(answer.purchases).length === 0
          ? answer
          : undefined;
      },
      { timeoutMs: 10_000, description: 'ledger erased' },
    );
    expect(after.purchases).toEqual({});
    await expect(check(learner, 'teas_math_qbank')).resolves.toEqual({ authorized: false });
    const mongo = await MongoClient.connect(cfg.mongoUrl());
    try {
      const db = mongo.db('catalog');
      expect(await db.collection('ledger_snapshots').countDocuments({ uid: learner.uid })).toBe(0);
      expect(await db.collection('ledger_entries').countDocuments({ uid: learner.uid })).toBe(0);
      expect(await db.collection('holdings').countDocuments({ _id: learner.uid as never })).toBe(0);
    } finally {
      await mongo.close();
    }
    // the grant's own fact may still be arriving; nothing newer than it is published
    expect(
      facts.filter((f) => f.uid === learner.uid && f.version > granted.history.length),
    ).toEqual([]);
  });
});
