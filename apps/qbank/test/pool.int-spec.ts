// qbank.questions.pool against the RUNNING qbank service of the test profile (NATS, FerretDB
// with the seeded bank): what a new test snapshots, as the testing service asks for it.
import { type PoolAnswer, Subjects, TEST_LIMITS } from '@examprep/contracts';
import { NatsRpcClient, RpcCallError } from '@examprep/nest-kit';
import { infraConfig, testApps } from '@examprep/test-kit';
import { checkAnswer } from '@examprep/validation';

const cfg = infraConfig('test');
const rpc = new NatsRpcClient({ servers: cfg.natsUrl, name: 'qbank-pool-it', timeoutMs: 10_000 });
const learner = {
  uid: 'pool-it',
  email: 'pool-it@examprep.test',
  isAdmin: false,
  emailVerified: true,
};
const draw = (course: unknown, count: unknown) =>
  rpc.request(Subjects.qbank.pool, { actor: learner, query: { course, count } as never });

beforeAll(async () => {
  testApps('start', ['qbank']);
  await rpc.connect();
}, 150_000);
afterAll(() => rpc.close());

describe('qbank.questions.pool on the seeded bank', () => {
  let all: PoolAnswer;
  beforeAll(async () => {
    all = await draw('TEAS Math QBank', TEST_LIMITS.maxQuestions);
  });

  it('the whole TEAS Math QBank (204) in QID order, answers included', () => {
    expect(all.available).toBe(all.questions.length);
    expect(all.questions.length).toBeGreaterThanOrEqual(204);
    const qids = all.questions.map((q) => q.qid);
    expect(qids).toEqual([...qids].sort());
    for (const q of all.questions) {
      expect(q.course).toBe('TEAS Math QBank');
      expect(q.correctAnswer.length).toBeGreaterThan(0);
      expect(q.explanation).not.toBe('');
      expect(Object.keys(q.media).sort()).toEqual(['explanationImage', 'questionImage', 'video']);
      for (const v of Object.values(q.media))
        expect(v === null || typeof v === 'string').toBe(true);
    }
  });

  it('generator-built questions name the misconception of their wrong choices; none is correct', () => {
    const named = all.questions.filter((q) => q.misconceptions.length > 0);
    expect(named.length).toBeGreaterThan(50);
    for (const q of named) {
      for (const m of q.misconceptions) {
        if (q.type !== 'blank') expect(q.choices).toContain(m.value);
        expect(checkAnswer(q, [m.value])).toBe(false);
        expect(m.misconception).not.toBe('');
      }
    }
    // the hand-made select-all-that-apply items have none
    for (const q of all.questions.filter((x) => x.type === 'sata')) {
      expect(q.misconceptions).toEqual([]);
    }
  });

  it('a sample of 38: distinct, in QID order, drawn from the course; fast', async () => {
    const started = performance.now();
    const { questions, available } = await draw('TEAS Math QBank', 38);
    const ms = performance.now() - started;
    expect(available).toBe(all.available);
    const qids = questions.map((q) => q.qid);
    expect(qids).toHaveLength(38);
    expect(new Set(qids).size).toBe(38);
    expect(qids).toEqual([...qids].sort());
    const known = new Set(all.questions.map((q) => q.qid));
    expect(qids.every((qid) => known.has(qid))).toBe(true);
    expect(ms).toBeLessThan(2_000);
  });

  it('an unknown course: no questions, available 0', async () => {
    expect(await draw('No Such Course', 10)).toEqual({ questions: [], available: 0 });
  });

  it.each([
    ['count 0', 'TEAS Math QBank', 0, 'count'],
    ['count 501', 'TEAS Math QBank', TEST_LIMITS.maxQuestions + 1, 'count'],
    ['an operator object as course', { $gt: '' }, 10, 'course'],
  ])('%s: 400 naming the field', async (_label, course, count, field) => {
    const err = await draw(course, count).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(RpcCallError);
    expect((err as RpcCallError).payload).toMatchObject({ status: 400 });
    expect(Object.keys((err as RpcCallError).payload.fields ?? {})).toEqual([field]);
  });
});
