import {
  type Actor,
  MEDIA_LIMITS,
  MEDIA_MESSAGES,
  type WorkbookManifest,
} from '@examprep/contracts';
import { refusalOf } from '@examprep/nest-kit';
import { FakeDownloadsRepository } from '../../test/support/fake-downloads.repository';
import { FakeWorkbooksRepository } from '../../test/support/fake-workbooks.repository';
import { memoryS3, specEnv } from '../../test/support/memory-s3';
import { AccessService } from '../access/access.service';
import { Peers } from '../peers/peers';
import { DeliveryService } from './delivery.service';

const OWNER: Actor = { uid: 'owner-1', email: 'o@x.test', isAdmin: false, emailVerified: true };
const OTHER: Actor = { ...OWNER, uid: 'other-1', email: 'x@x.test' };
const STRANGER: Actor = { ...OWNER, uid: 'stranger-1', email: 's@x.test' };
const OWNERS = new Set([OWNER.uid, OTHER.uid]);
const ADMIN: Actor = { ...OWNER, uid: 'admin-1', email: 'a@x.test', isAdmin: true };
const MANIFEST: WorkbookManifest = {
  productId: 'teas_math_workbook',
  title: 'TEAS Math Workbook',
  pdfPath: 'Workbooks/TEAS-Math.pdf',
  pageCount: 2,
  questionCount: 10,
  chapters: [],
  updatedAt: '2026-11-01T00:00:00.000Z',
};

function setup() {
  const { s3, put } = memoryS3();
  const peers = new Peers(specEnv());
  jest.spyOn(peers, 'products').mockResolvedValue([]);
  jest
    .spyOn(peers, 'hasAccess')
    .mockImplementation(
      async (actor, productId) => OWNERS.has(actor.uid) && productId === MANIFEST.productId,
    );
  const workbooks = new FakeWorkbooksRepository([MANIFEST]);
  const downloads = new FakeDownloadsRepository();
  const stampPdf = jest.fn(
    async (bytes: Uint8Array, email: string) =>
      new Uint8Array([...bytes, ...new TextEncoder().encode(email)]),
  );
  const sut = new DeliveryService(
    s3,
    new AccessService(peers, workbooks),
    workbooks,
    downloads,
    stampPdf,
  );
  put('workbooks', MANIFEST.pdfPath, new TextEncoder().encode('%PDF-1.7 workbook'));
  return { sut, downloads, stampPdf, s3, put };
}

describe('DeliveryService.workbook: the manifest for owners and admins', () => {
  it('answers the stored manifest to its owner and to admins', async () => {
    const { sut } = setup();
    await expect(sut.workbook(OWNER, 'teas_math_workbook')).resolves.toEqual(MANIFEST);
    await expect(sut.workbook(ADMIN, 'teas_math_workbook')).resolves.toEqual(MANIFEST);
  });

  it(`'${MEDIA_MESSAGES.noAccess}' to anyone else; '${MEDIA_MESSAGES.workbookNotFound}' for a product without a workbook`, async () => {
    const { sut } = setup();
    expect(await refusalOf(sut.workbook(STRANGER, 'teas_math_workbook'))).toMatchObject({
      status: 403,
      message: MEDIA_MESSAGES.noAccess,
    });
    expect(await refusalOf(sut.workbook(ADMIN, 'med_dosage_workbook'))).toMatchObject({
      status: 404,
      message: MEDIA_MESSAGES.workbookNotFound,
    });
  });
});

describe('DeliveryService.stamp: counted per user and product', () => {
  it("counts the owner's stamped downloads; admins are not counted", async () => {
    const { sut, downloads } = setup();
    await expect(sut.stamp(OWNER, MANIFEST.pdfPath)).resolves.toMatchObject({
      fileName: expect.stringMatching(/\.pdf$/),
      contentType: 'application/pdf',
    });
    await sut.stamp(ADMIN, MANIFEST.pdfPath);
    expect([...downloads.docs.values()].map((d) => [d.uid, d.productId])).toEqual([
      ['owner-1', 'teas_math_workbook'],
    ]);
  });

  it('gives the count back when stamping fails', async () => {
    const { sut, downloads, stampPdf } = setup();
    stampPdf.mockRejectedValueOnce(new Error('broken PDF'));
    expect(await refusalOf(sut.stamp(OWNER, MANIFEST.pdfPath))).toMatchObject({
      status: 500,
      message: MEDIA_MESSAGES.downloadFailed,
    });
    expect(downloads.docs.size).toBe(0);
  });

  it('reads an original once for the stamps of several learners; a new edition (new ETag) is read again', async () => {
    const { sut, s3, put, stampPdf } = setup();
    await sut.stamp(OWNER, MANIFEST.pdfPath);
    await sut.stamp(OTHER, MANIFEST.pdfPath);
    expect(stampPdf).toHaveBeenCalledTimes(2);
    expect(s3.getBytes).toHaveBeenCalledTimes(1);
    const edition2 = new TextEncoder().encode('%PDF-1.7 workbook, 2nd edition');
    put('workbooks', MANIFEST.pdfPath, edition2);
    await sut.stamp(ADMIN, MANIFEST.pdfPath);
    expect(s3.getBytes).toHaveBeenCalledTimes(2);
    expect(stampPdf).toHaveBeenLastCalledWith(edition2, ADMIN.email);
  });

  it('an empty original is stamped as any other (the cache counts it as 1 byte)', async () => {
    const { sut, put, stampPdf } = setup();
    put('workbooks', MANIFEST.pdfPath, new Uint8Array(0));
    await expect(sut.stamp(OWNER, MANIFEST.pdfPath)).resolves.toHaveProperty('internalUrl');
    expect(stampPdf).toHaveBeenCalledWith(new Uint8Array(0), OWNER.email);
  });

  it(`the ${MEDIA_LIMITS.stampedDownloadsPerWindow + 1}th in the window is 429; other users are counted apart`, async () => {
    const { sut } = setup();
    for (let i = 0; i < MEDIA_LIMITS.stampedDownloadsPerWindow; i++)
      await sut.stamp(OWNER, MANIFEST.pdfPath);
    expect(await refusalOf(sut.stamp(OWNER, MANIFEST.pdfPath))).toMatchObject({
      status: 429,
      message: MEDIA_MESSAGES.tooManyDownloads,
    });
    await expect(sut.stamp(OTHER, MANIFEST.pdfPath)).resolves.toHaveProperty('internalUrl');
  });
});

describe('DeliveryService.download: a signed URL that saves the file', () => {
  it('has the store answer it as an attachment under its own name (content-disposition)', async () => {
    const { sut, s3 } = setup();
    await expect(
      sut.download(ADMIN, 'Downloads/free-3d-assets.zip', 'paid'),
    ).resolves.toHaveProperty('signedUrl');
    expect(s3.presignGet).toHaveBeenCalledWith(
      'workbooks',
      'Downloads/free-3d-assets.zip',
      expect.objectContaining({ contentDisposition: 'attachment; filename=free-3d-assets.zip' }),
    );
  });
});
