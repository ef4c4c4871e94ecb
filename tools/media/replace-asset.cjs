#!/usr/bin/env node
// Operator command: replaces a workbook PDF, a workbook video or a download in the bucket with
// a local file (learner spec §1-§2 content; ADR 0020). The object path must be one of the
// system's paths (libs/contracts types/media.ts parseMediaPath: the same rules the media service
// applies) and the file's content must be of the path's type (PDF `%PDF-`, MP4 `ftyp` with a
// video brand, ZIP `PK\3\4`, PNG, JPEG): a renamed file is refused before anything is sent.
//
//   npm run media:replace -- <object path> <local file> --profile dev|test
//   npm run media:replace -- <object path> <local file> --endpoint <url> --bucket <name>
//        [--region <r>] [--virtual-host]           (keys: AWS_ACCESS_KEY_ID, AWS_SECRET_ACCESS_KEY)
//   options: --allow-new (the object need not exist yet), --dry-run (check only), --help
//
// With --profile the workbook manifest in the media database is updated too: updatedAt, and
// the page count of a replaced workbook PDF or the length of a replaced video. The media
// service keys stamped copies by the workbook's ETag, so buyers get the new edition stamped.
'use strict';

const fs = require('node:fs');

const USAGE = `Replaces a workbook PDF, a workbook video or a download in the bucket with a local file.

Usage:
  npm run media:replace -- <object path> <local file> --profile dev|test
  npm run media:replace -- <object path> <local file> --endpoint <url> --bucket <name> [--region <region>] [--virtual-host]

Object paths:
  Workbooks/<Name>.pdf                      a workbook PDF (e.g. Workbooks/TEAS-Math-Workbook.pdf)
  Workbooks/<Name>/videos/<name>.mp4        a workbook video
  Downloads/<name>.(zip|pdf|png|jpg)        a download (e.g. Downloads/free-3d-assets.zip)

Options:
  --profile dev|test   the local S3 server and media database of that profile; the workbook
                       manifest's updatedAt (and pageCount or the video's seconds) is updated
  --endpoint <url>     any S3 endpoint (with --bucket; keys from AWS_ACCESS_KEY_ID and
                       AWS_SECRET_ACCESS_KEY; region from --region or AWS_REGION, else us-east-1)
  --bucket <name>      the bucket holding Workbooks/ and Downloads/ (with --endpoint)
  --virtual-host       virtual-hosted addressing (default: path style)
  --allow-new          the object need not exist yet (default: only replace an existing one)
  --dry-run            check the path and the file, send nothing
  --help               this text

The file's type is checked on its content, not its name: PDF, MP4 (H.264 video), ZIP, PNG, JPEG.
Question images and videos are changed in the question editor, not here.`;

/** Largest file accepted: 500 MiB (workbooks and videos are far smaller). */
const MAX_BYTES = 500 * 1024 * 1024;

function contracts() {
  try {
    return require('@examprep/contracts/types');
  } catch {
    throw new Error('libs/contracts is not built: run `npx nx build contracts` first');
  }
}

/**
 * The command line → { options } or { error } (a sentence) or { help: true }.
 * env supplies the S3 keys for --endpoint.
 */
