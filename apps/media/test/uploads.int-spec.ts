// The media service's uploads against the RUNNING test system (media over NATS, FerretDB, the
// versitygw S3): announce, PUT to the presigned URL like a browser, commit (HEAD + sniffed
// bytes, copy to the question's fixed path), replace, refusals that store nothing, deletes,
// the question.deleted consumer, and a store that does not answer (ADR 0020 §2).
import { Events, questionMediaPath, Subjects } from '@examprep/contracts';
import { JetStreamBus } from '@examprep/nest-kit';
import * as net from 'node:net';
import { MediaEnv } from '../src/config/media.env';
import { S3Service } from '../src/storage/s3.service';
import {
  ADMIN,
  commit,
  connectSystem,
  disconnectSystem,
  eventually,
  failure,
  getObject,
  headObject,
  HTML_AS_PNG,
  JPEG,
  MEDIA_BUCKET,
  mediaDb,
  MP4,
  newUser,
  PNG,
  putObject,
  rpc,
  sign,
  testQid,
  upload,
  ZIP_AS_MP4,
} from './support/media-system';

beforeAll(connectSystem, 150_000);
afterAll(disconnectSystem);

const qids: string[] = [];
afterAll(async () => {
  // the objects this file made at question paths
  for (const qid of qids)
    await rpc
      .request(Subjects.media.deleteObjects, {
        actor: ADMIN,
        paths: (['questionImage', 'explanationImage', 'video'] as const).map((s) =>
          questionMediaPath(qid, s),
        ),
      })
      .catch(() => undefined);
});
const freshQid = () => {
  const qid = testQid();
  qids.push(qid);
  return qid;
};

const staged = async (uploadId: string) => headObject(MEDIA_BUCKET, `staging/${uploadId}`);
const uploadDoc = (uploadId: string) =>
  mediaDb()
    .collection('uploads')
    .findOne({ _id: uploadId } as never);

describe('upload → commit → signed GET', () => {
  it('stores the bytes at the slot path with the sniffed Content-Type, and leaves nothing staged', async () => {
    const qid = freshQid();
    const { ticket, put } = await upload(
      { slot: 'questionImage', contentType: 'image/png', fileName: 'triangle.png' },
      PNG,
    );
    expect(put.status).toBe(200);
    expect(ticket).toMatchObject({
      method: 'PUT',
      maxBytes: PNG.length,
      headers: { 'Content-Type': 'image/png' },
    });
    expect(ticket.uploadId).toMatch(/^[a-z0-9]{24}$/);
    expect(await uploadDoc(ticket.uploadId)).toMatchObject({
      slot: 'questionImage',
      size: PNG.length,
      createdBy: ADMIN.uid,
    });

    const { committed } = await commit(qid, { questionImage: { uploadId: ticket.uploadId } });
    expect(committed).toEqual({ questionImage: `Images/${qid}-que.png` });
    expect(await staged(ticket.uploadId)).toBeNull();
    expect(await uploadDoc(ticket.uploadId)).toBeNull();

    const { signedUrl, expiresAt } = await sign(ADMIN, `Images/${qid}-que.png`);
    expect(Date.parse(expiresAt) - Date.now()).toBeGreaterThan(59 * 60_000);
    const res = await fetch(signedUrl);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('image/png');
    expect(Buffer.from(await res.arrayBuffer()).equals(PNG)).toBe(true);
  });

  it('a JPEG in the explanation slot is stored as image/jpeg; a video as video/mp4', async () => {
    const qid = freshQid();
    const a = await upload({ slot: 'explanationImage', contentType: 'image/jpeg' }, JPEG);
    const b = await upload({ slot: 'video', contentType: 'video/mp4' }, MP4);
    expect([a.put.status, b.put.status]).toEqual([200, 200]);
    const { committed } = await commit(qid, {
      explanationImage: { uploadId: a.ticket.uploadId },
      video: { uploadId: b.ticket.uploadId },
    });
    expect(committed).toEqual({
      explanationImage: `Images/${qid}-exp.png`,
      video: `VideoSolutions/${qid}-vid.mp4`,
    });
    expect((await headObject(MEDIA_BUCKET, `Images/${qid}-exp.png`))?.ContentType).toBe(
      'image/jpeg',
    );
    expect((await headObject(MEDIA_BUCKET, `VideoSolutions/${qid}-vid.mp4`))?.ContentType).toBe(
      'video/mp4',
    );
    const index = await rpc.request(Subjects.media.questionMediaIndex, { actor: ADMIN });
    expect(index.paths).toEqual(
      expect.arrayContaining([`Images/${qid}-exp.png`, `VideoSolutions/${qid}-vid.mp4`]),
    );
  });

  it('a replacement overwrites the object in place', async () => {
    const qid = freshQid();
    const first = await upload({ slot: 'questionImage', contentType: 'image/png' }, PNG);
    await commit(qid, { questionImage: { uploadId: first.ticket.uploadId } });
    const second = await upload({ slot: 'questionImage', contentType: 'image/jpeg' }, JPEG);
    await commit(qid, { questionImage: { uploadId: second.ticket.uploadId } });
    expect(Buffer.from(await getObject(MEDIA_BUCKET, `Images/${qid}-que.png`)).equals(JPEG)).toBe(
      true,
    );
    expect((await headObject(MEDIA_BUCKET, `Images/${qid}-que.png`))?.ContentType).toBe(
      'image/jpeg',
    );
    expect(await staged(second.ticket.uploadId)).toBeNull();
  });

  it('the presigned PUT takes only the announced type and size', async () => {
    const { ticket } = await upload({ slot: 'questionImage', contentType: 'image/png' }, PNG);
    const wrongType = await fetch(ticket.url, {
      method: 'PUT',
      headers: { 'Content-Type': 'text/html' },
      body: PNG,
    });
    expect(wrongType.status).toBe(403);
    const longer = Buffer.concat([PNG, Buffer.from('x')]);
    const wrongSize = await fetch(ticket.url, {
      method: 'PUT',
      headers: ticket.headers,
      body: longer,
    });
    expect(wrongSize.status).toBe(403);
  });
});

