// The media service's repositories against the REAL store of the test profile (FerretDB
// locally, MongoDB in containers), in a scratch database of their own: each case runs on the
// Mongo* repository and on the in-memory fake the unit specs use, so the fakes keep the
// semantics the services rely on (the download window, owners, the staging sweep, manifests).
import type { WorkbookChapter, WorkbookManifest } from '@examprep/contracts';
import { expectEveryQueryIndexed, recordQueries, scratchDatabase } from '@examprep/test-kit';
import type { DownloadsRepository } from '../src/delivery/downloads.repository';
import { MongoDownloadsRepository } from '../src/delivery/mongo-downloads.repository';
import {
  DownloadRecord,
  DownloadSchema,
  UploadRecord,
  UploadSchema,
  WorkbookRecord,
  WorkbookSchema,
} from '../src/records/media.schemas';
import { MongoUploadsRepository } from '../src/uploads/mongo-uploads.repository';
import type { UploadsRepository } from '../src/uploads/uploads.repository';
import { MongoWorkbooksRepository, toManifest } from '../src/workbooks/mongo-workbooks.repository';
import type { WorkbooksRepository } from '../src/workbooks/workbooks.repository';
import { FakeDownloadsRepository } from './support/fake-downloads.repository';
import { FakeUploadsRepository } from './support/fake-uploads.repository';
import { FakeWorkbooksRepository } from './support/fake-workbooks.repository';

const db = scratchDatabase('media_repositories_it', [
  [UploadRecord.name, UploadSchema],
  [DownloadRecord.name, DownloadSchema],
  [WorkbookRecord.name, WorkbookSchema],
]);
/** Collections that do not grow with users (a whole read of them is no scan to fear). */
const BOUNDED = {};
let recorded: ReturnType<typeof recordQueries>;
beforeAll(async () => {
  await db.open();
  recorded = recordQueries(db.conn);
}, 60_000);
afterAll(() => db.close());

const CHAPTER: WorkbookChapter = {
  number: 1,
  title: 'Fractions',
  objective: 'Numbers and Algebra',
  topics: ['Adding fractions'],
  questionCount: 20,
  page: 3,
  videos: [
    { title: 'Adding fractions', path: 'Workbooks/TEAS-Math/videos/01-fractions.mp4', seconds: 60 },
  ],
};

/** The stored workbook documents the cases read (as the seed writes them, some fields missing). */
const WORKBOOKS: WorkbookRecord[] = [
  {
    _id: 'teas_math_workbook',
    title: 'TEAS Math Workbook',
    pdfPath: 'Workbooks/TEAS-Math.pdf',
    pageCount: 120,
    questionCount: 300,
    chapters: [CHAPTER],
    updatedAt: new Date('2026-11-01T00:00:00.000Z'),
  },
  { _id: 'med_dosage_workbook', pdfPath: 'Workbooks/Med-Dosage.pdf' },
];

const implementations: [
  string,
  {
    uploads: () => Promise<UploadsRepository>;
    downloads: () => Promise<DownloadsRepository>;
    workbooks: () => Promise<WorkbooksRepository>;
  },
][] = [
  [
    'MongoDB',
    {
      uploads: async () => new MongoUploadsRepository(await db.empty(UploadRecord.name)),
      downloads: async () => new MongoDownloadsRepository(await db.empty(DownloadRecord.name)),
      workbooks: async () => {
        const model = await db.empty<WorkbookRecord>(WorkbookRecord.name);
        await model.insertMany(WORKBOOKS);
        return new MongoWorkbooksRepository(model);
      },
    },
  ],
  [
    'fake',
    {
      uploads: async () => new FakeUploadsRepository(),
      downloads: async () => new FakeDownloadsRepository(),
      workbooks: async () => new FakeWorkbooksRepository(WORKBOOKS.map(toManifest)),
    },
  ],
];

const upload = (id: string, createdAt: Date): UploadRecord => ({
  _id: id,
  slot: 'questionImage',
  contentType: 'image/png',
  size: 12,
  fileName: 'triangle.png',
  createdBy: 'admin-1',
  createdAt,
  stagingKey: `staging/${id}`,
});

