import {
  type Actor,
  ErrorCodes,
  Events,
  type PracticeAnsweredEvent,
  PUMP_MESSAGES as M,
  type PumpAnswerInput,
  type PumpGenerateInput,
  PUMP_GENERATE_INPUTS,
  PUMP_QUESTION_KEYS,
} from '@examprep/contracts';
import { refusalOf, RpcCallError, ServiceError } from '@examprep/nest-kit';
import {
  canonicalAnswer,
  explainPump,
  generatePump,
  isPreviewRef,
  parsePumpProblemId,
  PUMP_PREVIEW,
  pumpProblemId,
} from '@examprep/pump';
import {
  ACCESS_UNAVAILABLE,
  type SimulationCalls,
  simulationsPeerFailure,
} from './simulations-peers';
import { PracticeFacts } from '../infinite/practice-facts';
import { PumpAccess } from './pump-access';
import { SimulationsService } from './simulations.service';

const learner: Actor = { uid: 'u1', email: 'l@x.test', isAdmin: false, emailVerified: true };

function setup(authorized: boolean | Error) {
  const simulationsAccess = jest.fn(async () => {
    if (authorized instanceof Error) throw authorized;
    return authorized;
  });
  const peers: SimulationCalls = { simulationsAccess };
  const publish = jest.fn(async () => ({ seq: 1, duplicate: false }));
  return {
    sut: new SimulationsService(new PumpAccess(peers), new PracticeFacts({ publish })),
    simulationsAccess,
    publish,
  };
}

describe('SimulationsService.check: the learning engine hears of it (issue 29)', () => {
  it('a checked problem is an answer on the pump topic of its kind, without a review card', async () => {
    const { sut, publish } = setup(true);
    const ref = { kind: 'dualPump', timeFormat: 'given', seed: 9_000 } as const;
    const problem = generatePump(ref);
    const verdict = await sut.check(learner, {
      id: pumpProblemId(ref),
      answer: canonicalAnswer(problem),
    });
    expect(verdict.correct).toBe(true);
    const calls = publish.mock.calls as unknown as [string, PracticeAnsweredEvent, string][];
    expect(calls).toHaveLength(1);
    expect(calls[0]![0]).toBe(Events.practiceAnswered);
    expect(calls[0]![1]).toMatchObject({
      uid: learner.uid,
      itemId: pumpProblemId(ref),
      topicKey: 'md_pump_rate_dual',
      course: 'med_dosage',
      correct: true,
      source: 'pump',
      guess: 0,
    });
  });
});

/** What a caller without access may generate: single pump, given duration (Time: any format). */
const previewable = (c: PumpGenerateInput) =>
  c.pumpCount === 'single' && (c.calculate === 'time' || c.timeFormat === 'given');

describe('SimulationsService.generate', () => {
  it('refuses anonymous callers (401) without asking the catalog', async () => {
    const { sut, simulationsAccess } = setup(true);
    const input = { calculate: 'rate', timeFormat: 'given', pumpCount: 'single' } as const;
    expect(await refusalOf(sut.generate(null, input))).toMatchObject({ status: 401 });
    expect(simulationsAccess).not.toHaveBeenCalled();
  });

  it('gives authorized callers every combination, never a preview seed, never the answer', async () => {
    const { sut, simulationsAccess } = setup(true);
    for (const input of PUMP_GENERATE_INPUTS) {
      for (let i = 0; i < 5; i++) {
        const q = await sut.generate(learner, input);
        expect(Object.keys(q).sort()).toEqual([...PUMP_QUESTION_KEYS]);
        expect(q).toMatchObject({
          calculate: input.calculate,
          pumpCount: input.pumpCount,
          timeFormat: input.calculate === 'time' ? 'given' : input.timeFormat,
          preview: false,
        });
        const ref = parsePumpProblemId(q.id);
        expect(ref).not.toBeNull();
        expect(ref!.seed).toBeGreaterThanOrEqual(PUMP_PREVIEW.seeds);
      }
    }
    expect(simulationsAccess).toHaveBeenCalledWith(learner);
  });

  it('gives callers without access the preview: single pump, given duration, preview seeds', async () => {
    const { sut } = setup(false);
    for (const input of PUMP_GENERATE_INPUTS.filter(previewable)) {
      for (let i = 0; i < 5; i++) {
        const q = await sut.generate(learner, input);
        expect(q.preview).toBe(true);
        expect(q.timeFormat).toBe('given');
        expect(PUMP_PREVIEW.kinds).toContain(q.kind);
        expect(parsePumpProblemId(q.id)!.seed).toBeLessThan(PUMP_PREVIEW.seeds);
      }
    }
  });

  it('refuses callers without access every other combination (403 previewOnly)', async () => {
    const { sut } = setup(false);
    const refused = PUMP_GENERATE_INPUTS.filter((c) => !previewable(c));
    expect(refused).toHaveLength(18 - 5);
    for (const input of refused)
      expect(await refusalOf(sut.generate(learner, input))).toEqual({
        status: 403,
        code: ErrorCodes.FORBIDDEN,
        message: M.previewOnly,
      });
  });

  it('refuses bad controls with 400 naming the field', async () => {
    const { sut } = setup(true);
    const bad = { calculate: 'dose', timeFormat: 'given', pumpCount: 'single' };
    const err = await refusalOf(sut.generate(learner, bad as unknown as PumpGenerateInput));
    expect(err).toMatchObject({ status: 400, fields: { calculate: expect.any(Array) } });
  });

  it('answers 503 with a clear sentence when the catalog is down or slow', async () => {
    for (const status of [503, 504]) {
      const down = new RpcCallError({ status, code: 'SERVICE_UNAVAILABLE', message: 'x' });
      const { sut } = setup(simulationsPeerFailure(down) as Error);
      const input = { calculate: 'rate', timeFormat: 'given', pumpCount: 'single' } as const;
      expect(await refusalOf(sut.generate(learner, input))).toEqual({
        status: 503,
        code: ErrorCodes.SERVICE_UNAVAILABLE,
        message: ACCESS_UNAVAILABLE,
      });
    }
  });

  it("passes the catalog's own refusal on as it is (403 for an unverified caller)", () => {
    const refusal = { status: 403, code: 'EMAIL_NOT_VERIFIED', message: 'verify' };
    const mapped = simulationsPeerFailure(new RpcCallError(refusal));
    expect(mapped).toBeInstanceOf(ServiceError);
    expect((mapped as ServiceError).payload).toEqual(refusal);
    const other = new Error('boom');
    expect(simulationsPeerFailure(other)).toBe(other);
  });
});

