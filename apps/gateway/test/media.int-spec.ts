// The media routes through the gateway against the real system of the test profile (gateway,
// media, testing, catalog, qbank, identity, the local S3 server with the seeded workbooks and
// downloads, Keycloak): each route as an admin, an owner, another learner and anonymously
// (status codes and bodies), the signed URLs fetched (the same bytes), explanation media only
// after the check, the PDF responses' headers and bytes, and bad input 400 naming the field
// (learner spec §3-§4, §7-§8; admin spec §7; ADR 0020).
import { DeleteObjectCommand, HeadObjectCommand, PutObjectCommand } from '@aws-sdk/client-s3';
import { MEDIA_MESSAGES, type TestView, type WorkbookManifest } from '@examprep/contracts';
import {
  createRealmUser,
  getClientToken,
  identityServiceClient,
  infraConfig,
  s3Client,
} from '@examprep/test-kit';
import { parse as parseDisposition } from 'content-disposition';
import { randomBytes } from 'node:crypto';
import { call, gatewayUrl, tokenFor, type Who } from './support/api';
import { systemCtl } from './support/system';

const cfg = infraConfig('test');
const kcAdmin = `${cfg.keycloakUrl}/admin/realms/${cfg.realm}`;
const s3 = s3Client('test');
const stamp = Date.now();
const owner = { email: `med-owner-${stamp}@examprep.test`, password: 'owner-pass-1', id: '' };
const other = { email: `med-other-${stamp}@examprep.test`, password: 'other-pass-1', id: '' };
type Caller = 'anonymous' | 'owner' | 'other' | 'admin';
const asWho = (c: Caller): Who => (c === 'owner' ? owner : c === 'other' ? other : c);
const OWNED = ['teas_math_workbook', 'premium_3d_assets'];

const PNG = Buffer.concat([
  Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
  randomBytes(64),
]);
let testId = '';
let qid = '';
const placed: string[] = [];

async function missing(key: string): Promise<boolean> {
  try {
    await s3.send(new HeadObjectCommand({ Bucket: 'examprep-media', Key: key }));
    return false;
  } catch {
    return true;
  }
}

beforeAll(async () => {
  systemCtl('start', ['catalog', 'qbank', 'testing', 'identity', 'media', 'gateway']);
  owner.id = await createRealmUser(owner);
  other.id = await createRealmUser(other);
  const grant = await call('POST', '/api/update-user-purchases', {
    who: 'admin',
    body: { uid: owner.id, purchases: Object.fromEntries(OWNED.map((p) => [p, true])) },
  });
  expect(grant.status).toBe(200);
  const created = await call('POST', '/api/create-test', {
    who: owner,
    body: {
      productId: 'teas_math_sample_qbank',
      includeId: 'teas_math_sample_qbank',
      mode: 'full',
    },
  });
  expect(created.status).toBe(200);
  testId = created.body.testId;
  const test = (await call<TestView>('GET', `/api/tests/${testId}`, { who: owner })).body;
  // a question of the test with no media yet: its two images are put in the store for this file
  for (const q of test.questions) {
    if ((await missing(`Images/${q.qid}-que.png`)) && (await missing(`Images/${q.qid}-exp.png`))) {
      qid = q.qid;
      break;
    }
  }
  expect(qid).not.toBe('');
  for (const key of [`Images/${qid}-que.png`, `Images/${qid}-exp.png`]) {
    await s3.send(
      new PutObjectCommand({
        Bucket: 'examprep-media',
        Key: key,
        Body: PNG,
        ContentType: 'image/png',
      }),
    );
    placed.push(key);
  }
}, 180_000);

