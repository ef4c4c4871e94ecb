import {
  type Actor,
  ANSWER_RULE_MESSAGES,
  PUMP_ANSWER_ORDER,
  PUMP_MESSAGES,
  QBANK_MESSAGES as M,
} from '@examprep/contracts';
import {
  generate,
  generatorKeys,
  isPumpTopic,
  PUMP_PREVIEW_ITEM_SEEDS,
} from '@examprep/generators';
import { RpcCallError, type ServiceError } from '@examprep/nest-kit';
import fc from 'fast-check';
import {
  ADMIN,
  failure,
  openCatalog,
  infiniteService as service,
} from '../../test/support/infinite-fixture';
import { simulationsPeerFailure } from '../simulations/simulations-peers';
import type { InfiniteService } from './infinite.service';

/** Every name an object inherits, plus '__proto__'. */
const prototypeKey = fc.constantFrom(...Object.getOwnPropertyNames(Object.prototype), '__proto__');

describe('InfiniteService: keys from the request are looked up as own keys only', () => {
  const sut = service();
  const teas = openCatalog().find((c) => c.id === 'teas_math')!;
  const objective = Object.keys(teas.objectives)[0];

  afterAll(() => sut.onModuleDestroy());

  it('answers a known course and objective', async () => {
    const res = await sut.generateBatch(null, { course: 'teas_math', objective, count: 2 });
    expect(res.questions).toHaveLength(2);
  });

  it('an objective named after Object.prototype is unknown: 404, for anyone', async () => {
    await fc.assert(
      fc.asyncProperty(prototypeKey, fc.constantFrom(null, ADMIN), async (key, actor) => {
        expect(
          await failure(sut.generateBatch(actor, { course: 'teas_math', objective: key })),
        ).toMatchObject({ status: 404, message: M.noTopics });
      }),
    );
  });

  it('a course named after Object.prototype is unknown: 404 (or 400 when no course id)', async () => {
    await fc.assert(
      fc.asyncProperty(prototypeKey, async (key) => {
        const { status } = await failure(sut.generateBatch(null, { course: key, objective }));
        expect([400, 404]).toContain(status);
      }),
    );
  });

  it('a topic named after Object.prototype is unknown: 404 Topic not found (or 400)', async () => {
    await fc.assert(
      fc.asyncProperty(prototypeKey, async (key) => {
        const res = await failure(
          sut.generateBatch(null, { course: 'teas_math', objective, topic: key }),
        );
        if (res.status === 404) expect(res.message).toBe(M.topicNotFound);
        else expect(res.status).toBe(400);
      }),
    );
  });

  it('an item id built from a prototype name cannot be checked: 400', async () => {
    await fc.assert(
      fc.asyncProperty(prototypeKey, async (key) => {
        const res = await failure(sut.check(null, { id: `${key}~1`, answer: ['1'] }));
        expect(res.status).toBe(400);
      }),
    );
  });
});

