// The identity service's read model of purchases (ADR 0018), against the RUNNING identity
// service of the test profile, the real NATS JetStream, FerretDB and Keycloak: the catalog's
// `events.user.purchasesChanged` facts, published here out of order and again, end in the
// highest version's map in /me (identity.me), the user document and the admin list; the
// user's streams are told (`identity.userChanged.<uid>`, which the gateway sends as SSE on
// /api/me/events) once per change, with the parts that changed; `events.user.deleted` drops
// the view.
import {
  type Actor,
  type AdminUserRow,
  Events,
  type Me,
  readUserChangedNotice,
  Subjects,
  type UserChangedNotice,
  type UserPurchasesChangedEvent,
} from '@examprep/contracts';
import { JetStreamBus, NatsRpcClient, subscribeNotice } from '@examprep/nest-kit';
import { infraConfig, testApps } from '@examprep/test-kit';
import { randomUUID } from 'node:crypto';
import { MongoClient } from 'mongodb';

const cfg = infraConfig('test');
const rpc = new NatsRpcClient({
  servers: cfg.natsUrl,
  name: 'identity-purchases-it',
  timeoutMs: 10_000,
});
let bus: JetStreamBus;

const ADMIN: Actor = {
  uid: `it-admin-${randomUUID()}`,
  email: 'it-admin@examprep.test',
  isAdmin: true,
  emailVerified: true,
};

beforeAll(async () => {
  testApps('start', ['identity']);
  await rpc.connect();
  bus = await JetStreamBus.create(rpc.connection!);
});

/** The users this file made: their views are removed afterwards. */
const made: string[] = [];

afterAll(async () => {
  const mongo = await MongoClient.connect(cfg.mongoUrl());
  try {
    await mongo
      .db('identity')
      .collection('purchase_views')
      .deleteMany({ _id: { $in: made } as never });
  } finally {
    await mongo.close();
    await rpc.close();
  }
});

/** A user of this test only (a Keycloak-shaped id no account has). */
function newUser(): Actor {
  const uid = randomUUID();
  made.push(uid);
  return { uid, email: `it-${uid}@examprep.test`, isAdmin: false, emailVerified: true };
}

const publish = (
  uid: string,
  version: number,
  purchases: Record<string, boolean>,
  msgId?: string,
) => {
  const fact: UserPurchasesChangedEvent = { uid, purchases, version, at: new Date().toISOString() };
  return bus.publish(Events.userPurchasesChanged, fact, msgId ?? `${uid}:${version}`);
};

/** The user-changed notices of one user (what the gateway's stream of that user hears). */
function notices(uid: string): {
  count: () => number;
  last: () => UserChangedNotice | undefined;
  stop: () => void;
} {
  const seen: UserChangedNotice[] = [];
  const sub = subscribeNotice(
    rpc.connection!,
    Subjects.identity.userChanged(uid),
    readUserChangedNotice,
    (n) => void seen.push(n),
  );
  return { count: () => seen.length, last: () => seen.at(-1), stop: () => sub.unsubscribe() };
}

async function until<T>(read: () => Promise<T>, ok: (v: T) => boolean, ms = 5_000): Promise<T> {
  const deadline = Date.now() + ms;
  let v = await read();
  while (!ok(v) && Date.now() < deadline) {
    await new Promise((r) => setTimeout(r, 50));
    v = await read();
  }
  return v;
}

const me = (actor: Actor): Promise<Me> => rpc.request(Subjects.identity.me, { actor });
/** The user's row of the admin list (its directory entry follows in the background). */
const adminRow = (user: Actor, ok: (row: AdminUserRow | undefined) => boolean) =>
  until(
    async () =>
      (
        await rpc.request(Subjects.identity.listUsers, {
          actor: ADMIN,
          filters: { email: user.email },
        })
      ).users.find((r) => r.uid === user.uid),
    ok,
  );
const settle = () => new Promise((r) => setTimeout(r, 500));

