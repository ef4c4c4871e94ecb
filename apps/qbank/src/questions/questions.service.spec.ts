import { type Actor, Events, QBANK_MESSAGES as M } from '@examprep/contracts';
import { ServiceError } from '@examprep/nest-kit';
import fc from 'fast-check';
import { FakeQuestionsRepository } from '../../test/support/fake-questions.repository';
import type { MediaCalls } from '../media/media-peer';
import { QidAllocator } from './qid-allocator.service';
import { QuestionEvents } from './question-events.service';
import { QuestionMediaService } from './question-media.service';
import { toFacets } from './question-search.service';
import type { QuestionRecord } from './question.schema';
import { QuestionsService } from './questions.service';

/** Every name an object inherits, plus '__proto__'. */
const prototypeKey = fc.constantFrom(...Object.getOwnPropertyNames(Object.prototype), '__proto__');
const name = fc.oneof(prototypeKey, fc.string({ minLength: 1, maxLength: 12 }));

const ADMIN: Actor = { uid: 'admin-1', email: 'a@x.test', isAdmin: true, emailVerified: true };

describe('toFacets: course and objective names typed by admins', () => {
  it('keeps every course once with its objectives, whatever the names', () => {
    fc.assert(
      fc.property(
        fc.array(fc.record({ course: name, objective: name }), { maxLength: 30 }),
        (docs) => {
          const facets = toFacets(docs);
          const courses = new Set(docs.map((d) => d.course));
          expect(new Set(facets.courses)).toEqual(courses);
          expect(facets.courses).toHaveLength(courses.size);
          for (const course of courses) {
            expect(Object.hasOwn(facets.objectives, course)).toBe(true);
            const expected = new Set(
              docs.filter((d) => d.course === course).map((d) => d.objective),
            );
            expect(new Set(facets.objectives[course])).toEqual(expected);
          }
          expect(Object.keys(facets.objectives)).toHaveLength(courses.size);
          expect(Object.getPrototypeOf(facets.objectives)).toBe(Object.prototype);
        },
      ),
    );
  });

  it('a course named after Object.prototype is an ordinary course', () => {
    fc.assert(
      fc.property(prototypeKey, (course) => {
        const facets = toFacets([
          { course, objective: '1' },
          { course, objective: '2' },
        ]);
        expect(facets.courses).toEqual([course]);
        expect(facets.objectives[course]).toEqual(['1', '2']);
      }),
    );
  });
});

/** The CRUD service over the repository; the media service and the bus never asked. */
function service(repo = new FakeQuestionsRepository()) {
  const publish = jest.fn(async () => ({ seq: 1, duplicate: false }));
  const events = new QuestionEvents({ publish });
  const media: MediaCalls = {
    commit: jest.fn(),
    deleteObjects: jest.fn(),
    index: jest.fn(),
  };
  const sut = new QuestionsService(
    repo,
    new QidAllocator(repo),
    new QuestionMediaService(repo, media, events),
    events,
  );
  return { sut, repo, publish, media };
}

describe('QuestionsService: a qid that is no qid never reaches a query', () => {
  const { sut, repo } = service();

  it.each<[string, (qid: unknown) => Promise<unknown>]>([
    ['get', (qid) => sut.get(ADMIN, qid as string)],
    ['delete', (qid) => sut.delete(ADMIN, qid as string)],
    ['duplicate', (qid) => sut.duplicate(ADMIN, qid as string)],
  ])('%s answers 400', async (_label, call) => {
    const bad = fc.oneof(prototypeKey, fc.constant({ $ne: null }), fc.constant(['AB12']));
    await fc.assert(
      fc.asyncProperty(bad, async (qid) => {
        const err = await call(qid).catch((e: unknown) => e);
        expect(err).toBeInstanceOf(ServiceError);
        expect((err as ServiceError).payload.status).toBe(400);
      }),
    );
    expect(repo.calls).toEqual([]);
  });
});

describe('QuestionsService: the generator id of a seeded question (misconception replay)', () => {
  const stored: QuestionRecord = {
    _id: 'AB12',
    question: 'What is 2 + 2?',
    type: 'single',
    choices: ['3', '4', '5', '22'],
    correctAnswer: ['4'],
    explanation: 'Add.',
    course: 'TEAS Math QBank',
    objective: 'Numbers and Algebra - Operations',
    media: { questionImage: null, explanationImage: null, video: null },
    rounding: null,
    generatedFrom: 'teas_fraction_ops~7',
  };

  it('a duplicate keeps it (same content, same misconceptions)', async () => {
    const { sut, repo } = service(new FakeQuestionsRepository().seed(stored));
    const copy = await sut.duplicate(ADMIN, 'AB12');
    expect(copy.qid).not.toBe('AB12');
    expect(repo.docs.get(copy.qid)).toMatchObject({
      generatedFrom: 'teas_fraction_ops~7',
      choices: stored.choices,
    });
  });

  it('an update leaves it as stored; a body that names it is refused', async () => {
    const { sut, repo } = service(new FakeQuestionsRepository().seed(stored));
    const { _id, media, generatedFrom, ...input } = stored;
    void [_id, media, generatedFrom];
    await sut.update(ADMIN, 'AB12', { ...input, question: 'What is 3 + 1?' });
    expect(repo.calls.filter((c) => c === 'update')).toHaveLength(1);
    expect(repo.docs.get('AB12')).toMatchObject({
      question: 'What is 3 + 1?',
      generatedFrom: 'teas_fraction_ops~7',
    });
    const err = await sut
      .update(ADMIN, 'AB12', { ...input, generatedFrom: 'x~1' } as never)
      .catch((e: unknown) => e);
    expect((err as ServiceError).payload.status).toBe(400);
    expect(repo.calls.filter((c) => c === 'update')).toHaveLength(1);
    expect(repo.docs.get('AB12')?.generatedFrom).toBe('teas_fraction_ops~7');
  });
});

