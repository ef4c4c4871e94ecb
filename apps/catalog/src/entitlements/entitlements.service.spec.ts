import type { JetStreamBus } from '@examprep/nest-kit';
import type { EntitlementRecord } from './entitlement.schema';
import type { EntitlementsRepository, StoredHoldings } from './entitlements.repository';
import { EntitlementsService } from './entitlements.service';
import { UserDeletedConsumer, USER_DELETED_BY } from './user-deleted.consumer';

/** The repository's contract in memory (duplicate keys, the version guard, $max). */
class FakeRepository {
  entries = new Map<string, EntitlementRecord>();
  holdings = new Map<string, StoredHoldings>();

  async lastSeq(uid: string) {
    return Math.max(
      0,
      ...[...this.entries.values()].filter((e) => e.uid === uid).map((e) => e.seq),
    );
  }
  async insertEntry(entry: EntitlementRecord) {
    const seqTaken = [...this.entries.values()].some(
      (e) => e.uid === entry.uid && e.seq === entry.seq,
    );
    if (this.entries.has(entry._id) || seqTaken) return false;
    this.entries.set(entry._id, { ...entry });
    return true;
  }
  async entryExists(id: string) {
    return this.entries.has(id);
  }
  async entriesOf(uid: string) {
    return [...this.entries.values()].filter((e) => e.uid === uid).sort((a, b) => a.seq - b.seq);
  }
  private doc(uid: string) {
    let d = this.holdings.get(uid);
    if (!d) {
      d = { _id: uid, purchases: {}, version: 0, publishedVersion: 0, pendingSince: null };
      this.holdings.set(uid, d);
    }
    return d;
  }
  async markPending(uid: string, at: Date) {
    this.doc(uid).pendingSince = at;
  }
  async writeHoldings(
    uid: string,
    purchases: Record<string, boolean>,
    version: number,
    sameVersionToo = false,
  ) {
    const d = this.doc(uid);
    if (d.version < version || (sameVersionToo && d.version === version))
      Object.assign(d, { purchases, version });
  }
  async markPublished(uid: string, version: number) {
    const d = this.doc(uid);
    d.publishedVersion = Math.max(d.publishedVersion, version);
  }
  async purchasesOf(uid: string) {
    return this.holdings.get(uid)?.purchases;
  }
  async holdingsOf(uid: string) {
    const d = this.holdings.get(uid);
    return d ? { ...d } : null;
  }
  async pendingBefore(cutoff: Date, limit: number) {
    return [...this.holdings.values()]
      .filter((d) => d.pendingSince && d.pendingSince < cutoff)
      .slice(0, limit)
      .map((d) => ({ ...d }));
  }
  async clearPending(uid: string, pendingSince: Date) {
    const d = this.holdings.get(uid);
    if (d && d.pendingSince?.getTime() === pendingSince.getTime()) d.pendingSince = null;
  }
}

function setup() {
  const repo = new FakeRepository();
  const published: { subject: string; data: unknown; msgId: string }[] = [];
  let failPublish = false;
  const bus = {
    publish: jest.fn(async (subject: string, data: unknown, msgId: string) => {
      if (failPublish) throw new Error('nats down');
      published.push({ subject, data, msgId });
      return { seq: published.length, duplicate: false };
    }),
  };
  const sut = new EntitlementsService(
    repo as unknown as EntitlementsRepository,
    bus as unknown as JetStreamBus,
  );
  return {
    repo,
    published,
    sut,
    failPublish: (v: boolean) => {
      failPublish = v;
    },
  };
}

const admin = { source: 'admin' as const, by: 'admin@examprep.test', orderId: null };
const payment = (orderId: string) => ({ source: 'payment' as const, by: 'stripe', orderId });
const grant = (productId: string) => ({ productId, action: 'grant' as const });
const revoke = (productId: string) => ({ productId, action: 'revoke' as const });
const future = () => new Date(Date.now() + 60_000);