function parseArgs(argv, env = process.env) {
  const positional = [];
  const o = { allowNew: false, dryRun: false, pathStyle: true };
  const valued = new Set(['--profile', '--endpoint', '--bucket', '--region']);
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i];
    if (a === '--help' || a === '-h') return { help: true };
    if (valued.has(a)) {
      const v = argv[i + 1];
      if (v === undefined || v.startsWith('--')) return { error: `${a} needs a value.` };
      o[a.slice(2)] = v;
      i++;
    } else if (a === '--allow-new') o.allowNew = true;
    else if (a === '--dry-run') o.dryRun = true;
    else if (a === '--virtual-host') o.pathStyle = false;
    else if (a.startsWith('--')) return { error: `Unknown option ${a} (see --help).` };
    else positional.push(a);
  }
  if (positional.length !== 2) {
    return { error: 'Name the object path and the local file (see --help).' };
  }
  [o.objectPath, o.file] = positional;
  const problem = assetPathProblem(o.objectPath);
  if (problem) return { error: problem };
  if (o.profile !== undefined && o.endpoint !== undefined) {
    return { error: 'Use either --profile or --endpoint, not both.' };
  }
  if (o.profile !== undefined) {
    if (o.profile !== 'dev' && o.profile !== 'test') {
      return { error: '--profile must be dev or test.' };
    }
    if (o.bucket !== undefined)
      return { error: '--bucket goes with --endpoint (a profile knows its bucket).' };
  } else if (o.endpoint !== undefined) {
    let url;
    try {
      url = new URL(o.endpoint);
    } catch {
      return { error: '--endpoint must be a URL such as https://s3.example.com.' };
    }
    if (url.protocol !== 'http:' && url.protocol !== 'https:') {
      return { error: '--endpoint must be an http or https URL.' };
    }
    if (!o.bucket) return { error: '--endpoint needs --bucket.' };
    if (!/^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/.test(o.bucket)) {
      return {
        error: '--bucket must be an S3 bucket name (3-63 lowercase letters, digits, dots, dashes).',
      };
    }
    o.accessKey = env.AWS_ACCESS_KEY_ID;
    o.secretKey = env.AWS_SECRET_ACCESS_KEY;
    if (!o.accessKey || !o.secretKey) {
      return { error: 'Set AWS_ACCESS_KEY_ID and AWS_SECRET_ACCESS_KEY for --endpoint.' };
    }
    o.region = o.region || env.AWS_REGION || 'us-east-1';
  } else {
    return { error: 'Name the target: --profile dev|test, or --endpoint <url> --bucket <name>.' };
  }
  return { options: o };
}

/** Why an object path may not be replaced here; null = a workbook PDF, video or download. */
function assetPathProblem(objectPath) {
  const { mediaPathProblem, parseMediaPath } = contracts();
  const problem = mediaPathProblem(objectPath);
  if (problem) return problem.replace(/^The path field/, 'The object path');
  const parsed = parseMediaPath(objectPath);
  if (parsed.kind === 'question') {
    return 'Question images and videos are changed in the question editor, not with this command.';
  }
  return null;
}

/** The type a path's file must have, by its extension. */
function expectedType(objectPath) {
  const ext = objectPath.split('.').pop();
  return {
    pdf: 'application/pdf',
    mp4: 'video/mp4',
    zip: 'application/zip',
    png: 'image/png',
    jpg: 'image/jpeg',
  }[ext];
}

/** The type of a file's first bytes (PDF, ZIP, or what types/media.ts sniffs), or null. */
function sniffType(head) {
  const b = Buffer.from(head.subarray(0, 64));
  if (b.subarray(0, 5).toString('latin1') === '%PDF-') return 'application/pdf';
  if (b.length >= 4 && b[0] === 0x50 && b[1] === 0x4b && b[2] === 0x03 && b[3] === 0x04)
    return 'application/zip';
  return contracts().sniffMediaType(new Uint8Array(b));
}

const NAMES = {
  'application/pdf': 'a PDF',
  'video/mp4': 'an MP4 video',
  'application/zip': 'a ZIP archive',
  'image/png': 'a PNG image',
  'image/jpeg': 'a JPEG image',
};

/** Why the file may not go to objectPath ({ problem }) or its content type ({ contentType }). */
function checkFile(objectPath, size, head) {
  const want = expectedType(objectPath);
  if (size === 0) return { problem: 'The file is empty.' };
  if (size > MAX_BYTES) return { problem: 'The file is larger than 500 MB.' };
  const got = sniffType(head);
  if (got !== want) {
    return {
      problem: `${objectPath} must be ${NAMES[want]}, but the file is ${got ? NAMES[got] : 'none of PDF, MP4, ZIP, PNG or JPEG'} (its content was checked, not its name).`,
    };
  }
  return { contentType: want };
}

function readHead(file) {
  const fd = fs.openSync(file, 'r');
  try {
    const head = Buffer.alloc(64);
    const n = fs.readSync(fd, head, 0, 64, 0);
    return head.subarray(0, n);
  } finally {
    fs.closeSync(fd);
  }
}

