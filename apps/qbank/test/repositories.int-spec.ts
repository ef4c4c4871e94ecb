// The qbank's repositories against the REAL store of the test profile (FerretDB locally,
// MongoDB in containers), in a scratch database of their own: each case runs on the Mongo*
// repository and on the in-memory fake the unit specs use, so the fakes keep the semantics
// the services rely on (filters, order, defaults, unique inserts, revisions, upserts).
import type { QuestionMedia } from '@examprep/contracts';
import { expectEveryQueryIndexed, recordQueries, scratchDatabase } from '@examprep/test-kit';
import { CourseRecord, CourseSchema } from '../src/courses/course.schema';
import type { CoursesRepository } from '../src/courses/courses.repository';
import { MongoCoursesRepository } from '../src/courses/mongo-courses.repository';
import { MongoViewModesRepository } from '../src/infinite/mongo-view-modes.repository';
import { ViewModeRecord, ViewModeSchema } from '../src/infinite/view-mode.schema';
import type { ViewModesRepository } from '../src/infinite/view-modes.repository';
import { MongoQuestionsRepository } from '../src/questions/mongo-questions.repository';
import { QuestionRecord, QuestionSchema } from '../src/questions/question.schema';
import { QuestionCountRecord, QuestionCountSchema } from '../src/questions/question-count.schema';
import {
  type NewQuestion,
  type QuestionsRepository,
  SEARCH_BATCH,
  SEARCH_READS,
} from '../src/questions/questions.repository';
import { FakeCoursesRepository } from './support/fake-courses.repository';
import { FakeQuestionsRepository } from './support/fake-questions.repository';
import { FakeViewModesRepository } from './support/fake-view-modes.repository';

// the indexes the service has (the unique _id decides a taken qid)
const db = scratchDatabase('qbank_repositories_it', [
  [QuestionRecord.name, QuestionSchema],
  [QuestionCountRecord.name, QuestionCountSchema],
  [CourseRecord.name, CourseSchema],
  [ViewModeRecord.name, ViewModeSchema],
]);
let recorded: ReturnType<typeof recordQueries>;
beforeAll(async () => {
  await db.open();
  recorded = recordQueries(db.conn);
}, 60_000);
afterAll(() => db.close());

/** An empty store of each kind, per implementation. */
const implementations: [
  string,
  {
    questions: () => Promise<QuestionsRepository>;
    courses: () => Promise<CoursesRepository>;
    viewModes: () => Promise<ViewModesRepository>;
  },
][] = [
  [
    'MongoDB',
    {
      questions: async () => {
        const model = db.conn.model<QuestionRecord>(QuestionRecord.name);
        const counts = db.conn.model<QuestionCountRecord>(QuestionCountRecord.name);
        await model.deleteMany({}).exec();
        await counts.deleteMany({}).exec();
        return new MongoQuestionsRepository(model, counts);
      },
      courses: async () => {
        const model = db.conn.model<CourseRecord>(CourseRecord.name);
        await model.deleteMany({}).exec();
        return new MongoCoursesRepository(model);
      },
      viewModes: async () => {
        const model = db.conn.model<ViewModeRecord>(ViewModeRecord.name);
        await model.deleteMany({}).exec();
        return new MongoViewModesRepository(model);
      },
    },
  ],
  [
    'fake',
    {
      questions: async () => new FakeQuestionsRepository(),
      courses: async () => new FakeCoursesRepository(),
      viewModes: async () => new FakeViewModesRepository(),
    },
  ],
];

const NO_MEDIA: QuestionMedia = { questionImage: null, explanationImage: null, video: null };

const fields = (over: Partial<NewQuestion> = {}): NewQuestion => ({
  question: 'What is 2 + 2?',
  type: 'single',
  choices: ['3', '4', '5', '22'],
  correctAnswer: ['4'],
  explanation: 'Add the numbers.',
  course: 'TEAS Math QBank',
  objective: 'Fractions',
  rounding: null,
  ...over,
});

