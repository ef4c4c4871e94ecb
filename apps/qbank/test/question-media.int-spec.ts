// Question saves with media against the RUNNING qbank and media services of the test profile
// (NATS, FerretDB, the local S3 server), as the gateway calls them (ADR 0020 §2, admin spec §2.4,
// §4): an upload committed at the save lands at the question's path with the same bytes; a
// replacement overwrites it, a removal deletes it after the write (question.mediaChanged
// published); a refused file (an HTML page named .png) stores no question and changes none; the
// list's has/missing filters count the real objects; deleting the question removes its media.
import {
  type Actor,
  Events,
  type MediaSlot,
  type QuestionInput,
  type QuestionMediaChangedEvent,
  type QuestionMediaChanges,
  Subjects,
} from '@examprep/contracts';
import { NatsRpcClient, refusalOf } from '@examprep/nest-kit';
import { infraConfig, s3Client, testApps } from '@examprep/test-kit';
import { DeleteObjectCommand, GetObjectCommand, HeadObjectCommand } from '@aws-sdk/client-s3';
import { randomBytes, randomUUID } from 'node:crypto';

const cfg = infraConfig('test');
const rpc = new NatsRpcClient({ servers: cfg.natsUrl, name: 'qbank-media-it', timeoutMs: 10_000 });
const s3 = s3Client('test');
const BUCKET = 'examprep-media';
const ADMIN: Actor = {
  uid: 'qbank-media-it-admin',
  email: 'qbank-media-it@examprep.test',
  isAdmin: true,
  emailVerified: true,
};
const COURSE = `IT Media ${randomUUID().slice(0, 8)}`;
const made = new Set<string>();

const PNG_MAGIC = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
const png = (n = 300) => Buffer.concat([Buffer.from(PNG_MAGIC), randomBytes(n)]);
const mp4 = (n = 600) =>
  Buffer.concat([Buffer.from([0, 0, 0, 0x20]), Buffer.from('ftypisom'), randomBytes(n)]);
const html = () => Buffer.from('<!doctype html><html><body>not an image</body></html>');

const input = (over: Partial<QuestionInput> = {}): QuestionInput => ({
  question: `What is 2 + 2? ${randomUUID()}`,
  type: 'single',
  choices: ['3', '4', '5', '22'],
  correctAnswer: ['4'],
  explanation: 'Add.',
  course: COURSE,
  objective: 'Media',
  rounding: null,
  ...over,
});

/** Announces an upload to the media service and PUTs the bytes to the presigned URL. */
async function upload(slot: MediaSlot, bytes: Buffer, contentType: string): Promise<string> {
  const ticket = await rpc.request(Subjects.media.createUpload, {
    actor: ADMIN,
    input: {
      slot,
      contentType: contentType as never,
      size: bytes.length,
      fileName: `file-${slot}.${slot === 'video' ? 'mp4' : 'png'}`,
    },
  });
  const res = await fetch(ticket.url, {
    method: ticket.method,
    headers: ticket.headers,
    body: bytes,
  });
  expect(res.status).toBe(200);
  return ticket.uploadId;
}

const create = async (changes: QuestionMediaChanges, over: Partial<QuestionInput> = {}) => {
  const q = await rpc.request(Subjects.qbank.createQuestion, {
    actor: ADMIN,
    input: { ...input(over), media: changes },
  });
  made.add(q.qid);
  return q;
};
const update = (qid: string, changes: QuestionMediaChanges | undefined, over = {}) =>
  rpc.request(Subjects.qbank.updateQuestion, {
    actor: ADMIN,
    qid,
    input: { ...input(over), ...(changes ? { media: changes } : {}) },
  });
const list = (filters: Record<string, string>) =>
  rpc.request(Subjects.qbank.listQuestions, {
    actor: ADMIN,
    filters: { course: COURSE, ...filters },
  });

