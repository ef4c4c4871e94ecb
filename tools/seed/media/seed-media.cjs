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

const { MongoClient } = require('mongodb');
const { localTarget, s3Store } = require('../../media/s3.cjs');

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
 * The media step. `u`: tools/system/env.cjs urls(profile). Returns a one-line summary.
 * log(line) prints progress.
 */
async function seedMedia(u, log = (line) => console.log(`[seed] media: ${line}`)) {
  const target = localTarget(u.profile.name);
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
      const built = await buildWorkbooks(log);
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

module.exports = { seedMedia, buildWorkbooks, sampleDiagrams };
