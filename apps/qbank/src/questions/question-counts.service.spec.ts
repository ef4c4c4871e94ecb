import { FakeQuestionsRepository } from '../../test/support/fake-questions.repository';
import { QUESTION_RECOUNT_MS, QuestionCounts } from './question-counts.service';

describe('QuestionCounts', () => {
  afterEach(() => jest.useRealTimers());

  it('rebuilds at start and every QUESTION_RECOUNT_MS, one at a time', async () => {
    jest.useFakeTimers();
    const repo = new FakeQuestionsRepository();
    const sut = new QuestionCounts(repo);
    sut.onApplicationBootstrap();
    const again = sut.rebuild(); // while the first runs: the same rebuild
    await again;
    expect(repo.calls.filter((c) => c === 'recount')).toHaveLength(1);
    jest.advanceTimersByTime(QUESTION_RECOUNT_MS);
    await sut.rebuild();
    expect(repo.calls.filter((c) => c === 'recount')).toHaveLength(2);
    sut.onModuleDestroy();
    jest.advanceTimersByTime(3 * QUESTION_RECOUNT_MS);
    expect(repo.calls.filter((c) => c === 'recount')).toHaveLength(2);
  });
});
