// qbank.infinite.check against the RUNNING qbank service of the test profile (NATS): the answer
// rules v2 of ADR 0036 and their feedback, as the gateway asks for them.
import { ANSWER_RULE_MESSAGES, type InfiniteCheckResult, Subjects } from '@examprep/contracts';
import { generate, generatorKeys, isPumpTopic, type ReplayableItem } from '@examprep/generators';
import { NatsRpcClient } from '@examprep/nest-kit';
import { adminActor, infraConfig, testApps } from '@examprep/test-kit';
import { roundTo } from '@examprep/validation';

const cfg = infraConfig('test');
const rpc = new NatsRpcClient({ servers: cfg.natsUrl, name: 'qbank-check-it', timeoutMs: 10_000 });
// an admin in the admin view may check every topic with a generator (ADR 0009)
const ADMIN = adminActor('qbank-check-it@examprep.test');
const check = (id: string, answer: string[]): Promise<InfiniteCheckResult> =>
  rpc.request(Subjects.qbank.check, { actor: ADMIN, input: { id, answer } });

beforeAll(async () => {
  testApps('start', ['qbank']);
  await rpc.connect();
}, 150_000);
afterAll(() => rpc.close());

/** The first typed item (seeds 0..499 of every generator) whose answer passes `fits`. */
function blankItem(fits: (answer: number, places: number) => boolean): ReplayableItem {
  for (const key of generatorKeys().filter((k) => !isPumpTopic(k)))
    for (let seed = 0; seed < 500; seed++) {
      const item = generate(key, seed);
      if (item.type !== 'blank' || !item.rounding) continue;
      if (fits(Number(item.correctAnswer[0]), item.rounding.places)) return item;
    }
  throw new Error('no such item');
}

describe('qbank.infinite.check under the answer rules v2 (ADR 0036)', () => {
  it("a right value typed without its leading zero ('.7'): incorrect, with the rule as feedback", async () => {
    const item = blankItem((a) => a > 0 && a < 1);
    const key = item.correctAnswer[0]!;
    expect(await check(item.id, [key.replace(/^0\./, '.')])).toEqual({
      correct: false,
      correctAnswer: item.correctAnswer,
      explanation: item.explanation,
      feedback: ANSWER_RULE_MESSAGES.leadingZero,
    });
    expect(await check(item.id, [key])).toEqual({
      correct: true,
      correctAnswer: item.correctAnswer,
      explanation: item.explanation,
    });
  });

  it('under a stated rounding only the rounded value: a value that rounds to it is incorrect, a trailing zero correct with a note', async () => {
    const item = blankItem((a, places) => a > 1 && places >= 1);
    const places = item.rounding!.places;
    const key = roundTo(Number(item.correctAnswer[0]), places);
    const near = await check(item.id, [(key - 0.4 * 10 ** -places).toFixed(places + 1)]);
    expect(near.correct).toBe(false);
    expect(near).not.toHaveProperty('feedback');
    expect(await check(item.id, [key.toFixed(places + 1)])).toMatchObject({
      correct: true,
      feedback: ANSWER_RULE_MESSAGES.trailingZero,
    });
  });
});