afterAll(async () => {
  for (const key of placed)
    await s3.send(new DeleteObjectCommand({ Bucket: 'examprep-media', Key: key }));
  s3.destroy();
  if (testId) await call('POST', '/api/delete-test', { who: 'admin', body: { testId } });
  await call('POST', '/api/update-user-purchases', {
    who: 'admin',
    body: { uid: owner.id, purchases: Object.fromEntries(OWNED.map((p) => [p, false])) },
  });
  const { access_token } = await getClientToken(identityServiceClient());
  for (const id of [owner.id, other.id].filter(Boolean)) {
    await fetch(`${kcAdmin}/users/${id}`, {
      method: 'DELETE',
      headers: { authorization: `Bearer ${access_token}` },
    });
  }
});

const signed = (path: string, who: Caller) =>
  call('GET', `/api/getSignedUrl?path=${encodeURIComponent(path)}`, { who: asWho(who) });

/** The signed URL works: it answers the stored bytes. */
async function fetched(signedUrl: string): Promise<Buffer> {
  const res = await fetch(signedUrl);
  expect(res.status).toBe(200);
  return Buffer.from(await res.arrayBuffer());
}

const FORBIDDEN = { code: 'FORBIDDEN', message: MEDIA_MESSAGES.forbidden };
const ANONYMOUS = { code: 'UNAUTHENTICATED', message: 'Authentication required.' };
const ANONYMOUS_DOWNLOAD = { code: 'UNAUTHENTICATED', message: MEDIA_MESSAGES.authRequired };

describe('GET /api/getSignedUrl: the signing matrix', () => {
  it('question image: admin and the learner whose test holds it; another learner 403; anonymous 401', async () => {
    const path = `Images/${qid}-que.png`;
    for (const who of ['admin', 'owner'] as const) {
      const res = await signed(path, who);
      expect(res.status).toBe(200);
      expect(res.body).toEqual({ signedUrl: expect.any(String), expiresAt: expect.any(String) });
      expect((await fetched(res.body.signedUrl)).equals(PNG)).toBe(true);
    }
    expect(await signed(path, 'other')).toMatchObject({ status: 403, body: FORBIDDEN });
    expect(await signed(path, 'anonymous')).toMatchObject({ status: 401, body: ANONYMOUS });
  });

  it('explanation image: the learner only after the check; the same 403 for a file that does not exist', async () => {
    const path = `Images/${qid}-exp.png`;
    expect(await signed(path, 'owner')).toMatchObject({ status: 403, body: FORBIDDEN });
    expect((await signed(path, 'admin')).status).toBe(200);
    // not in any test of theirs: the same answer whether or not the object exists
    expect(await signed('Images/ZZ00-exp.png', 'owner')).toMatchObject({
      status: 403,
      body: FORBIDDEN,
    });
    const test = (await call<TestView>('GET', `/api/tests/${testId}`, { who: owner })).body;
    const q = test.questions.find((x) => x.qid === qid)!;
    const answer =
      q.type === 'sata' ? [q.answerOrder[0]] : q.type === 'single' ? q.answerOrder[0] : '1';
    const checked = await call('POST', '/api/submit-quiz-answer', {
      who: owner,
      body: { testId, questionId: qid, submittedAnswer: answer },
    });
    expect(checked.status).toBe(200);
    const res = await signed(path, 'owner');
    expect(res.status).toBe(200);
    expect((await fetched(res.body.signedUrl)).equals(PNG)).toBe(true);
    expect(await signed(path, 'other')).toMatchObject({ status: 403, body: FORBIDDEN });
  });

  it('workbook video: owner and admin; another learner 403', async () => {
    const path = 'Workbooks/TEAS-Math-Workbook/videos/01-multiplying-fractions.mp4';
    expect((await signed(path, 'owner')).status).toBe(200);
    expect((await signed(path, 'admin')).status).toBe(200);
    expect(await signed(path, 'other')).toMatchObject({ status: 403, body: FORBIDDEN });
    // the Med Dosage Workbook is not the owner's
    expect(
      await signed('Workbooks/Med-Dosage-Workbook/videos/01-ratios.mp4', 'owner'),
    ).toMatchObject({ status: 403 });
  });

  it('a workbook PDF original is signed to nobody, its owner and admins included (only stamped copies leave)', async () => {
    const stampedOnly = { code: 'FORBIDDEN', message: MEDIA_MESSAGES.stampedOnly };
    for (const path of [
      'Workbooks/TEAS-Math-Workbook.pdf',
      'Workbooks/Med-Dosage-Workbook.pdf',
      'Workbooks/No-Such-Workbook.pdf',
    ]) {
      for (const who of ['owner', 'admin', 'other'] as const)
        expect(await signed(path, who)).toMatchObject({ status: 403, body: stampedOnly });
    }
    // no other delivery route takes an original's path either
    for (const [route, query] of [
      ['getWorkbookVideoUrl', 'videoPath=Workbooks/TEAS-Math-Workbook.pdf'],
      ['download-file-paid', 'filePath=Workbooks/TEAS-Math-Workbook.pdf'],
      ['download-file-free', 'filePath=Workbooks/TEAS-Math-Workbook.pdf'],
      ['proxy-pdf', 'file=Workbooks/TEAS-Math-Workbook.pdf'],
      ['proxy-pdf', 'file=..%2FWorkbooks%2FTEAS-Math-Workbook.pdf'],
    ] as const) {
      for (const who of ['owner', 'admin'] as const) {
        const res = await call('GET', `/api/${route}?${query}`, { who: asWho(who) });
        expect({ route, query, who, status: res.status }).toEqual({
          route,
          query,
          who,
          status: 400,
        });
      }
    }
  });

  it('downloads: free ones for every signed-in user, paid ones for owners', async () => {
    for (const who of ['owner', 'other', 'admin'] as const)
      expect((await signed('Downloads/free-3d-assets.zip', who)).status).toBe(200);
    expect((await signed('Downloads/premium-3d-assets.zip', 'owner')).status).toBe(200);
    expect(await signed('Downloads/premium-3d-assets.zip', 'other')).toMatchObject({ status: 403 });
    expect(await signed('Downloads/premium-android-stuff.zip', 'owner')).toMatchObject({
      status: 403,
    });
  });

  it.each([
    '../etc/passwd',
    'Images/../Workbooks/TEAS-Math-Workbook.pdf',
    'Images/%2e%2e/x.png',
    '/Images/AB12-que.png',
    'Secrets/keys.txt',
    'Images/AB12-que.png\u0000',
  ])('400 naming path for %j (even for an admin)', async (path) => {
    const res = await signed(path, 'admin');
    expect(res.status).toBe(400);
    expect(res.body.fields).toHaveProperty('path');
  });
});

