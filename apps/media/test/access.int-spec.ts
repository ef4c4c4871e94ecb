// Who gets what (ADR 0020 §3-§5) against the RUNNING test system (media, testing, catalog,
// qbank over NATS; FerretDB; the versitygw S3): the signing matrix (admin / learner in the test
// / other learner / unverified / anonymous) for question media before and after a check, owned,
// unowned and free downloads and workbooks, 403 alike for existing and missing objects, bad
// paths 400; the workbook manifest; stamped PDFs carrying the email, stored once and reused,
// and the 11th in 24 hours refused.
import { execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import * as path from 'node:path';
import { DeleteObjectCommand, ListObjectsV2Command } from '@aws-sdk/client-s3';
import {
  type Actor,
  Events,
  MEDIA_MESSAGES,
  Subjects,
  type TestQuestionView,
} from '@examprep/contracts';
import { JetStreamBus } from '@examprep/nest-kit';
import { infraConfig } from '@examprep/test-kit';
import { PDFDocument, StandardFonts } from 'pdf-lib';
import {
  ADMIN,
  connectSystem,
  disconnectSystem,
  failure,
  grant,
  headObject,
  mediaDb,
  newUser,
  PNG,
  putObject,
  rpc,
  s3,
  sign,
  WORKBOOKS_BUCKET,
  MEDIA_BUCKET,
} from './support/media-system';

const FORBIDDEN = {
  status: 403,
  code: 'FORBIDDEN',
  message: 'You do not have access to this file.',
};
const suffix = randomBytes(4).toString('hex');
const WB_ID = `it_wb_${suffix}`;
const WB_NAME = `It-Wb-${suffix}`;
const WB_PDF = `Workbooks/${WB_NAME}.pdf`;
const WB_VIDEO = `Workbooks/${WB_NAME}/videos/01-intro.mp4`;
/** The fixture workbook belongs to the seeded paid product teas_math_workbook. */
const WB_PRODUCT = 'teas_math_workbook';
const made: { bucket: string; key: string }[] = [];

let learner: Actor; // has a free sample test; owns nothing
let other: Actor; // has no test
let qid: string; // a question of learner's test
let checkedQid: string; // the one learner checked

beforeAll(async () => {
  await connectSystem();
  learner = await newUser();
  other = await newUser();
  // a free sample test in Check As You Go mode, and one answer checked
  const { testId } = await rpc.request(Subjects.testing.createTest, {
    actor: learner,
    input: {
      productId: 'teas_math_sample_qbank',
      includeId: 'teas_math_sample_qbank',
      mode: 'full',
    },
  });
  const view = await rpc.request(Subjects.testing.getTest, { actor: learner, testId });
  const [first, second] = view.questions as TestQuestionView[];
  checkedQid = first!.qid;
  qid = second!.qid;
  const answer =
    first!.type === 'sata'
      ? [first!.answerOrder[0]!]
      : first!.type === 'single'
        ? first!.answerOrder[0]!
        : '1';
  await rpc.request(Subjects.testing.submitQuizAnswer, {
    actor: learner,
    input: { testId, questionId: checkedQid, submittedAnswer: answer },
  });
  // the fixture workbook: a small PDF, a video object and its manifest
  const doc = await PDFDocument.create();
  const font = await doc.embedFont(StandardFonts.Helvetica);
  doc.addPage([300, 300]).drawText('Fixture workbook', { x: 20, y: 150, size: 14, font });
  doc.setTitle('Fixture workbook');
  await putObject(WORKBOOKS_BUCKET, WB_PDF, await doc.save(), 'application/pdf');
  await putObject(WORKBOOKS_BUCKET, WB_VIDEO, PNG, 'video/mp4');
  made.push({ bucket: WORKBOOKS_BUCKET, key: WB_PDF }, { bucket: WORKBOOKS_BUCKET, key: WB_VIDEO });
  await mediaDb()
    .collection('workbooks')
    .insertOne({
      _id: WB_ID,
      productId: WB_PRODUCT,
      title: 'Fixture workbook',
      pdfPath: WB_PDF,
      pageCount: 1,
      questionCount: 0,
      chapters: [
        {
          number: 1,
          title: 'Intro',
          objective: 'o',
          topics: ['t'],
          questionCount: 0,
          page: 1,
          videos: [{ title: 'Intro', path: WB_VIDEO, seconds: 5 }],
        },
      ],
      updatedAt: '2026-11-24T00:00:00.000Z',
    } as never);
}, 150_000);

afterAll(async () => {
  try {
    await mediaDb()
      .collection('workbooks')
      .deleteOne({ _id: WB_ID } as never);
    for (const uid of [learner?.uid, other?.uid, ADMIN.uid].filter(Boolean)) {
      const listed = await s3.send(
        new ListObjectsV2Command({ Bucket: WORKBOOKS_BUCKET, Prefix: `Stamped/${uid}/` }),
      );
      for (const o of listed.Contents ?? []) made.push({ bucket: WORKBOOKS_BUCKET, key: o.Key! });
    }
    for (const m of made)
      await s3
        .send(new DeleteObjectCommand({ Bucket: m.bucket, Key: m.key }))
        .catch(() => undefined);
  } finally {
    await disconnectSystem();
  }
});

const isSigned = (a: { signedUrl: string; expiresAt: string }) => {
  // the test profile's public S3 endpoint (infra.config.json), not a port written here
  expect(
    a.signedUrl.startsWith(`${infraConfig('test').s3.publicEndpoint.replace(/\/$/, '')}/`),
  ).toBe(true);
  expect(a.signedUrl).toContain('X-Amz-Signature=');
  expect(Date.parse(a.expiresAt)).toBeGreaterThan(Date.now() + 59 * 60_000);
};

describe('signing matrix: question media', () => {
  it('question image: admin and the learner whose test has it; others 403', async () => {
    isSigned(await sign(ADMIN, `Images/${qid}-que.png`));
    isSigned(await sign(learner, `Images/${qid}-que.png`));
    expect(await failure(sign(other, `Images/${qid}-que.png`))).toEqual(FORBIDDEN);
    expect(
      await failure(sign(await newUser({ emailVerified: false }), `Images/${qid}-que.png`)),
    ).toEqual(FORBIDDEN);
    expect(await failure(sign(null, `Images/${qid}-que.png`))).toEqual(FORBIDDEN);
  });

  it('explanation image and video: only after the answer was checked', async () => {
    for (const p of [`Images/${qid}-exp.png`, `VideoSolutions/${qid}-vid.mp4`]) {
      isSigned(await sign(ADMIN, p));
      expect(await failure(sign(learner, p))).toEqual(FORBIDDEN);
      expect(await failure(sign(other, p))).toEqual(FORBIDDEN);
      expect(await failure(sign(null, p))).toEqual(FORBIDDEN);
    }
    for (const p of [`Images/${checkedQid}-exp.png`, `VideoSolutions/${checkedQid}-vid.mp4`]) {
      isSigned(await sign(learner, p));
      expect(await failure(sign(other, p))).toEqual(FORBIDDEN);
    }
  });

  it('403 is the same for an object that exists and one that does not', async () => {
    // ZY, not ZZ: uploads.int-spec runs beside this file and puts objects under random ZZ ids
    // (testQid), so a fixed ZZ id here could exist when this test expects it missing
    await putObject(MEDIA_BUCKET, 'Images/ZY98-que.png', PNG, 'image/png');
    made.push({ bucket: MEDIA_BUCKET, key: 'Images/ZY98-que.png' });
    expect(await headObject(MEDIA_BUCKET, 'Images/ZY99-que.png')).toBeNull();
    const existing = await failure(sign(learner, 'Images/ZY98-que.png'));
    const missing = await failure(sign(learner, 'Images/ZY99-que.png'));
    expect(existing).toEqual(FORBIDDEN);
    expect(missing).toEqual(existing);
    // and the admin's URL for the existing one serves it
    const res = await fetch((await sign(ADMIN, 'Images/ZY98-que.png')).signedUrl);
    expect(res.status).toBe(200);
  });

  it.each([
    '../Images/AB12-que.png',
    'Images/../Images/AB12-que.png',
    '/Images/AB12-que.png',
    'Images%2FAB12-que.png',
    'Images/%2e%2e/x.png',
    'Images\\AB12-que.png',
    'Images/AB12-que.png\u0000',
    'Images/ÄB12-que.png',
    'secrets/AB12-que.png',
    'Images/AB12-que.png/',
    '',
  ])('a malformed path is 400 before any access check: %j', async (p) => {
    expect(await failure(sign(null, p))).toMatchObject({
      status: 400,
      code: 'VALIDATION_FAILED',
      fields: { path: expect.any(Array) },
    });
  });
});

describe('signing matrix: downloads and workbooks', () => {
  it('a free download: every verified user; a paid one: owners and admins; an unknown one: 403 like a paid one', async () => {
    const buyer = await newUser();
    isSigned(await sign(learner, 'Downloads/free-3d-assets.zip'));
    expect(await failure(sign(null, 'Downloads/free-3d-assets.zip'))).toEqual(FORBIDDEN);
    expect(await failure(sign(buyer, 'Downloads/premium-3d-assets.zip'))).toEqual(FORBIDDEN);
    expect(await failure(sign(buyer, 'Downloads/no-such-pack.zip'))).toEqual(FORBIDDEN);
    isSigned(await sign(ADMIN, 'Downloads/premium-3d-assets.zip'));
    await grant(buyer.uid, { premium_3d_assets: true });
    isSigned(await sign(buyer, 'Downloads/premium-3d-assets.zip'));
  });

  it('download tiers: free files to all; paid files to owners; a download URL saves the file', async () => {
    const buyer = await newUser();
    const free = await rpc.request(Subjects.media.download, {
      actor: learner,
      filePath: 'Downloads/free-3d-assets.zip',
      tier: 'free',
    });
    isSigned(free);
    // the header S3 answers the download with (content-disposition's token form: the name needs
    // no quotes, RFC 6266)
    expect(new URL(free.signedUrl).searchParams.get('response-content-disposition')).toBe(
      'attachment; filename=free-3d-assets.zip',
    );
    expect(
      await failure(
        rpc.request(Subjects.media.download, {
          actor: learner,
          filePath: 'Downloads/premium-3d-assets.zip',
          tier: 'free',
        }),
      ),
    ).toEqual(FORBIDDEN);
    expect(
      await failure(
        rpc.request(Subjects.media.download, {
          actor: buyer,
          filePath: 'Downloads/premium-3d-assets.zip',
          tier: 'paid',
        }),
      ),
    ).toEqual(FORBIDDEN);
    await grant(buyer.uid, { premium_3d_assets: true });
    isSigned(
      await rpc.request(Subjects.media.download, {
        actor: buyer,
        filePath: 'Downloads/premium-3d-assets.zip',
        tier: 'paid',
      }),
    );
    expect(
      await failure(
        rpc.request(Subjects.media.download, {
          actor: null,
          filePath: 'Downloads/free-3d-assets.zip',
          tier: 'free',
        }),
      ),
    ).toMatchObject({
      status: 401,
      message: 'Authentication required to download the file.',
    });
    expect(
      await failure(
        rpc.request(Subjects.media.download, {
          actor: buyer,
          filePath: 'Downloads/../x.zip',
          tier: 'paid',
        }),
      ),
    ).toMatchObject({
      status: 400,
      fields: { filePath: ['The filePath field must be a download path (Downloads/{name}).'] },
    });
  });

  it('workbook videos and manifest: owners and admins; the PDF original: nobody (stamped copies only)', async () => {
    const owner = await newUser();
    const stampedOnly = { status: 403, code: 'FORBIDDEN', message: MEDIA_MESSAGES.stampedOnly };
    for (const actor of [learner, null]) {
      expect(await failure(sign(actor, WB_PDF))).toEqual(stampedOnly);
      expect(
        await failure(rpc.request(Subjects.media.workbookVideo, { actor, videoPath: WB_VIDEO })),
      ).toEqual(FORBIDDEN);
    }
    expect(
      await failure(rpc.request(Subjects.media.workbook, { actor: learner, productId: WB_ID })),
    ).toEqual({
      status: 403,
      code: 'FORBIDDEN',
      message: 'You do not have access to this product.',
    });
    expect(await failure(sign(ADMIN, WB_PDF))).toEqual(stampedOnly);
    await grant(owner.uid, { [WB_PRODUCT]: true });
    expect(await failure(sign(owner, WB_PDF))).toEqual(stampedOnly);
    const video = await rpc.request(Subjects.media.workbookVideo, {
      actor: owner,
      videoPath: WB_VIDEO,
    });
    isSigned(video);
    expect((await fetch(video.signedUrl)).status).toBe(200);
    const manifest = await rpc.request(Subjects.media.workbook, { actor: owner, productId: WB_ID });
    expect(manifest).toMatchObject({
      productId: WB_PRODUCT,
      pdfPath: WB_PDF,
      title: 'Fixture workbook',
      pageCount: 1,
    });
    expect(manifest.chapters[0]!.videos[0]!.path).toBe(WB_VIDEO);
    expect(
      await failure(
        rpc.request(Subjects.media.workbook, { actor: owner, productId: 'it_no_such_workbook' }),
      ),
    ).toEqual({
      status: 404,
      code: 'NOT_FOUND',
      message: 'Workbook not found.',
    });
  });
});

describe('PDFs streamed by the gateway', () => {
  it('proxy-pdf refuses workbooks and unowned products; an unknown file is 403', async () => {
    expect(
      await failure(
        rpc.request(Subjects.media.pdf, { actor: learner, file: `${WB_NAME}.pdf`, tier: 'paid' }),
      ),
    ).toEqual(FORBIDDEN);
    expect(
      await failure(
        rpc.request(Subjects.media.pdf, { actor: learner, file: '../secret.pdf', tier: 'free' }),
      ),
    ).toMatchObject({
      status: 400,
      fields: { file: ['The file field must be a PDF file name such as Workbook-Name.pdf.'] },
    });
  });

  it('proxy-free-pdf: the free conversions chart as a streamable object', async () => {
    const key = 'Downloads/med-dosage-conversions.pdf';
    if (!(await headObject(WORKBOOKS_BUCKET, key))) {
      const doc = await PDFDocument.create();
      doc.addPage([100, 100]);
      await putObject(WORKBOOKS_BUCKET, key, await doc.save(), 'application/pdf');
      made.push({ bucket: WORKBOOKS_BUCKET, key });
    }
    const size = (await headObject(WORKBOOKS_BUCKET, key))!.ContentLength;
    const obj = await rpc.request(Subjects.media.pdf, {
      actor: learner,
      file: 'med-dosage-conversions.pdf',
      tier: 'free',
    });
    expect(obj).toMatchObject({
      fileName: 'med-dosage-conversions.pdf',
      contentType: 'application/pdf',
      size,
    });
    const res = await fetch(obj.internalUrl);
    expect(res.status).toBe(200);
    expect((await res.arrayBuffer()).byteLength).toBe(size);
  });
});

describe('stamped workbooks', () => {
  const stamp = (actor: Actor | null) =>
    rpc.request(Subjects.media.stamp, { actor, workbookPath: WB_PDF });

  it('refused to non-owners; an owner gets a copy carrying the email, stored once and reused; the 11th in 24 h is 429', async () => {
    const owner = await newUser({ email: `it-stamp-${suffix}@examprep.test` });
    expect(await failure(stamp(owner))).toMatchObject({
      status: 403,
      message: 'You do not have access to this product.',
    });
    expect(await failure(stamp(null))).toMatchObject({
      status: 401,
      message: 'Authentication required to download the file.',
    });
    await grant(owner.uid, { [WB_PRODUCT]: true });

    const first = await stamp(owner);
    expect(first).toMatchObject({
      fileName: `${WB_NAME}-${owner.email}.pdf`,
      contentType: 'application/pdf',
    });
    const res = await fetch(first.internalUrl);
    expect(res.status).toBe(200);
    const bytes = new Uint8Array(await res.arrayBuffer());
    expect(bytes.byteLength).toBe(first.size);
    const dir = mkdtempSync(path.join(tmpdir(), 'media-it-'));
    try {
      writeFileSync(path.join(dir, 'a.pdf'), bytes);
      const text = execFileSync('pdftotext', [path.join(dir, 'a.pdf'), '-'], {
        encoding: 'utf8',
      }).replace(/\s+/g, ' ');
      expect(text).toContain(`Licensed to ${owner.email}. Personal copy: do not share.`);
      expect(text).toContain('Fixture workbook');
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
    const stored = await s3.send(
      new ListObjectsV2Command({ Bucket: WORKBOOKS_BUCKET, Prefix: `Stamped/${owner.uid}/` }),
    );
    expect(stored.Contents?.map((o) => o.Key)).toEqual([
      expect.stringMatching(new RegExp(`^Stamped/${owner.uid}/[0-9a-f]{32}\\.pdf$`)),
    ]);

    for (let i = 2; i <= 10; i++) {
      const again = await stamp(owner);
      expect(again.size).toBe(first.size);
    }
    const again = await s3.send(
      new ListObjectsV2Command({ Bucket: WORKBOOKS_BUCKET, Prefix: `Stamped/${owner.uid}/` }),
    );
    expect(again.Contents).toHaveLength(1);
    expect(await failure(stamp(owner))).toEqual({
      status: 429,
      code: 'RATE_LIMITED',
      message:
        'You have attempted/downloaded this product too many times (recently)... contact support.',
    });
    expect(
      await mediaDb()
        .collection('downloads')
        .countDocuments({ uid: owner.uid, productId: WB_PRODUCT }),
    ).toBe(10);
  }, 60_000);

  it("events.user.deleted removes the user's stamped copies and download counts", async () => {
    const owner = await newUser();
    await grant(owner.uid, { [WB_PRODUCT]: true });
    await stamp(owner);
    const bus = await JetStreamBus.create(rpc.connection!);
    await bus.publish(
      Events.userDeleted,
      { uid: owner.uid, at: new Date().toISOString() },
      `it-media-udel-${owner.uid}`,
    );
    const until = Date.now() + 10_000;
    let left = 1;
    while (Date.now() < until) {
      const listed = await s3.send(
        new ListObjectsV2Command({ Bucket: WORKBOOKS_BUCKET, Prefix: `Stamped/${owner.uid}/` }),
      );
      left =
        (listed.Contents?.length ?? 0) +
        (await mediaDb().collection('downloads').countDocuments({ uid: owner.uid }));
      if (left === 0) break;
      await new Promise((r) => setTimeout(r, 200));
    }
    expect(left).toBe(0);
  });
});