describe.each(implementations)('QuestionsRepository (%s)', (_name, make) => {
  let repo: QuestionsRepository;
  beforeEach(async () => {
    repo = await make.questions();
  });

  /** A bank of four questions in two courses. */
  async function bank() {
    await repo.insertNew(
      'MD10',
      fields({
        course: 'Med Dosage QBank',
        objective: 'Drip rates',
        type: 'blank',
        choices: [],
        correctAnswer: ['125'],
        question: 'Find the rate (mL/hr).',
        rounding: { places: 0 },
      }),
    );
    await repo.insertNew('TB20', fields({ objective: 'Percents', type: 'sata' }));
    await repo.insertNew('TA30', fields({ generatedFrom: 'teas_fraction_ops~7' }));
    await repo.insertNew(
      'TA05',
      fields({ question: 'Is 1/2 + 1/4 = 3/4?', choices: ['Yes', 'No'] }),
    );
  }
  const qids = (docs: { _id: string }[]) => docs.map((d) => d._id);

  it('insertNew: the question with no media and its timestamps; a taken qid is null and kept', async () => {
    const doc = await repo.insertNew('AB12', fields({ generatedFrom: 'teas_fraction_ops~7' }));
    expect(doc).toMatchObject({
      _id: 'AB12',
      ...fields(),
      media: NO_MEDIA,
      generatedFrom: 'teas_fraction_ops~7',
    });
    // a Date (the fake's copies come from another realm than jest's: no instanceof)
    expect(Number.isNaN(Date.parse(doc!.createdAt!.toISOString()))).toBe(false);
    expect(await repo.insertNew('AB12', fields({ question: 'Another' }))).toBeNull();
    expect(await repo.findByQid('AB12')).toMatchObject({ question: fields().question });
    expect(await repo.findByQid('ZZ99')).toBeNull();
  });

  it('a question made without a generator id has none', async () => {
    await repo.insertNew('AB12', fields());
    expect((await repo.findByQid('AB12'))?.generatedFrom ?? null).toBeNull();
  });

  /** Every page of a search, `limit` at a time, in order. */
  async function allPages(filters: Parameters<QuestionsRepository['searchPage']>[0], limit = 50) {
    const docs: { _id: string }[] = [];
    let cursor: string | undefined;
    for (;;) {
      const page = await repo.searchPage(filters, cursor, limit);
      expect(page.items.length).toBeLessThanOrEqual(limit);
      docs.push(...page.items);
      if (page.next === null) return docs;
      cursor = page.next;
    }
  }

  it('searchPage: by course, objective and qid; filters; a search in any case, its characters literal', async () => {
    await bank();
    const search = (f: Parameters<QuestionsRepository['searchPage']>[0]) => allPages(f);
    expect(qids(await search({}))).toEqual(['MD10', 'TA05', 'TA30', 'TB20']);
    expect(qids(await search({ course: 'TEAS Math QBank' }))).toEqual(['TA05', 'TA30', 'TB20']);
    expect(qids(await search({ course: 'TEAS Math QBank', objective: 'Fractions' }))).toEqual([
      'TA05',
      'TA30',
    ]);
    expect(qids(await search({ type: 'sata' }))).toEqual(['TB20']);
    expect(qids(await search({ search: 'ta3' }))).toEqual(['TA30']);
    expect(qids(await search({ search: '1/2 + 1/4' }))).toEqual(['TA05']);
    expect(qids(await search({ search: '(ML/HR)' }))).toEqual(['MD10']);
    expect(qids(await search({ search: 'yes' }))).toEqual(['TA05']);
    expect(qids(await search({ search: 'NUMBERS' }))).toEqual(['MD10', 'TA05', 'TA30', 'TB20']);
    expect(qids(await search({ search: '.*' }))).toEqual([]);
    expect(await search({ course: 'No Such Course' })).toEqual([]);
  });

  it('searchPage: pages of any size concatenate to the list, each once; next is null on the last', async () => {
    await bank();
    const courses = ['Ω Course', 'Ä Course', 'a course', 'B Course', '𝔸 Course'];
    for (const [i, course] of courses.entries()) {
      for (const n of [1, 2, 3]) await repo.insertNew(`X${i}${n}${n}`, fields({ course }));
    }
    const everything = qids(await allPages({}, 100));
    expect(everything).toHaveLength(19);
    for (const limit of [1, 3, 7]) expect(qids(await allPages({}, limit))).toEqual(everything);
    const page = await repo.searchPage({}, undefined, 19);
    expect(page.next).toBeNull();
    const short = await repo.searchPage({ type: 'single' }, undefined, 2);
    expect(short.next).toEqual(expect.any(String));
    // a question added before the cursor is not shown; one after it is
    const cursor = (await repo.searchPage({}, undefined, 1)).next!;
    await repo.insertNew('AA00', fields({ course: '0 first' }));
    await repo.insertNew('ZZ99', fields({ course: '~ last' }));
    const second = await repo.searchPage({}, cursor, 100);
    expect(qids(second.items)).not.toContain('AA00');
    expect(qids(second.items)).toContain('ZZ99');
    expect(second.items).toHaveLength(19);
  }, 90_000);

  it('count: the maintained counts of course, objective and type, through inserts, moves and deletes', async () => {
    await bank();
    expect(await repo.count({})).toBe(4);
    expect(await repo.count({ course: 'TEAS Math QBank' })).toBe(3);
    expect(await repo.count({ course: 'TEAS Math QBank', objective: 'Fractions' })).toBe(2);
    expect(await repo.count({ type: 'blank' })).toBe(1);
    expect(await repo.count({ course: 'No Such Course' })).toBe(0);
    // a question that moves objective and type; a taken qid counts nothing
    await repo.update('TA30', { ...fields(), objective: 'Percents', type: 'blank', choices: [] });
    expect(await repo.insertNew('TA30', fields())).toBeNull();
    expect(await repo.count({ course: 'TEAS Math QBank', objective: 'Fractions' })).toBe(1);
    expect(await repo.count({ objective: 'Percents' })).toBe(2);
    expect(await repo.count({ type: 'blank' })).toBe(2);
    expect(await repo.update('ZZ99', fields())).toBeNull();
    // a delete once; a second is nothing
    expect(await repo.delete('TA05')).toBe(true);
    expect(await repo.delete('TA05')).toBe(false);
    expect(await repo.count({})).toBe(3);
    expect(await repo.count({ course: 'TEAS Math QBank', objective: 'Fractions' })).toBe(0);
  });

  it('recount: the counts of what the bank holds, whatever was written around the repository', async () => {
    await bank();
    await repo.recount();
    expect(await repo.count({})).toBe(4);
    expect(await repo.count({ course: 'TEAS Math QBank', type: 'sata' })).toBe(1);
  });

  it('courseObjectives, allQids, findByCourse', async () => {
    await bank();
    const pairs = (await repo.courseObjectives()).map((d) => `${d.course} / ${d.objective}`).sort();
    // each pair once; a pair whose last question went is gone
    expect(pairs).toEqual([
      'Med Dosage QBank / Drip rates',
      'TEAS Math QBank / Fractions',
      'TEAS Math QBank / Percents',
    ]);
    expect((await repo.allQids()).sort()).toEqual(['MD10', 'TA05', 'TA30', 'TB20']);
    await repo.delete('TB20');
    expect((await repo.courseObjectives()).map((d) => d.objective).sort()).toEqual([
      'Drip rates',
      'Fractions',
    ]);
    await repo.insertNew('TB20', fields({ objective: 'Percents', type: 'sata' }));
    const md = await repo.findByCourse('Med Dosage QBank');
    expect(md).toHaveLength(1);
    expect(md[0]).toMatchObject({ _id: 'MD10', rounding: { places: 0 }, correctAnswer: ['125'] });
    expect(qids(await repo.findByCourse('TEAS Math QBank')).sort()).toEqual([
      'TA05',
      'TA30',
      'TB20',
    ]);
  });

  it('update: the admin fields (and media when given); the generator id stays; unknown is null', async () => {
    await repo.insertNew('AB12', fields({ generatedFrom: 'teas_fraction_ops~7' }));
    await repo.setMedia('AB12', { ...NO_MEDIA, video: 'VideoSolutions/AB12-vid.mp4' });
    const changed = await repo.update('AB12', fields({ question: 'Changed', choices: ['1', '2'] }));
    expect(changed).toMatchObject({
      question: 'Changed',
      choices: ['1', '2'],
      generatedFrom: 'teas_fraction_ops~7',
      media: { video: 'VideoSolutions/AB12-vid.mp4' },
    });
    const media = { ...NO_MEDIA, questionImage: 'Images/AB12-que.png' };
    expect(await repo.update('AB12', fields(), media)).toMatchObject({ media });
    expect(await repo.findByQid('AB12')).toMatchObject({ ...fields(), media });
    expect(await repo.update('ZZ99', fields())).toBeNull();
    expect(await repo.setMedia('ZZ99', media)).toBeNull();
    expect(await repo.findByQid('ZZ99')).toBeNull();
  });

  it('delete: true once, then false', async () => {
    await repo.insertNew('AB12', fields());
    expect(await repo.delete('AB12')).toBe(true);
    expect(await repo.delete('AB12')).toBe(false);
    expect(await repo.findByQid('AB12')).toBeNull();
  });
});

