#!/usr/bin/env node
// Checks that the seeded workbook videos play in Chromium (Debian's /usr/bin/chromium, driven
// by playwright-core): for each video of the manifests, a presigned GET of the local S3 server in
// a <video> element: metadata loads, the duration is > 0, seeking to the middle lands there, and
// a screenshot of that frame is written for a person to look at.
//
//   node tools/seed/media/check-videos.cjs [--profile dev|test] [--out <dir>]
/* global document -- page.evaluate runs in the browser */
'use strict';

const fs = require('node:fs');
const path = require('node:path');
const os = require('node:os');
const { MongoClient } = require('mongodb');
const { localTarget, loadSdk } = require('../../media/s3.cjs');

function arg(name, fallback) {
  const i = process.argv.indexOf(name);
  return i > 0 ? process.argv[i + 1] : fallback;
}

async function main() {
  const profile = arg('--profile', 'dev');
  const out = arg('--out', path.join(os.tmpdir(), 'examprep-video-check'));
  fs.mkdirSync(out, { recursive: true });
  const t = localTarget(profile);
  const sdk = loadSdk();
  const { getSignedUrl } = require('@aws-sdk/s3-request-presigner');
  const s3 = new sdk.S3Client({
    endpoint: t.endpoint,
    region: t.region,
    forcePathStyle: true,
    credentials: { accessKeyId: t.accessKey, secretAccessKey: t.secretKey },
  });
  const mongo = await MongoClient.connect(t.mongoUri, { serverSelectionTimeoutMS: 5_000 });
  const videos = [];
  for (const m of await mongo.db().collection('workbooks').find().toArray()) {
    for (const c of m.chapters) for (const v of c.videos) videos.push(v.path);
  }
  await mongo.close();
  const { chromium } = require('playwright-core');
  const browser = await chromium.launch({
    executablePath: '/usr/bin/chromium',
    args: ['--no-sandbox'],
  });
  const page = await browser.newPage({ viewport: { width: 1000, height: 600 } });
  let failed = 0;
  for (const key of videos) {
    const url = await getSignedUrl(
      s3,
      new sdk.GetObjectCommand({ Bucket: t.buckets.workbooks, Key: key }),
      {
        expiresIn: 600,
      },
    );
    await page.setContent(
      '<html><body style="margin:0"><video id="v" muted preload="auto"></video></body></html>',
    );
    try {
      const r = await page.evaluate(async (src) => {
        const v = document.getElementById('v');
        const wait = (ev) =>
          new Promise((res, rej) => {
            v.addEventListener(ev, res, { once: true });
            v.addEventListener(
              'error',
              () => rej(new Error(`media error ${v.error?.code} ${v.error?.message}`)),
              { once: true },
            );
          });
        const meta = wait('loadedmetadata');
        v.src = src;
        await meta;
        const duration = v.duration;
        const seeked = wait('seeked');
        v.currentTime = duration / 2;
        await seeked;
        return { duration, at: v.currentTime, width: v.videoWidth, height: v.videoHeight };
      }, url);
      const shot = path.join(
        out,
        `${key
          .split('/')
          .slice(-3)
          .join('_')
          .replace(/\.mp4$/, '')}.png`,
      );
      await page.locator('#v').screenshot({ path: shot });
      const ok = r.duration > 0 && Math.abs(r.at - r.duration / 2) < 0.5;
      if (!ok) failed++;
      console.log(
        `${ok ? 'ok  ' : 'FAIL'} ${key}: ${r.duration}s, seeked to ${r.at}s, ${r.width}x${r.height}, frame ${shot}`,
      );
    } catch (e) {
      failed++;
      console.log(`FAIL ${key}: ${e.message}`);
    }
  }
  await browser.close();
  s3.destroy();
  if (!videos.length) throw new Error('no workbook videos in the manifests (run the seed first)');
  if (failed) process.exit(1);
}

main().catch((e) => {
  console.error(`check-videos: ${e.message}`);
  process.exit(1);
});
