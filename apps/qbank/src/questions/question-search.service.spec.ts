// The admin list, export and facets (admin spec §2.3-2.4, §7-8) over the in-memory questions
// repository; the has/missing media filters are specified in questions.media.spec.ts.
import {
  type Actor,
  PAGE_MESSAGES,
  QBANK_MESSAGES as M,
  type QuestionType,
} from '@examprep/contracts';
import { refusalOf, ServiceError } from '@examprep/nest-kit';
import { FakeQuestionsRepository } from '../../test/support/fake-questions.repository';
import type { MediaCalls } from '../media/media-peer';
import { QuestionEvents } from './question-events.service';
import { QuestionMediaService } from './question-media.service';
import { MEDIA_FILTER_READS, QuestionSearchService } from './question-search.service';

const ADMIN: Actor = { uid: 'admin-1', email: 'a@x.test', isAdmin: true, emailVerified: true };
const LEARNER: Actor = { ...ADMIN, uid: 'l-1', isAdmin: false };
const NO_MEDIA = { questionImage: null, explanationImage: null, video: null };

function question(
  qid: string,
  course: string,
  objective: string,
  type: QuestionType = 'single',
  text = 'What is 2 + 2?',
) {
  return {
    _id: qid,
    question: text,
    type,
    choices: type === 'blank' ? [] : ['3', '4', '5', '22'],
    correctAnswer: ['4'],
    explanation: 'Add the numbers.',
    course,
    objective,
    media: NO_MEDIA,
    rounding: null,
  };
}

function setup() {
  const repo = new FakeQuestionsRepository()
    .seed(question('MD10', 'Med Dosage QBank', 'Drip rates', 'blank', 'Find the rate (mL/hr).'))
    .seed(question('TB20', 'TEAS Math QBank', 'Percents', 'sata'))
    .seed(question('TA30', 'TEAS Math QBank', 'Fractions'))
    .seed(question('TA05', 'TEAS Math QBank', 'Fractions', 'single', 'Is 1/2 + 1/4 = 3/4?'));
  const media: MediaCalls = { commit: jest.fn(), deleteObjects: jest.fn(), index: jest.fn() };
  const events = new QuestionEvents({ publish: jest.fn() });
  const sut = new QuestionSearchService(repo, new QuestionMediaService(repo, media, events));
  return { repo, media, sut };
}
const qids = (r: { questions: { qid: string }[] }) => r.questions.map((q) => q.qid);

describe('QuestionSearchService.list', () => {
  it('every question by course, objective and qid, with the total', async () => {
    const { sut } = setup();
    const res = await sut.list(ADMIN, {});
    expect(qids(res)).toEqual(['MD10', 'TA05', 'TA30', 'TB20']);
    expect(res.total).toBe(4);
  });

  it('course, objective and type filters; a search in the qid, question, explanation or choices, any case', async () => {
    const { sut } = setup();
    expect(qids(await sut.list(ADMIN, { course: 'TEAS Math QBank' }))).toEqual([
      'TA05',
      'TA30',
      'TB20',
    ]);
    expect(
      qids(await sut.list(ADMIN, { course: 'TEAS Math QBank', objective: 'Fractions' })),
    ).toEqual(['TA05', 'TA30']);
    expect(qids(await sut.list(ADMIN, { type: 'sata' }))).toEqual(['TB20']);
    expect(qids(await sut.list(ADMIN, { search: 'ta3' }))).toEqual(['TA30']);
    expect(qids(await sut.list(ADMIN, { search: '1/2 + 1/4' }))).toEqual(['TA05']);
    expect(qids(await sut.list(ADMIN, { search: 'ML/HR' }))).toEqual(['MD10']);
    expect(qids(await sut.list(ADMIN, { search: '22', course: 'Med Dosage QBank' }))).toEqual([]);
    // empty filters are no filters
    expect((await sut.list(ADMIN, { course: '', search: '' })).total).toBe(4);
  });

  it('a filter that is no filter: 400 naming the field, the store not asked', async () => {
    const { sut, repo } = setup();
    repo.calls.length = 0;
    const err = await sut.list(ADMIN, { type: 'essay' as QuestionType }).catch((e: unknown) => e);
    expect((err as ServiceError).payload).toMatchObject({
      status: 400,
      fields: { type: ['Type must be single, sata or blank.'] },
    });
    expect(repo.calls).toEqual([]);
  });
});

