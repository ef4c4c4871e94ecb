import {
  type Actor,
  CATALOG_FIELD_MESSAGES,
  PAGE_MESSAGES,
  type Product,
} from '@examprep/contracts';
import { GUARD_MESSAGES, Keyset, refusalOf } from '@examprep/nest-kit';
import type { EntitlementsService } from '../entitlements/entitlements.service';
import { type EntitlementChange, type EntitlementMeta, foldEntries } from '../entitlements/ledger';
import type { ProductsService } from '../products/products.service';
import { AdminPurchasesService, unknownOrFreeProduct } from './admin-purchases.service';
import type { IdentityCalls } from './identity-peer';

const CATALOGUE = new Map(
  [
    { id: 'teas_math_qbank', price: 20 },
    { id: 'med_dosage_qbank', price: 20 },
    { id: 'premium_3d_assets', price: 20 },
    { id: 'teas_math_sample_qbank', price: 0 },
  ].map((p) => [p.id, p as Product]),
);
const admin: Actor = {
  uid: 'a1',
  email: 'admin@examprep.test',
  isAdmin: true,
  emailVerified: true,
};
const learner: Actor = { uid: 'u1', email: 'l@examprep.test', isAdmin: false, emailVerified: true };

/** Newest entry first, as the ledger's history pages. */
const NEWEST_FIRST = new Keyset<{ seq: number }>([
  { field: 'seq', dir: -1, kind: 'number', of: (e) => e.seq },
]);

/** A ledger in memory with the service's contract (apply folds, history pages newest first). */
function fakeLedger() {
  const entries: (EntitlementChange & { uid: string; seq: number } & EntitlementMeta)[] = [];
  const of = (uid: string) => entries.filter((e) => e.uid === uid);
  const ledger = {
    purchasesOf: jest.fn(async (uid: string) => foldEntries(of(uid))),
    apply: jest.fn(async (uid: string, changes: EntitlementChange[], meta: EntitlementMeta) => {
      for (const c of changes) entries.push({ ...c, ...meta, uid, seq: of(uid).length + 1 });
      return { purchases: foldEntries(of(uid)), version: of(uid).length };
    }),
    history: jest.fn(async (uid: string, cursor: string | undefined, limit: number) =>
      NEWEST_FIRST.pageOf(
        of(uid).map((e) => ({ ...e, at: '2026-01-01T00:00:00.000Z' })),
        cursor,
        limit,
      ),
    ),
  };
  return ledger;
}

/** The users the identity service knows. */
const KNOWN_USERS = new Set(['u1', 'u2']);

function setup() {
  const ledger = fakeLedger();
  const products = { get: jest.fn(async (id: string) => CATALOGUE.get(id)) };
  const identity: IdentityCalls = {
    userExists: jest.fn(async (_actor: Actor, uid: string) => KNOWN_USERS.has(uid)),
  };
  const sut = new AdminPurchasesService(
    products as unknown as ProductsService,
    ledger as unknown as EntitlementsService,
    identity,
  );
  return { sut, ledger, identity };
}

describe('AdminPurchasesService.update (admin spec §4, §7)', () => {
  it('records only what changed, as admin entries by the admin, and answers the result and history', async () => {
    const { sut, ledger } = setup();
    const first = await sut.update(admin, {
      uid: 'u1',
      purchases: { teas_math_qbank: true, med_dosage_qbank: false },
    });
    expect(first.purchases).toEqual({ teas_math_qbank: true });
    expect(ledger.apply).toHaveBeenLastCalledWith(
      'u1',
      [{ productId: 'teas_math_qbank', action: 'grant' }],
      { source: 'admin', by: 'admin@examprep.test', orderId: null },
    );
    const second = await sut.update(admin, {
      uid: 'u1',
      purchases: { teas_math_qbank: false, med_dosage_qbank: true, premium_3d_assets: false },
    });
    expect(second).toEqual({
      uid: 'u1',
      purchases: { med_dosage_qbank: true },
      history: [
        expect.objectContaining({ seq: 3, productId: 'med_dosage_qbank', action: 'grant' }),
        expect.objectContaining({ seq: 2, productId: 'teas_math_qbank', action: 'revoke' }),
        expect.objectContaining({ seq: 1, productId: 'teas_math_qbank', action: 'grant' }),
      ],
    });
    // nothing different: no entry
    await sut.update(admin, { uid: 'u1', purchases: { med_dosage_qbank: true } });
    expect(ledger.apply).toHaveBeenLastCalledWith('u1', [], expect.anything());
    expect((await sut.userPurchases(admin, 'u1')).history).toHaveLength(3);
  });

  it('refuses unknown and free products, naming each, and records nothing', async () => {
    const { sut, ledger } = setup();
    expect(
      await refusalOf(
        sut.update(admin, {
          uid: 'u1',
          purchases: { teas_math_qbank: true, teas_math_sample_qbank: true, nope: false },
        }),
      ),
    ).toEqual({
      status: 400,
      code: 'VALIDATION_FAILED',
      message: `${unknownOrFreeProduct('teas_math_sample_qbank')} ${unknownOrFreeProduct('nope')}`,
      fields: {
        purchases: [
          'Unknown or free product: teas_math_sample_qbank.',
          'Unknown or free product: nope.',
        ],
      },
    });
    expect(ledger.apply).not.toHaveBeenCalled();
  });

  it('refuses a malformed body: uid, a non-boolean value, an operator key, an inherited name', async () => {
    const { sut, ledger } = setup();
    for (const [input, field] of [
      [{ uid: 'bad uid!', purchases: {} }, 'uid'],
      [{ uid: 'u1', purchases: { teas_math_qbank: 'yes' } }, 'purchases'],
      [{ uid: 'u1', purchases: { $set: true } }, 'purchases'],
      [{ uid: 'u1', purchases: [] }, 'purchases'],
      [JSON.parse('{"uid":"u1","purchases":{"__proto__":true}}'), 'purchases.__proto__'],
      [{ uid: 'u1', purchases: {}, price: 0 }, 'price'],
    ] as const) {
      const payload = await refusalOf(sut.update(admin, input as never));
      expect(payload).toMatchObject({ status: 400, code: 'VALIDATION_FAILED' });
      expect(Object.keys(payload.fields ?? {})).toContain(field);
    }
    expect((await refusalOf(sut.update(admin, { uid: 'u1' } as never))).fields?.purchases).toEqual([
      CATALOG_FIELD_MESSAGES.purchases,
    ]);
    expect(ledger.apply).not.toHaveBeenCalled();
  });

  it('is for admins only (403 with the guard text), before anything is read', async () => {
    const { sut, ledger } = setup();
    for (const actor of [learner, null])
      expect(
        await refusalOf(sut.update(actor, { uid: 'u1', purchases: { teas_math_qbank: true } })),
      ).toEqual({ status: 403, code: 'FORBIDDEN', message: GUARD_MESSAGES.adminOnly });
    expect(await refusalOf(sut.userPurchases(learner, 'u1'))).toMatchObject({ status: 403 });
    expect(ledger.purchasesOf).not.toHaveBeenCalled();
  });
});