describe.each(implementations)('CoursesRepository (%s)', (_name, make) => {
  let repo: CoursesRepository;
  beforeEach(async () => {
    repo = await make.courses();
  });
  const objectives = (name: string) => [
    {
      code: '1',
      name,
      section: 'S',
      topics: [{ key: 'teas_percents', name: 'Percents', free: false, available: true }],
    },
  ];

  it('insertNew at revision 0; the same id again is false and changes nothing', async () => {
    expect(
      await repo.insertNew({ _id: 'teas_math', name: 'TEAS Math', objectives: objectives('A') }),
    ).toBe(true);
    expect(await repo.insertNew({ _id: 'teas_math', name: 'Other', objectives: [] })).toBe(false);
    expect(await repo.findById('teas_math')).toMatchObject({
      _id: 'teas_math',
      name: 'TEAS Math',
      revision: 0,
      objectives: objectives('A'),
    });
    expect(await repo.findById('no_course')).toBeNull();
  });

  it('replaceObjectives on the current revision only, moving it on; every course by id', async () => {
    await repo.insertNew({ _id: 'teas_math', name: 'TEAS Math', objectives: objectives('A') });
    await repo.insertNew({ _id: 'med_dosage', name: 'Med Dosage', objectives: [] });
    expect(await repo.replaceObjectives('teas_math', 0, objectives('B'))).toBe(true);
    expect(await repo.replaceObjectives('teas_math', 0, objectives('C'))).toBe(false);
    expect(await repo.replaceObjectives('no_course', 0, objectives('C'))).toBe(false);
    expect(await repo.findById('teas_math')).toMatchObject({
      revision: 1,
      objectives: objectives('B'),
    });
    expect((await repo.findAll()).map((c) => c._id)).toEqual(['med_dosage', 'teas_math']);
  });
});

