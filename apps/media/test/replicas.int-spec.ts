// Two replicas of the media service on the running test system (ADR 0027): the one tools/system
// runs and a SECOND process of the same build started here with its own health port, both in
// the `media` queue group. Stamped-workbook requests of one learner race through both at the
// 9th download of the window: never more than 10 are counted or handed out.
import { randomBytes } from 'node:crypto';
import { DeleteObjectCommand, ListObjectsV2Command } from '@aws-sdk/client-s3';
import { type Actor, MEDIA_LIMITS, Subjects } from '@examprep/contracts';
import { metricValue, type Replica, startReplica } from '@examprep/test-kit';
import { PDFDocument } from 'pdf-lib';
import {
  cfg,
  connectSystem,
  disconnectSystem,
  failure,
  grant,
  mediaDb,
  newUser,
  putObject,
  rpc,
  s3,
  WORKBOOKS_BUCKET,
} from './support/media-system';

const suffix = randomBytes(4).toString('hex');
const WB_ID = `it_wb_replicas_${suffix}`;
const WB_PDF = `Workbooks/It-Wb-Replicas-${suffix}.pdf`;
const WB_PRODUCT = 'teas_math_workbook';
let second: Replica;
let owner: Actor;

beforeAll(async () => {
  await connectSystem();
  second = await startReplica('media');
  const doc = await PDFDocument.create();
  doc.addPage([100, 100]);
  await putObject(WORKBOOKS_BUCKET, WB_PDF, await doc.save(), 'application/pdf');
  await mediaDb()
    .collection('workbooks')
    .insertOne({
      _id: WB_ID,
      productId: WB_PRODUCT,
      title: 'Replicas fixture',
      pdfPath: WB_PDF,
      pageCount: 1,
      questionCount: 0,
      chapters: [],
      updatedAt: '2026-11-27T00:00:00.000Z',
    } as never);
  owner = await newUser();
  await grant(owner.uid, { [WB_PRODUCT]: true });
}, 150_000);

afterAll(async () => {
  try {
    await second?.stop();
    await mediaDb()
      .collection('workbooks')
      .deleteOne({ _id: WB_ID } as never);
    const keys = [WB_PDF];
    if (owner) {
      const listed = await s3.send(
        new ListObjectsV2Command({ Bucket: WORKBOOKS_BUCKET, Prefix: `Stamped/${owner.uid}/` }),
      );
      for (const o of listed.Contents ?? []) keys.push(o.Key!);
    }
    for (const key of keys)
      await s3
        .send(new DeleteObjectCommand({ Bucket: WORKBOOKS_BUCKET, Key: key }))
        .catch(() => undefined);
  } finally {
    await disconnectSystem();
  }
}, 120_000);

const stamp = (actor: Actor) => rpc.request(Subjects.media.stamp, { actor, workbookPath: WB_PDF });

/** Stamp calls each replica answered so far. */
async function served(): Promise<[number, number]> {
  const first = await (await fetch(`http://127.0.0.1:${cfg.ports.media}/metrics`)).text();
  const count = (text: string) =>
    metricValue(text, 'examprep_nats_handler_duration_seconds_count', {
      subject: Subjects.media.stamp,
    });
  return [count(first), count(await second.metrics())];
}

it('stamped downloads racing through two replicas from the 9th on: at most 10 in the window, counted as handed out, the rest 429', async () => {
  const limit = MEDIA_LIMITS.stampedDownloadsPerWindow;
  for (let i = 1; i < limit; i++) await stamp(owner);
  const before = await served();
  const outcomes = await Promise.all(
    Array.from({ length: 12 }, () =>
      stamp(owner).then(
        () => 200,
        async (err: unknown) => (await failure(Promise.reject(err))).status,
      ),
    ),
  );
  const after = await served();
  expect(after[0] - before[0]).toBeGreaterThan(0);
  expect(after[1] - before[1]).toBeGreaterThan(0);
  const through = outcomes.filter((s) => s === 200).length;
  expect(outcomes.filter((s) => s !== 200).every((s) => s === 429)).toBe(true);
  expect(limit - 1 + through).toBeLessThanOrEqual(limit);
  const counted = await mediaDb()
    .collection('downloads')
    .countDocuments({ uid: owner.uid, productId: WB_PRODUCT });
  expect(counted).toBe(limit - 1 + through);
  // whatever a race refused, the window still fills up to exactly 10, one at a time
  for (let n = counted; n < limit; n++) await stamp(owner);
  expect(await failure(stamp(owner))).toMatchObject({ status: 429 });
}, 120_000);
