import { QBANK_MESSAGES as M, QID_PATTERN, QID_SPACE, qidAt } from '@examprep/contracts';
import { ServiceError } from '@examprep/nest-kit';
import { FakeQuestionsRepository } from '../../test/support/fake-questions.repository';
import { QidAllocator, RANDOM_QID_TRIES } from './qid-allocator.service';
import type { NewQuestion } from './questions.repository';

const FIELDS: NewQuestion = {
  question: 'What is 2 + 2?',
  type: 'single',
  choices: ['3', '4', '5', '22'],
  correctAnswer: ['4'],
  explanation: 'Add.',
  course: 'TEAS Math QBank',
  objective: 'Numbers and Algebra - Operations',
  rounding: null,
};

/** The repository holding these qids (each a copy of FIELDS). */
function holding(qids: Iterable<string>): FakeQuestionsRepository {
  const repo = new FakeQuestionsRepository();
  const media = { questionImage: null, explanationImage: null, video: null };
  for (const qid of qids) repo.docs.set(qid, { _id: qid, ...FIELDS, rounding: null, media });
  return repo;
}

describe('QidAllocator: a new question under a random unused qid (admin spec §3)', () => {
  it('a free random qid: inserted at once, the taken ones never listed', async () => {
    const repo = holding([]);
    const doc = await new QidAllocator(repo).insertWithNewQid(FIELDS);
    expect(doc._id).toMatch(QID_PATTERN);
    expect(repo.docs.get(doc._id)).toMatchObject(FIELDS);
    expect(repo.calls).toEqual(['insertNew']);
  });

  it('a taken qid is never overwritten: the next random one is tried', async () => {
    const repo = holding(['AB12']);
    const sut = new QidAllocator(repo);
    const draws = ['AB12', 'AB12', 'CD34'];
    sut.random = () => draws.shift()!;
    const doc = await sut.insertWithNewQid({ ...FIELDS, question: 'New' });
    expect(doc._id).toBe('CD34');
    expect(repo.docs.get('AB12')!.question).toBe(FIELDS.question);
    expect(repo.calls).toEqual(['insertNew', 'insertNew', 'insertNew']);
  });

  it(`a crowded space: after ${RANDOM_QID_TRIES} taken draws, one of the free qids`, async () => {
    const free = new Set(['QX42', 'ZZ99']);
    const all = Array.from({ length: QID_SPACE }, (_, n) => qidAt(n));
    const repo = holding(all.filter((q) => !free.has(q)));
    const sut = new QidAllocator(repo);
    sut.random = () => 'AA00';
    const doc = await sut.insertWithNewQid(FIELDS);
    expect(free.has(doc._id)).toBe(true);
    expect(repo.calls.filter((c) => c === 'insertNew')).toHaveLength(RANDOM_QID_TRIES + 1);
    expect(repo.calls.filter((c) => c === 'allQids')).toHaveLength(1);
  });

  it('a free qid taken by another writer meanwhile: the taken ones are listed again', async () => {
    const all = Array.from({ length: QID_SPACE }, (_, n) => qidAt(n));
    const repo = holding(all.filter((q) => q !== 'QX42' && q !== 'ZZ99'));
    const sut = new QidAllocator(repo);
    sut.random = () => 'AA00';
    const insert = repo.insertNew.bind(repo);
    let raced = false;
    jest.spyOn(repo, 'insertNew').mockImplementation(async (qid, fields) => {
      if (qid !== 'AA00' && !raced) {
        raced = true;
        await insert(qid, { ...fields, question: 'the other writer' });
      }
      return insert(qid, fields);
    });
    const doc = await sut.insertWithNewQid(FIELDS);
    expect(['QX42', 'ZZ99']).toContain(doc._id);
    expect(repo.docs.get(doc._id)!.question).toBe(FIELDS.question);
    expect(repo.calls.filter((c) => c === 'allQids')).toHaveLength(2);
  });

  it('every qid taken: 409 QID_SPACE_EXHAUSTED with the admin’s text', async () => {
    const repo = holding(Array.from({ length: QID_SPACE }, (_, n) => qidAt(n)));
    const sut = new QidAllocator(repo);
    const err = await sut.insertWithNewQid(FIELDS).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ServiceError);
    expect((err as ServiceError).payload).toMatchObject({
      status: 409,
      code: 'QID_SPACE_EXHAUSTED',
      message: M.qidSpaceExhausted,
    });
    expect(repo.docs.size).toBe(QID_SPACE);
  });
});