describe('GET /api/getWorkbookVideoUrl, /api/workbooks/:productId', () => {
  const video = 'Workbooks/TEAS-Math-Workbook/videos/02-percent-of-a-number.mp4';
  it('video: owner and admin get a URL that plays; another learner 403; anonymous 401', async () => {
    for (const who of ['owner', 'admin'] as const) {
      const res = await call('GET', `/api/getWorkbookVideoUrl?videoPath=${video}`, {
        who: asWho(who),
      });
      expect(res.status).toBe(200);
      const head = await fetch(res.body.signedUrl, { headers: { range: 'bytes=0-15' } });
      expect([200, 206]).toContain(head.status);
      expect(head.headers.get('content-type')).toBe('video/mp4');
    }
    expect(
      await call('GET', `/api/getWorkbookVideoUrl?videoPath=${video}`, { who: other }),
    ).toMatchObject({
      status: 403,
    });
    expect(await call('GET', `/api/getWorkbookVideoUrl?videoPath=${video}`)).toMatchObject({
      status: 401,
    });
    const bad = await call(
      'GET',
      '/api/getWorkbookVideoUrl?videoPath=Downloads/free-3d-assets.zip',
      { who: owner },
    );
    expect(bad.status).toBe(400);
    expect(bad.body.fields).toHaveProperty('videoPath');
  });

  it('manifest: owner and admin; another learner 403; anonymous 401; bad id 400', async () => {
    for (const who of ['owner', 'admin'] as const) {
      const res = await call<WorkbookManifest>('GET', '/api/workbooks/teas_math_workbook', {
        who: asWho(who),
      });
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({
        productId: 'teas_math_workbook',
        pdfPath: 'Workbooks/TEAS-Math-Workbook.pdf',
      });
      expect(res.body.questionCount).toBeGreaterThanOrEqual(1000);
      expect(res.body.chapters.length).toBeGreaterThan(0);
    }
    expect((await call('GET', '/api/workbooks/teas_math_workbook', { who: other })).status).toBe(
      403,
    );
    expect((await call('GET', '/api/workbooks/teas_math_workbook')).status).toBe(401);
    const bad = await call('GET', '/api/workbooks/Not-An-Id', { who: owner });
    expect(bad.status).toBe(400);
    expect(bad.body.fields).toHaveProperty('productId');
  });
});