/** The manifest changes for a replaced object: { filter, set } or null (downloads). */
async function manifestUpdate(objectPath, bytes, now = new Date()) {
  const { parseMediaPath } = contracts();
  const kind = parseMediaPath(objectPath).kind;
  if (kind === 'workbookPdf') {
    const { PDFDocument } = require('pdf-lib');
    const doc = await PDFDocument.load(bytes, { updateMetadata: false });
    return {
      filter: { pdfPath: objectPath },
      set: { pageCount: doc.getPageCount(), updatedAt: now.toISOString() },
    };
  }
  if (kind === 'workbookVideo') {
    const { describeMp4 } = require('../seed/media/mp4.cjs');
    const seconds = Math.round(describeMp4(bytes).seconds);
    return {
      filter: { 'chapters.videos.path': objectPath },
      set: { updatedAt: now.toISOString() },
      video: { path: objectPath, seconds },
    };
  }
  return null;
}

async function updateManifest(mongoUri, update) {
  const { MongoClient } = require('mongodb');
  const client = new MongoClient(mongoUri, { serverSelectionTimeoutMS: 5_000 });
  try {
    await client.connect();
    const col = client.db().collection('workbooks');
    const doc = await col.findOne(update.filter);
    if (!doc) return null;
    const set = { ...update.set };
    if (update.video) {
      set.chapters = doc.chapters.map((c) => ({
        ...c,
        videos: c.videos.map((v) =>
          v.path === update.video.path ? { ...v, seconds: update.video.seconds } : v,
        ),
      }));
    }
    await col.updateOne({ _id: doc._id }, { $set: set });
    return doc._id;
  } finally {
    await client.close();
  }
}

async function run(argv, env = process.env, out = console) {
  const parsed = parseArgs(argv, env);
  if (parsed.help) {
    out.log(USAGE);
    return 0;
  }
  if (parsed.error) {
    out.error(`replace-asset: ${parsed.error}`);
    return 2;
  }
  const o = parsed.options;
  if (!fs.existsSync(o.file) || !fs.statSync(o.file).isFile()) {
    out.error(`replace-asset: ${o.file} is not a file.`);
    return 2;
  }
  const size = fs.statSync(o.file).size;
  const checked = checkFile(o.objectPath, size, readHead(o.file));
  if (checked.problem) {
    out.error(`replace-asset: ${checked.problem}`);
    return 2;
  }
  const { localTarget, s3Store } = require('./s3.cjs');
  const target = o.profile
    ? localTarget(o.profile)
    : {
        endpoint: o.endpoint,
        region: o.region,
        accessKey: o.accessKey,
        secretKey: o.secretKey,
        pathStyle: o.pathStyle,
        buckets: { workbooks: o.bucket },
      };
  const bucket = target.buckets.workbooks;
  const bytes = fs.readFileSync(o.file);
  const s3 = s3Store(target);
  try {
    const before = await s3.head(bucket, o.objectPath);
    if (!before && !o.allowNew) {
      out.error(
        `replace-asset: ${o.objectPath} is not in ${bucket} at ${target.endpoint}; check the path, or pass --allow-new to add it.`,
      );
      return 1;
    }
    const update = await manifestUpdate(o.objectPath, bytes);
    if (o.dryRun) {
      out.log(
        `dry run: ${o.file} (${checked.contentType}, ${size} bytes) would ${before ? 'replace' : 'create'} ${bucket}/${o.objectPath}`,
      );
      return 0;
    }
    await s3.put(bucket, o.objectPath, bytes, checked.contentType);
    const after = await s3.head(bucket, o.objectPath);
    if (!after || after.size !== size)
      throw new Error("the stored object does not have the file's size");
    out.log(
      `${before ? 'replaced' : 'created'} ${bucket}/${o.objectPath}: ${size} bytes, ${checked.contentType}, ETag ${after.etag}`,
    );
    if (update && o.profile) {
      const id = await updateManifest(target.mongoUri, update);
      out.log(
        id
          ? `manifest ${id} updated (${Object.keys(update.set).join(', ')}${update.video ? ', video seconds' : ''})`
          : 'no workbook manifest names this file (nothing to update)',
      );
    } else if (update) {
      out.log(
        'note: with --endpoint the workbook manifest is not changed; update its updatedAt (and pageCount) in the media database if needed',
      );
    }
    return 0;
  } finally {
    s3.destroy();
  }
}

module.exports = { parseArgs, assetPathProblem, checkFile, sniffType, manifestUpdate, run, USAGE };

if (require.main === module) {
  run(process.argv.slice(2)).then(
    (code) => process.exit(code),
    (e) => {
      console.error(
        `replace-asset: ${e.name && e.name !== 'Error' ? `${e.name}: ` : ''}${e.message}`,
      );
      process.exit(1);
    },
  );
}
