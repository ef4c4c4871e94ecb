// What the media integration specs share: the RUNNING services of the test profile (media,
// catalog, testing, qbank) over NATS as the gateway calls them, actors of users no account
// has, the media database and the S3 server itself (fixtures and what a call cannot show).
import {
  DeleteObjectCommand,
  GetObjectCommand,
  HeadObjectCommand,
  PutObjectCommand,
  type S3Client,
} from '@aws-sdk/client-s3';
import { type Actor, type CreateUploadInput, Subjects } from '@examprep/contracts';
import { NatsRpcClient } from '@examprep/nest-kit';
import {
  adminActor,
  infraConfig,
  removeTestsOf,
  s3Client,
  specAccounts,
  testApps,
} from '@examprep/test-kit';
import { type Db, MongoClient } from 'mongodb';

export const cfg = infraConfig('test');
export const MEDIA_BUCKET = 'examprep-media';
export const WORKBOOKS_BUCKET = 'examprep-workbooks';
export const rpc = new NatsRpcClient({ servers: cfg.natsUrl, name: 'media-it', timeoutMs: 15_000 });
export let s3: S3Client;
let mongo: MongoClient | undefined;

/** This file's learners: real accounts of the test realm, removed in `disconnectSystem`. */
const accounts = specAccounts();
const made = accounts.made;
export const newUser = accounts.newUser;
export { adminActor };
export const ADMIN = adminActor('it-media-admin@examprep.test');

/** Starts what the specs call (already running: nothing happens) and connects. */
export async function connectSystem(): Promise<void> {
  testApps('start', ['catalog', 'qbank', 'testing', 'media']);
  await rpc.connect();
  mongo = await MongoClient.connect(cfg.mongoUrl());
  s3 = s3Client('test');
}

export function mediaDb(): Db {
  return mongo!.db('media');
}

/** Removes what this file's users left behind (tests, holdings, download counts), then disconnects. */
export async function disconnectSystem(): Promise<void> {
  try {
    if (mongo) {
      await removeTestsOf(mongo.db('testing'), made);
      const catalog = mongo.db('catalog');
      await catalog.collection('ledger_snapshots').deleteMany({ uid: { $in: made } });
      await catalog.collection('holdings').deleteMany({ _id: { $in: made } } as never);
      const media = mediaDb();
      await media.collection('downloads').deleteMany({ uid: { $in: made } });
      // uploads announced by this file and never committed (objects and documents)
      const left = await media
        .collection<{ _id: string; stagingKey: string }>('uploads')
        .find({ createdBy: ADMIN.uid })
        .toArray();
      for (const u of left) {
        await s3
          .send(new DeleteObjectCommand({ Bucket: MEDIA_BUCKET, Key: u.stagingKey }))
          .catch(() => undefined);
      }
      await media.collection('uploads').deleteMany({ createdBy: ADMIN.uid });
    }
  } finally {
    await accounts.removeAll();
    await mongo?.close();
    await rpc.close();
    s3?.destroy();
  }
}

/** The payload a call was refused with (status, code, message, fields): nest-kit's refusalOf. */
export { refusalOf as failure } from '@examprep/nest-kit';

export const grant = (uid: string, purchases: Record<string, boolean>) =>
  rpc.request(Subjects.catalog.updateUserPurchases, { actor: ADMIN, input: { uid, purchases } });

export const sign = (actor: Actor | null, p: string) =>
  rpc.request(Subjects.media.sign, { actor, path: p });

const usedQids = new Set<string>();
/** A question id no seeded question has (ZZ00-ZZ99), different per call within a file. */
export function testQid(): string {
  for (;;) {
    const qid = `ZZ${String(Math.floor(Math.random() * 100)).padStart(2, '0')}`;
    if (!usedQids.has(qid)) {
      usedQids.add(qid);
      return qid;
    }
  }
}

// Fixture bytes: the magic numbers are what the service sniffs.
const bytes = (s: string) => new TextEncoder().encode(s);
/** A real 1×1 PNG. */
export const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);
export const JPEG = Buffer.from([
  0xff,
  0xd8,
  0xff,
  0xe0,
  0,
  16,
  ...bytes('JFIF'),
  0,
  1,
  1,
  0,
  0,
  1,
  0,
  1,
  0,
  0,
  0xff,
  0xd9,
]);
export const MP4 = Buffer.concat([
  Buffer.from([0, 0, 0, 24]),
  Buffer.from('ftypisom\0\0\x02\0isomiso2', 'latin1'),
  Buffer.alloc(200, 7),
]);
export const HTML_AS_PNG = Buffer.from(
  '<!DOCTYPE html><html><body><script>alert(1)</script></body></html>',
);
export const ZIP_AS_MP4 = Buffer.concat([
  Buffer.from([0x50, 0x4b, 0x03, 0x04]),
  Buffer.alloc(120, 1),
]);

/** createUpload as an admin; then PUT the bytes like a browser (the ticket's headers). */
export async function upload(
  input: Partial<CreateUploadInput> & Pick<CreateUploadInput, 'slot' | 'contentType'>,
  body: Uint8Array,
  actor: Actor = ADMIN,
) {
  const ticket = await rpc.request(Subjects.media.createUpload, {
    actor,
    input: { size: body.byteLength, fileName: 'file.bin', ...input },
  });
  const put = await fetch(ticket.url, {
    method: ticket.method,
    headers: ticket.headers,
    body,
  });
  return { ticket, put };
}

export const commit = (qid: string, changes: Record<string, { uploadId: string } | null>) =>
  rpc.request(Subjects.media.commitQuestionMedia, { actor: ADMIN, qid, changes });

export async function headObject(bucket: string, key: string) {
  try {
    return await s3.send(new HeadObjectCommand({ Bucket: bucket, Key: key }));
  } catch (e) {
    if ((e as { name?: string }).name === 'NotFound') return null;
    throw e;
  }
}

export async function getObject(bucket: string, key: string): Promise<Uint8Array> {
  const r = await s3.send(new GetObjectCommand({ Bucket: bucket, Key: key }));
  return r.Body!.transformToByteArray();
}

export async function putObject(
  bucket: string,
  key: string,
  body: Uint8Array,
  contentType: string,
) {
  await s3.send(
    new PutObjectCommand({ Bucket: bucket, Key: key, Body: body, ContentType: contentType }),
  );
}

/** Polls until `probe` is true (consumers run asynchronously). */
export async function eventually(
  probe: () => Promise<boolean>,
  timeoutMs = 10_000,
): Promise<boolean> {
  const until = Date.now() + timeoutMs;
  while (Date.now() < until) {
    if (await probe()) return true;
    await new Promise((r) => setTimeout(r, 200));
  }
  return probe();
}