describe('GET /api/download-file-free, /api/download-file-paid', () => {
  it('free: every signed-in user, the URL answers the file as an attachment; anonymous 401 with the spec text', async () => {
    for (const who of ['owner', 'other', 'admin'] as const) {
      const res = await call(
        'GET',
        '/api/download-file-free?filePath=Downloads/free-3d-assets.zip',
        { who: asWho(who) },
      );
      expect(res.status).toBe(200);
      const file = await fetch(res.body.signedUrl);
      expect(file.status).toBe(200);
      expect(file.headers.get('content-disposition')).toMatch(/^attachment/);
    }
    expect(
      await call('GET', '/api/download-file-free?filePath=Downloads/free-3d-assets.zip'),
    ).toMatchObject({
      status: 401,
      body: ANONYMOUS_DOWNLOAD,
    });
  });

  it('paid: owners and admins; another learner 403; anonymous 401 with the spec text; a path elsewhere 400', async () => {
    const url = '/api/download-file-paid?filePath=Downloads/premium-3d-assets.zip';
    expect((await call('GET', url, { who: owner })).status).toBe(200);
    expect((await call('GET', url, { who: 'admin' })).status).toBe(200);
    expect((await call('GET', url, { who: other })).status).toBe(403);
    expect(await call('GET', url)).toMatchObject({ status: 401, body: ANONYMOUS_DOWNLOAD });
    const bad = await call(
      'GET',
      '/api/download-file-paid?filePath=Workbooks/TEAS-Math-Workbook.pdf',
      { who: owner },
    );
    expect(bad.status).toBe(400);
    expect(bad.body.fields).toHaveProperty('filePath');
  });
});

/** A PDF route's raw answer (status, headers, bytes). */
async function pdf(method: 'GET' | 'POST', path: string, who: Caller, body?: object) {
  const token = who === 'anonymous' ? undefined : await tokenFor(asWho(who) as never);
  const res = await fetch(`${gatewayUrl}${path}`, {
    method,
    headers: {
      ...(token ? { authorization: `Bearer ${token}` } : {}),
      ...(body ? { 'content-type': 'application/json' } : {}),
    },
    body: body ? JSON.stringify(body) : undefined,
  });
  return { status: res.status, headers: res.headers, bytes: Buffer.from(await res.arrayBuffer()) };
}

function expectPdf(res: Awaited<ReturnType<typeof pdf>>, fileName: string) {
  expect(res.status).toBe(200);
  expect(res.headers.get('content-type')).toBe('application/pdf');
  expect(res.headers.get('content-length')).toBe(String(res.bytes.length));
  expect(res.headers.get('cache-control')).toBe('no-store');
  // an attachment named `fileName` (filename, and filename* when the name is not plain ASCII)
  expect(parseDisposition(res.headers.get('content-disposition') ?? '')).toEqual({
    type: 'attachment',
    parameters: { filename: fileName },
  });
  expect(res.bytes.subarray(0, 5).toString()).toBe('%PDF-');
}

