// The pump simulator through the gateway against the real system of the test profile
// (gateway -> NATS -> qbank, which asks the catalog for simulation access): who may generate
// and check what (learner spec §2, §5-7; ADR 0021 §6 preview), that a generated problem never
// carries its answer, the exact result texts, and the 400s that name the field.
import {
  PUMP_MESSAGES as M,
  type PumpAnswerInput,
  type PumpGenerateInput,
  type PumpQuestion,
  PUMP_GENERATE_INPUTS,
  PUMP_QUESTION_KEYS,
} from '@examprep/contracts';
import {
  canonicalAnswer,
  explainPump,
  generatePump,
  parsePumpProblemId,
  PUMP_PREVIEW,
  pumpProblemId,
} from '@examprep/pump';
import {
  createRealmUser,
  getClientToken,
  identityServiceClient,
  infraConfig,
} from '@examprep/test-kit';
import { call, gatewayUrl, type Who } from './support/api';
import { type OpenApiDocument, routesOf } from './support/openapi';
import { systemCtl } from './support/system';

const cfg = infraConfig('test');
const kcAdmin = `${cfg.keycloakUrl}/admin/realms/${cfg.realm}`;
const GENERATE = '/api/simulations/pump/generate';
const CHECK = '/api/simulations/pump/check';

// an owner of the Med Dosage QBank and a learner without it, of this file only
const stamp = Date.now();
const owner = { email: `pump-owner-${stamp}@examprep.test`, password: 'owner-pass-1', id: '' };
const learner = {
  email: `pump-learner-${stamp}@examprep.test`,
  password: 'learner-pass-1',
  id: '',
};

/** The preview: single pump with a given duration (Time mode has no format of its own). */
const previewable = (c: PumpGenerateInput) =>
  c.pumpCount === 'single' && (c.calculate === 'time' || c.timeFormat === 'given');

const previewId = pumpProblemId({ kind: 'singlePump', timeFormat: 'given', seed: 0 });
const fullId = pumpProblemId({ kind: 'dualPump', timeFormat: 'ampm', seed: 424_242 });
const answerOf = (id: string): PumpAnswerInput =>
  canonicalAnswer(generatePump(parsePumpProblemId(id)!));

beforeAll(async () => {
  systemCtl('start', ['catalog', 'qbank', 'identity', 'gateway']);
  owner.id = await createRealmUser(owner);
  learner.id = await createRealmUser(learner);
  const grant = await call('POST', '/api/update-user-purchases', {
    who: 'admin',
    body: { uid: owner.id, purchases: { med_dosage_qbank: true } },
  });
  expect(grant.status).toBe(200);
}, 120_000);

afterAll(async () => {
  const { access_token } = await getClientToken(identityServiceClient());
  for (const id of [owner.id, learner.id].filter(Boolean)) {
    await fetch(`${kcAdmin}/users/${id}`, {
      method: 'DELETE',
      headers: { authorization: `Bearer ${access_token}` },
    });
  }
});

/** A generated question with what it must never carry: exactly PumpQuestion's keys. */
function expectNoAnswer(q: PumpQuestion) {
  expect(Object.keys(q).sort()).toEqual([...PUMP_QUESTION_KEYS]);
  const problem = generatePump(parsePumpProblemId(q.id)!);
  expect(q.text).toBe(problem.text);
  if (q.calculate === 'time') {
    expect(q.display).not.toBeNull();
    return;
  }
  expect(q.display).toBeNull();
  const named = (n: number) => new RegExp(`\\b${n} mL(?!/)`);
  if (q.calculate === 'rate') {
    // the rate never appears in the text (unless it is also a VTBI the question names)
    expect(q.text).not.toMatch(/\d\s*mL\/hr/);
    const vtbis = problem.infusions.map((i) => i.vtbi);
    for (const i of problem.infusions)
      if (!vtbis.includes(i.rate)) expect(q.text).not.toMatch(named(i.rate));
  }
  // Calculate VTBI: the rate is given, the VTBI never appears
  if (q.calculate === 'vtbi')
    for (const i of problem.infusions) expect(q.text).not.toMatch(named(i.vtbi));
}

describe('who may call the pump routes', () => {
  const body = { calculate: 'rate', timeFormat: 'given', pumpCount: 'single' };
  it.each<[Who, number]>([
    ['anonymous', 401],
    ['unverified', 403],
  ])('%s: generate and check answer %i', async (who, status) => {
    expect((await call('POST', GENERATE, { who, body })).status).toBe(status);
    const check = await call('POST', CHECK, {
      who,
      body: { id: previewId, answer: answerOf(previewId) },
    });
    expect(check.status).toBe(status);
  });
});

describe('a learner without the Med Dosage QBank: the preview', () => {
  it('has no simulation access', async () => {
    expect(await call('GET', '/api/check-simulations-access', { who: learner })).toEqual({
      status: 200,
      body: { authorized: false },
    });
  });

  it('generates single-pump problems with a given duration, from the preview seeds', async () => {
    for (const input of PUMP_GENERATE_INPUTS.filter(previewable)) {
      const res = await call<PumpQuestion>('POST', GENERATE, { who: learner, body: input });
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({
        calculate: input.calculate,
        pumpCount: 'single',
        timeFormat: 'given',
        preview: true,
      });
      expect(parsePumpProblemId(res.body.id)!.seed).toBeLessThan(PUMP_PREVIEW.seeds);
      expectNoAnswer(res.body);
    }
  });

  it('is refused dual pumps and clock times with the preview sentence (403)', async () => {
    for (const input of PUMP_GENERATE_INPUTS.filter((c) => !previewable(c))) {
      const res = await call('POST', GENERATE, { who: learner, body: input });
      expect([res.status, res.body.message]).toEqual([403, M.previewOnly]);
    }
  });

  it('checks a preview id, and is refused the check of a full id (403)', async () => {
    const ok = await call('POST', CHECK, {
      who: learner,
      body: { id: previewId, answer: answerOf(previewId) },
    });
    expect(ok.status).toBe(200);
    expect(ok.body.message).toBe(M.correct);
    const refused = await call('POST', CHECK, {
      who: learner,
      body: { id: fullId, answer: answerOf(fullId) },
    });
    expect([refused.status, refused.body.message]).toEqual([403, M.previewOnly]);
  });
});

