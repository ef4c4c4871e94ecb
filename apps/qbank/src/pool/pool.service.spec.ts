import { generate, TEAS_COURSE } from '@examprep/generators';
import { ServiceError } from '@examprep/nest-kit';
import { TEST_LIMITS } from '@examprep/contracts';
import fc from 'fast-check';
import { FakeQuestionsRepository } from '../../test/support/fake-questions.repository';
import type { QuestionRecord } from '../questions/question.schema';
import { POOL_FIELD_MESSAGES } from './pool-query.dto';
import { COURSE_TTL_MS, PoolService, sample } from './pool.service';

const media = { questionImage: null, explanationImage: null, video: null };

function generated(qid: string, course: string, topicKey: string, seed: number): QuestionRecord {
  const item = generate(topicKey, seed);
  if (item.type === 'pump') throw new Error(`${item.id}: pump items are never stored questions`);
  return {
    _id: qid,
    question: item.question,
    type: item.type,
    choices: item.choices,
    correctAnswer: item.correctAnswer,
    explanation: item.explanation,
    course,
    objective: 'Numbers and Algebra - Fractions',
    media,
    rounding: item.rounding,
    generatedFrom: item.id,
  };
}

function handMade(qid: string, course: string): QuestionRecord {
  return {
    _id: qid,
    question: 'Select all that apply. Which equal 1/2?',
    type: 'sata',
    choices: ['0.5', '50%', '2/1', '0.05'],
    correctAnswer: ['0.5', '50%'],
    explanation: 'Divide.',
    course,
    objective: 'Numbers and Algebra - Equivalent forms',
    media: { questionImage: 'q/AA01/q.png', explanationImage: null, video: null },
    rounding: null,
  };
}

/**
 * The questions repository holding `docs`, stored in reverse so that a course is read in no
 * particular order (not the QID order the draw answers in); `reads()` counts its course reads.
 */
function fakeRepository(docs: QuestionRecord[]) {
  const repo = new FakeQuestionsRepository();
  for (const doc of [...docs].reverse()) repo.seed(doc);
  const reads = () => repo.calls.filter((c) => c === 'findByCourse').length;
  return { repo, reads };
}

const TEAS = 'TEAS Math QBank';
const bank = [
  handMade('AA01', TEAS),
  ...Array.from({ length: 30 }, (_, i) =>
    generated(
      `B${String.fromCharCode(65 + (i % 26))}${String(i).padStart(2, '0')}`,
      TEAS,
      'teas_fraction_ops',
      i,
    ),
  ),
  generated('ZZ99', 'Med Dosage QBank', 'md_drip_rate', 7),
];