describe('SimulationsService.check', () => {
  const previewId = pumpProblemId({ kind: 'singlePump', timeFormat: 'given', seed: 3 });
  const fullId = pumpProblemId({ kind: 'dualPump', timeFormat: 'military', seed: 123_456 });

  it('refuses anonymous callers (401)', async () => {
    const { sut } = setup(true);
    expect(await refusalOf(sut.check(null, { id: previewId, answer: {} }))).toMatchObject({
      status: 401,
    });
  });

  it('lets a caller without access check a preview id, without asking the catalog', async () => {
    const { sut, simulationsAccess } = setup(false);
    const problem = generatePump(parsePumpProblemId(previewId)!);
    const res = await sut.check(learner, { id: previewId, answer: canonicalAnswer(problem) });
    expect(res.correct).toBe(true);
    expect(simulationsAccess).not.toHaveBeenCalled();
  });

  it('refuses a caller without access the check of a full id (403 previewOnly)', async () => {
    const { sut } = setup(false);
    const problem = generatePump(parsePumpProblemId(fullId)!);
    expect(
      await refusalOf(sut.check(learner, { id: fullId, answer: canonicalAnswer(problem) })),
    ).toEqual({ status: 403, code: ErrorCodes.FORBIDDEN, message: M.previewOnly });
  });

  it('answers the canonical answer of every kind Correct! with the worked explanation', async () => {
    const { sut } = setup(true);
    for (const id of [
      fullId,
      previewId,
      'singlePump~ampm~99',
      'rateBased~military~7777',
      'rateBasedDual~given~42',
      'findTime~given~31337',
      'findDualTime~given~8',
    ]) {
      const problem = generatePump(parsePumpProblemId(id)!);
      const res = await sut.check(learner, { id, answer: canonicalAnswer(problem) });
      expect(res).toEqual({
        correct: true,
        message: M.correct,
        hint: null,
        explanation: explainPump(problem),
      });
    }
  });

  it("answers a wrong answer 'Incorrect. Try again.' without the explanation", async () => {
    const { sut } = setup(true);
    const problem = generatePump(parsePumpProblemId(fullId)!);
    const right = canonicalAnswer(problem);
    const wrong: PumpAnswerInput = {
      ...right,
      A: { rate: String(Number(right.A!.rate) + 1), vtbi: right.A!.vtbi },
    };
    const res = await sut.check(learner, { id: fullId, answer: wrong });
    expect(res).toMatchObject({ correct: false, message: M.incorrect, explanation: null });
    const tenTimes = { ...right, A: { rate: `${right.A!.rate}0`, vtbi: right.A!.vtbi } };
    expect(await sut.check(learner, { id: fullId, answer: tenTimes })).toMatchObject({
      correct: false,
      hint: M.hintOutBy10,
      explanation: null,
    });
  });

  it('refuses ids the DTO lets through but that replay nothing (400 invalidId)', async () => {
    const { sut } = setup(true);
    for (const id of ['findTime~ampm~1', 'singlePump~given~9999999999']) {
      expect(await refusalOf(sut.check(learner, { id, answer: {} }))).toMatchObject({
        status: 400,
        message: M.invalidId,
        fields: { id: [M.invalidId] },
      });
    }
  });

  it('refuses bad inputs with 400 naming the field', async () => {
    const { sut } = setup(true);
    const cases: [unknown, string][] = [
      [{ id: fullId, answer: { A: { rate: '12345', vtbi: '100' } } }, 'answer'],
      [{ id: fullId, answer: { A: { rate: '12a', vtbi: '100' } } }, 'answer'],
      [{ id: 'findTime~given~5', answer: { hours: '1', minutes: '100' } }, 'answer'],
      [{ id: 'nope', answer: {} }, 'id'],
      [{ id: fullId }, 'answer'],
    ];
    for (const [input, field] of cases) {
      const err = await refusalOf(sut.check(learner, input as never));
      expect(err).toMatchObject({ status: 400 });
      expect(Object.keys((err as { fields?: object }).fields ?? {}).join(' ')).toContain(field);
    }
  });

  it('treats every preview id as checkable and nothing else', () => {
    expect(isPreviewRef(parsePumpProblemId(previewId)!)).toBe(true);
    expect(isPreviewRef(parsePumpProblemId(fullId)!)).toBe(false);
  });
});