describe.each<[string, () => Who]>([
  ['the owner of the Med Dosage QBank', () => owner],
  ['an admin', () => 'admin'],
])('%s: the whole simulator', (_name, who) => {
  it('has simulation access', async () => {
    expect(await call('GET', '/api/check-simulations-access', { who: who() })).toEqual({
      status: 200,
      body: { authorized: true },
    });
  });

  it('generates every calculate x format x count, never a preview, never the answer; the canonical answer is Correct!', async () => {
    for (const input of PUMP_GENERATE_INPUTS) {
      const res = await call<PumpQuestion>('POST', GENERATE, { who: who(), body: input });
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({
        calculate: input.calculate,
        pumpCount: input.pumpCount,
        timeFormat: input.calculate === 'time' ? 'given' : input.timeFormat,
        preview: false,
        channels: input.pumpCount === 'dual' ? ['A', 'B'] : [expect.stringMatching(/^[AB]$/)],
      });
      expectNoAnswer(res.body);
      const problem = generatePump(parsePumpProblemId(res.body.id)!);
      const check = await call('POST', CHECK, {
        who: who(),
        body: { id: res.body.id, answer: canonicalAnswer(problem) },
      });
      expect(check).toEqual({
        status: 200,
        body: { correct: true, message: M.correct, hint: null, explanation: explainPump(problem) },
      });
    }
  });

  it("answers a wrong reading 'Incorrect. Try again.' without the explanation", async () => {
    const right = answerOf(fullId);
    const wrong = { ...right, B: { ...right.B!, vtbi: String(Number(right.B!.vtbi) + 10) } };
    const res = await call('POST', CHECK, { who: who(), body: { id: fullId, answer: wrong } });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ correct: false, message: M.incorrect, explanation: null });
    // Time mode: an hour off
    const timeId = pumpProblemId({ kind: 'findTime', timeFormat: 'given', seed: 5 });
    const time = answerOf(timeId);
    const res2 = await call('POST', CHECK, {
      who: who(),
      body: { id: timeId, answer: { ...time, hours: String(Number(time.hours) + 1) } },
    });
    expect(res2.body).toMatchObject({ correct: false, message: M.incorrect, explanation: null });
  });
});

describe('bad inputs: 400 naming the field, never a 500', () => {
  const timeId = pumpProblemId({ kind: 'findTime', timeFormat: 'given', seed: 5 });
  it.each<[string, unknown, string]>([
    [
      'a 5-digit keypad value',
      { id: fullId, answer: { A: { rate: '12345', vtbi: '100' } } },
      'answer.A.rate',
    ],
    ['letters', { id: fullId, answer: { B: { rate: '100', vtbi: '1O0' } } }, 'answer.B.vtbi'],
    ['3-digit minutes', { id: timeId, answer: { hours: '8', minutes: '100' } }, 'answer.minutes'],
    [
      'letters in the hours',
      { id: timeId, answer: { hours: 'eight', minutes: '00' } },
      'answer.hours',
    ],
    ['a bad id', { id: 'singlePump~given~abc', answer: {} }, 'id'],
    ['an id that replays nothing', { id: 'findTime~military~3', answer: {} }, 'id'],
    ['a seed out of range', { id: 'singlePump~given~9999999999', answer: {} }, 'id'],
    ['a missing answer', { id: fullId }, 'answer'],
  ])('check: %s', async (_name, body, field) => {
    const res = await call('POST', CHECK, { who: owner, body });
    expect(res.status).toBe(400);
    expect(Object.keys(res.body.fields ?? {})).toContain(field);
  });

  it.each<[string, unknown, string]>([
    [
      'an unknown mode',
      { calculate: 'dose', timeFormat: 'given', pumpCount: 'single' },
      'calculate',
    ],
    [
      'an unknown format',
      { calculate: 'rate', timeFormat: '24h', pumpCount: 'single' },
      'timeFormat',
    ],
    ['a missing pump count', { calculate: 'rate', timeFormat: 'given' }, 'pumpCount'],
  ])('generate: %s', async (_name, body, field) => {
    const res = await call('POST', GENERATE, { who: owner, body });
    expect(res.status).toBe(400);
    expect(Object.keys(res.body.fields ?? {})).toContain(field);
  });
});

describe('OpenAPI document', () => {
  it('lists both pump routes as body routes', async () => {
    const doc = (await (await fetch(`${gatewayUrl}/api/docs-json`)).json()) as OpenApiDocument;
    const { bodyRoutes } = routesOf(doc);
    expect(bodyRoutes.map((r) => `${r.method} ${r.path}`)).toEqual(
      expect.arrayContaining([`POST ${GENERATE}`, `POST ${CHECK}`]),
    );
  });
});