describe('QuestionSearchService.list: keyset pages (ADR 0026)', () => {
  it('pages of `limit` in the list order, the next cursor on each but the last; the total of all', async () => {
    const { sut } = setup();
    const first = await sut.list(ADMIN, {}, { limit: 3 });
    expect(qids(first)).toEqual(['MD10', 'TA05', 'TA30']);
    expect(first.total).toBe(4);
    expect(first.next).toEqual(expect.any(String));
    const second = await sut.list(ADMIN, {}, { limit: 3, cursor: first.next! });
    expect(qids(second)).toEqual(['TB20']);
    expect(second).toMatchObject({ total: 4, next: null });
    // with a filter, the cursor carries on within it
    const one = await sut.list(ADMIN, { course: 'TEAS Math QBank' }, { limit: 1 });
    const two = await sut.list(
      ADMIN,
      { course: 'TEAS Math QBank' },
      { limit: 1, cursor: one.next! },
    );
    expect([...qids(one), ...qids(two)]).toEqual(['TA05', 'TA30']);
    expect(two.total).toBe(3);
  });

  it('a page of 50 by default; a question added before the cursor does not come back', async () => {
    const { sut, repo } = setup();
    for (let i = 10; i < 70; i++) repo.seed(question(`ZZ${i}`, 'Zeta', 'Z'));
    const first = await sut.list(ADMIN, {});
    expect(first.questions).toHaveLength(50);
    repo.seed(question('AA00', 'Aardvark', 'A')); // sorts first: before the cursor
    const second = await sut.list(ADMIN, {}, { cursor: first.next! });
    expect(second.questions).toHaveLength(14);
    expect(second.next).toBeNull();
    expect(new Set([...qids(first), ...qids(second)]).size).toBe(64);
  });

  it('the total is the maintained count of course, objective and type; none with a search or a media filter', async () => {
    const { sut, repo, media } = setup();
    (media.index as jest.Mock).mockResolvedValue(new Set<string>());
    expect((await sut.list(ADMIN, { course: 'TEAS Math QBank', type: 'single' })).total).toBe(2);
    repo.calls.length = 0;
    expect((await sut.list(ADMIN, { search: 'ta3' })).total).toBeNull();
    expect(
      (await sut.list(ADMIN, { course: 'TEAS Math QBank', video: 'missing' })).total,
    ).toBeNull();
    expect(repo.calls).not.toContain('count');
    expect((await sut.exportPage(ADMIN, { search: 'ta3' })).totalQuestions).toBeNull();
  });

  it('a bad cursor or limit: 400 naming the field, the store not asked', async () => {
    const { sut, repo } = setup();
    repo.calls.length = 0;
    for (const [page, field] of [
      [{ cursor: 'bm9wZQ' }, 'cursor'],
      [{ cursor: '$gt' }, 'cursor'],
      [{ limit: 0 }, 'limit'],
      [{ limit: 101 }, 'limit'],
    ] as const) {
      const refusal = await refusalOf(sut.list(ADMIN, {}, page));
      expect(refusal).toMatchObject({ status: 400, fields: { [field]: expect.any(Array) } });
    }
    expect(await refusalOf(sut.list(ADMIN, {}, { cursor: 'bm9wZQ' }))).toMatchObject({
      fields: { cursor: [PAGE_MESSAGES.cursor] },
    });
    expect(repo.calls.filter((c) => c === 'searchPage')).toEqual([]);
  });

  it(`media filters: reads on (at most ${MEDIA_FILTER_READS} times) to fill a page, its cursor carries on`, async () => {
    const { sut, repo, media } = setup();
    for (let i = 10; i < 30; i++) repo.seed(question(`ZZ${i}`, 'Zeta', 'Z'));
    // only ZZ29 has a video object
    (media.index as jest.Mock).mockResolvedValue(new Set(['VideoSolutions/ZZ29-vid.mp4']));
    const first = await sut.list(ADMIN, { video: 'has' }, { limit: 2 });
    // 5 reads of 2 questions: none had a video; the next page goes on from the last read
    expect(first.questions).toEqual([]);
    expect(first.next).toEqual(expect.any(String));
    const pages = [first];
    while (pages[pages.length - 1]!.next) {
      pages.push(
        await sut.list(
          ADMIN,
          { video: 'has' },
          { limit: 2, cursor: pages[pages.length - 1]!.next! },
        ),
      );
    }
    expect(pages.flatMap(qids)).toEqual(['ZZ29']);
  });
});

