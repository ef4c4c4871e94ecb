#!/usr/bin/env node
// Ledger bench: the time of one EntitlementsService.apply (one grant for a user) while the
// ledger grows with OTHER users' entries (ADR 0018). On FerretDB 1.x only `_id` equality is
// pushed down, so a design whose per-user reads query by uid gets slower with every entry in
// the database; a design that reads by id stays flat.
//
//   npx nx build catalog && node tools/bench/ledger-apply.mjs [--entries 5000] [--samples 30]
//     [--dist apps/catalog/dist] [--mongo mongodb://127.0.0.1:37017]
//
// Uses a scratch database `catalog_bench_<random>` (dropped after) on the test profile's
// FerretDB, the built catalog (`--dist`), and a bus that publishes nowhere (the cost measured is
// the database's). Other users' entries are recorded through the service itself, 5 per user.
import { randomUUID } from 'node:crypto';
import { createRequire } from 'node:module';
import * as path from 'node:path';
import { parseArgs } from 'node:util';

const { values: args } = parseArgs({
  options: {
    entries: { type: 'string', default: '5000' },
    samples: { type: 'string', default: '30' },
    dist: { type: 'string', default: 'apps/catalog/dist' },
    mongo: { type: 'string', default: 'mongodb://127.0.0.1:37017' },
    steps: { type: 'string', default: '0,1000,2500,5000' },
  },
});
const require = createRequire(import.meta.url);
require('reflect-metadata');
const dist = path.resolve(args.dist);
const { Test } = require('@nestjs/testing');
const { MongooseModule, getConnectionToken } = require('@nestjs/mongoose');
const { MongoModule, JetStreamBus } = require('@examprep/nest-kit');
const schema = require(path.join(dist, 'entitlements/entitlement.schema.js'));
const { EntitlementsRepository } = require(
  path.join(dist, 'entitlements/entitlements.repository.js'),
);
const { EntitlementsService } = require(path.join(dist, 'entitlements/entitlements.service.js'));

// every `<Name>Schema` export with its `<Name>Record` class is a model of the ledger
const features = Object.keys(schema)
  .filter((k) => k.endsWith('Schema') && schema[k.replace(/Schema$/, 'Record')])
  .map((k) => ({ name: schema[k.replace(/Schema$/, 'Record')].name, schema: schema[k] }));

const db = `catalog_bench_${randomUUID().slice(0, 8)}`;
const bus = { publish: async () => ({ seq: 0, duplicate: false }) };
const moduleRef = await Test.createTestingModule({
  imports: [MongoModule.forRoot(`${args.mongo}/${db}`), MongooseModule.forFeature(features)],
  providers: [
    EntitlementsRepository,
    EntitlementsService,
    { provide: JetStreamBus, useValue: bus },
  ],
}).compile();
const app = await moduleRef.init();
const ledger = app.get(EntitlementsService);
const connection = app.get(getConnectionToken());
const admin = { source: 'admin', by: 'bench@examprep.test', orderId: null };
const PRODUCTS = [
  'teas_math_qbank',
  'teas_math_workbook',
  'med_dosage_qbank',
  'med_dosage_workbook',
  'premium_3d_assets',
];

let recorded = 0;
async function growTo(total) {
  const users = [];
  while (recorded < total) {
    users.push(`bench-other-${recorded / 5}`);
    recorded += 5;
  }
  // 4 at a time, 5 entries per user (one apply each)
  for (let i = 0; i < users.length; i += 4)
    await Promise.all(
      users.slice(i, i + 4).map((uid) =>
        ledger.apply(
          uid,
          PRODUCTS.map((productId) => ({ productId, action: 'grant' })),
          admin,
        ),
      ),
    );
}

async function sample(n) {
  const ms = [];
  for (let i = 0; i < n; i++) {
    const uid = `bench-user-${randomUUID()}`;
    await ledger.apply(uid, [{ productId: 'teas_math_qbank', action: 'grant' }], admin);
    const t = performance.now();
    await ledger.apply(uid, [{ productId: 'med_dosage_qbank', action: 'grant' }], {
      source: 'payment',
      by: 'stripe',
      orderId: `ord_${randomUUID()}`,
    });
    ms.push(performance.now() - t);
  }
  ms.sort((a, b) => a - b);
  const at = (q) => ms[Math.min(ms.length - 1, Math.floor(q * ms.length))];
  return { median: at(0.5), p95: at(0.95), mean: ms.reduce((a, b) => a + b, 0) / ms.length };
}

try {
  const steps = args.steps
    .split(',')
    .map(Number)
    .filter((s) => s <= Number(args.entries));
  console.log(`ledger bench, dist ${path.relative(process.cwd(), dist)}, db ${db}`);
  for (const step of steps) {
    await growTo(step);
    const r = await sample(Number(args.samples));
    console.log(
      `other users' entries ${String(recorded).padStart(5)}: apply median ${r.median.toFixed(1)} ms, p95 ${r.p95.toFixed(1)} ms, mean ${r.mean.toFixed(1)} ms`,
    );
  }
} finally {
  await connection.dropDatabase();
  await app.close();
}
