import {
  type Actor,
  type CreateUploadInput,
  ErrorCodes,
  MEDIA_LIMITS,
  MEDIA_MESSAGES,
} from '@examprep/contracts';
import { refusalOf } from '@examprep/nest-kit';
import { FakeUploadsRepository } from '../../test/support/fake-uploads.repository';
import { FakeWorkbooksRepository } from '../../test/support/fake-workbooks.repository';
import { memoryS3, specEnv } from '../../test/support/memory-s3';
import { AccessService } from '../access/access.service';
import { Peers } from '../peers/peers';
import { UploadsService } from './uploads.service';

const ADMIN: Actor = { uid: 'admin-1', email: 'a@x.test', isAdmin: true, emailVerified: true };
const LEARNER: Actor = { ...ADMIN, uid: 'l-1', isAdmin: false };
const PNG = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 1, 2, 3, 4]);
const HTML = new TextEncoder().encode('<html><body>hi</body></html>');

function setup() {
  const { s3, objects, put, at } = memoryS3();
  const uploads = new FakeUploadsRepository();
  const access = new AccessService(new Peers(specEnv()), new FakeWorkbooksRepository());
  const dropQuestion = jest.spyOn(access, 'dropQuestion');
  const sut = new UploadsService(s3, access, uploads);
  /** Announces an upload and PUTs `bytes` to its staging key. */
  const staged = async (bytes: Uint8Array, over: Partial<CreateUploadInput> = {}) => {
    const ticket = await sut.createUpload(ADMIN, {
      slot: 'questionImage',
      contentType: 'image/png',
      size: bytes.length,
      fileName: 'triangle.png',
      ...over,
    });
    put('media', uploads.docs.get(ticket.uploadId)!.stagingKey, bytes);
    return ticket.uploadId;
  };
  return { sut, s3, objects, put, at, uploads, dropQuestion, staged };
}

describe('UploadsService.createUpload (ADR 0020 §2)', () => {
  it('records the announced upload under its staging key and signs a PUT of that size', async () => {
    const { sut, uploads } = setup();
    const ticket = await sut.createUpload(ADMIN, {
      slot: 'questionImage',
      contentType: 'image/png',
      size: 12,
      fileName: 'triangle.png',
    });
    expect(ticket).toMatchObject({ method: 'PUT', maxBytes: 12 });
    expect(uploads.docs.get(ticket.uploadId)).toEqual({
      _id: ticket.uploadId,
      slot: 'questionImage',
      contentType: 'image/png',
      size: 12,
      fileName: 'triangle.png',
      createdBy: 'admin-1',
      createdAt: expect.any(Date),
      stagingKey: `staging/${ticket.uploadId}`,
    });
  });

  it('records nothing for a refused announcement or a learner', async () => {
    const { sut, uploads } = setup();
    const announce = {
      slot: 'questionImage',
      contentType: 'video/mp4',
      size: 5,
      fileName: 'a.mp4',
    };
    expect(await refusalOf(sut.createUpload(ADMIN, announce))).toMatchObject({
      status: 400,
      fields: { contentType: [MEDIA_MESSAGES.contentTypeImage] },
    });
    expect(
      await refusalOf(sut.createUpload(LEARNER, { ...announce, contentType: 'image/png' })),
    ).toMatchObject({ status: 403 });
    expect(uploads.docs.size).toBe(0);
  });
});

describe('UploadsService.commit', () => {
  it("copies the upload to the slot's path with the sniffed type, then forgets it", async () => {
    const { sut, objects, at, uploads, dropQuestion, staged } = setup();
    const uploadId = await staged(PNG);
    await expect(sut.commit(ADMIN, 'AB12', { questionImage: { uploadId } })).resolves.toEqual({
      committed: { questionImage: 'Images/AB12-que.png' },
    });
    expect(objects.get(at('media', 'Images/AB12-que.png'))?.contentType).toBe('image/png');
    expect(objects.has(at('media', `staging/${uploadId}`))).toBe(false);
    expect(uploads.docs.has(uploadId)).toBe(false);
    expect(dropQuestion).toHaveBeenCalledWith('AB12');
  });

  it(`an unknown upload, another slot's or one older than the staging sweep: '${MEDIA_MESSAGES.uploadMissing}'`, async () => {
    const { sut, uploads, staged } = setup();
    const image = await staged(PNG);
    const old = await staged(PNG);
    uploads.docs.get(old)!.createdAt = new Date(Date.now() - MEDIA_LIMITS.stagingMaxAgeMs);
    for (const changes of [
      { questionImage: { uploadId: 'a'.repeat(24) } },
      { video: { uploadId: image } },
      { questionImage: { uploadId: old } },
    ]) {
      const slot = Object.keys(changes)[0]!;
      expect(await refusalOf(sut.commit(ADMIN, 'AB12', changes))).toEqual({
        status: 400,
        code: ErrorCodes.VALIDATION_FAILED,
        message: MEDIA_MESSAGES.uploadMissing,
        fields: { [`media.${slot}`]: [MEDIA_MESSAGES.uploadMissing] },
      });
    }
  });

  it('a refused upload is discarded and nothing of the save is copied, the good upload kept', async () => {
    const { sut, objects, at, uploads, dropQuestion, staged } = setup();
    const good = await staged(PNG);
    const bad = await staged(HTML, { slot: 'explanationImage', fileName: 'page.png' });
    expect(
      await refusalOf(
        sut.commit(ADMIN, 'AB12', {
          questionImage: { uploadId: good },
          explanationImage: { uploadId: bad },
        }),
      ),
    ).toMatchObject({
      status: 400,
      code: ErrorCodes.BAD_MEDIA_FILE,
      fields: { 'media.explanationImage': [MEDIA_MESSAGES.notAnImage] },
    });
    expect(uploads.docs.has(bad)).toBe(false);
    expect(objects.has(at('media', `staging/${bad}`))).toBe(false);
    expect(uploads.docs.has(good)).toBe(true);
    expect(objects.has(at('media', 'Images/AB12-que.png'))).toBe(false);
    expect(dropQuestion).not.toHaveBeenCalled();
  });
});

describe('UploadsService.sweep', () => {
  it('deletes staged objects and forgets uploads older than the staging age; younger ones stay', async () => {
    const { sut, objects, at, put, uploads, staged } = setup();
    const now = Date.now();
    const young = await staged(PNG);
    const old = await staged(PNG);
    const oldAt = new Date(now - MEDIA_LIMITS.stagingMaxAgeMs - 1);
    uploads.docs.get(old)!.createdAt = oldAt;
    put('media', `staging/${old}`, PNG, oldAt);
    await expect(sut.sweep(now)).resolves.toBe(1);
    expect([...uploads.docs.keys()]).toEqual([young]);
    expect(objects.has(at('media', `staging/${young}`))).toBe(true);
    expect(objects.has(at('media', `staging/${old}`))).toBe(false);
  });
});
