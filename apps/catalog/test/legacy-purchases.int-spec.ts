import { Subjects } from '@examprep/contracts';
import { NatsRpcClient } from '@examprep/nest-kit';
import { findRepoRoot, infraConfig } from '@examprep/test-kit';
import { execFileSync } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import * as path from 'node:path';
import { MongoClient } from 'mongodb';
import { MIGRATION_ACTOR } from '../src/migrate/legacy-purchases';

// The operator's one-off import (ADR 0018) against the real identity database, NATS and the
// running catalog: purchases written on user documents before the ledger become ledger grants.
const cfg = infraConfig('test');
const rpc = new NatsRpcClient({ servers: cfg.natsUrl, name: 'legacy-it', timeoutMs: 10_000 });
const identity = new MongoClient(cfg.mongoUrl('identity'));
/** The identity service's user document as an old deployment wrote it. */
interface LegacyUserDoc {
  _id: string;
  email: string;
  purchases: Record<string, unknown>;
  defaultDashboard: string;
}
const uid = randomUUID();
const script = path.join(findRepoRoot(), 'apps/catalog/dist/migrate/import-legacy-purchases.js');
const runImport = () =>
  JSON.parse(
    execFileSync(process.execPath, [script], {
      env: {
        ...process.env,
        NATS_URL: cfg.natsUrl,
        IDENTITY_MONGODB_URI: cfg.mongoUrl('identity'),
      },
      encoding: 'utf8',
    }),
  ) as { users: number; granted: number; skipped: string[] };

beforeAll(async () => {
  await rpc.connect();
  await identity.connect();
  await identity
    .db()
    .collection<LegacyUserDoc>('users')
    .insertOne({
      _id: uid,
      email: `legacy-${uid}@examprep.test`,
      purchases: { teas_math_workbook: 'true', med_dosage_qbank: 1, teas_math_sample_qbank: true },
      defaultDashboard: 'math',
    });
});

afterAll(async () => {
  await identity.db().collection<LegacyUserDoc>('users').deleteOne({ _id: uid });
  await identity.close();
  await rpc.close();
});

it('grants legacy purchases once, as the migration admin, and a second run adds nothing', async () => {
  const first = runImport();
  expect(first.granted).toBeGreaterThanOrEqual(2);
  expect(first.skipped).toContain(`${uid}:teas_math_sample_qbank`);
  const after = await rpc.request(Subjects.catalog.userPurchases, { actor: MIGRATION_ACTOR, uid });
  expect(after.purchases).toEqual({ teas_math_workbook: true, med_dosage_qbank: true });
  expect(after.history.map((e) => [e.productId, e.action, e.source, e.by]).sort()).toEqual([
    ['med_dosage_qbank', 'grant', 'admin', MIGRATION_ACTOR.email],
    ['teas_math_workbook', 'grant', 'admin', MIGRATION_ACTOR.email],
  ]);
  const access = await rpc.request(Subjects.catalog.checkAccess, {
    actor: { uid, email: `legacy-${uid}@examprep.test`, isAdmin: false, emailVerified: true },
    productId: 'med_dosage_simulations',
  });
  expect(access).toEqual({ authorized: true });

  runImport();
  const again = await rpc.request(Subjects.catalog.userPurchases, { actor: MIGRATION_ACTOR, uid });
  expect(again.history).toHaveLength(2);
});
