/**
 * node apps/catalog/dist/migrate/import-legacy-purchases.js
 *   with NATS_URL and IDENTITY_MONGODB_URI set (the operator's one-off migration; ADR 0018).
 * Reads the identity service's user documents that still carry purchases and grants them in
 * the catalog's ledger through the catalog's own admin message (never the catalog database).
 */
import { NatsRpcClient } from '@examprep/nest-kit';
import mongoose from 'mongoose';
import { importLegacyPurchases, type LegacyUser } from './legacy-purchases';

async function main(): Promise<void> {
  const natsUrl = process.env.NATS_URL;
  const identityUri = process.env.IDENTITY_MONGODB_URI;
  if (!natsUrl || !identityUri) {
    throw new Error('Set NATS_URL and IDENTITY_MONGODB_URI (the identity service database).');
  }
  const rpc = new NatsRpcClient({ servers: natsUrl, name: 'legacy-purchases', timeoutMs: 10_000 });
  const identity = await mongoose
    .createConnection(identityUri, { serverSelectionTimeoutMS: 5_000 })
    .asPromise();
  await rpc.connect();
  try {
    const cursor = identity
      .collection<{ _id: string; purchases?: Record<string, unknown> }>('users')
      .find({}, { projection: { purchases: 1 } });
    async function* users(): AsyncIterable<LegacyUser> {
      for await (const doc of cursor) yield { uid: doc._id, purchases: doc.purchases };
    }
    const report = await importLegacyPurchases(rpc, users());
    process.stdout.write(`${JSON.stringify(report)}\n`);
  } finally {
    await identity.close();
    await rpc.close();
  }
}

main().catch((e: unknown) => {
  process.stderr.write(`Import failed: ${e instanceof Error ? e.message : String(e)}\n`);
  process.exit(1);
});