describe('refused uploads: 400 and nothing stored', () => {
  const expectNothing = async (uploadId: string, path: string) => {
    expect(await staged(uploadId)).toBeNull();
    expect(await uploadDoc(uploadId)).toBeNull();
    expect(await headObject(MEDIA_BUCKET, path)).toBeNull();
  };

  it('an HTML page announced as a PNG', async () => {
    const qid = freshQid();
    const { ticket, put } = await upload(
      { slot: 'questionImage', contentType: 'image/png' },
      HTML_AS_PNG,
    );
    expect(put.status).toBe(200);
    expect(await failure(commit(qid, { questionImage: { uploadId: ticket.uploadId } }))).toEqual({
      status: 400,
      code: 'BAD_MEDIA_FILE',
      message: 'The file is not a PNG, JPEG or WebP image (its content was checked, not its name).',
      fields: {
        'media.questionImage': [
          'The file is not a PNG, JPEG or WebP image (its content was checked, not its name).',
        ],
      },
    });
    await expectNothing(ticket.uploadId, `Images/${qid}-que.png`);
  });

  it('a ZIP announced as an MP4; the good upload of the same save is not written either', async () => {
    const qid = freshQid();
    const zip = await upload({ slot: 'video', contentType: 'video/mp4' }, ZIP_AS_MP4);
    const png = await upload({ slot: 'questionImage', contentType: 'image/png' }, PNG);
    expect(
      await failure(
        commit(qid, {
          video: { uploadId: zip.ticket.uploadId },
          questionImage: { uploadId: png.ticket.uploadId },
        }),
      ),
    ).toMatchObject({
      status: 400,
      code: 'BAD_MEDIA_FILE',
      message: 'The file is not an MP4 video (its content was checked, not its name).',
    });
    await expectNothing(zip.ticket.uploadId, `VideoSolutions/${qid}-vid.mp4`);
    expect(await headObject(MEDIA_BUCKET, `Images/${qid}-que.png`)).toBeNull();
  });

  it('an empty file (announce refused; a stored empty object refused at commit)', async () => {
    expect(
      await failure(
        rpc.request(Subjects.media.createUpload, {
          actor: ADMIN,
          input: { slot: 'questionImage', contentType: 'image/png', size: 0, fileName: 'a.png' },
        }),
      ),
    ).toMatchObject({ status: 400, fields: { size: ['The file is empty.'] } });
    const qid = freshQid();
    const { ticket } = await upload({ slot: 'questionImage', contentType: 'image/png' }, PNG);
    await putObject(MEDIA_BUCKET, `staging/${ticket.uploadId}`, new Uint8Array(), 'image/png');
    expect(
      await failure(commit(qid, { questionImage: { uploadId: ticket.uploadId } })),
    ).toMatchObject({
      status: 400,
      code: 'BAD_MEDIA_FILE',
      message: 'The file is empty.',
    });
    await expectNothing(ticket.uploadId, `Images/${qid}-que.png`);
  });

  it('a stored object of another size than announced', async () => {
    const qid = freshQid();
    const { ticket } = await upload({ slot: 'questionImage', contentType: 'image/png' }, PNG);
    await putObject(
      MEDIA_BUCKET,
      `staging/${ticket.uploadId}`,
      Buffer.concat([PNG, PNG]),
      'image/png',
    );
    expect(
      await failure(commit(qid, { questionImage: { uploadId: ticket.uploadId } })),
    ).toMatchObject({
      status: 400,
      code: 'BAD_MEDIA_FILE',
      message: 'The uploaded file is not the size that was announced. Please upload it again.',
    });
    await expectNothing(ticket.uploadId, `Images/${qid}-que.png`);
  });

  it("an upload never PUT, an unknown upload id, another slot's upload", async () => {
    const qid = freshQid();
    const ticket = await rpc.request(Subjects.media.createUpload, {
      actor: ADMIN,
      input: { slot: 'questionImage', contentType: 'image/png', size: 10, fileName: 'a.png' },
    });
    const missing = {
      status: 400,
      code: 'VALIDATION_FAILED',
      message: 'The upload was not found or has expired. Please choose the file again.',
    };
    expect(
      await failure(commit(qid, { questionImage: { uploadId: ticket.uploadId } })),
    ).toMatchObject(missing);
    expect(
      await failure(commit(qid, { questionImage: { uploadId: 'a'.repeat(24) } })),
    ).toMatchObject(missing);
    const img = await upload({ slot: 'questionImage', contentType: 'image/png' }, PNG);
    expect(await failure(commit(qid, { video: { uploadId: img.ticket.uploadId } }))).toMatchObject(
      missing,
    );
    expect(await headObject(MEDIA_BUCKET, `VideoSolutions/${qid}-vid.mp4`)).toBeNull();
  });

  it('announce checks: slot, type for the slot, size limit, file name; admins only', async () => {
    const ask = (input: object, actor = ADMIN) =>
      failure(rpc.request(Subjects.media.createUpload, { actor, input } as never));
    const base = { slot: 'questionImage', contentType: 'image/png', size: 10, fileName: 'a.png' };
    expect(await ask({ ...base, slot: 'poster' })).toMatchObject({
      status: 400,
      fields: { slot: expect.any(Array) },
    });
    expect(await ask({ ...base, contentType: 'video/mp4' })).toMatchObject({
      status: 400,
      fields: { contentType: ['Images must be PNG, JPEG or WebP files.'] },
    });
    expect(await ask({ ...base, size: 5 * 1024 * 1024 + 1 })).toMatchObject({
      status: 400,
      fields: { size: ['Images must be at most 5 MB.'] },
    });
    expect(
      await ask({ ...base, slot: 'video', contentType: 'video/mp4', size: 100 * 1024 * 1024 + 1 }),
    ).toMatchObject({
      status: 400,
      fields: { size: ['Videos must be at most 100 MB.'] },
    });
    expect(await ask({ ...base, fileName: '../../etc/passwd' })).toMatchObject({
      status: 400,
      fields: { fileName: expect.any(Array) },
    });
    expect(await ask({ ...base, fileName: 'a\u202egnp.exe' })).toMatchObject({
      status: 400,
      fields: { fileName: expect.any(Array) },
    });
    expect(await ask(base, await newUser())).toMatchObject({ status: 403, code: 'FORBIDDEN' });
    expect(
      await failure(
        rpc.request(Subjects.media.createUpload, { actor: null, input: base as never }),
      ),
    ).toMatchObject({ status: 403 });
  });
});