describe.each(implementations)('ViewModesRepository (%s)', (_name, make) => {
  it('none until set; set per uid, the last one kept', async () => {
    const repo = await make.viewModes();
    expect(await repo.findMode('admin-1')).toBeNull();
    await repo.setMode('admin-1', 'learner');
    await repo.setMode('admin-2', 'admin');
    expect(await repo.findMode('admin-1')).toBe('learner');
    await repo.setMode('admin-1', 'admin');
    expect(await repo.findMode('admin-1')).toBe('admin');
    expect(await repo.findMode('admin-2')).toBe('admin');
    expect(await repo.findMode('admin-3')).toBeNull();
  });
});

/** The list's queries on a bank big enough that a planner would rather read the table. */
describe('the admin list queries, for the index check below', () => {
  it('searchPage with course, objective and type filters and a cursor', async () => {
    const model = db.conn.model<QuestionRecord>(QuestionRecord.name);
    await model.deleteMany({}).exec();
    const repo = new MongoQuestionsRepository(
      model,
      db.conn.model<QuestionCountRecord>(QuestionCountRecord.name),
    );
    await model.insertMany(
      Array.from({ length: 2000 }, (_, i) => ({
        _id: `Q${String(i).padStart(5, '0')}`,
        ...fields({
          course: `C Q${String(i % 500).padStart(5, '0')}`,
          type: i % 3 ? 'single' : 'sata',
        }),
        media: { questionImage: null, explanationImage: null, video: null },
      })),
    );
    const first = await repo.searchPage({}, undefined, 1);
    expect(first.next).not.toBeNull();
    await repo.searchPage({ course: 'C Q00011' }, first.next!, 1);
    await repo.searchPage({ course: 'C Q00011', objective: 'Fractions' }, first.next!, 1);
    await repo.searchPage({ type: 'single', course: 'C Q00011' }, first.next!, 1);
    await repo.searchPage({ type: 'sata' }, undefined, 5);
    await model.deleteMany({}).exec();
  }, 120_000);
});