describe('EntitlementsService.apply', () => {
  it('records the entries, stores the fold and publishes it with a growing version', async () => {
    const { sut, repo, published } = setup();
    await expect(sut.apply('u1', [grant('teas_math_qbank')], admin)).resolves.toEqual({
      purchases: { teas_math_qbank: true },
      version: 1,
    });
    await expect(
      sut.apply('u1', [grant('med_dosage_qbank'), revoke('teas_math_qbank')], admin),
    ).resolves.toEqual({ purchases: { med_dosage_qbank: true }, version: 3 });
    expect(published).toEqual([
      {
        subject: 'events.user.purchasesChanged',
        data: {
          uid: 'u1',
          purchases: { teas_math_qbank: true },
          version: 1,
          at: expect.any(String),
        },
        msgId: 'u1:1',
      },
      {
        subject: 'events.user.purchasesChanged',
        data: {
          uid: 'u1',
          purchases: { med_dosage_qbank: true },
          version: 3,
          at: expect.any(String),
        },
        msgId: 'u1:3',
      },
    ]);
    expect(repo.holdings.get('u1')).toMatchObject({ version: 3, publishedVersion: 3 });
    const entries = await repo.entriesOf('u1');
    expect(entries.map((e) => [e.seq, e.productId, e.action, e.source, e.by, e.orderId])).toEqual([
      [1, 'teas_math_qbank', 'grant', 'admin', 'admin@examprep.test', null],
      [2, 'med_dosage_qbank', 'grant', 'admin', 'admin@examprep.test', null],
      [3, 'teas_math_qbank', 'revoke', 'admin', 'admin@examprep.test', null],
    ]);
  });

  it('grants a payment once however often it is recorded (key order:product:action)', async () => {
    const { sut, repo, published } = setup();
    for (let i = 0; i < 5; i++)
      await expect(
        sut.apply('u1', [grant('teas_math_qbank'), grant('med_dosage_qbank')], payment('ord_1')),
      ).resolves.toEqual({
        purchases: { med_dosage_qbank: true, teas_math_qbank: true },
        version: 2,
      });
    expect([...repo.entries.keys()].sort()).toEqual([
      'ord_1:med_dosage_qbank:grant',
      'ord_1:teas_math_qbank:grant',
    ]);
    // the same fact under the same message id: JetStream keeps one
    expect(new Set(published.map((p) => p.msgId))).toEqual(new Set(['u1:2']));
    // a refund of that order revokes once too
    for (let i = 0; i < 3; i++)
      await sut.apply('u1', [revoke('teas_math_qbank')], {
        source: 'refund',
        by: 'stripe',
        orderId: 'ord_1',
      });
    await expect(sut.purchasesOf('u1')).resolves.toEqual({ med_dosage_qbank: true });
    expect(repo.entries.size).toBe(3);
  });

  it('keeps users apart', async () => {
    const { sut } = setup();
    await sut.apply('u1', [grant('a')], admin);
    await sut.apply('u2', [grant('b')], admin);
    await expect(sut.purchasesOf('u1')).resolves.toEqual({ a: true });
    await expect(sut.purchasesOf('u2')).resolves.toEqual({ b: true });
    await expect(sut.holds('u2', 'a')).resolves.toBe(false);
    await expect(sut.purchasesOf('nobody')).resolves.toEqual({});
  });

  it('answers the current holdings for no changes, recording and publishing nothing', async () => {
    const { sut, repo, published } = setup();
    await sut.apply('u1', [grant('a')], admin);
    await expect(sut.apply('u1', [], admin)).resolves.toEqual({
      purchases: { a: true },
      version: 1,
    });
    await expect(sut.apply('u9', [], admin)).resolves.toEqual({ purchases: {}, version: 0 });
    expect(repo.entries.size).toBe(1);
    expect(published).toHaveLength(1);
  });

  it('refuses a malformed change and records nothing', async () => {
    const { sut, repo } = setup();
    await expect(sut.apply('u1', [grant('a.b')], admin)).rejects.toThrow(/productId/);
    await expect(sut.apply('', [grant('a')], admin)).rejects.toThrow(/uid/);
    expect(repo.entries.size).toBe(0);
    expect(repo.holdings.size).toBe(0);
  });

  it('resolves aliases when asked whether a user holds a product; inherited names are not held', async () => {
    const { sut } = setup();
    await sut.apply('u1', [grant('med_dosage_qbank')], admin);
    await expect(sut.holds('u1', 'med_dosage_simulations')).resolves.toBe(true);
    await expect(sut.holds('u1', 'teas_math_qbank_full')).resolves.toBe(false);
    await sut.apply('u1', [grant('teas_math_qbank')], admin);
    await expect(sut.holds('u1', 'teas_math_qbank_practice')).resolves.toBe(true);
    for (const name of ['toString', 'constructor', '__proto__'])
      await expect(sut.holds('u1', name)).resolves.toBe(false);
  });

  it('lists the history newest first in the EntitlementEntry shape', async () => {
    const { sut } = setup();
    await sut.apply('u1', [grant('a')], admin);
    await sut.apply('u1', [grant('b')], payment('ord_7'));
    expect(await sut.history('u1')).toEqual([
      {
        seq: 2,
        uid: 'u1',
        productId: 'b',
        action: 'grant',
        source: 'payment',
        by: 'stripe',
        at: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
        orderId: 'ord_7',
      },
      expect.objectContaining({ seq: 1, productId: 'a', source: 'admin', orderId: null }),
    ]);
  });
});

