// Security suite (issue 15, Deliver 3): upload attacks through the gateway against the real
// media service and S3 server of the test profile (ADR 0020). Announcing an upload refuses
// active or unknown types (SVG, HTML, XML), path-like or invisible-character names and sizes
// that are not a whole number of bytes within the slot's limit, naming the field; an SVG with a
// script PUT under a PNG ticket is refused when the question is saved (its content is sniffed,
// not its name or announced type) and nothing is stored; a PNG under an active-looking name is
// stored at the slot's own path with the sniffed type, so the name never reaches a key or a
// served header. (The presigned PUT's binding to the announced type and size, and more refused
// contents, are in apps/media/test/uploads.int-spec.ts.)
import { HeadObjectCommand } from '@aws-sdk/client-s3';
import { MEDIA_LIMITS, MEDIA_MESSAGES } from '@examprep/contracts';
import { s3Client } from '@examprep/test-kit';
import { randomBytes } from 'node:crypto';
import { call, tokenFor } from './support/api';
import { warmToken } from './support/probe';
import { systemCtl } from './support/system';

const s3 = s3Client('test');
const MEDIA_BUCKET = 'examprep-media';
const PNG = Buffer.concat([
  Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
  randomBytes(64),
]);
const SVG = Buffer.from(
  '<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"><script>alert(document.domain)</script></svg>',
);
const announce = {
  slot: 'questionImage',
  contentType: 'image/png',
  size: PNG.length,
  fileName: 'triangle.png',
};
const made: string[] = [];

beforeAll(async () => {
  systemCtl('start', ['media', 'qbank', 'gateway']);
  await warmToken(() => tokenFor('admin'));
}, 60_000);

afterAll(async () => {
  for (const qid of made) await call('DELETE', `/api/questions/${qid}`, { who: 'admin' });
});

async function head(key: string): Promise<{ ContentType?: string } | null> {
  try {
    return await s3.send(new HeadObjectCommand({ Bucket: MEDIA_BUCKET, Key: key }));
  } catch {
    return null;
  }
}

/** Announces and PUTs `bytes` as a PNG of `fileName`; the upload id. */
async function stage(bytes: Buffer, fileName: string): Promise<string> {
  const ticket = await call('POST', '/api/admin/media/uploads', {
    who: 'admin',
    body: { ...announce, size: bytes.length, fileName },
  });
  expect(ticket.status).toBe(201);
  const put = await fetch(ticket.body.url, {
    method: 'PUT',
    headers: ticket.body.headers,
    body: bytes,
  });
  expect(put.status).toBe(200);
  return ticket.body.uploadId as string;
}

const question = (uploadId: string) => ({
  question: 'Which shape has three sides?',
  type: 'single',
  choices: ['Triangle', 'Square'],
  correctAnswer: ['Triangle'],
  explanation: 'A triangle has three sides.',
  course: 'security_probe',
  objective: 'uploads',
  media: { questionImage: { uploadId } },
});

describe('announcing an upload (POST /api/admin/media/uploads)', () => {
  it.each([
    ['contentType', 'image/svg+xml'],
    ['contentType', 'text/html'],
    ['contentType', 'application/xml'],
    ['contentType', 'application/octet-stream'],
    ['contentType', 'image/png; charset=utf-8'],
    ['contentType', 'IMAGE/PNG'],
    ['contentType', ''],
    ['fileName', '../../etc/passwd'],
    ['fileName', '..\\..\\windows\\win.ini'],
    ['fileName', '/etc/passwd'],
    ['fileName', 'C:\\x.png'],
    ['fileName', 'images/../x.png'],
    ['fileName', 'x.png\u0000.html'],
    ['fileName', 'x\u202egnp.html'],
    ['fileName', 'x\u200b.png'],
    ['fileName', `${'a'.repeat(MEDIA_LIMITS.fileNameMax)}.png`],
    ['fileName', '   '],
    ['size', 0],
    ['size', -1],
    ['size', 1.5],
    ['size', '72'],
    ['size', 1e308],
    ['size', 9007199254740994],
    ['size', MEDIA_LIMITS.videoMaxBytes + 1],
  ] as [string, unknown][])('%s %j: 400 naming the field', async (field, value) => {
    const res = await call('POST', '/api/admin/media/uploads', {
      who: 'admin',
      body: { ...announce, [field]: value },
    });
    expect({ status: res.status, fields: Object.keys(res.body?.fields ?? {}) }).toEqual({
      status: 400,
      fields: [field],
    });
  });

  it('an image over its limit: 400 naming size with the image limit', async () => {
    const res = await call('POST', '/api/admin/media/uploads', {
      who: 'admin',
      body: { ...announce, size: MEDIA_LIMITS.imageMaxBytes + 1 },
    });
    expect(res).toMatchObject({
      status: 400,
      body: { fields: { size: [MEDIA_MESSAGES.imageTooLarge] } },
    });
  });
});

describe('saving a question with a staged upload (the content is checked at commit)', () => {
  it('an SVG with a script PUT under a PNG ticket is refused and nothing is stored', async () => {
    const uploadId = await stage(SVG, 'innocent.png');
    const res = await call('POST', '/api/questions', { who: 'admin', body: question(uploadId) });
    if (res.status === 201) made.push(res.body.qid);
    expect(res).toMatchObject({
      status: 400,
      body: {
        code: 'BAD_MEDIA_FILE',
        message: MEDIA_MESSAGES.notAnImage,
        fields: { 'media.questionImage': [MEDIA_MESSAGES.notAnImage] },
      },
    });
    const listed = await call('GET', '/api/questions?course=security_probe&objective=uploads', {
      who: 'admin',
    });
    expect(listed.body.questions ?? []).toEqual([]);
  });

  it('a PNG named like an active file is stored at the slot path as image/png', async () => {
    const uploadId = await stage(PNG, 'evil.svg.html');
    const res = await call('POST', '/api/questions', { who: 'admin', body: question(uploadId) });
    expect(res.status).toBe(201);
    const qid = res.body.qid as string;
    made.push(qid);
    expect((await head(`Images/${qid}-que.png`))?.ContentType).toBe('image/png');
    const signed = await call(
      'GET',
      `/api/getSignedUrl?path=${encodeURIComponent(`Images/${qid}-que.png`)}`,
      {
        who: 'admin',
      },
    );
    expect(signed.status).toBe(200);
    const file = await fetch(signed.body.url ?? signed.body.signedUrl);
    expect(file.headers.get('content-type')).toBe('image/png');
    expect(file.headers.get('content-disposition') ?? '').not.toContain('.html');
  });
});