async function object(key: string): Promise<{ bytes: Buffer; type?: string } | null> {
  try {
    const res = await s3.send(new GetObjectCommand({ Bucket: BUCKET, Key: key }));
    return {
      bytes: Buffer.from(await res.Body!.transformToByteArray()),
      type: res.ContentType,
    };
  } catch (err) {
    if ((err as { name?: string }).name === 'NoSuchKey') return null;
    throw err;
  }
}
async function exists(key: string): Promise<boolean> {
  try {
    await s3.send(new HeadObjectCommand({ Bucket: BUCKET, Key: key }));
    return true;
  } catch (err) {
    if ((err as { $metadata?: { httpStatusCode?: number } }).$metadata?.httpStatusCode === 404)
      return false;
    throw err;
  }
}

beforeAll(async () => {
  testApps('start', ['catalog', 'testing', 'qbank', 'media']);
  await rpc.connect();
}, 150_000);

afterAll(async () => {
  for (const qid of made) {
    await rpc.request(Subjects.qbank.deleteQuestion, { actor: ADMIN, qid }).catch(() => undefined);
    await rpc
      .request(Subjects.media.deleteObjects, {
        actor: ADMIN,
        paths: [`Images/${qid}-que.png`, `Images/${qid}-exp.png`, `VideoSolutions/${qid}-vid.mp4`],
      })
      .catch(() => undefined);
  }
  s3.destroy();
  await rpc.close();
});

describe('question saves with media (ADR 0020 §2, admin spec §4)', () => {
  it('create: the uploads land at the question’s paths with the same bytes and the sniffed type', async () => {
    const image = png();
    const video = mp4();
    const q = await create({
      questionImage: { uploadId: await upload('questionImage', image, 'image/png') },
      video: { uploadId: await upload('video', video, 'video/mp4') },
    });
    expect(q.media).toEqual({
      questionImage: `Images/${q.qid}-que.png`,
      explanationImage: null,
      video: `VideoSolutions/${q.qid}-vid.mp4`,
    });
    const stored = await object(`Images/${q.qid}-que.png`);
    expect(stored?.bytes.equals(image)).toBe(true);
    expect(stored?.type).toBe('image/png');
    expect((await object(`VideoSolutions/${q.qid}-vid.mp4`))?.bytes.equals(video)).toBe(true);
    const read = await rpc.request(Subjects.qbank.getQuestion, { actor: ADMIN, qid: q.qid });
    expect(read.media).toEqual(q.media);
  });

  it('update: replace overwrites in place, remove deletes after the write, the rest is kept; mediaChanged published', async () => {
    const q = await create({
      questionImage: { uploadId: await upload('questionImage', png(), 'image/png') },
      explanationImage: { uploadId: await upload('explanationImage', png(), 'image/png') },
      video: { uploadId: await upload('video', mp4(), 'video/mp4') },
    });
    const nc = rpc.connection!;
    const sub = nc.subscribe(Events.questionMediaChanged);
    const events: QuestionMediaChangedEvent[] = [];
    void (async () => {
      for await (const m of sub) events.push(m.json<QuestionMediaChangedEvent>());
    })();
    const replacement = png(500);
    const updated = await update(q.qid, {
      questionImage: { uploadId: await upload('questionImage', replacement, 'image/png') },
      video: null,
    });
    expect(updated.media).toEqual({
      questionImage: `Images/${q.qid}-que.png`,
      explanationImage: `Images/${q.qid}-exp.png`,
      video: null,
    });
    expect((await object(`Images/${q.qid}-que.png`))?.bytes.equals(replacement)).toBe(true);
    expect(await exists(`VideoSolutions/${q.qid}-vid.mp4`)).toBe(false);
    expect(await exists(`Images/${q.qid}-exp.png`)).toBe(true);
    await nc.flush();
    for (let i = 0; i < 20 && !events.some((e) => e.qid === q.qid); i++)
      await new Promise((r) => setTimeout(r, 100));
    sub.unsubscribe();
    expect(events.find((e) => e.qid === q.qid)?.paths).toEqual([
      `Images/${q.qid}-que.png`,
      `VideoSolutions/${q.qid}-vid.mp4`,
    ]);
    // an update without media keeps every slot
    const kept = await update(q.qid, undefined, { question: 'Still has its image?' });
    expect(kept.media).toEqual(updated.media);
  });

  it('an HTML page named .png: 400 BAD_MEDIA_FILE, no question stored', async () => {
    const before = (await list({})).total;
    const uploadId = await upload('questionImage', html(), 'image/png');
    const err = await refusalOf(
      rpc.request(Subjects.qbank.createQuestion, {
        actor: ADMIN,
        input: { ...input(), media: { questionImage: { uploadId } } },
      }),
    );
    expect(err).toMatchObject({ status: 400, code: 'BAD_MEDIA_FILE' });
    expect((await list({})).total).toBe(before);
  });

  it('a ZIP named .mp4 on update: 400, the question unchanged, its media kept', async () => {
    const q = await create({
      questionImage: { uploadId: await upload('questionImage', png(), 'image/png') },
    });
    const zip = Buffer.concat([Buffer.from('PK\u0003\u0004'), randomBytes(200)]);
    const err = await refusalOf(
      update(
        q.qid,
        {
          video: { uploadId: await upload('video', zip, 'video/mp4') },
          questionImage: null,
        },
        { question: 'Must not be written' },
      ),
    );
    expect(err).toMatchObject({ status: 400, code: 'BAD_MEDIA_FILE' });
    const read = await rpc.request(Subjects.qbank.getQuestion, { actor: ADMIN, qid: q.qid });
    expect(read.question).toBe(q.question);
    expect(read.media).toEqual(q.media);
    expect(await exists(`Images/${q.qid}-que.png`)).toBe(true);
    expect(await exists(`VideoSolutions/${q.qid}-vid.mp4`)).toBe(false);
  });

  it('an unknown upload id: 400, no question stored', async () => {
    const before = (await list({})).total;
    const err = await refusalOf(create({ questionImage: { uploadId: 'z'.repeat(24) } }));
    expect(err.status).toBe(400);
    expect((await list({})).total).toBe(before);
  });
});

