// testing.media.access against the RUNNING testing service of the test profile over NATS, as the
// media service calls it (ADR 0020 §3): a question of the learner's own test is inTest at once,
// revealed only after its check (full) or the submit (practice); another learner's test counts
// for nothing; bad input 400; no actor 401.
import { type Actor, Subjects } from '@examprep/contracts';
import {
  anAnswer,
  connectSystem,
  create,
  disconnectSystem,
  failure,
  getTest,
  newUser,
  rpc,
  SAMPLE,
} from './support/testing-system';

beforeAll(connectSystem, 150_000);
afterAll(disconnectSystem);

const access = (actor: Actor | null, qid: string, need?: 'inTest') =>
  rpc.request(Subjects.testing.mediaAccess, { actor, qid, ...(need ? { need } : {}) });

describe('testing.media.access', () => {
  it('full test: in the test at once, revealed after the check; other learners get nothing', async () => {
    const learner = await newUser();
    const stranger = await newUser();
    const { testId } = await create(learner, SAMPLE);
    const [first, second] = (await getTest(learner, testId)).questions;
    expect(await access(learner, first!.qid)).toEqual({ inTest: true, revealed: false });
    expect(await access(learner, first!.qid, 'inTest')).toEqual({ inTest: true, revealed: false });
    expect(await access(stranger, first!.qid)).toEqual({ inTest: false, revealed: false });

    await rpc.request(Subjects.testing.submitQuizAnswer, {
      actor: learner,
      input: { testId, questionId: first!.qid, submittedAnswer: anAnswer(first!) },
    });
    expect(await access(learner, first!.qid)).toEqual({ inTest: true, revealed: true });
    expect(await access(learner, second!.qid)).toEqual({ inTest: true, revealed: false });
    expect(await access(stranger, first!.qid)).toEqual({ inTest: false, revealed: false });

    await rpc.request(Subjects.testing.submitTest, { actor: learner, input: { testId } });
    expect(await access(learner, second!.qid)).toEqual({ inTest: true, revealed: true });
  });

  it('a question in no test of the learner: false, false', async () => {
    const learner = await newUser();
    expect(await access(learner, 'ZZ99')).toEqual({ inTest: false, revealed: false });
  });

  it('bad qid 400 naming the QID; no actor 401; unverified 403', async () => {
    const learner = await newUser();
    expect(await failure(access(learner, 'Images/AB12-que.png'))).toMatchObject({
      status: 400,
      code: 'VALIDATION_FAILED',
      fields: { qid: ['The QID must be two uppercase letters and two digits.'] },
    });
    expect(await failure(access(null, 'AB12'))).toMatchObject({ status: 401 });
    expect(await failure(access({ ...learner, emailVerified: false }, 'AB12'))).toMatchObject({
      status: 403,
    });
  });
});
