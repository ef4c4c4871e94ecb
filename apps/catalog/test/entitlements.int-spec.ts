// The entitlement ledger against the real FerretDB and NATS JetStream of the test profile:
// concurrent and repeated changes end in the right holdings, version = number of entries, and
// the published facts carry the growing version (ADR 0018).
import { Test } from '@nestjs/testing';
import { getConnectionToken, MongooseModule } from '@nestjs/mongoose';
import { Events, type UserPurchasesChangedEvent } from '@examprep/contracts';
import { JetStreamBus, JetStreamModule, MongoModule } from '@examprep/nest-kit';
import { infraConfig, waitFor } from '@examprep/test-kit';
import { randomUUID } from 'node:crypto';
import type { Connection } from 'mongoose';
import type { Subscription } from '@nats-io/transport-node';
import {
  HoldingsRecord,
  HoldingsSchema,
  LedgerEntryDocRecord,
  LicenceSeatsRecord,
  LicenceSeatsSchema,
  LedgerEntryDocSchema,
  type LedgerEntryRecord,
  LedgerSnapshotRecord,
  LedgerSnapshotSchema,
  PendingChangeRecord,
  PendingChangeSchema,
} from '../src/entitlements/entitlement.schema';
import { EntitlementsRepository } from '../src/entitlements/entitlements.repository';
import { EntitlementsService } from '../src/entitlements/entitlements.service';
import { MongoEntitlementsRepository } from '../src/entitlements/mongo-entitlements.repository';
import { foldEntries } from '../src/entitlements/ledger';

const PRODUCTS = [
  'teas_math_qbank',
  'teas_math_workbook',
  'med_dosage_qbank',
  'med_dosage_workbook',
  'premium_3d_assets',
];
const admin = { source: 'admin' as const, by: 'admin@examprep.test', orderId: null };