describe('events.user.purchasesChanged -> purchase_views', () => {
  it('versions 2, 1, 3 delivered out of order: /me shows version 3, and the user is told twice', async () => {
    const user = newUser();
    const told = notices(user.uid);
    try {
      await publish(user.uid, 2, { teas_math_qbank: true, med_dosage_qbank: true });
      await publish(user.uid, 1, { teas_math_qbank: true });
      await publish(user.uid, 3, { med_dosage_qbank: true, teas_math_workbook: true });
      const shown = await until(
        () => me(user),
        (m) => !!m.purchases.teas_math_workbook,
      );
      expect(shown.purchases).toEqual({ med_dosage_qbank: true, teas_math_workbook: true });
      await until(
        async () => told.count(),
        (n) => n >= 2,
      );
      await settle();
      // version 2 and version 3 changed the view; version 1 (older) did not
      expect(told.count()).toBe(2);
      // the notice carries what changed: no document yet, the ledger at version 3
      expect(told.last()).toEqual({
        uid: user.uid,
        document: null,
        ledger: { purchases: { med_dosage_qbank: true, teas_math_workbook: true }, version: 3 },
      });
    } finally {
      told.stop();
    }
  });

  it('an older or equal version delivered again changes nothing and tells nobody', async () => {
    const user = newUser();
    // listening from the start: version 5's own notice is published after identity reads the
    // user's state back, so it may arrive after /me already shows version 5; it is waited for
    // here, and only what comes after it counts
    const told = notices(user.uid);
    try {
      await publish(user.uid, 5, { teas_math_qbank: true });
      await until(
        () => me(user),
        (m) => !!m.purchases.teas_math_qbank,
      );
      await until(
        async () => told.count(),
        (n) => n >= 1,
      );
      await settle();
      expect(told.count()).toBe(1);
      // new message ids: JetStream's duplicate window would drop the same ones
      await publish(user.uid, 5, {}, `${user.uid}:5:again`);
      await publish(user.uid, 4, {}, `${user.uid}:4:late`);
      await settle();
      expect((await me(user)).purchases).toEqual({ teas_math_qbank: true });
      expect(told.count()).toBe(1);
      // a revocation (version 6) is shown
      await publish(user.uid, 6, { teas_math_qbank: false });
      expect(
        (
          await until(
            () => me(user),
            (m) => !m.purchases.teas_math_qbank,
          )
        ).purchases,
      ).toEqual({});
      await until(
        async () => told.count(),
        (n) => n >= 2,
      );
      expect(told.count()).toBe(2);
    } finally {
      told.stop();
    }
  });

  it('many versions at once, in any order: the highest wins', async () => {
    const user = newUser();
    const versions = [7, 3, 9, 1, 8, 2, 6, 4, 5];
    await Promise.all(versions.map((v) => publish(user.uid, v, { [`product_${v}`]: true })));
    const shown = await until(
      () => me(user),
      (m) => !!m.purchases.product_9,
    );
    await settle();
    expect((await me(user)).purchases).toEqual({ product_9: true });
    expect(shown.purchases).toEqual({ product_9: true });
  });
});

describe('a view kept before the user document exists', () => {
  it('is in the new user document and the admin list (Premium); user.deleted drops it', async () => {
    const user = newUser();
    await publish(user.uid, 1, { teas_math_qbank: true });
    await until(
      () => me(user),
      (m) => !!m.purchases.teas_math_qbank,
    );

    // the document is created afterwards (as an admin does for a Keycloak user; here for
    // itself, which needs no open sign-up): it carries the ledger's purchases
    const self: Actor = { ...user, isAdmin: true };
    const created = await rpc.request(Subjects.identity.createUser, { actor: self, input: {} });
    try {
      expect(created).toMatchObject({ uid: user.uid, purchases: { teas_math_qbank: true } });
      // the directory follows the new document in the background (ADR 0030): the row was
      // already Premium from the view, so wait for the document's part too
      expect(
        await adminRow(user, (r) => r?.premium === true && r.inDatabase === true),
      ).toMatchObject({
        inDatabase: true,
        purchases: { teas_math_qbank: true },
        premium: true,
      });

      const told = notices(user.uid);
      try {
        await publish(user.uid, 2, { teas_math_qbank: false, design_premium_3d: true });
        await until(
          () => me(user),
          (m) => !m.purchases.teas_math_qbank,
        );
        expect(await adminRow(user, (r) => r?.premium === false)).toMatchObject({
          purchases: { design_premium_3d: true },
          premium: false,
        });
        await until(
          async () => told.count(),
          (n) => n >= 1,
        );
        expect(told.count()).toBe(1);
        // both parts: the document (its own purchases empty) and the ledger's revocation
        expect(told.last()).toMatchObject({
          document: { defaultDashboard: 'math', purchases: {} },
          ledger: { purchases: { teas_math_qbank: false, design_premium_3d: true }, version: 2 },
        });
      } finally {
        told.stop();
      }
    } finally {
      // the admin's delete-user-data: the document, then events.user.deleted
      await rpc.request(Subjects.identity.deleteUserData, { actor: ADMIN, uid: user.uid });
    }
    const after = await until(
      () => me(user),
      (m) => Object.keys(m.purchases).length === 0,
    );
    expect(after).toMatchObject({ hasDocument: false, purchases: {} });
  });
});
