// S3 access for the media tools (the seed's media step, replace-asset): the local S3 server of
// a profile (tools/infra/environment.cjs: the media service's own S3_* variables) or any S3 named by
// endpoint, bucket and the AWS_* keys. versitygw needs path-style addressing and no default
// checksums (ADR 0010).
'use strict';

const path = require('node:path');

/** The AWS SDK from the workspace (a dependency of libs/test-kit and apps/media). */
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

/** The local profile's S3 and media database, as the media service sees them. */
function localTarget(profile) {
  const { appEnv } = require('../infra/environment.cjs');
  return envTarget(appEnv('media', profile));
}

/**
 * The S3 and media database that the media service's own variables name (S3_*,
 * MEDIA_MONGODB_URI): a local profile's (localTarget), or a container's environment (the seed
 * service of docker-compose.yml).
 */
function envTarget(env) {
  return {
    endpoint: env.S3_ENDPOINT,
    region: env.S3_REGION,
    accessKey: env.S3_ACCESS_KEY,
    secretKey: env.S3_SECRET_KEY,
    pathStyle: env.S3_ADDRESSING !== 'virtual',
    buckets: { media: env.S3_MEDIA_BUCKET, workbooks: env.S3_WORKBOOKS_BUCKET },
    mongoUri: env.MEDIA_MONGODB_URI,
  };
}

/** A small client: put, head, get, has-any-under-prefix. */
function s3Store(target) {
  const sdk = loadSdk();
  const client = new sdk.S3Client({
    endpoint: target.endpoint,
    region: target.region || 'us-east-1',
    forcePathStyle: target.pathStyle !== false,
    credentials: { accessKeyId: target.accessKey, secretAccessKey: target.secretKey },
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
  });
  const notFound = (e) =>
    e?.name === 'NotFound' || e?.name === 'NoSuchKey' || e?.$metadata?.httpStatusCode === 404;
  return {
    async put(Bucket, Key, Body, ContentType) {
      await client.send(
        new sdk.PutObjectCommand({ Bucket, Key, Body, ContentType, ContentLength: Body.length }),
      );
    },
    /** { size, contentType, etag } or null when there is no such object. */
    async head(Bucket, Key) {
      try {
        const r = await client.send(new sdk.HeadObjectCommand({ Bucket, Key }));
        return { size: r.ContentLength, contentType: r.ContentType, etag: r.ETag };
      } catch (e) {
        if (notFound(e)) return null;
        throw e;
      }
    },
    async get(Bucket, Key) {
      const r = await client.send(new sdk.GetObjectCommand({ Bucket, Key }));
      return Buffer.from(await r.Body.transformToByteArray());
    },
    async hasAny(Bucket, Prefix) {
      const r = await client.send(new sdk.ListObjectsV2Command({ Bucket, Prefix, MaxKeys: 1 }));
      return (r.KeyCount ?? (r.Contents || []).length) > 0;
    },
    async bucketExists(Bucket) {
      try {
        await client.send(new sdk.HeadBucketCommand({ Bucket }));
        return true;
      } catch (e) {
        if (notFound(e)) return false;
        throw e;
      }
    },
    destroy: () => client.destroy(),
  };
}

module.exports = { loadSdk, localTarget, envTarget, s3Store };
