#!/usr/bin/env node
// Demo data for a fresh system: writes each service's seed into ITS OWN database, only when
// that database is empty (so re-running `npm start` never duplicates or overwrites anything);
// the catalogue (products, demo coupons) is upserted by id instead: it is data the seed owns.
// Media (tools/seed/media/seed-media.cjs): workbooks, their videos, downloads and a few question
// images in the local S3 server when its bucket is empty, and the workbook manifests.
//
//   node tools/seed/seed.cjs [--profile dev|test|fault] [--no-media]
//   node tools/seed/seed.cjs --from-env [--no-media]
//   (--no-media: without the S3 server, e.g. a cluster's MongoDB reached by port-forward only;
//   --from-env: the servers named by the apps' own variables instead of a local profile, as in
//   the one-shot `seed` service of docker-compose.yml)
'use strict';

const { MongoClient } = require('mongodb');
const { infraModel } = require('../infra/environment.cjs');
const { envTarget } = require('../media/s3.cjs');
const { seedMedia } = require('./media/seed-media.cjs');

/** The databases the seed writes, each under its service's own <SERVICE>_MONGODB_URI. */
const SEEDED_DATABASES = Object.freeze(['announcements', 'identity', 'qbank', 'catalog']);
/** What the media step reads with --from-env: the media service's own names (envTarget). */
const MEDIA_NAMES = Object.freeze([
  'MEDIA_MONGODB_URI',
  'S3_ENDPOINT',
  'S3_REGION',
  'S3_ACCESS_KEY',
  'S3_SECRET_KEY',
  'S3_MEDIA_BUCKET',
  'S3_WORKBOOKS_BUCKET',
  'S3_ADDRESSING',
]);

/** The variables --from-env reads (docker-compose.yml's seed service sets exactly these). */
function fromEnvNames({ media = true } = {}) {
  return [
    ...SEEDED_DATABASES.map((db) => `${db.toUpperCase()}_MONGODB_URI`),
    ...(media ? MEDIA_NAMES : []),
  ];
}

/**
 * --from-env: the servers as the apps' variables name them, in place of a profile's model. The
 * media step writes the qbank database too (question images), so in containers these URIs carry
 * a user that may write every seeded database (compose: MongoDB's root user).
 */
function fromEnv(env = process.env, { media = true } = {}) {
  const missing = fromEnvNames({ media }).filter((name) => !env[name]);
  if (missing.length > 0) throw new Error(`--from-env: ${missing.join(', ')} not set`);
  return {
    profile: null,
    mongoUrl: (db) => env[`${db.toUpperCase()}_MONGODB_URI`],
    mediaTarget: media ? envTarget(env) : null,
  };
}

const ANNOUNCEMENTS = [
  {
    content:
      'Welcome! Start with the free Infinite QBank to warm up, then take a TEAS Math or Med Dosage practice test when you are ready.',
    date: '2026-11-01',
    order: 0,
    isVisible: true,
    linkText: '',
    linkUrl: '',
  },
  {
    content:
      'New: 60+ medication-dosage questions with step-by-step dimensional-analysis explanations.',
    date: '2026-11-15',
    order: 0,
    isVisible: true,
    linkText: 'Go to dashboard',
    linkUrl: '/dashboard?tab=math',
  },
  {
    content: 'Draft: holiday tutoring schedule (hidden until published).',
    date: '2026-11-20',
    order: 1,
    isVisible: false,
    linkText: '',
    linkUrl: '',
  },
];

async function seedAnnouncements(u) {
  const client = new MongoClient(u.mongoUrl('announcements'), { serverSelectionTimeoutMS: 5_000 });
  try {
    await client.connect();
    const col = client.db().collection('announcements');
    if ((await col.countDocuments({}, { limit: 1 })) > 0) return 'kept existing data';
    const now = new Date();
    await col.insertMany(ANNOUNCEMENTS.map((a) => ({ ...a, createdAt: now, updatedAt: now })));
    return `${ANNOUNCEMENTS.length} announcements`;
  } finally {
    await client.close();
  }
}