describe('QuestionSearchService.exportPage (admin spec §8)', () => {
  it('the listed questions with their count, the date and the filters that were set', async () => {
    const { sut } = setup();
    const res = await sut.exportPage(ADMIN, {
      course: 'TEAS Math QBank',
      objective: '',
      search: ' ',
    });
    expect(res.totalQuestions).toBe(3);
    expect(res.questions.map((q) => q.qid)).toEqual(['TA05', 'TA30', 'TB20']);
    expect(res.filters).toEqual({ course: 'TEAS Math QBank' });
    expect(Number.isNaN(Date.parse(res.exportDate))).toBe(false);
    expect(res.next).toBeNull();
  });

  it('pages of 100 with the next cursor; a later page that is empty is no 404', async () => {
    const { sut, repo } = setup();
    for (let i = 100; i < 250; i++) repo.seed(question(`Q${i}`, 'Zeta', `Z${i}`));
    const total = repo.docs.size;
    const first = await sut.exportPage(ADMIN, {});
    expect(first.questions).toHaveLength(100);
    expect(first.totalQuestions).toBe(total);
    const second = await sut.exportPage(ADMIN, {}, first.next!);
    expect(second.next).toBeNull();
    expect(first.questions.length + second.questions.length).toBe(total);
    const none = await sut.exportPage(ADMIN, { course: 'Nothing' }, first.next!);
    expect(none.questions).toEqual([]);
  });

  it('nothing matching: 404 No questions to export.', async () => {
    const { sut } = setup();
    const err = await sut.exportPage(ADMIN, { course: 'No Such Course' }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ServiceError);
    expect((err as ServiceError).payload).toMatchObject({
      status: 404,
      message: M.nothingToExport,
    });
  });
});

describe('QuestionSearchService.facets', () => {
  it('the courses and objectives in use, each once, in name order', async () => {
    const { sut } = setup();
    expect(await sut.facets(ADMIN)).toEqual({
      courses: ['Med Dosage QBank', 'TEAS Math QBank'],
      objectives: {
        'Med Dosage QBank': ['Drip rates'],
        'TEAS Math QBank': ['Fractions', 'Percents'],
      },
    });
  });
});

describe('QuestionSearchService: admins only', () => {
  it.each([
    ['anonymous', null],
    ['a learner', LEARNER],
  ])('%s: 403 Access Denied, nothing read', async (_who, actor) => {
    const { sut, repo, media } = setup();
    repo.calls.length = 0;
    for (const call of [
      sut.list(actor, {}),
      sut.exportPage(actor, {}),
      sut.facets(actor),
      sut.list(actor, { video: 'has' }),
    ]) {
      const err = await call.catch((e: unknown) => e);
      expect((err as ServiceError).payload).toMatchObject({
        status: 403,
        message: M.accessDenied,
      });
    }
    expect(repo.calls).toEqual([]);
    expect(media.index).not.toHaveBeenCalled();
  });
});