describe('list: has/missing media filters count real objects (admin spec §2.4)', () => {
  it('an object gone from the store is missing though the document names it', async () => {
    const a = await create({
      questionImage: { uploadId: await upload('questionImage', png(), 'image/png') },
    });
    const b = await create({
      questionImage: { uploadId: await upload('questionImage', png(), 'image/png') },
    });
    await s3.send(new DeleteObjectCommand({ Bucket: BUCKET, Key: `Images/${b.qid}-que.png` }));
    const has = (await list({ questionImage: 'has' })).questions.map((q) => q.qid);
    const missing = (await list({ questionImage: 'missing' })).questions.map((q) => q.qid);
    expect(has).toContain(a.qid);
    expect(has).not.toContain(b.qid);
    expect(missing).toContain(b.qid);
    expect(missing).not.toContain(a.qid);
  });
});

describe('question delete removes its media (events.question.deleted → media)', () => {
  it('every object of the question is gone within seconds', async () => {
    const q = await create({
      questionImage: { uploadId: await upload('questionImage', png(), 'image/png') },
      explanationImage: { uploadId: await upload('explanationImage', png(), 'image/png') },
    });
    await rpc.request(Subjects.qbank.deleteQuestion, { actor: ADMIN, qid: q.qid });
    made.delete(q.qid);
    const keys = [`Images/${q.qid}-que.png`, `Images/${q.qid}-exp.png`];
    let left = keys;
    for (let i = 0; i < 50 && left.length > 0; i++) {
      await new Promise((r) => setTimeout(r, 200));
      left = (await Promise.all(keys.map(async (k) => ((await exists(k)) ? k : null)))).filter(
        (k): k is string => k !== null,
      );
    }
    expect(left).toEqual([]);
  });
});