describe('PoolService.draw (qbank.questions.pool)', () => {
  it('a count above what the course holds: every question of the course, in QID order, available = all', async () => {
    const { repo } = fakeRepository(bank);
    const answer = await new PoolService(repo).draw({ course: TEAS, count: 204 });
    expect(answer.available).toBe(31);
    expect(answer.questions.map((q) => q.qid)).toEqual(
      bank
        .filter((d) => d.course === TEAS)
        .map((d) => d._id)
        .sort(),
    );
  });

  it('a smaller count: that many distinct questions of the course, in QID order', async () => {
    const { repo } = fakeRepository(bank);
    const sut = new PoolService(repo);
    const seen = new Set<string>();
    for (let run = 0; run < 20; run++) {
      const answer = await sut.draw({ course: TEAS, count: 15 });
      const qids = answer.questions.map((q) => q.qid);
      expect(qids).toHaveLength(15);
      expect(new Set(qids).size).toBe(15);
      expect(qids).toEqual([...qids].sort());
      expect(answer.available).toBe(31);
      for (const q of answer.questions) expect(q.course).toBe(TEAS);
      qids.forEach((qid) => seen.add(qid));
    }
    // a random sample, not always the same 15
    expect(seen.size).toBeGreaterThan(15);
  });

  it('each question carries what a test snapshots: answers, explanation, media, rounding, misconceptions', async () => {
    const { repo } = fakeRepository(bank);
    const { questions } = await new PoolService(repo).draw({ course: TEAS, count: 500 });
    const hand = questions.find((q) => q.qid === 'AA01');
    expect(hand).toEqual({
      qid: 'AA01',
      type: 'sata',
      question: 'Select all that apply. Which equal 1/2?',
      choices: ['0.5', '50%', '2/1', '0.05'],
      correctAnswer: ['0.5', '50%'],
      explanation: 'Divide.',
      course: TEAS,
      objective: 'Numbers and Algebra - Equivalent forms',
      rounding: null,
      media: { questionImage: 'q/AA01/q.png', explanationImage: null, video: null },
      misconceptions: [],
      topic: null,
    });
    // seed 7 of teas_fraction_ops: a choice question whose three wrong choices are named
    const built = questions.find((q) => q.qid === 'BH07')!;
    const source = bank.find((d) => d._id === built.qid)!;
    expect(built.misconceptions).toHaveLength(3);
    expect(built.misconceptions).toEqual(
      generate('teas_fraction_ops', Number(source.generatedFrom!.split('~')[1])).distractors.filter(
        (d) => source.choices.includes(d.value),
      ),
    );
    expect(built).not.toHaveProperty('generatedFrom');
    // the generator topic, for the item analysis' error rates per topic (ADR 0037)
    expect(built.topic).toBe('teas_fraction_ops');
  });

  it('an unknown course: no questions, available 0', async () => {
    const { repo } = fakeRepository(bank);
    expect(await new PoolService(repo).draw({ course: 'No Such Course', count: 10 })).toEqual({
      questions: [],
      available: 0,
    });
  });

  it('204 generator-built questions are drawn fast (the replay is cached)', async () => {
    const big = Array.from({ length: 204 }, (_, i) =>
      generated(
        `C${String.fromCharCode(65 + (i % 26))}${String(i % 100).padStart(2, '0')}`,
        TEAS,
        TEAS_COURSE.objectives[0]!.topics[0]!.key,
        i,
      ),
    );
    const { repo } = fakeRepository(big);
    const sut = new PoolService(repo);
    await sut.draw({ course: TEAS, count: 204 });
    const started = performance.now();
    for (let i = 0; i < 10; i++) await sut.draw({ course: TEAS, count: 204 });
    expect((performance.now() - started) / 10).toBeLessThan(20);
  });

  it.each<[string, unknown, string]>([
    ['count 0', { course: TEAS, count: 0 }, 'count'],
    ['count above the limit', { course: TEAS, count: TEST_LIMITS.maxQuestions + 1 }, 'count'],
    ['a fractional count', { course: TEAS, count: 1.5 }, 'count'],
    ['a count as text', { course: TEAS, count: '10' }, 'count'],
    ['an empty course', { course: '', count: 10 }, 'course'],
    ['an operator object as course', { course: { $gt: '' }, count: 10 }, 'course'],
    ['an unknown field', { course: TEAS, count: 10, userId: 'x' }, 'userId'],
  ])('%s: 400 naming the field, the database is not asked', async (_label, query, field) => {
    const { repo, reads } = fakeRepository(bank);
    const err = await new PoolService(repo)
      .draw(query as { course: string; count: number })
      .catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ServiceError);
    expect((err as ServiceError).payload).toMatchObject({ status: 400 });
    expect(Object.keys((err as ServiceError).payload.fields ?? {})).toEqual([field]);
    if (field === 'count')
      expect((err as ServiceError).payload.fields?.count).toEqual([POOL_FIELD_MESSAGES.count]);
    expect(reads()).toBe(0);
  });
});

describe('PoolService: the course cache', () => {
  it('reads a course once per COURSE_TTL_MS, shares concurrent reads, and reads again after', async () => {
    let now = 1_000_000;
    const { repo, reads } = fakeRepository(bank);
    const sut = new PoolService(repo);
    sut.now = () => now;
    const draws = await Promise.all(
      Array.from({ length: 5 }, () => sut.draw({ course: TEAS, count: 3 })),
    );
    expect(reads()).toBe(1);
    expect(draws.every((d) => d.questions.length === 3 && d.available === 31)).toBe(true);
    now += COURSE_TTL_MS - 1;
    await sut.draw({ course: TEAS, count: 3 });
    expect(reads()).toBe(1);
    now += 1;
    await sut.draw({ course: TEAS, count: 3 });
    expect(reads()).toBe(2);
  });

  it('every draw is its own copy (a change to one never reaches the cache)', async () => {
    const { repo } = fakeRepository(bank);
    const sut = new PoolService(repo);
    const first = await sut.draw({ course: TEAS, count: 31 });
    first.questions[0]!.question = 'changed';
    const second = await sut.draw({ course: TEAS, count: 31 });
    expect(second.questions[0]!.question).not.toBe('changed');
  });
});

describe('sample', () => {
  it('min(count, n) distinct items of the input', () => {
    fc.assert(
      fc.property(
        fc.uniqueArray(fc.integer(), { maxLength: 60 }),
        fc.integer({ min: 1, max: 80 }),
        (items, count) => {
          const got = sample(items, count);
          expect(got).toHaveLength(Math.min(count, items.length));
          expect(new Set(got).size).toBe(got.length);
          for (const x of got) expect(items).toContain(x);
        },
      ),
    );
  });

  it('every item can be chosen (the random source decides)', () => {
    expect(sample([1, 2, 3, 4], 1, () => 3)).toEqual([4]);
    expect(sample([1, 2, 3, 4], 2, (max) => max - 1)).toEqual([4, 1]);
  });
});
