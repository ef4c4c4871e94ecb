// The qbank's repositories against the REAL store of the test profile (FerretDB locally,
// MongoDB in containers), in a scratch database of their own: each case runs on the Mongo*
// repository and on the in-memory fake the unit specs use, so the fakes keep the semantics
// the services rely on (filters, order, defaults, unique inserts, revisions, upserts).
import type { QuestionMedia } from '@examprep/contracts';
import { scratchDatabase } from '@examprep/test-kit';
import { CourseRecord, CourseSchema } from '../src/courses/course.schema';
import type { CoursesRepository } from '../src/courses/courses.repository';
import { MongoCoursesRepository } from '../src/courses/mongo-courses.repository';
import { MongoViewModesRepository } from '../src/infinite/mongo-view-modes.repository';
import { ViewModeRecord, ViewModeSchema } from '../src/infinite/view-mode.schema';
import type { ViewModesRepository } from '../src/infinite/view-modes.repository';
import { MongoQuestionsRepository } from '../src/questions/mongo-questions.repository';
import { QuestionRecord, QuestionSchema } from '../src/questions/question.schema';
import type { NewQuestion, QuestionsRepository } from '../src/questions/questions.repository';
import { FakeCoursesRepository } from './support/fake-courses.repository';
import { FakeQuestionsRepository } from './support/fake-questions.repository';
import { FakeViewModesRepository } from './support/fake-view-modes.repository';

// the indexes the service has (the unique _id decides a taken qid)
const db = scratchDatabase('qbank_repositories_it', [
  [QuestionRecord.name, QuestionSchema],
  [CourseRecord.name, CourseSchema],
  [ViewModeRecord.name, ViewModeSchema],
]);
beforeAll(() => db.open(), 60_000);
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
        await model.deleteMany({}).exec();
        return new MongoQuestionsRepository(model);
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

  it('search: by course, objective and qid; filters; a search in any case, its characters literal', async () => {
    await bank();
    expect(qids(await repo.search({}))).toEqual(['MD10', 'TA05', 'TA30', 'TB20']);
    expect(qids(await repo.search({ course: 'TEAS Math QBank' }))).toEqual([
      'TA05',
      'TA30',
      'TB20',
    ]);
    expect(qids(await repo.search({ course: 'TEAS Math QBank', objective: 'Fractions' }))).toEqual([
      'TA05',
      'TA30',
    ]);
    expect(qids(await repo.search({ type: 'sata' }))).toEqual(['TB20']);
    expect(qids(await repo.search({ search: 'ta3' }))).toEqual(['TA30']);
    expect(qids(await repo.search({ search: '1/2 + 1/4' }))).toEqual(['TA05']);
    expect(qids(await repo.search({ search: '(ML/HR)' }))).toEqual(['MD10']);
    expect(qids(await repo.search({ search: 'yes' }))).toEqual(['TA05']);
    expect(qids(await repo.search({ search: 'NUMBERS' }))).toEqual([
      'MD10',
      'TA05',
      'TA30',
      'TB20',
    ]);
    expect(qids(await repo.search({ search: '.*' }))).toEqual([]);
    expect(await repo.search({ course: 'No Such Course' })).toEqual([]);
  });

  it('courseObjectives, allQids, findByCourse', async () => {
    await bank();
    const pairs = (await repo.courseObjectives()).map((d) => `${d.course} / ${d.objective}`).sort();
    expect(pairs).toEqual([
      'Med Dosage QBank / Drip rates',
      'TEAS Math QBank / Fractions',
      'TEAS Math QBank / Fractions',
      'TEAS Math QBank / Percents',
    ]);
    expect((await repo.allQids()).sort()).toEqual(['MD10', 'TA05', 'TA30', 'TB20']);
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