describe('AdminPurchasesService.userPurchases', () => {
  it('answers purchases and history; checks the uid', async () => {
    const { sut } = setup();
    await expect(sut.userPurchases(admin, 'u2')).resolves.toEqual({
      uid: 'u2',
      purchases: {},
      history: [],
      next: null,
    });
    expect(await refusalOf(sut.userPurchases(admin, { $ne: '' } as never))).toMatchObject({
      status: 400,
      fields: { uid: [CATALOG_FIELD_MESSAGES.uid] },
    });
  });
});

describe('AdminPurchasesService.userPurchases pages the history (issue 26, ADR 0026)', () => {
  it('the holdings whole, the history a page of `limit` newest first with the next cursor (default 50)', async () => {
    const { sut, ledger } = setup();
    const edits: Record<string, boolean>[] = [
      { teas_math_qbank: true },
      { med_dosage_qbank: true },
      { teas_math_qbank: false },
      { premium_3d_assets: true },
    ];
    for (const purchases of edits) await sut.update(admin, { uid: 'u1', purchases });
    const seqs: number[] = [];
    let page = await sut.userPurchases(admin, 'u1', { limit: 3 });
    expect(page.purchases).toEqual({ med_dosage_qbank: true, premium_3d_assets: true });
    seqs.push(...page.history.map((e) => e.seq));
    expect(page.next).not.toBeNull();
    page = await sut.userPurchases(admin, 'u1', { cursor: page.next!, limit: 3 });
    seqs.push(...page.history.map((e) => e.seq));
    expect(page.next).toBeNull();
    expect(seqs).toEqual([4, 3, 2, 1]);
    expect(ledger.history).toHaveBeenLastCalledWith('u1', expect.any(String), 3);
    await sut.userPurchases(admin, 'u1');
    expect(ledger.history).toHaveBeenLastCalledWith('u1', undefined, 50);
  });

  it('a bad cursor or limit is a 400 naming it, before anything is read', async () => {
    const { sut, ledger, identity } = setup();
    for (const [page, field, message] of [
      [{ limit: 0 }, 'limit', PAGE_MESSAGES.limit],
      [{ limit: 101 }, 'limit', PAGE_MESSAGES.limit],
      [{ limit: 1.5 }, 'limit', PAGE_MESSAGES.limit],
      [{ cursor: '{"$gt":1}' }, 'cursor', PAGE_MESSAGES.cursor],
    ] as const)
      expect(await refusalOf(sut.userPurchases(admin, 'u1', page))).toMatchObject({
        status: 400,
        fields: { [field]: [message] },
      });
    expect(identity.userExists).not.toHaveBeenCalled();
    expect(ledger.history).not.toHaveBeenCalled();
  });

  it("update answers the history's first page", async () => {
    const { sut, ledger } = setup();
    await sut.update(admin, { uid: 'u1', purchases: { teas_math_qbank: true } });
    expect(ledger.history).toHaveBeenLastCalledWith('u1', undefined, 50);
  });
});

describe('AdminPurchasesService: only users that exist (issue 24)', () => {
  it.each(['made-up-uid', 'constructor', 'toString', 'hasOwnProperty'])(
    'update for %j: 404 User not found., nothing written',
    async (uid) => {
      const { sut, ledger } = setup();
      expect(
        await refusalOf(sut.update(admin, { uid, purchases: { teas_math_qbank: true } })),
      ).toEqual({ status: 404, code: 'NOT_FOUND', message: 'User not found.' });
      expect(ledger.apply).not.toHaveBeenCalled();
    },
  );

  it('reading the purchases of a user that does not exist: 404 too', async () => {
    const { sut, ledger } = setup();
    expect(await refusalOf(sut.userPurchases(admin, 'made-up-uid'))).toMatchObject({ status: 404 });
    expect(ledger.history).not.toHaveBeenCalled();
  });

  it('asks with the admin as the actor; a learner is refused before anyone is asked', async () => {
    const { sut, identity } = setup();
    await sut.update(admin, { uid: 'u1', purchases: { teas_math_qbank: true } });
    expect(identity.userExists).toHaveBeenCalledWith(admin, 'u1');
    expect(await refusalOf(sut.update(learner, { uid: 'u1', purchases: {} }))).toMatchObject({
      status: 403,
    });
    expect(identity.userExists).toHaveBeenCalledTimes(1);
  });
});