describe('deletes', () => {
  it('deleteObjects deletes question media and lists what it could not delete', async () => {
    const qid = freshQid();
    const { ticket } = await upload({ slot: 'questionImage', contentType: 'image/png' }, PNG);
    await commit(qid, { questionImage: { uploadId: ticket.uploadId } });
    const answer = await rpc.request(Subjects.media.deleteObjects, {
      actor: ADMIN,
      paths: [`Images/${qid}-que.png`, 'Workbooks/TEAS-Math-Workbook.pdf', '../x'],
    });
    expect(answer).toEqual({
      deleted: [`Images/${qid}-que.png`],
      failed: ['Workbooks/TEAS-Math-Workbook.pdf', '../x'],
    });
    expect(await headObject(MEDIA_BUCKET, `Images/${qid}-que.png`)).toBeNull();
    expect(
      await failure(
        rpc.request(Subjects.media.deleteObjects, { actor: await newUser(), paths: [] }),
      ),
    ).toMatchObject({ status: 403 });
  });

  it("events.question.deleted removes the question's three objects", async () => {
    const qid = freshQid();
    const a = await upload({ slot: 'questionImage', contentType: 'image/png' }, PNG);
    const b = await upload({ slot: 'explanationImage', contentType: 'image/png' }, PNG);
    const c = await upload({ slot: 'video', contentType: 'video/mp4' }, MP4);
    await commit(qid, {
      questionImage: { uploadId: a.ticket.uploadId },
      explanationImage: { uploadId: b.ticket.uploadId },
      video: { uploadId: c.ticket.uploadId },
    });
    const bus = await JetStreamBus.create(rpc.connection!);
    await bus.publish(
      Events.questionDeleted,
      { qid, at: new Date().toISOString() },
      `it-media-qdel-${qid}-${Date.now()}`,
    );
    const paths = [
      `Images/${qid}-que.png`,
      `Images/${qid}-exp.png`,
      `VideoSolutions/${qid}-vid.mp4`,
    ];
    expect(
      await eventually(async () =>
        (await Promise.all(paths.map((p) => headObject(MEDIA_BUCKET, p)))).every((h) => h === null),
      ),
    ).toBe(true);
  });
});