describe('InfiniteService: pump items (issue 14) are checked on the pump checker', () => {
  const sut = service();
  const LEARNER: Actor = { uid: 'l-1', email: 'l@x.test', isAdmin: false, emailVerified: true };
  afterAll(() => sut.onModuleDestroy());

  /** The first pump item of the batch of `topic` (every item of a pump topic is one). */
  async function pumpItem(topic: string) {
    const res = await sut.generateBatch(LEARNER, {
      course: 'med_dosage',
      objective: '8',
      topic,
      count: 1,
    });
    const [q] = res.questions;
    expect(q.type).toBe('pump');
    return q;
  }

  it('generate-batch sends pump items with the pump face and no answer', async () => {
    const q = await pumpItem('md_pump_rate_dual');
    expect(q).not.toHaveProperty('correctAnswer');
    expect(q).not.toHaveProperty('explanation');
    expect(q.choices).toEqual([]);
    expect(q.pump).toMatchObject({
      kind: 'dualPump',
      channels: ['A', 'B'],
      display: null,
      preview: false,
    });
    const time = await pumpItem('md_pump_time_single');
    expect(time.pump?.display).not.toBeNull();
  });

  it.each(['md_pump_rate_single', 'md_pump_vtbi_dual', 'md_pump_time_single', 'md_pump_time_dual'])(
    '%s: the canonical answer is correct with the worked explanation; a changed value is not',
    async (topic) => {
      const q = await pumpItem(topic);
      const item = generate(topic, q.seed);
      const right = await sut.check(LEARNER, { id: q.id, answer: item.correctAnswer });
      expect(right).toEqual({
        correct: true,
        correctAnswer: item.correctAnswer,
        explanation: item.explanation,
      });
      expect(right.explanation).toMatch(/\\\[/);
      expect(right.correctAnswer).toHaveLength(topic.startsWith('md_pump_time') ? 2 : 4);
      const wrong = [...item.correctAnswer];
      wrong[0] = String(Number(wrong[0]) + 1);
      const res = await sut.check(LEARNER, { id: q.id, answer: wrong });
      expect(res).toMatchObject({
        correct: false,
        correctAnswer: item.correctAnswer,
        explanation: item.explanation,
      });
      // the simulator's hint, when it names the slip (ADR 0036: the same feedback everywhere)
      if (res.feedback !== undefined)
        expect([
          PUMP_MESSAGES.hintOutBy10,
          PUMP_MESSAGES.hintIdleChannel,
          PUMP_MESSAGES.hintFormat,
        ]).toContain(res.feedback);
    },
  );

  it('compares the strings exactly: minutes need two digits, an idle pump must read 0', async () => {
    let seed = 0;
    while (generate('md_pump_time_single', seed).correctAnswer[1] !== '00') seed++;
    const time = generate('md_pump_time_single', seed);
    expect((await sut.check(LEARNER, { id: time.id, answer: time.correctAnswer })).correct).toBe(
      true,
    );
    const res = await sut.check(LEARNER, { id: time.id, answer: [time.correctAnswer[0], '0'] });
    expect(res.correct).toBe(false);
    expect(res.feedback).toBe(PUMP_MESSAGES.hintFormat);
    const single = generate('md_pump_rate_single', 5);
    const idle = single.correctAnswer.findIndex((v) => v === '0');
    expect(idle).toBeGreaterThanOrEqual(0);
    const blankIdle = [...single.correctAnswer];
    blankIdle[idle] = '00';
    expect(await sut.check(LEARNER, { id: single.id, answer: blankIdle })).toMatchObject({
      correct: false,
      feedback: PUMP_MESSAGES.hintIdleChannel,
    });
  });

  it('refuses a keypad value of 5 digits, letters or nothing: 400 naming the field', async () => {
    const item = generate('md_pump_vtbi_single', 9);
    for (const [index, value] of [
      [1, '12345'],
      [2, '1a'],
      [0, ''],
      [3, '1.5'],
    ] as const) {
      const answer = [...item.correctAnswer];
      answer[index] = value;
      const res = await failure(sut.check(LEARNER, { id: item.id, answer }));
      const field = `answer.${PUMP_ANSWER_ORDER.channels[index]}`;
      expect(res).toMatchObject({ status: 400, message: PUMP_MESSAGES.keypadDigits });
      expect((res as { fields?: Record<string, string[]> }).fields).toEqual({
        [field]: [PUMP_MESSAGES.keypadDigits],
      });
    }
  });

  it('refuses a time input of 3 digits: 400 naming the field', async () => {
    const item = generate('md_pump_time_dual', 9);
    const res = await failure(
      sut.check(LEARNER, { id: item.id, answer: [item.correctAnswer[0], '015'] }),
    );
    expect(res).toMatchObject({ status: 400, message: PUMP_MESSAGES.timeDigits });
    expect((res as { fields?: Record<string, string[]> }).fields).toEqual({
      'answer.minutes': [PUMP_MESSAGES.timeDigits],
    });
  });

  it('refuses the wrong number of entries: 400 on answer', async () => {
    const rate = generate('md_pump_rate_dual', 2);
    const time = generate('md_pump_time_single', 2);
    for (const [id, answer] of [
      [rate.id, rate.correctAnswer.slice(0, 3)],
      [rate.id, [...rate.correctAnswer, '0']],
      [time.id, [...time.correctAnswer, '0', '0']],
      [time.id, []],
    ] as const) {
      const res = await failure(sut.check(LEARNER, { id, answer: [...answer] }));
      expect(res).toMatchObject({ status: 400, message: PUMP_MESSAGES.answerShape });
      expect((res as { fields?: Record<string, string[]> }).fields).toEqual({
        answer: [PUMP_MESSAGES.answerShape],
      });
    }
  });
});

describe('InfiniteService: pump topics under the simulator’s rule (issue 24)', () => {
  const LEARNER: Actor = { uid: 'l-2', email: 'm@x.test', isAdmin: false, emailVerified: true };
  const UNVERIFIED: Actor = { ...LEARNER, uid: 'l-3', emailVerified: false };
  const batch = (sut: InfiniteService, actor: Actor | null, topic?: string, count = 20) =>
    sut.generateBatch(actor, {
      course: 'med_dosage',
      objective: '8',
      ...(topic ? { topic } : {}),
      count,
    });
  const pumpTopicsListed = async (sut: InfiniteService, actor: Actor | null) => {
    const { courses } = await sut.listCourses(actor);
    const md = courses.find((c) => c.id === 'med_dosage');
    return (md?.objectives['8']?.topics ?? []).map((t) => t.key);
  };
  const SINGLE = ['md_pump_rate_single', 'md_pump_vtbi_single', 'md_pump_time_single'];
  const DUAL = ['md_pump_rate_dual', 'md_pump_vtbi_dual', 'md_pump_time_dual'];

  it.each([
    ['anonymous', null],
    ['an unverified learner', UNVERIFIED],
  ])('%s: the preview only, and the catalog is not asked', async (_who, actor) => {
    const sut = service(true);
    expect(await pumpTopicsListed(sut, actor)).toEqual(SINGLE);
    for (const topic of DUAL)
      expect(await failure(batch(sut, actor, topic))).toMatchObject({
        status: 403,
        message: PUMP_MESSAGES.previewOnly,
      });
    for (const topic of SINGLE) {
      for (const q of (await batch(sut, actor, topic)).questions) {
        expect(q.seed).toBeLessThan(PUMP_PREVIEW_ITEM_SEEDS);
        expect(q.pump).toMatchObject({ preview: true, timeFormat: 'given' });
      }
    }
    expect(sut.peers.simulationsAccess).not.toHaveBeenCalled();
    await sut.onModuleDestroy();
  });

  it('a learner without simulation access: the same preview; a dual or clock-time problem is neither served nor checked', async () => {
    const sut = service(false);
    expect(await pumpTopicsListed(sut, LEARNER)).toEqual(SINGLE);
    // the whole objective: preview problems of the single-pump topics only
    const questions = [
      ...(await batch(sut, LEARNER, undefined, 20)).questions,
      ...(await batch(sut, LEARNER, undefined, 20)).questions,
    ];
    expect(new Set(questions.map((q) => q.topicKey))).toEqual(new Set(SINGLE));
    expect(questions.every((q) => q.pump?.preview === true)).toBe(true);
    for (const [topic, seed] of [
      ['md_pump_rate_dual', 123_456],
      ['md_pump_rate_single', 123_456],
      ['md_pump_time_dual', 5],
    ] as const) {
      const item = generate(topic, seed);
      expect(
        await failure(sut.check(LEARNER, { id: item.id, answer: item.correctAnswer })),
      ).toMatchObject({
        status: 403,
        message: PUMP_MESSAGES.previewOnly,
      });
      expect(
        await failure(sut.check(null, { id: item.id, answer: item.correctAnswer })),
      ).toMatchObject({
        status: 403,
      });
    }
    // a preview problem is checked for anyone (the answer only after an answer, as before)
    const preview = generate('md_pump_vtbi_single', 3);
    await expect(
      sut.check(null, { id: preview.id, answer: preview.correctAnswer }),
    ).resolves.toMatchObject({
      correct: true,
    });
    await sut.onModuleDestroy();
  });

  it('with simulation access (the Med Dosage QBank, admins): every pump topic and problem', async () => {
    const sut = service(true);
    expect(await pumpTopicsListed(sut, LEARNER)).toEqual([
      'md_pump_rate_single',
      'md_pump_rate_dual',
      'md_pump_vtbi_single',
      'md_pump_vtbi_dual',
      'md_pump_time_single',
      'md_pump_time_dual',
    ]);
    const { questions } = await batch(sut, LEARNER, 'md_pump_rate_dual');
    expect(questions.some((q) => q.seed >= PUMP_PREVIEW_ITEM_SEEDS)).toBe(true);
    const item = generate('md_pump_time_dual', 77_777);
    await expect(
      sut.check(LEARNER, { id: item.id, answer: item.correctAnswer }),
    ).resolves.toMatchObject({
      correct: true,
    });
    await sut.onModuleDestroy();
  });

  it('the catalog down: the list as the preview has it; pump problems beyond it 503; other topics untouched', async () => {
    // what SimulationsPeers makes of a catalog that does not answer
    const down = simulationsPeerFailure(
      new RpcCallError({ status: 503, code: 'SERVICE_UNAVAILABLE', message: 'down' }),
    ) as ServiceError;
    const sut = service(down);
    expect(await pumpTopicsListed(sut, LEARNER)).toEqual(SINGLE);
    expect((await failure(batch(sut, LEARNER, 'md_pump_rate_dual'))).status).toBe(503);
    await expect(
      sut.generateBatch(LEARNER, { course: 'med_dosage', objective: '5', count: 2 }),
    ).resolves.toMatchObject({ questions: expect.any(Array) });
    await sut.onModuleDestroy();
  });
});

describe('InfiniteService: the answer rules v2 (ADR 0036) and their feedback', () => {
  const sut = service();
  const LEARNER: Actor = { uid: 'l-2', email: 'l2@x.test', isAdmin: false, emailVerified: true };
  afterAll(() => sut.onModuleDestroy());

  /** The first typed item of any generator (seeds 0..499) whose answer passes `fits`. */
  function blankItem(fits: (answer: number, places: number) => boolean) {
    for (const key of generatorKeys().filter((k) => !isPumpTopic(k)))
      for (let seed = 0; seed < 500; seed++) {
        const item = generate(key, seed);
        if (item.type !== 'blank' || !item.rounding) continue;
        if (fits(Number(item.correctAnswer[0]), item.rounding.places)) return item;
      }
    throw new Error('no such item');
  }

  it("a right value without its leading zero ('.7') is incorrect, and the result says why", async () => {
    const item = blankItem((a) => a > 0 && a < 1);
    const answer = item.correctAnswer[0]!;
    expect(answer).toMatch(/^0\./);
    const slip = await sut.check(LEARNER, { id: item.id, answer: [answer.slice(1)] });
    expect(slip).toEqual({
      correct: false,
      correctAnswer: item.correctAnswer,
      explanation: item.explanation,
      feedback: ANSWER_RULE_MESSAGES.leadingZero,
    });
    const right = await sut.check(LEARNER, { id: item.id, answer: [answer] });
    expect(right).toEqual({
      correct: true,
      correctAnswer: item.correctAnswer,
      explanation: item.explanation,
    });
  });

  it('under the stated rounding only the rounded value is correct (a value that rounds to it is not)', async () => {
    const item = blankItem((a, places) => a > 1 && places >= 1);
    const key = Number(item.correctAnswer[0]);
    const places = item.rounding!.places;
    const roundsToKey = (key - 0.4 * 10 ** -places).toFixed(places + 1);
    const res = await sut.check(LEARNER, { id: item.id, answer: [roundsToKey] });
    expect(res.correct).toBe(false);
    expect(res).not.toHaveProperty('feedback');
    const trailing = await sut.check(LEARNER, { id: item.id, answer: [key.toFixed(places + 1)] });
    expect(trailing).toMatchObject({ correct: true, feedback: ANSWER_RULE_MESSAGES.trailingZero });
  });
});