describe('question_counts: rebuilt from the bank (a seeder writes around the repository)', () => {
  it('recount sets each count to what the bank holds and drops the counts of nothing', async () => {
    const model = db.conn.model<QuestionRecord>(QuestionRecord.name);
    const counts = db.conn.model<QuestionCountRecord>(QuestionCountRecord.name);
    await model.deleteMany({}).exec();
    await counts.deleteMany({}).exec();
    const repo = new MongoQuestionsRepository(model, counts);
    await model.insertMany(
      ['AB10', 'AB11', 'AB12'].map((qid, i) => ({
        _id: qid,
        ...fields({ type: i ? 'single' : 'blank' }),
      })),
    );
    await counts.create({
      _id: 'gone\u001fx\u001fsingle',
      course: 'gone',
      objective: 'x',
      type: 'single',
      n: 7,
    });
    expect(await repo.count({})).toBe(7);
    await repo.recount();
    expect(await repo.count({})).toBe(3);
    expect(await repo.count({ type: 'blank' })).toBe(1);
    expect(await repo.count({ course: 'gone' })).toBe(0);
  });
});

describe('searchPage with a search: a page reads at most SEARCH_READS × SEARCH_BATCH documents', () => {
  it('on a bank bigger than that: short pages whose cursors carry on; together every match once, as the fake', async () => {
    const model = db.conn.model<QuestionRecord>(QuestionRecord.name);
    const counts = db.conn.model<QuestionCountRecord>(QuestionCountRecord.name);
    await model.deleteMany({}).exec();
    const mongo = new MongoQuestionsRepository(model, counts);
    const fake = new FakeQuestionsRepository();
    const total = SEARCH_BATCH * SEARCH_READS + 150;
    const docs = Array.from({ length: total }, (_, i) => ({
      _id: `Q${String(i).padStart(5, '0')}`,
      ...fields({ question: i % 400 === 7 ? 'Find the NEEDLE here' : 'What is 2 + 2?' }),
      media: NO_MEDIA,
    }));
    await model.insertMany(docs);
    for (const d of docs) fake.seed(d as QuestionRecord);
    for (const repo of [mongo, fake]) {
      const pages: string[][] = [];
      let cursor: string | undefined;
      for (;;) {
        const page = await repo.searchPage({ search: 'needle' }, cursor, 50);
        pages.push(page.items.map((q) => q._id));
        if (page.next === null) break;
        cursor = page.next;
      }
      // 1,000 read for the first page (3 matches), the last 150 for the second
      expect(pages).toEqual([['Q00007', 'Q00407', 'Q00807'], []]);
      expect(pages.flat()).toEqual(['Q00007', 'Q00407', 'Q00807']);
    }
    // the bank stays for the index check below: a planner judges a table by its size
  }, 120_000);
});

/**
 * ADR 0026 and 0028: every query these repositories send is served by an index (explain on the
 * real store; test-kit's planner reads a whole index without a Limit above it as a scan too).
 */
it('sends only queries that an index serves (explain on the real store)', async () => {
  recorded.stop();
  // allQids reads every qid by design, only when the qid space is crowded (QidAllocator)
  const paths = recorded.queries.filter(
    (q) =>
      !(
        q.collection === 'questions' &&
        q.method === 'find' &&
        Object.keys(q.filter).length === 0 &&
        !q.sort
      ),
  );
  await expectEveryQueryIndexed(db.conn.name, paths, {
    question_counts: 'one document per course, objective and type (a few hundred at most)',
    courses: 'the course catalogue: a document per course, written by the registry sync',
  });
}, 120_000);