async function seedIdentitySettings(u) {
  const client = new MongoClient(u.mongoUrl('identity'), { serverSelectionTimeoutMS: 5_000 });
  try {
    await client.connect();
    const col = client.db().collection('settings');
    if (await col.findOne({ _id: 'signup' })) return 'kept existing settings';
    const now = new Date();
    await col.insertOne({ _id: 'signup', allowSignup: true, createdAt: now, updatedAt: now });
    return 'sign-up open';
  } finally {
    await client.close();
  }
}

/** Question bank: the course catalogue and the seeded question sets (issue #4). */
async function seedQbank(u) {
  const { seedCourses, seedQuestions } = require('./qbank-content.cjs');
  const client = new MongoClient(u.mongoUrl('qbank'), { serverSelectionTimeoutMS: 5_000 });
  try {
    await client.connect();
    const db = client.db();
    const out = [];
    const now = new Date();
    if ((await db.collection('courses').countDocuments({}, { limit: 1 })) === 0) {
      const courses = seedCourses();
      await db
        .collection('courses')
        .insertMany(courses.map((c) => ({ ...c, createdAt: now, updatedAt: now })));
      out.push(`${courses.length} courses`);
    } else out.push('kept existing courses');
    if ((await db.collection('questions').countDocuments({}, { limit: 1 })) === 0) {
      const questions = seedQuestions();
      await db
        .collection('questions')
        .insertMany(questions.map((q) => ({ ...q, createdAt: now, updatedAt: now })));
      out.push(`${questions.length} questions`);
    } else out.push('kept existing questions');
    return out.join(', ');
  } finally {
    await client.close();
  }
}

/**
 * Catalog (issue #11): the products and the demo coupons. Upserted by id, so running the seed
 * again brings a system's catalogue up to date (products change only here) without touching
 * anything else of the catalog database (orders, the entitlement ledger).
 */
async function seedCatalog(u) {
  const { PRODUCTS, COUPONS } = require('./catalog-content.cjs');
  const client = new MongoClient(u.mongoUrl('catalog'), { serverSelectionTimeoutMS: 5_000 });
  try {
    await client.connect();
    const db = client.db();
    const now = new Date();
    const upsert = (col, _id, fields) =>
      db
        .collection(col)
        .updateOne(
          { _id },
          { $set: { ...fields, updatedAt: now }, $setOnInsert: { createdAt: now } },
          { upsert: true },
        );
    for (const { id, ...fields } of PRODUCTS) await upsert('products', id, fields);
    for (const { _id, ...fields } of COUPONS) await upsert('coupons', _id, fields);
    return `${PRODUCTS.length} products, ${COUPONS.length} coupons`;
  } finally {
    await client.close();
  }
}

async function main() {
  const i = process.argv.indexOf('--profile');
  const profile = i > 0 ? process.argv[i + 1] : 'dev';
  const media = !process.argv.includes('--no-media');
  const u = process.argv.includes('--from-env')
    ? fromEnv(process.env, { media })
    : infraModel(profile);
  console.log(`[seed] announcements: ${await seedAnnouncements(u)}`);
  console.log(`[seed] identity: ${await seedIdentitySettings(u)}`);
  console.log(`[seed] qbank: ${await seedQbank(u)}`);
  console.log(`[seed] catalog: ${await seedCatalog(u)}`);
  if (!media) console.log('[seed] media: skipped (--no-media)');
  else console.log(`[seed] media: ${await seedMedia(u)}`);
}

module.exports = { SEEDED_DATABASES, fromEnvNames, fromEnv };

if (require.main === module) {
  main().catch((e) => {
    console.error(`[seed] failed: ${e.message}`);
    process.exit(1);
  });
}
