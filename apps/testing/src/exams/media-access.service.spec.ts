import { learner, other, owned, practice, sample, setup } from '../../test/support/service-fixture';
import { refusalOf } from '@examprep/nest-kit';
import { MEDIA_GRANT_TTL_MS, MediaAccessService } from './media-access.service';

function fixture(options: Parameters<typeof setup>[0] = {}) {
  const s = setup(options);
  return { ...s, media: new MediaAccessService(s.store) };
}

describe('MediaAccessService (testing.media.access, ADR 0020 §3)', () => {
  it('a question of none of the learner’s tests: not in a test, not revealed', async () => {
    const { media, tests } = fixture();
    expect(await media.access(learner, 'AA01')).toEqual({ inTest: false, revealed: false });
    await tests.create(other, sample);
    expect(await media.access(learner, 'AA01')).toEqual({ inTest: false, revealed: false });
    expect(await media.access(learner, 'ZZ99')).toEqual({ inTest: false, revealed: false });
  });

  it('full test: in the test at once; revealed only once that question is checked', async () => {
    const { media, tests, answers } = fixture();
    const { testId } = await tests.create(learner, sample);
    expect(await media.access(learner, 'AA01')).toEqual({ inTest: true, revealed: false });
    expect(await media.access(learner, 'AA02')).toEqual({ inTest: true, revealed: false });
    await answers.check(learner, { testId, questionId: 'AA01', submittedAnswer: '3' });
    // a refusal to reveal is not kept: the check counts at once
    expect(await media.access(learner, 'AA01')).toEqual({ inTest: true, revealed: true });
    expect(await media.access(learner, 'AA02')).toEqual({ inTest: true, revealed: false });
    // another learner never sees this learner's test
    expect(await media.access(other, 'AA01')).toEqual({ inTest: false, revealed: false });
  });

  it('practice test: answers saved are not a reveal; the submit reveals every question', async () => {
    const { media, tests, answers } = fixture({ owned });
    const { testId } = await tests.create(learner, practice);
    await answers.save(learner, { testId, questionId: 'AA01', submittedAnswer: '2' });
    expect(await media.access(learner, 'AA01')).toEqual({ inTest: true, revealed: false });
    await answers.submit(learner, { testId });
    for (const qid of ['AA01', 'AA02', 'AA03', 'AA04'])
      expect(await media.access(learner, qid)).toEqual({ inTest: true, revealed: true });
  });

  it('one revealing test among several is enough', async () => {
    const { media, tests, answers } = fixture({ owned });
    await tests.create(learner, sample);
    const { testId } = await tests.create(learner, practice);
    await answers.submit(learner, { testId });
    expect(await media.access(learner, 'AA01')).toEqual({ inTest: true, revealed: true });
  });

  it("need 'inTest' is answered from the grant without a read for a minute; then read again", async () => {
    const { media, tests, repo, clock } = fixture();
    const { testId } = await tests.create(learner, sample);
    await media.access(learner, 'AA01');
    repo.calls.length = 0;
    for (let i = 0; i < 50; i++)
      expect(await media.access(learner, 'AA01', 'inTest')).toEqual({
        inTest: true,
        revealed: false,
      });
    expect(repo.calls).toEqual([]);
    // without `need`, an unrevealed grant is looked at again (the check may have happened)
    await media.access(learner, 'AA01');
    expect(repo.calls).toContain('listByUser');
    repo.calls.length = 0;
    await tests.delete(learner, { testId });
    expect(await media.access(learner, 'AA01', 'inTest')).toEqual({
      inTest: true,
      revealed: false,
    });
    clock.advance(MEDIA_GRANT_TTL_MS);
    expect(await media.access(learner, 'AA01', 'inTest')).toEqual({
      inTest: false,
      revealed: false,
    });
  });

  it('a revealed grant answers every need from memory', async () => {
    const { media, tests, answers, repo } = fixture();
    const { testId } = await tests.create(learner, sample);
    await answers.check(learner, { testId, questionId: 'AA02', submittedAnswer: '2' });
    await media.access(learner, 'AA02');
    repo.calls.length = 0;
    expect(await media.access(learner, 'AA02')).toEqual({ inTest: true, revealed: true });
    expect(await media.access(learner, 'AA02', 'revealed')).toEqual({
      inTest: true,
      revealed: true,
    });
    expect(repo.calls).toEqual([]);
  });

  it('reads the learner’s tests once and each snapshot once (cached), sheets only of unfinished full tests', async () => {
    const { media, tests, repo } = fixture({ owned });
    await tests.create(learner, practice);
    await tests.create(learner, sample);
    repo.calls.length = 0;
    await media.access(learner, 'AA03');
    expect(repo.calls.filter((c) => c === 'listByUser')).toHaveLength(1);
    expect(repo.calls).not.toContain('findQuestions'); // snapshots remembered at create
    expect(repo.calls.filter((c) => c === 'findAnswers')).toHaveLength(1); // the full test only
  });

  it('refuses an unverified or missing actor and a malformed qid', async () => {
    const { media } = fixture();
    expect(await refusalOf(media.access(null, 'AA01'))).toMatchObject({ status: 401 });
    expect(
      await refusalOf(media.access({ ...learner, emailVerified: false }, 'AA01')),
    ).toMatchObject({ status: 403, code: 'EMAIL_NOT_VERIFIED' });
    expect(await refusalOf(media.access(learner, '../x'))).toMatchObject({
      status: 400,
      code: 'VALIDATION_FAILED',
    });
  });
});