describe('the store does not answer', () => {
  const env = (endpoint: string): MediaEnv =>
    ({
      S3_ENDPOINT: endpoint,
      S3_PUBLIC_ENDPOINT: endpoint,
      S3_REGION: 'us-east-1',
      S3_ACCESS_KEY: 'examprep',
      S3_SECRET_KEY: 'examprep-dev-secret',
      S3_MEDIA_BUCKET: MEDIA_BUCKET,
      S3_WORKBOOKS_BUCKET: 'examprep-workbooks',
      S3_ADDRESSING: 'path',
      PEER_TIMEOUT_MS: 2000,
    }) as MediaEnv;
  const unavailable = {
    status: 503,
    code: 'STORAGE_UNAVAILABLE',
    message: 'File storage is unavailable right now. Please try again in a minute.',
  };
  const payloadOf = async (p: Promise<unknown>) => {
    const e = await p.then(
      () => undefined,
      (err: unknown) => err,
    );
    return (e as { payload?: unknown })?.payload;
  };

  it('a closed port: 503 STORAGE_UNAVAILABLE at once, for every operation', async () => {
    const probe = net.createServer();
    await new Promise<void>((r) => probe.listen(0, '127.0.0.1', r));
    const port = (probe.address() as net.AddressInfo).port;
    await new Promise<void>((r) => probe.close(() => r()));
    const down = new S3Service(env(`http://127.0.0.1:${port}`));
    try {
      const t = Date.now();
      expect(await payloadOf(down.head('media', 'Images/AB12-que.png'))).toEqual(unavailable);
      expect(await payloadOf(down.firstBytes('media', 'staging/x', 64))).toEqual(unavailable);
      expect(
        await payloadOf(down.copy('media', 'staging/x', 'Images/ZZ00-que.png', 'image/png')),
      ).toEqual(unavailable);
      expect(await payloadOf(down.list('media', 'Images/'))).toEqual(unavailable);
      expect(await payloadOf(down.delete('media', 'Images/ZZ00-que.png'))).toEqual(unavailable);
      expect(Date.now() - t).toBeLessThan(5 * 2000);
    } finally {
      down.onModuleDestroy();
    }
  });

  it('a server that accepts and never answers: 503 within PEER_TIMEOUT_MS', async () => {
    const sockets: net.Socket[] = [];
    const hang = net.createServer((s) => sockets.push(s));
    await new Promise<void>((r) => hang.listen(0, '127.0.0.1', r));
    const port = (hang.address() as net.AddressInfo).port;
    const down = new S3Service(env(`http://127.0.0.1:${port}`));
    try {
      const t = Date.now();
      expect(await payloadOf(down.head('media', 'Images/AB12-que.png'))).toEqual(unavailable);
      expect(Date.now() - t).toBeLessThan(2000 + 500);
    } finally {
      down.onModuleDestroy();
      for (const s of sockets) s.destroy();
      await new Promise<void>((r) => hang.close(() => r()));
    }
  });
});