describe('EntitlementsService (FerretDB + JetStream)', () => {
  const cfg = infraConfig('test');
  const db = `catalog_it_${randomUUID().slice(0, 8)}`;
  let sut: EntitlementsService;
  /** Three more instances on the same database: replicas racing each other. */
  let replicas: EntitlementsService[];
  let repo: EntitlementsRepository;
  let connection: Connection;
  let close: () => Promise<void>;
  let subscription: Subscription;
  const seen: UserPurchasesChangedEvent[] = [];

  beforeAll(async () => {
    const moduleRef = await Test.createTestingModule({
      imports: [
        MongoModule.forRoot(cfg.mongoUrl(db)),
        JetStreamModule.forRoot({ servers: cfg.natsUrl, name: 'catalog-ledger-it' }),
        MongooseModule.forFeature([
          { name: LedgerSnapshotRecord.name, schema: LedgerSnapshotSchema },
          { name: HoldingsRecord.name, schema: HoldingsSchema },
          { name: PendingChangeRecord.name, schema: PendingChangeSchema },
          { name: LedgerEntryDocRecord.name, schema: LedgerEntryDocSchema },
          { name: LicenceSeatsRecord.name, schema: LicenceSeatsSchema },
        ]),
      ],
      // the service and its repository only: no relay timer, no durable consumer
      providers: [
        { provide: EntitlementsRepository, useClass: MongoEntitlementsRepository },
        EntitlementsService,
      ],
    }).compile();
    const app = await moduleRef.init();
    sut = app.get(EntitlementsService);
    repo = app.get(EntitlementsRepository);
    connection = app.get<Connection>(getConnectionToken());
    const bus = app.get(JetStreamBus);
    replicas = [sut, ...[1, 2, 3].map(() => new EntitlementsService(repo, bus))];
    // JetStream publishes reach core subscribers of the subject too
    subscription = bus.connection.subscribe(Events.userPurchasesChanged, {
      callback: (_err, msg) => {
        seen.push(msg.json<UserPurchasesChangedEvent>());
      },
    });
    await bus.connection.flush();
    close = () => app.close();
  });

  afterAll(async () => {
    subscription?.unsubscribe();
    await connection?.dropDatabase();
    await close?.();
  });

  const uid = () => `it-ledger-${randomUUID()}`;
  /** The user's newest snapshot, probed by id as the service does (null: none yet). */
  async function newestSnapshot(id: string): Promise<LedgerSnapshotRecord | null> {
    const snapshots = connection.collection<LedgerSnapshotRecord>('ledger_snapshots');
    let newest: LedgerSnapshotRecord | null = null;
    for (let n = 1; ; n++) {
      const next = await snapshots.findOne({ _id: `${id}#${n}` });
      if (!next) return newest;
      newest = next;
    }
  }
  /** Marks of changes in progress of the user (a test may scan the small collection). */
  const marksOf = (id: string) =>
    connection.collection('ledger_pending').find({ uid: id }).toArray();
  const entriesOf = async (id: string): Promise<LedgerEntryRecord[]> =>
    (await newestSnapshot(id))?.entries ?? [];
  const eventsOf = (id: string) => seen.filter((e) => e.uid === id);

  it('20 concurrent changes of one user on 4 replicas: version = entries, holdings = their fold, last fact published', async () => {
    const id = uid();
    const changes = Array.from({ length: 20 }, (_, i) => ({
      productId: PRODUCTS[i % PRODUCTS.length]!,
      action: i % 3 === 2 ? ('revoke' as const) : ('grant' as const),
    }));
    const answers = await Promise.all(
      changes.map((c, i) => replicas[i % replicas.length]!.apply(id, [c], admin)),
    );

    const entries = await entriesOf(id);
    expect(entries).toHaveLength(20);
    expect(entries.map((e) => e.seq)).toEqual(Array.from({ length: 20 }, (_, i) => i + 1));
    const stored = await repo.holdingsOf(id);
    expect(stored).toMatchObject({ version: 20, purchases: foldEntries(entries) });
    // every answer is some prefix-consistent state; the highest is the stored one
    expect(Math.max(...answers.map((a) => a.version))).toBe(20);
    await expect(sut.purchasesOf(id)).resolves.toEqual(foldEntries(entries));
    await waitFor(async () => eventsOf(id).some((e) => e.version === 20), {
      timeoutMs: 5_000,
      description: 'version 20 published',
    });
    const last = eventsOf(id).find((e) => e.version === 20)!;
    expect(last.purchases).toEqual(foldEntries(entries));
    // every change was published: none left marked for the relay
    expect(await marksOf(id)).toEqual([]);
    // the history's entries (ledger_entries), written by the racing replicas: each once, as
    // the snapshot holds them, without the catch-up of a history read
    const stored20 = await connection
      .collection('ledger_entries')
      .find({ uid: id })
      .sort({ seq: 1 })
      .toArray();
    expect(stored20.map((e) => [e.seq, e.key])).toEqual(entries.map((e) => [e.seq, e.key]));
  });

  it('one payment recorded 10 times at once on 4 replicas grants once per product', async () => {
    const id = uid();
    const orderId = `ord_${randomUUID()}`;
    const payment = { source: 'payment' as const, by: 'stripe', orderId };
    const grants = [
      { productId: 'teas_math_qbank', action: 'grant' as const },
      { productId: 'med_dosage_qbank', action: 'grant' as const },
    ];
    const answers = await Promise.all(
      Array.from({ length: 10 }, (_, i) =>
        replicas[i % replicas.length]!.apply(id, grants, payment),
      ),
    );
    const entries = await entriesOf(id);
    expect(entries.map((e) => e.key).sort()).toEqual([
      `${orderId}:med_dosage_qbank:grant`,
      `${orderId}:teas_math_qbank:grant`,
    ]);
    for (const a of answers) expect(a.version).toBeLessThanOrEqual(2);
    await expect(sut.purchasesOf(id)).resolves.toEqual({
      med_dosage_qbank: true,
      teas_math_qbank: true,
    });
    expect((await repo.holdingsOf(id))?.version).toBe(2);
    // and once more later: still one entry each
    await sut.apply(id, grants, payment);
    expect(await entriesOf(id)).toHaveLength(2);
    expect((await newestSnapshot(id))?.n).toBe(1);
  });

  it('different orders of one user at once on 4 replicas: every grant lands', async () => {
    const id = uid();
    await Promise.all(
      PRODUCTS.map((productId, i) =>
        replicas[i % replicas.length]!.apply(id, [{ productId, action: 'grant' }], {
          source: 'payment',
          by: 'stripe',
          orderId: `ord_${i}_${randomUUID()}`,
        }),
      ),
    );
    await expect(sut.purchasesOf(id)).resolves.toEqual(
      Object.fromEntries(PRODUCTS.map((p) => [p, true])),
    );
    expect((await repo.holdingsOf(id))?.version).toBe(PRODUCTS.length);
  });

  it('the relay finishes a change left half-done by a crash, and leaves others alone', async () => {
    const id = uid();
    const other = uid();
    await sut.apply(other, [{ productId: 'teas_math_qbank', action: 'grant' }], admin);
    await sut.apply(id, [{ productId: 'teas_math_qbank', action: 'grant' }], admin);
    // the crash: marked and recorded (snapshot 2 claimed), not folded, not published
    const markedAt = new Date(Date.now() - 60_000);
    await repo.markPending(id, markedAt);
    const before = (await newestSnapshot(id))!;
    const entries = [
      ...before.entries,
      {
        key: `ord_crash:med_dosage_qbank:grant`,
        seq: 2,
        productId: 'med_dosage_qbank',
        action: 'grant' as const,
        source: 'payment' as const,
        by: 'stripe',
        at: markedAt,
        orderId: 'ord_crash',
      },
    ];
    expect(
      await repo.insertSnapshot({
        _id: `${id}#2`,
        uid: id,
        n: 2,
        version: 2,
        entries,
        at: markedAt,
      }),
    ).toBe(true);
    expect((await repo.holdingsOf(id))?.version).toBe(1);

    await sut.relayPending(new Date(), new Date(Date.now() - 10_000));
    expect(await repo.holdingsOf(id)).toMatchObject({
      version: 2,
      snapshot: 2,
      purchases: { med_dosage_qbank: true, teas_math_qbank: true },
    });
    expect(await marksOf(id)).toEqual([]);
    await waitFor(async () => eventsOf(id).some((e) => e.version === 2), {
      timeoutMs: 5_000,
      description: 'relay published version 2',
    });
    // the other user's change was published and unmarked by its own apply: nothing republished
    expect(await marksOf(other)).toEqual([]);
    expect(eventsOf(other).map((e) => e.version)).toEqual([1]);
  });

  it('stores a fold naming other products than the stored one, as many of them', async () => {
    const id = uid();
    await sut.apply(id, [{ productId: 'teas_math_qbank', action: 'grant' }], admin);
    await expect(
      sut.apply(
        id,
        [
          { productId: 'teas_math_qbank', action: 'revoke' },
          { productId: 'med_dosage_qbank', action: 'grant' },
        ],
        admin,
      ),
    ).resolves.toEqual({ purchases: { med_dosage_qbank: true }, version: 3 });
    await expect(sut.purchasesOf(id)).resolves.toEqual({ med_dosage_qbank: true });
    await expect(sut.holds(id, 'teas_math_qbank')).resolves.toBe(false);
  });

  it('history pages (issue 26, ADR 0026): paging through answers every entry once, newest first, for a ledger of changes by several replicas', async () => {
    const id = uid();
    const products = ['teas_math_qbank', 'med_dosage_qbank', 'premium_3d_assets'];
    for (let i = 0; i < 9; i++)
      await replicas[i % replicas.length]!.apply(
        id,
        [{ productId: products[i % 3]!, action: i % 2 === 0 ? 'grant' : 'revoke' }],
        admin,
      );
    for (const limit of [1, 2, 4, 50]) {
      const seqs: number[] = [];
      let cursor: string | undefined;
      do {
        const page = await sut.history(id, cursor, limit);
        expect(page.items.length).toBeLessThanOrEqual(limit);
        seqs.push(...page.items.map((e) => e.seq));
        cursor = page.next ?? undefined;
      } while (cursor !== undefined);
      expect(seqs).toEqual([9, 8, 7, 6, 5, 4, 3, 2, 1]);
    }
  });

  it('history catches up a ledger recorded before ledger_entries from its newest snapshot', async () => {
    const id = uid();
    await sut.apply(id, [{ productId: 'teas_math_qbank', action: 'grant' }], admin);
    await sut.apply(id, [{ productId: 'med_dosage_qbank', action: 'grant' }], admin);
    await connection.collection('ledger_entries').deleteMany({ uid: id });
    const page = await sut.history(id, undefined, 50);
    expect(page.items.map((e) => [e.seq, e.productId])).toEqual([
      [2, 'med_dosage_qbank'],
      [1, 'teas_math_qbank'],
    ]);
    expect(await connection.collection('ledger_entries').countDocuments({ uid: id })).toBe(2);
  });

  it('reads one holdings document for the access check; history is newest first', async () => {
    const id = uid();
    await sut.apply(id, [{ productId: 'med_dosage_qbank', action: 'grant' }], admin);
    await sut.apply(id, [{ productId: 'med_dosage_qbank', action: 'revoke' }], admin);
    await sut.apply(id, [{ productId: 'teas_math_qbank', action: 'grant' }], admin);
    await expect(sut.holds(id, 'teas_math_qbank_practice')).resolves.toBe(true);
    await expect(sut.holds(id, 'med_dosage_simulations')).resolves.toBe(false);
    const history = (await sut.history(id, undefined, 50)).items;
    expect(history.map((h) => [h.productId, h.action])).toEqual([
      ['teas_math_qbank', 'grant'],
      ['med_dosage_qbank', 'revoke'],
      ['med_dosage_qbank', 'grant'],
    ]);
    expect(history[0]!.seq).toBeGreaterThan(history[2]!.seq);
  });

  it('reads and writes one user by _id only (the history: by uid on its index), which the store pushes down, however big the ledger', async () => {
    const id = uid();
    await sut.apply(id, [{ productId: 'teas_math_qbank', action: 'grant' }], admin);
    const seen: { collection: string; method: string; filter: unknown }[] = [];
    connection.set('debug', (collection: string, method: string, filter: unknown) => {
      seen.push({ collection, method, filter });
    });
    try {
      await sut.apply(id, [{ productId: 'med_dosage_qbank', action: 'grant' }], {
        source: 'payment',
        by: 'stripe',
        orderId: `ord_${randomUUID()}`,
      });
      await sut.history(id, undefined, 50);
      await sut.holds(id, 'teas_math_qbank');
    } finally {
      connection.set('debug', false);
    }
    const queries = seen.filter(
      (q) => !['insertOne', 'insertMany', 'createIndex'].includes(q.method),
    );
    expect(queries.length).toBeGreaterThan(5);
    for (const q of queries) {
      // ledger_entries (the history's pages, ADR 0026): the uid equality first, on the
      // {uid, seq, _id} index (apps/catalog/test/repositories.int-spec.ts explains them)
      const key = q.collection === 'ledger_entries' ? 'uid' : '_id';
      expect({ ...q, keys: Object.keys(q.filter as object) }).toMatchObject({ keys: [key] });
      expect(typeof (q.filter as Record<string, unknown>)[key]).toBe('string');
      // and the store says so: the filter is pushed down, not a scan of every user's documents
      const plan = (await connection
        .db!.collection(q.collection)
        .find(q.filter as never)
        .explain()) as {
        filterPushdown?: boolean;
      };
      if (plan.filterPushdown !== undefined) expect(plan.filterPushdown).toBe(true);
    }
  });
});