describe('EntitlementsService.relayPending (no lost fact)', () => {
  it('publishes a change whose publish failed, then unmarks it once settled', async () => {
    const { sut, repo, published, failPublish } = setup();
    failPublish(true);
    await expect(sut.apply('u1', [grant('a')], admin)).resolves.toEqual({
      purchases: { a: true },
      version: 1,
    });
    expect(repo.holdings.get('u1')).toMatchObject({ version: 1, publishedVersion: 0 });
    failPublish(false);
    // not settled yet: published, still marked
    await expect(sut.relayPending(future(), new Date(0))).resolves.toBe(1);
    expect(published.map((p) => p.msgId)).toEqual(['u1:1']);
    expect(repo.holdings.get('u1')?.pendingSince).not.toBeNull();
    // settled: nothing left to publish, unmarked
    await expect(sut.relayPending(future(), future())).resolves.toBe(0);
    expect(repo.holdings.get('u1')).toMatchObject({ publishedVersion: 1, pendingSince: null });
    expect(published).toHaveLength(1);
  });

  it('folds entries recorded before a crash that left the holdings unwritten', async () => {
    const { sut, repo, published } = setup();
    await sut.apply('u1', [grant('a')], admin);
    // a crash after the insert, before the fold was stored
    await repo.markPending('u1', new Date(Date.now() - 1));
    await repo.insertEntry({
      _id: 'ord_2:b:grant',
      uid: 'u1',
      seq: (await repo.lastSeq('u1')) + 1,
      productId: 'b',
      action: 'grant',
      source: 'payment',
      by: 'stripe',
      at: new Date(),
      orderId: 'ord_2',
    });
    await expect(sut.relayPending(future(), future())).resolves.toBe(1);
    await expect(sut.purchasesOf('u1')).resolves.toEqual({ a: true, b: true });
    expect(published.at(-1)).toMatchObject({
      msgId: 'u1:2',
      data: { purchases: { a: true, b: true }, version: 2 },
    });
    expect(repo.holdings.get('u1')?.pendingSince).toBeNull();
  });

  it('leaves holdings that are neither pending nor behind alone', async () => {
    const { sut, published } = setup();
    await sut.apply('u1', [grant('a')], admin);
    await sut.relayPending(future(), future());
    published.length = 0;
    await expect(sut.relayPending(future(), future())).resolves.toBe(0);
    expect(published).toEqual([]);
  });

  it('does not touch changes newer than the cutoff (still in flight)', async () => {
    const { sut, repo, failPublish } = setup();
    failPublish(true);
    await sut.apply('u1', [grant('a')], admin);
    failPublish(false);
    await expect(sut.relayPending(new Date(0), new Date(0))).resolves.toBe(0);
    expect(repo.holdings.get('u1')?.publishedVersion).toBe(0);
  });
});

describe('user deleted', () => {
  it('revokes everything the user holds and keeps the entries', async () => {
    const { sut, repo } = setup();
    await sut.apply('u1', [grant('a'), grant('b')], payment('ord_1'));
    const consumer = new UserDeletedConsumer({} as JetStreamBus, sut);
    await consumer.handle({ uid: 'u1', at: new Date().toISOString() });
    await consumer.handle({ uid: 'u1', at: new Date().toISOString() }); // redelivery
    await expect(sut.purchasesOf('u1')).resolves.toEqual({});
    const history = await sut.history('u1');
    expect(history).toHaveLength(4);
    expect(history.slice(0, 2)).toEqual([
      expect.objectContaining({ action: 'revoke', source: 'admin', by: USER_DELETED_BY }),
      expect.objectContaining({ action: 'revoke', source: 'admin', by: USER_DELETED_BY }),
    ]);
    expect(repo.holdings.get('u1')?.version).toBe(4);
  });
});

