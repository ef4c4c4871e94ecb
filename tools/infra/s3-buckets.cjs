#!/usr/bin/env node
// Creates the local S3 server's buckets through the S3 API and sets their CORS rule, so the
// web app's origin can upload with presigned PUT URLs and read with presigned GETs. Idempotent.
// Used by infra.sh after the S3 server is healthy (ADR 0010).
//
//   node s3-buckets.cjs <endpoint> <origin,...> <bucket...>
//   env: S3_ACCESS_KEY, S3_SECRET_KEY, S3_REGION
//
// A bucket must be made with CreateBucket: versitygw lists a folder made by hand as a bucket
// but then answers InternalError to CreateBucket on it.
'use strict';

const path = require('node:path');

/** The AWS SDK comes from the workspace (a dependency of libs/test-kit); `npm install` first. */
function loadSdk() {
  try {
    return require(
      require.resolve('@aws-sdk/client-s3', {
        paths: [path.join(__dirname, '..', '..', 'libs', 'test-kit'), __dirname],
      }),
    );
  } catch {
    throw new Error('@aws-sdk/client-s3 is not installed: run `npm install` in the repo root');
  }
}

/** The CORS rule of every bucket: the web origins may GET, HEAD and PUT (presigned). */
function corsRules(origins) {
  return [
    {
      AllowedOrigins: origins,
      AllowedMethods: ['GET', 'HEAD', 'PUT'],
      AllowedHeaders: ['*'],
      ExposeHeaders: ['ETag', 'Content-Length', 'Content-Range', 'Content-Disposition'],
      MaxAgeSeconds: 600,
    },
  ];
}

async function ensureBuckets({ endpoint, region, accessKey, secretKey, origins, buckets }) {
  const { S3Client, CreateBucketCommand, PutBucketCorsCommand } = loadSdk();
  const s3 = new S3Client({
    endpoint,
    region,
    forcePathStyle: true,
    credentials: { accessKeyId: accessKey, secretAccessKey: secretKey },
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
  });
  const made = [];
  for (const Bucket of buckets) {
    try {
      await s3.send(new CreateBucketCommand({ Bucket }));
      made.push(Bucket);
    } catch (e) {
      if (e.name !== 'BucketAlreadyOwnedByYou' && e.name !== 'BucketAlreadyExists') throw e;
    }
    await s3.send(
      new PutBucketCorsCommand({ Bucket, CORSConfiguration: { CORSRules: corsRules(origins) } }),
    );
  }
  s3.destroy();
  return made;
}

module.exports = { corsRules, ensureBuckets };

if (require.main === module) {
  const [endpoint, origins, ...buckets] = process.argv.slice(2);
  if (!endpoint || !origins || buckets.length === 0) {
    process.stderr.write('usage: s3-buckets.cjs <endpoint> <origin,...> <bucket...>\n');
    process.exit(2);
  }
  ensureBuckets({
    endpoint,
    region: process.env.S3_REGION || 'us-east-1',
    accessKey: process.env.S3_ACCESS_KEY,
    secretKey: process.env.S3_SECRET_KEY,
    origins: origins.split(','),
    buckets,
  }).then(
    (made) => {
      process.stdout.write(
        `buckets ${buckets.join(', ')} ready${made.length ? ` (created: ${made.join(', ')})` : ''}\n`,
      );
    },
    (e) => {
      process.stderr.write(`s3-buckets: ${e.name ?? 'Error'}: ${e.message}\n`);
      process.exit(1);
    },
  );
}
