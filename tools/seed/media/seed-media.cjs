// The seed's media step (issue 13): real files in the local S3 server and the workbook manifests
// in the media service's database.
//   - Workbooks: when the workbooks bucket has no `Workbooks/` object (a fresh bucket), both
//     workbook PDFs (tools/seed/workbooks) and their solution videos (./videos.cjs) are built
//     and uploaded, and the manifests (chapters with their videos) written to media.workbooks.
//     Otherwise the objects are left alone; a manifest missing beside existing objects is
//     rebuilt with the stored PDF's page count.
//   - Downloads: each `Downloads/` file that is missing is uploaded (never overwritten).
//   - Question media: a diagram for 3 TEAS Math sample questions, uploaded when missing, and
//     the question's media.questionImage set when it is empty.
// Idempotent: a second run changes nothing. Replacing a file later: tools/media/replace-asset.cjs.
'use strict';

const crypto = require('node:crypto');
const fs = require('node:fs');
const path = require('node:path');
const { MongoClient } = require('mongodb');
const { localTarget, s3Store } = require('../../media/s3.cjs');
const { cacheDir, REPO_ROOT } = require('../../infra/environment.cjs');

const TYPES = {
  pdf: 'application/pdf',
  mp4: 'video/mp4',
  zip: 'application/zip',
  png: 'image/png',
};
const typeOf = (key) => TYPES[key.split('.').pop()] || 'application/octet-stream';

async function pageCountOf(bytes) {
  const { PDFDocument } = require('pdf-lib');
  return (await PDFDocument.load(bytes, { updateMetadata: false })).getPageCount();
}

/** Builds both workbooks with their videos: [{ manifest, files: [{key, body}] }]. */
async function buildWorkbooks(log, { withFiles = true } = {}) {
  const { buildWorkbook, WORKBOOKS } = require('../workbooks/build-workbook.cjs');
  const { videoPlan, attachVideos } = require('./videos.cjs');
  const plan = videoPlan();
  const out = [];
  for (const spec of Object.values(WORKBOOKS)) {
    const t0 = Date.now();
    const { pdf, manifest } = await buildWorkbook(spec);
    const files = [{ key: spec.pdfPath, body: Buffer.from(pdf) }];
    const videos = plan.filter((v) => v.productId === spec.productId);
    if (withFiles) {
      for (const v of videos) files.push({ key: v.path, body: await v.render() });
    }
    const chapters = attachVideos(manifest.chapters, spec.productId, plan);
    log(
      `${spec.title}: ${manifest.pageCount} pages, ${manifest.questionCount} questions, ` +
        `${videos.length} videos (${Date.now() - t0} ms)`,
    );
    out.push({ manifest: { ...manifest, chapters }, files });
  }
  return out;
}

/** Every file under dir (sorted), for the cache key. */
function filesUnder(dir) {
  if (!fs.existsSync(dir)) return [];
  return fs
    .readdirSync(dir, { withFileTypes: true })
    .sort((a, b) => a.name.localeCompare(b.name))
    .flatMap((e) => {
      const p = path.join(dir, e.name);
      if (e.isDirectory()) return filesUnder(p);
      return /\.(c?js|ts|json)$/.test(e.name) ? [p] : [];
    });
}

/**
 * What the workbook files are made from: the builders' code, the generators' source and the
 * versions of the packages that draw and encode. Same inputs, same key, same files.
 */
function contentKey() {
  const h = crypto.createHash('sha256');
  const sources = [
    ...filesUnder(__dirname).filter((f) => f.endsWith('.cjs')),
    ...filesUnder(path.join(__dirname, '..', 'workbooks')),
    ...filesUnder(path.join(REPO_ROOT, 'libs', 'generators', 'src')),
  ];
  for (const f of sources) h.update(path.relative(REPO_ROOT, f)).update(fs.readFileSync(f));
  for (const pkg of [
    'pdf-lib',
    '@pdf-lib/fontkit',
    'h264-mp4-encoder',
    '@napi-rs/canvas',
    'dejavu-fonts-ttf',
  ]) {
    h.update(`${pkg}@${require(`${pkg}/package.json`).version}`);
  }
  return h.digest('hex').slice(0, 24);
}

/**
 * buildWorkbooks through the cache dir (~/.cache/examprep/seed-media/{content key}): a system
 * reset and seeded again copies the files instead of drawing and encoding them again.
 */