describe('two replicas writing one user at the same moment', () => {
  it('takes the next seq when another replica took it, and settles on the fold of all entries', async () => {
    const { repo, sut } = setup();
    // another replica records seq 1 right after this one read lastSeq (0)
    const lastSeq = repo.lastSeq.bind(repo);
    let raced = false;
    repo.lastSeq = async (uid: string) => {
      const seq = await lastSeq(uid);
      if (!raced) {
        raced = true;
        await repo.insertEntry({
          _id: 'other-replica',
          uid,
          seq: seq + 1,
          productId: 'b',
          action: 'grant',
          source: 'admin',
          by: 'admin@examprep.test',
          at: new Date(),
          orderId: null,
        });
      }
      return seq;
    };
    await expect(sut.apply('u1', [grant('a')], admin)).resolves.toEqual({
      purchases: { a: true, b: true },
      version: 2,
    });
    expect((await repo.entriesOf('u1')).map((e) => [e.seq, e.productId])).toEqual([
      [1, 'b'],
      [2, 'a'],
    ]);
  });

  it('writes again when a slower replica overwrote the holdings with an older fold', async () => {
    const { repo, sut } = setup();
    await sut.apply('u1', [grant('a'), grant('b')], admin);
    const write = repo.writeHoldings.bind(repo);
    let clobbered = false;
    repo.writeHoldings = async (uid, purchases, version, sameVersionToo) => {
      await write(uid, purchases, version, sameVersionToo);
      if (!clobbered) {
        clobbered = true;
        // the non-atomic conditional update of another replica lands after ours
        Object.assign(repo.holdings.get(uid)!, { purchases: { a: true }, version: 1 });
      }
    };
    await expect(sut.apply('u1', [revoke('a')], admin)).resolves.toEqual({
      purchases: { b: true },
      version: 3,
    });
    expect(repo.holdings.get('u1')).toMatchObject({ purchases: { b: true }, version: 3 });
  });
});

describe('a write the database dropped', () => {
  it('is written again when the stored fold has the right version but other products', async () => {
    const { repo, sut } = setup();
    await sut.apply('u1', [grant('a')], admin);
    const write = repo.writeHoldings.bind(repo);
    let dropped = false;
    repo.writeHoldings = async (uid, purchases, version, sameVersionToo) => {
      if (!dropped) {
        dropped = true;
        // FerretDB 1.24 kept the old map but took the new version
        repo.holdings.get(uid)!.version = version;
        return;
      }
      await write(uid, purchases, version, sameVersionToo);
    };
    await expect(sut.apply('u1', [revoke('a'), grant('b')], admin)).resolves.toEqual({
      purchases: { b: true },
      version: 3,
    });
    expect(repo.holdings.get('u1')).toMatchObject({ purchases: { b: true }, version: 3 });
  });
});

describe('the relay after a storm', () => {
  it('works through a backlog larger than one batch in one pass', async () => {
    const { sut, repo, published, failPublish } = setup();
    failPublish(true);
    for (let i = 0; i < 250; i++) await sut.apply(`u${i}`, [grant('a')], admin);
    failPublish(false);
    await expect(sut.relayPending(future(), future())).resolves.toBe(250);
    expect(new Set(published.map((p) => p.msgId)).size).toBe(250);
    expect([...repo.holdings.values()].every((d) => d.pendingSince === null)).toBe(true);
  });

  it('stops after a batch with users left marked (not settled yet) instead of going round', async () => {
    const { sut, repo } = setup();
    for (let i = 0; i < 150; i++) await sut.apply(`u${i}`, [grant('a')], admin);
    const pendingBefore = jest.spyOn(repo, 'pendingBefore');
    await sut.relayPending(future(), new Date(0));
    expect(pendingBefore).toHaveBeenCalledTimes(1);
  });
});