describe('QuestionsService: CRUD (admin spec §3-5)', () => {
  const INPUT = {
    question: 'What is 2 + 2?',
    type: 'single' as const,
    choices: [' 3 ', '4', '5', '22'],
    correctAnswer: [' 4 '],
    explanation: 'Add.',
    course: ' TEAS Math QBank ',
    objective: ' Numbers and Algebra - Operations ',
    rounding: null,
  };
  const LEARNER: Actor = { ...ADMIN, uid: 'l-1', isAdmin: false };

  it('create stores the trimmed fields under a new qid, with no media', async () => {
    const { sut, repo, publish } = service();
    const q = await sut.create(ADMIN, INPUT);
    expect(q).toMatchObject({
      choices: ['3', '4', '5', '22'],
      correctAnswer: ['4'],
      course: 'TEAS Math QBank',
      objective: 'Numbers and Algebra - Operations',
      media: { questionImage: null, explanationImage: null, video: null },
      rounding: null,
    });
    expect(typeof q.createdAt).toBe('string');
    expect(await sut.get(ADMIN, q.qid)).toEqual(q);
    expect(repo.docs.size).toBe(1);
    expect(publish).not.toHaveBeenCalled();
  });

  it('the save rules refuse with their texts under the fix title; nothing is stored', async () => {
    const { sut, repo } = service();
    const err = await sut
      .create(ADMIN, { ...INPUT, correctAnswer: ['3', '4'] })
      .catch((e: unknown) => e);
    expect((err as ServiceError).payload).toMatchObject({
      status: 400,
      message: M.fixTitle,
      fields: { correctAnswer: [M.singleOneCorrect] },
    });
    expect(repo.calls).toEqual([]);
  });

  it('get, update, duplicate and delete of an unknown qid: 404 with the spec’s texts', async () => {
    const { sut, publish } = service();
    const payload = (p: Promise<unknown>) =>
      p.then(
        () => undefined,
        (e: unknown) => (e as ServiceError).payload,
      );
    expect(await payload(sut.get(ADMIN, 'ZZ99'))).toMatchObject({
      status: 404,
      message: M.notFound('ZZ99'),
    });
    expect(await payload(sut.update(ADMIN, 'ZZ99', INPUT))).toMatchObject({
      status: 404,
      message: M.notFound('ZZ99'),
    });
    expect(await payload(sut.duplicate(ADMIN, 'ZZ99'))).toMatchObject({
      status: 404,
      message: M.notFound('ZZ99'),
    });
    expect(await payload(sut.delete(ADMIN, 'ZZ99'))).toMatchObject({
      status: 404,
      message: M.doesNotExist,
    });
    expect(publish).not.toHaveBeenCalled();
  });

  it('delete removes the question and publishes question.deleted once', async () => {
    const { sut, repo, publish } = service();
    const { qid } = await sut.create(ADMIN, INPUT);
    expect(await sut.delete(ADMIN, qid)).toEqual({ deleted: true });
    expect(repo.docs.has(qid)).toBe(false);
    expect(publish).toHaveBeenCalledTimes(1);
    expect(publish).toHaveBeenCalledWith(
      Events.questionDeleted,
      { qid, at: expect.any(String) },
      expect.stringMatching(new RegExp(`^question-deleted:${qid}:`)),
    );
  });

  it('a fact that cannot be published is only logged: the delete stands', async () => {
    const { sut, repo, publish } = service();
    const { qid } = await sut.create(ADMIN, INPUT);
    publish.mockRejectedValueOnce(new Error('JetStream down'));
    expect(await sut.delete(ADMIN, qid)).toEqual({ deleted: true });
    expect(repo.docs.has(qid)).toBe(false);
  });

  it('every call is admin-only: 403 Access Denied, nothing read or written', async () => {
    const { sut, repo } = service(
      new FakeQuestionsRepository().seed({
        _id: 'AB12',
        ...INPUT,
        media: { questionImage: null, explanationImage: null, video: null },
      }),
    );
    repo.calls.length = 0;
    for (const actor of [null, LEARNER]) {
      for (const call of [
        sut.get(actor, 'AB12'),
        sut.create(actor, INPUT),
        sut.update(actor, 'AB12', INPUT),
        sut.duplicate(actor, 'AB12'),
        sut.delete(actor, 'AB12'),
      ]) {
        const err = await call.catch((e: unknown) => e);
        expect((err as ServiceError).payload).toMatchObject({
          status: 403,
          message: M.accessDenied,
        });
      }
    }
    expect(repo.calls).toEqual([]);
  });
});