describe.each(implementations)('UploadsRepository (%s)', (_name, make) => {
  let repo: UploadsRepository;
  beforeEach(async () => {
    repo = await make.uploads();
  });

  it('insert, findById, remove', async () => {
    const at = new Date('2026-11-20T10:00:00.000Z');
    await repo.insert(upload('up1', at));
    const found = await repo.findById('up1');
    expect(found).toMatchObject({ ...upload('up1', at), createdAt: expect.anything() });
    expect(found?.createdAt.getTime()).toBe(at.getTime());
    expect(await repo.findById('a'.repeat(24))).toBeNull();
    await repo.remove('up1');
    await repo.remove('up1');
    expect(await repo.findById('up1')).toBeNull();
  });

  it('removeOlderThan forgets the uploads announced before the cutoff only', async () => {
    const cutoff = new Date('2026-11-20T10:00:00.000Z');
    await repo.insert(upload('old', new Date(cutoff.getTime() - 1)));
    await repo.insert(upload('edge', cutoff));
    await repo.insert(upload('young', new Date(cutoff.getTime() + 1)));
    await repo.removeOlderThan(cutoff);
    expect(await repo.findById('old')).toBeNull();
    expect(await repo.findById('edge')).not.toBeNull();
    expect(await repo.findById('young')).not.toBeNull();
  });
});

describe.each(implementations)('DownloadsRepository (%s)', (_name, make) => {
  let repo: DownloadsRepository;
  beforeEach(async () => {
    repo = await make.downloads();
  });
  const t = (s: number) => new Date(Date.UTC(2026, 10, 20, 10, 0, s));

  it("countSince counts the user's downloads of the product made after `since` (not at it)", async () => {
    await repo.add('u1', 'wb', t(0));
    await repo.add('u1', 'wb', t(10));
    await repo.add('u1', 'wb', t(20));
    await repo.add('u1', 'other', t(20));
    await repo.add('u2', 'wb', t(20));
    expect(await repo.countSince('u1', 'wb', t(0))).toBe(2);
    expect(await repo.countSince('u1', 'wb', new Date(t(0).getTime() - 1))).toBe(3);
    expect(await repo.countSince('u1', 'other', t(0))).toBe(1);
    expect(await repo.countSince('u3', 'wb', t(0))).toBe(0);
  });

  it("remove takes back a download by its id and owner only; removeUser forgets the user's", async () => {
    const id = await repo.add('u1', 'wb', t(5));
    await repo.add('u1', 'other', t(5));
    await repo.add('u2', 'wb', t(5));
    await repo.remove('u2', id);
    expect(await repo.countSince('u1', 'wb', t(0))).toBe(1);
    await repo.remove('u1', id);
    expect(await repo.countSince('u1', 'wb', t(0))).toBe(0);
    expect(await repo.removeUser('u1')).toBe(1);
    expect(await repo.removeUser('u1')).toBe(0);
    expect(await repo.countSince('u2', 'wb', t(0))).toBe(1);
  });
});

describe.each(implementations)('WorkbooksRepository (%s)', (_name, make) => {
  it('finds a manifest by product id and by PDF path, with defaults for missing fields', async () => {
    const repo = await make.workbooks();
    const teas: WorkbookManifest = {
      productId: 'teas_math_workbook',
      title: 'TEAS Math Workbook',
      pdfPath: 'Workbooks/TEAS-Math.pdf',
      pageCount: 120,
      questionCount: 300,
      chapters: [CHAPTER],
      updatedAt: '2026-11-01T00:00:00.000Z',
    };
    expect(await repo.byId('teas_math_workbook')).toEqual(teas);
    expect(await repo.byPdfPath('Workbooks/TEAS-Math.pdf')).toEqual(teas);
    expect(await repo.byPdfPath('Workbooks/Med-Dosage.pdf')).toEqual({
      productId: 'med_dosage_workbook',
      title: '',
      pdfPath: 'Workbooks/Med-Dosage.pdf',
      pageCount: 0,
      questionCount: 0,
      chapters: [],
      updatedAt: '',
    });
    expect(await repo.byId('no_such_workbook')).toBeNull();
    expect(await repo.byPdfPath('Workbooks/None.pdf')).toBeNull();
  });
});

// Last, once every case above has run: each query the Mongo repositories sent has an index that
// serves it (issue 26, ADR 0028; libs/test-kit/src/indexes.ts).
it('sends only queries that an index serves (explain on the real store)', async () => {
  recorded.stop();
  await expectEveryQueryIndexed(db.conn.name, recorded.queries, BOUNDED);
}, 60_000);
