// The local S3 server (versitygw, ADR 0010) does what the media capability needs, through the
// same AWS SDK v3 settings the product uses: buckets made by the harness, presigned PUT and GET,
// a Content-Disposition override on a presigned GET, range requests (video seeking), multipart
// upload, and CORS for browser uploads from the web app's origin (and no other origin).
import { randomUUID } from 'node:crypto';
import {
  CompleteMultipartUploadCommand,
  CreateMultipartUploadCommand,
  DeleteObjectCommand,
  GetBucketCorsCommand,
  GetObjectCommand,
  HeadBucketCommand,
  ListBucketsCommand,
  PutObjectCommand,
  UploadPartCommand,
} from '@aws-sdk/client-s3';
import { getSignedUrl } from '@aws-sdk/s3-request-presigner';
import { infraConfig, s3Client } from '../src';

const cfg = infraConfig('test');
const run = randomUUID().slice(0, 8);
const [bucket] = cfg.s3.buckets;
const s3 = s3Client('test');
const keys: string[] = [];
const key = (name: string) => {
  const k = `testkit/${run}/${name}`;
  keys.push(k);
  return k;
};

afterAll(async () => {
  await Promise.all(keys.map((Key) => s3.send(new DeleteObjectCommand({ Bucket: bucket, Key }))));
  s3.destroy();
});

describe('S3 server (versitygw)', () => {
  it('is healthy and has the configured buckets, made by the harness', async () => {
    expect((await fetch(cfg.s3.healthUrl)).status).toBe(200);
    const { Buckets = [] } = await s3.send(new ListBucketsCommand({}));
    expect(Buckets.map((b) => b.Name)).toEqual(expect.arrayContaining(cfg.s3.buckets));
    for (const Bucket of cfg.s3.buckets)
      await expect(s3.send(new HeadBucketCommand({ Bucket }))).resolves.toBeDefined();
    await expect(
      s3.send(new HeadBucketCommand({ Bucket: `missing-${run}` })),
    ).rejects.toMatchObject({ $metadata: { httpStatusCode: 404 } });
  });

  it('refuses a request signed with the wrong secret', async () => {
    const url = await getSignedUrl(
      s3Client('test'),
      new GetObjectCommand({ Bucket: bucket, Key: key('nothing.txt') }),
      { expiresIn: 60 },
    );
    const forged = url.replace(/X-Amz-Signature=[0-9a-f]+/, `X-Amz-Signature=${'0'.repeat(64)}`);
    expect((await fetch(forged)).status).toBe(403);
  });

  it('takes a browser upload through a presigned PUT and serves it through a presigned GET with a download name', async () => {
    const k = key('workbook.pdf');
    const put = await getSignedUrl(
      s3,
      new PutObjectCommand({ Bucket: bucket, Key: k, ContentType: 'application/pdf' }),
      { expiresIn: 300 },
    );
    const body = '%PDF-1.7 stamped workbook';
    const up = await fetch(put, {
      method: 'PUT',
      body,
      headers: { 'content-type': 'application/pdf', origin: cfg.webUrl },
    });
    expect(up.status).toBe(200);
    expect(up.headers.get('access-control-allow-origin')).toBe(cfg.webUrl);
    expect(up.headers.get('access-control-expose-headers')).toContain('ETag');

    const get = await getSignedUrl(
      s3,
      new GetObjectCommand({
        Bucket: bucket,
        Key: k,
        ResponseContentDisposition: 'attachment; filename="TEAS Math Workbook.pdf"',
      }),
      { expiresIn: 300 },
    );
    const res = await fetch(get);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-disposition')).toBe(
      'attachment; filename="TEAS Math Workbook.pdf"',
    );
    expect(res.headers.get('content-type')).toBe('application/pdf');
    expect(await res.text()).toBe(body);
  });

  it('serves byte ranges (video seeking)', async () => {
    const k = key('clip.mp4');
    await s3.send(new PutObjectCommand({ Bucket: bucket, Key: k, Body: '0123456789abcdef' }));
    const get = await getSignedUrl(s3, new GetObjectCommand({ Bucket: bucket, Key: k }), {
      expiresIn: 300,
    });
    const res = await fetch(get, { headers: { range: 'bytes=10-13' } });
    expect(res.status).toBe(206);
    expect(res.headers.get('content-range')).toBe('bytes 10-13/16');
    expect(res.headers.get('accept-ranges')).toBe('bytes');
    expect(await res.text()).toBe('abcd');
  });

  it('assembles a multipart upload', async () => {
    const k = key('big.bin');
    const part1 = Buffer.alloc(5 * 1024 * 1024, 1); // the S3 minimum for every part but the last
    const part2 = Buffer.from('tail');
    const { UploadId } = await s3.send(new CreateMultipartUploadCommand({ Bucket: bucket, Key: k }));
    const parts = [];
    for (const [i, Body] of [part1, part2].entries()) {
      const { ETag } = await s3.send(
        new UploadPartCommand({ Bucket: bucket, Key: k, UploadId, PartNumber: i + 1, Body }),
      );
      parts.push({ PartNumber: i + 1, ETag });
    }
    await s3.send(
      new CompleteMultipartUploadCommand({
        Bucket: bucket,
        Key: k,
        UploadId,
        MultipartUpload: { Parts: parts },
      }),
    );
    const tail = await s3.send(
      new GetObjectCommand({ Bucket: bucket, Key: k, Range: `bytes=${part1.length - 2}-` }),
    );
    expect(tail.ContentRange).toBe(`bytes ${part1.length - 2}-${part1.length + 3}/${part1.length + 4}`);
    expect(Buffer.from(await tail.Body!.transformToByteArray())).toEqual(
      Buffer.from([1, 1, ...part2]),
    );
  });

  it('answers a CORS preflight from the web origin, and refuses one from another origin', async () => {
    for (const Bucket of cfg.s3.buckets) {
      const { CORSRules = [] } = await s3.send(new GetBucketCorsCommand({ Bucket }));
      expect(CORSRules[0]?.AllowedOrigins).toContain(cfg.webUrl);
    }
    const url = `${cfg.s3.endpoint}/${bucket}/${key('upload.png')}`;
    const ok = await fetch(url, {
      method: 'OPTIONS',
      headers: {
        origin: cfg.webUrl,
        'access-control-request-method': 'PUT',
        'access-control-request-headers': 'content-type',
      },
    });
    expect(ok.status).toBe(200);
    expect(ok.headers.get('access-control-allow-origin')).toBe(cfg.webUrl);
    expect(ok.headers.get('access-control-allow-methods')).toContain('PUT');
    expect(ok.headers.get('access-control-allow-headers')).toContain('content-type');

    const evil = await fetch(url, {
      method: 'OPTIONS',
      headers: { origin: 'http://evil.example', 'access-control-request-method': 'PUT' },
    });
    expect(evil.status).toBe(403);
    expect(evil.headers.get('access-control-allow-origin')).toBeNull();
  });
});
