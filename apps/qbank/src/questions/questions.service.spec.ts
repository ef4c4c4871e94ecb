import { type Actor } from '@examprep/contracts';
import { type JetStreamBus, ServiceError } from '@examprep/nest-kit';
import fc from 'fast-check';
import type { Model } from 'mongoose';
import type { MediaCalls } from '../media/media-peer';
import type { QuestionRecord } from './question.schema';
import { QuestionsService, toFacets } from './questions.service';

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

describe('QuestionsService: a qid that is no qid never reaches a query', () => {
  const touched = jest.fn();
  const model = new Proxy(
    {},
    {
      get: () => () => {
        touched();
        throw new Error('the database must not be asked');
      },
    },
  ) as unknown as Model<QuestionRecord>;
  const sut = new QuestionsService(model, {} as JetStreamBus, {} as MediaCalls);

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
    expect(touched).not.toHaveBeenCalled();
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
  const lean = <T>(value: T) => ({ lean: () => ({ exec: async () => value }) });

  it('a duplicate keeps it (same content, same misconceptions)', async () => {
    const create = jest.fn(async (doc: QuestionRecord) => ({ toObject: () => doc }));
    const model = {
      findById: () => lean(stored),
      create,
    } as unknown as Model<QuestionRecord>;
    await new QuestionsService(model, {} as JetStreamBus, {} as MediaCalls).duplicate(
      ADMIN,
      'AB12',
    );
    expect(create).toHaveBeenCalledWith(
      expect.objectContaining({ generatedFrom: 'teas_fraction_ops~7', choices: stored.choices }),
    );
    expect(create.mock.calls[0]![0]._id).not.toBe('AB12');
  });

  it('an update leaves it as stored; a body that names it is refused', async () => {
    const update = jest.fn(() => lean(stored));
    const model = { findByIdAndUpdate: update } as unknown as Model<QuestionRecord>;
    const sut = new QuestionsService(model, {} as JetStreamBus, {} as MediaCalls);
    const { _id, media, generatedFrom, ...input } = stored;
    void [_id, media, generatedFrom];
    await sut.update(ADMIN, 'AB12', input);
    expect(update).toHaveBeenCalledTimes(1);
    const [[, change]] = update.mock.calls as unknown as [string, { $set: object }][];
    expect(change.$set).not.toHaveProperty('generatedFrom');
    const err = await sut
      .update(ADMIN, 'AB12', { ...input, generatedFrom: 'x~1' } as never)
      .catch((e: unknown) => e);
    expect((err as ServiceError).payload.status).toBe(400);
    expect(update).toHaveBeenCalledTimes(1);
  });
});