async function cachedWorkbooks(log) {
  const root = path.join(cacheDir(), 'seed-media');
  const dir = path.join(root, contentKey());
  const indexFile = path.join(dir, 'index.json');
  try {
    const index = JSON.parse(fs.readFileSync(indexFile, 'utf8'));
    const built = index.map(({ manifest, files }) => ({
      manifest,
      files: files.map((key) => ({ key, body: fs.readFileSync(path.join(dir, key)) })),
    }));
    log(`workbook files from the cache ${dir}`);
    return built;
  } catch {
    // not cached yet (or incomplete): build
  }
  const built = await buildWorkbooks(log);
  // written beside the cache root first, then moved in whole: a half-written key is never read
  const tmp = path.join(path.dirname(root), `seed-media.tmp-${process.pid}`);
  try {
    for (const { files } of built) {
      for (const f of files) {
        fs.mkdirSync(path.dirname(path.join(tmp, f.key)), { recursive: true });
        fs.writeFileSync(path.join(tmp, f.key), f.body);
      }
    }
    const index = built.map((b) => ({ manifest: b.manifest, files: b.files.map((f) => f.key) }));
    fs.writeFileSync(path.join(tmp, 'index.json'), JSON.stringify(index));
    fs.rmSync(root, { recursive: true, force: true }); // older keys are of no use
    fs.mkdirSync(root, { recursive: true });
    fs.renameSync(tmp, dir);
  } catch (e) {
    fs.rmSync(tmp, { recursive: true, force: true });
    log(`could not cache the workbook files (${e.message}); carrying on`);
  }
  return built;
}

async function upsertManifest(col, manifest, now = new Date()) {
  await col.replaceOne(
    { _id: manifest.productId },
    { ...manifest, _id: manifest.productId, updatedAt: now.toISOString() },
    { upsert: true },
  );
}

/** Question diagrams for the seeded TEAS Math sample questions. */
function sampleDiagrams() {
  const { seedQuestions } = require('../qbank-content.cjs');
  const { questionDiagrams } = require('./images.cjs');
  const sample = seedQuestions().filter((q) => q.course === 'TEAS Math Sample QBank');
  return questionDiagrams(sample, 3);
}

/**
 * The media step. `u`: the profile's infraModel (tools/infra/environment.cjs), or the seed's
 * --from-env servers, which bring their own `mediaTarget`. Returns a one-line summary.
 * log(line) prints progress.
 */
async function seedMedia(u, log = (line) => console.log(`[seed] media: ${line}`)) {
  const target = u.mediaTarget ?? localTarget(u.profile);
  const s3 = s3Store(target);
  const mongo = new MongoClient(target.mongoUri, { serverSelectionTimeoutMS: 5_000 });
  const summary = [];
  try {
    for (const b of Object.values(target.buckets)) {
      if (!(await s3.bucketExists(b))) {
        throw new Error(
          `bucket ${b} is missing at ${target.endpoint} (start the local servers first)`,
        );
      }
    }
    await mongo.connect();
    const manifests = mongo.db().collection('workbooks');
    const WB = target.buckets.workbooks;

    if (!(await s3.hasAny(WB, 'Workbooks/'))) {
      log('no workbooks in the bucket: building the workbook PDFs and their videos');
      const t0 = Date.now();
      const built = await cachedWorkbooks(log);
      let bytes = 0;
      for (const { manifest, files } of built) {
        for (const f of files) {
          await s3.put(WB, f.key, f.body, typeOf(f.key));
          bytes += f.body.length;
        }
        await upsertManifest(manifests, manifest);
      }
      const count = built.reduce((n, b) => n + b.files.length, 0);
      summary.push(
        `${count} workbook files (${(bytes / 1e6).toFixed(1)} MB, ${Date.now() - t0} ms)`,
      );
    } else {
      const { WORKBOOKS } = require('../workbooks/build-workbook.cjs');
      const missing = [];
      for (const id of Object.keys(WORKBOOKS)) {
        if (!(await manifests.findOne({ _id: id }, { projection: { _id: 1 } }))) missing.push(id);
      }
      if (missing.length) {
        log(`workbook files kept; rebuilding missing manifests: ${missing.join(', ')}`);
        const built = await buildWorkbooks(log, { withFiles: false });
        for (const { manifest } of built.filter((b) => missing.includes(b.manifest.productId))) {
          const stored = await s3.head(WB, manifest.pdfPath);
          if (stored) manifest.pageCount = await pageCountOf(await s3.get(WB, manifest.pdfPath));
          await upsertManifest(manifests, manifest);
        }
        summary.push(`kept workbook files, ${missing.length} manifests written`);
      } else summary.push('kept existing workbooks');
    }

    const { buildDownloads } = require('./assets.cjs');
    let uploaded = 0;
    for (const d of await buildDownloads()) {
      if (await s3.head(WB, d.path)) continue;
      await s3.put(WB, d.path, d.body, d.contentType);
      uploaded++;
    }
    summary.push(uploaded ? `${uploaded} downloads` : 'kept existing downloads');

    const qbank = mongo.db('qbank').collection('questions');
    let images = 0;
    let linked = 0;
    for (const d of sampleDiagrams()) {
      if (!(await s3.head(target.buckets.media, d.path))) {
        await s3.put(target.buckets.media, d.path, d.body, 'image/png');
        images++;
      }
      const r = await qbank.updateOne(
        { _id: d.qid, 'media.questionImage': null },
        { $set: { 'media.questionImage': d.path } },
      );
      linked += r.modifiedCount;
    }
    summary.push(`${images} question images, ${linked} questions linked`);
    return summary.join(', ');
  } finally {
    s3.destroy();
    await mongo.close();
  }
}

module.exports = { seedMedia, buildWorkbooks, cachedWorkbooks, contentKey, sampleDiagrams };
