import { FakeDownloadsRepository } from '../../test/support/fake-downloads.repository';
import { FakeUploadsRepository } from '../../test/support/fake-uploads.repository';
import { FakeWorkbooksRepository } from '../../test/support/fake-workbooks.repository';
import { memoryS3, specEnv } from '../../test/support/memory-s3';
import { AccessService } from '../access/access.service';
import { Peers } from '../peers/peers';
import { UploadsService } from '../uploads/uploads.service';
import { MediaEventsConsumer } from './media-events.consumer';

function setup() {
  const { s3, objects, put, at } = memoryS3();
  const access = new AccessService(new Peers(specEnv()), new FakeWorkbooksRepository());
  const uploads = new UploadsService(s3, access, new FakeUploadsRepository());
  const downloads = new FakeDownloadsRepository();
  const sut = new MediaEventsConsumer(uploads, s3, downloads);
  return { sut, objects, put, at, downloads };
}

describe('MediaEventsConsumer.userDeleted', () => {
  it("removes the user's stamped copies and download counts, nobody else's", async () => {
    const { sut, objects, put, at, downloads } = setup();
    const bytes = new Uint8Array([1]);
    put('workbooks', 'Stamped/u1/a.pdf', bytes);
    put('workbooks', 'Stamped/u1/b.pdf', bytes);
    put('workbooks', 'Stamped/u2/a.pdf', bytes);
    await downloads.add('u1', 'teas_math_workbook', new Date());
    await downloads.add('u2', 'teas_math_workbook', new Date());
    await sut.userDeleted({ uid: 'u1', at: new Date().toISOString() });
    expect([...objects.keys()]).toEqual([at('workbooks', 'Stamped/u2/a.pdf')]);
    expect([...downloads.docs.values()].map((d) => d.uid)).toEqual(['u2']);
  });

  it('ignores a fact without a usable uid (empty, or one that would reach another prefix)', async () => {
    const { sut, objects, put, downloads } = setup();
    put('workbooks', 'Stamped/u1/a.pdf', new Uint8Array([1]));
    await downloads.add('u1', 'p', new Date());
    for (const uid of ['', 'u1/..', undefined])
      await sut.userDeleted({ uid: uid as string, at: new Date().toISOString() });
    expect(objects.size).toBe(1);
    expect(downloads.docs.size).toBe(1);
  });
});
