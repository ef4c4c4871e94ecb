import { failedChecks } from './http.js';
import {
  idleAnswer,
  PUMP_CONTROLS,
  pumpCheckChecks,
  pumpCheckRequest,
  pumpGenerateChecks,
  pumpGenerateRequest,
  pumpQuestionOf,
} from './pump.js';

const question = {
  id: 'dualPump~ampm~3',
  kind: 'dualPump',
  calculate: 'rate',
  pumpCount: 'dual',
  timeFormat: 'ampm',
  channels: ['A', 'B'],
  text: 'Program both pumps.',
  display: null,
  preview: false,
};
const res = (status: number, body: unknown) => ({ status, body: JSON.stringify(body) });

describe('pump scenario', () => {
  it('covers every control combination once (Time mode only with the given format)', () => {
    expect(PUMP_CONTROLS).toHaveLength(14);
    expect(new Set(PUMP_CONTROLS.map((c) => JSON.stringify(c))).size).toBe(14);
    expect(PUMP_CONTROLS.filter((c) => c.calculate === 'time').map((c) => c.timeFormat)).toEqual([
      'given',
      'given',
    ]);
  });

  it('generate: 200 with exactly the problem keys; an answer field fails the check', () => {
    const req = pumpGenerateRequest('http://gw/', 'tok', PUMP_CONTROLS[0]!);
    expect(req.url).toBe('http://gw/api/simulations/pump/generate');
    expect(req.headers).toMatchObject({ Authorization: 'Bearer tok' });
    expect(failedChecks(pumpGenerateChecks, res(200, question))).toEqual([]);
    expect(failedChecks(pumpGenerateChecks, res(200, { ...question, expected: {} }))).toEqual([
      'pump-generate: a problem without its answer',
    ]);
    expect(failedChecks(pumpGenerateChecks, res(403, {}))).toHaveLength(2);
  });

  it('check: the verdicts the spec names; "correct" also wants the explanation', () => {
    const req = pumpCheckRequest('http://gw', 'tok', question.id, idleAnswer(question));
    expect(JSON.parse(req.body!)).toEqual({
      id: question.id,
      answer: { A: { rate: '0', vtbi: '0' }, B: { rate: '0', vtbi: '0' } },
    });
    const right = { correct: true, message: 'Correct!', hint: null, explanation: 'x' };
    const wrong = {
      correct: false,
      message: 'Incorrect. Try again.',
      hint: null,
      explanation: null,
    };
    expect(failedChecks(pumpCheckChecks('correct'), res(200, right))).toEqual([]);
    expect(failedChecks(pumpCheckChecks('correct'), res(200, wrong))).toEqual([
      'pump-check: the verdict',
    ]);
    expect(failedChecks(pumpCheckChecks('any'), res(200, wrong))).toEqual([]);
    expect(failedChecks(pumpCheckChecks('any'), res(200, { ...wrong, message: 'Nope' }))).toEqual([
      'pump-check: the verdict',
    ]);
  });

  it('reads the question of a generate answer', () => {
    expect(pumpQuestionOf(question)?.id).toBe(question.id);
    expect(pumpQuestionOf({})).toBeNull();
    expect(idleAnswer({ ...question, calculate: 'time' })).toEqual({ hours: '0', minutes: '00' });
  });
});