describe('PDF routes (streamed through the gateway)', () => {
  it('proxy-free-pdf: a free PDF for every signed-in user; anonymous 401 with the spec text', async () => {
    for (const who of ['owner', 'other', 'admin'] as const) {
      expectPdf(
        await pdf('GET', '/api/proxy-free-pdf?file=med-dosage-conversions.pdf', who),
        'med-dosage-conversions.pdf',
      );
    }
    const anon = await pdf(
      'GET',
      '/api/proxy-free-pdf?file=med-dosage-conversions.pdf',
      'anonymous',
    );
    expect(anon.status).toBe(401);
    expect(JSON.parse(anon.bytes.toString())).toMatchObject(ANONYMOUS_DOWNLOAD);
    const bad = await call('GET', '/api/proxy-free-pdf?file=../Workbooks/TEAS-Math-Workbook.pdf', {
      who: owner,
    });
    expect(bad.status).toBe(400);
    expect(bad.body.fields).toHaveProperty('file');
  });

  it('proxy-pdf: workbooks are only delivered stamped (403); anonymous 401 with the spec text', async () => {
    expect((await pdf('GET', '/api/proxy-pdf?file=TEAS-Math-Workbook.pdf', 'other')).status).toBe(
      403,
    );
    const anon = await pdf('GET', '/api/proxy-pdf?file=med-dosage-conversions.pdf', 'anonymous');
    expect(anon.status).toBe(401);
    expect(JSON.parse(anon.bytes.toString())).toMatchObject(ANONYMOUS_DOWNLOAD);
  });

  it('generate-stamped-pdf: the owner gets the workbook saved under a name with their email; others 403; anonymous 401', async () => {
    const body = { workbookPath: 'Workbooks/TEAS-Math-Workbook.pdf' };
    expectPdf(
      await pdf('POST', '/api/generate-stamped-pdf', 'owner', body),
      `TEAS-Math-Workbook-${owner.email}.pdf`,
    );
    const refused = await pdf('POST', '/api/generate-stamped-pdf', 'other', body);
    expect(refused.status).toBe(403);
    expect(refused.headers.get('content-disposition')).toBeNull();
    const anon = await pdf('POST', '/api/generate-stamped-pdf', 'anonymous', body);
    expect(anon.status).toBe(401);
    expect(JSON.parse(anon.bytes.toString())).toMatchObject(ANONYMOUS_DOWNLOAD);
    const bad = await call('POST', '/api/generate-stamped-pdf', {
      who: owner,
      body: { workbookPath: 'Workbooks/../TEAS-Math-Workbook.pdf' },
    });
    expect(bad.status).toBe(400);
    expect(bad.body.fields).toHaveProperty('workbookPath');
  });
});

describe('POST /api/admin/media/uploads', () => {
  const input = {
    slot: 'questionImage',
    contentType: 'image/png',
    size: PNG.length,
    fileName: 'triangle.png',
  };
  it('admin: a ticket whose PUT stores the file in staging; learners 403; anonymous 401', async () => {
    const res = await call('POST', '/api/admin/media/uploads', { who: 'admin', body: input });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({
      uploadId: expect.stringMatching(/^[a-z0-9]{24}$/),
      method: 'PUT',
    });
    const put = await fetch(res.body.url, { method: 'PUT', headers: res.body.headers, body: PNG });
    expect(put.status).toBe(200);
    expect(
      (await call('POST', '/api/admin/media/uploads', { who: owner, body: input })).status,
    ).toBe(403);
    expect((await call('POST', '/api/admin/media/uploads', { body: input })).status).toBe(401);
  });

  it('an oversized image, a bad type or a path as file name: 400 naming the field', async () => {
    for (const [over, field] of [
      [{ size: 5 * 1024 * 1024 + 1 }, 'size'],
      [{ contentType: 'text/html' }, 'contentType'],
      [{ fileName: '../../x.png' }, 'fileName'],
    ] as const) {
      const res = await call('POST', '/api/admin/media/uploads', {
        who: 'admin',
        body: { ...input, ...over },
      });
      expect(res.status).toBe(400);
      expect(JSON.stringify(res.body)).toContain(field);
    }
  });
});
