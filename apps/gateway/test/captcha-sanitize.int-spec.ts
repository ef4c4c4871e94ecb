// The contact challenge (learner spec §2 Dashboard "Contact", §4, §5, §7) and the sanitizer
// call (admin spec §2.2, §5, §7) through the gateway, against the real identity service,
// NATS, FerretDB and Keycloak of the TEST profile.
import { randomInt } from 'node:crypto';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import {
  CAPTCHA_CODES,
  CAPTCHA_MESSAGES,
  CAPTCHA_TTL_SECONDS,
  type CaptchaChallenge,
  SANITIZE_REQUEST_MESSAGES,
} from '@examprep/contracts';
import { loadConfig } from '@examprep/nest-kit';
import { infraConfig } from '@examprep/test-kit';
import { NUMERIC_MESSAGES, SANITIZE_MAX_LENGTH } from '@examprep/validation';
import {
  QUICK_TEST_CASES,
  sanitize,
  SANITIZER_MESSAGES,
  type SanitizeType,
} from '@examprep/validation/sanitize';
import { MongoClient } from 'mongodb';
import { GatewayEnv } from '../src/config/gateway.env';
import { createGatewayApp } from '../src/create-app';
import { call } from './support/api';
import { appEnv, systemCtl } from './support/system';

const cfg = infraConfig('test');
const BUSINESS_NUMBER = appEnv('identity', 'test').CONTACT_BUSINESS_NUMBER;
let mongo: MongoClient;

const challenges = () =>
  mongo.db().collection<{ _id: string; answer: number; expiresAt: Date }>('captcha_challenges');

/** The stored answer, after checking it is what the question evaluates to. */
async function answerOf(challenge: CaptchaChallenge): Promise<string> {
  const doc = await challenges().findOne({ _id: challenge.challengeId });
  const m = /^What is (\d+) ([+\-×]) (\d+)\?$/.exec(challenge.question);
  expect(m).not.toBeNull();
  const [a, op, b] = [Number(m![1]), m![2], Number(m![3])];
  const expected = op === '+' ? a + b : op === '-' ? a - b : a * b;
  expect(doc?.answer).toBe(expected);
  return String(expected);
}

beforeAll(async () => {
  systemCtl('start', ['identity', 'gateway']);
  mongo = await MongoClient.connect(cfg.mongoUrl('identity'));
});

afterAll(async () => {
  await mongo?.close();
});

describe('contact challenge through the gateway process', () => {
  it('issues a question, shows the business number for the right answer, and only once', async () => {
    const issued = await call('POST', '/api/captcha/issue');
    expect(issued.status).toBe(201);
    expect(issued.body).toEqual({
      challengeId: expect.stringMatching(/^[0-9a-f-]{36}$/),
      question: expect.stringMatching(/^What is \d+ [+\-×] \d+\?$/),
      expiresIn: CAPTCHA_TTL_SECONDS,
    });
    const answer = await answerOf(issued.body);
    const { challengeId } = issued.body as CaptchaChallenge;

    expect(await call('POST', '/api/captcha/verify', { body: { challengeId, answer } })).toEqual({
      status: 200,
      body: { businessNumber: BUSINESS_NUMBER },
    });
    expect(
      await call('POST', '/api/captcha/verify', { body: { challengeId, answer } }),
    ).toMatchObject({
      status: 409,
      body: { code: CAPTCHA_CODES.USED, message: CAPTCHA_MESSAGES.used },
    });
  });

  it('keeps expired challenges out with a TTL index or, on FerretDB, a plain expiresAt index', async () => {
    for (const name of ['captcha_challenges', 'captcha_uses']) {
      const indexes = await mongo.db().collection(name).indexes();
      expect(indexes.some((i) => Object.keys(i.key).join() === 'expiresAt')).toBe(true);
    }
  });
});

/*
 * The rest runs on an in-process gateway (the same createGatewayApp, real Keycloak keys, real
 * identity service) that trusts X-Forwarded-For, so each test is its own client address: the
 * per-address limits of 10 issues and 10 verifies a minute then neither leak between tests nor
 * between quick re-runs (a /24 of its own per run: those limits are counted in NATS for every
 * gateway replica, ADR 0027, so they outlive this gateway), and the limit itself can be tested.
 */
describe('contact challenge rules (in-process gateway, one client address per test)', () => {
  let app: NestFastifyApplication;
  let url: string;
  let address = 0;
  const block = `198.51.${randomInt(0, 256)}`;
  let from: string;
  const issue = async (): Promise<CaptchaChallenge> => {
    const res = await call('POST', '/api/captcha/issue', {
      url,
      headers: { 'x-forwarded-for': from },
    });
    expect(res.status).toBe(201);
    return res.body as CaptchaChallenge;
  };
  const verify = (body: unknown) =>
    call('POST', '/api/captcha/verify', { url, headers: { 'x-forwarded-for': from }, body });

  beforeAll(async () => {
    const env = loadConfig(
      GatewayEnv,
      // production per-route limits (the shared test system raises them)
      appEnv('gateway', 'test', { PORT: '0', TRUST_PROXY: 'true', RATE_LIMIT_SCALE: '1' }),
    );
    app = await createGatewayApp(env);
    await app.listen({ port: 0, host: '127.0.0.1' });
    url = (await app.getUrl()).replace('[::1]', '127.0.0.1');
  });

  afterAll(async () => {
    await app?.close();
  });

  beforeEach(() => {
    address += 1;
    from = `${block}.${address}`;
  });

  it(`refuses a wrong answer with '${CAPTCHA_MESSAGES.incorrect}' and uses the challenge up`, async () => {
    const challenge = await issue();
    const right = await answerOf(challenge);
    const wrong = String(Number(right) + 1);
    expect(await verify({ challengeId: challenge.challengeId, answer: wrong })).toMatchObject({
      status: 400,
      body: { code: CAPTCHA_CODES.INCORRECT, message: CAPTCHA_MESSAGES.incorrect },
    });
    // the right answer no longer helps: a new challenge is needed
    expect(await verify({ challengeId: challenge.challengeId, answer: right })).toMatchObject({
      status: 409,
      body: { code: CAPTCHA_CODES.USED },
    });
  });

  it.each([
    ['12a', NUMERIC_MESSAGES.notNumeric],
    ['12345678901', 'Input too long. Maximum 10 characters allowed.'],
    ['<script>1</script>', NUMERIC_MESSAGES.security],
  ])(
    'answers 400 with the numeric validator message for %p, and the challenge stays answerable',
    async (answer, message) => {
      const challenge = await issue();
      expect(await verify({ challengeId: challenge.challengeId, answer })).toMatchObject({
        status: 400,
        body: { code: 'VALIDATION_FAILED', message, fields: { answer: [message] } },
      });
      expect(
        await verify({ challengeId: challenge.challengeId, answer: await answerOf(challenge) }),
      ).toEqual({ status: 200, body: { businessNumber: BUSINESS_NUMBER } });
    },
  );

  it('names the fields of a malformed body', async () => {
    const res = await verify({ challengeId: 'not-an-id', answer: '', extra: 1 });
    expect(res.status).toBe(400);
    expect(res.body.fields).toMatchObject({
      challengeId: [CAPTCHA_MESSAGES.challengeIdInvalid],
      answer: expect.arrayContaining([CAPTCHA_MESSAGES.answerRequired]),
      extra: ['Field "extra" is not allowed.'],
    });
  });

  it('refuses an expired challenge with its own message, even with the right answer', async () => {
    const challenge = await issue();
    await challenges().updateOne(
      { _id: challenge.challengeId },
      { $set: { expiresAt: new Date(Date.now() - 1_000) } },
    );
    const res = await verify({
      challengeId: challenge.challengeId,
      answer: await answerOf(challenge),
    });
    expect(res).toMatchObject({
      status: 410,
      body: { code: CAPTCHA_CODES.EXPIRED, message: CAPTCHA_MESSAGES.expired },
    });
    expect(res.body).not.toHaveProperty('businessNumber');
  });

  it('answers 404 for a challenge that never existed', async () => {
    expect(
      await verify({ challengeId: '1b4e28ba-2fa1-41d2-883f-0016d3cca427', answer: '4' }),
    ).toMatchObject({
      status: 404,
      body: { code: CAPTCHA_CODES.NOT_FOUND, message: CAPTCHA_MESSAGES.notFound },
    });
  });

  it('lets exactly one of five simultaneous right answers through', async () => {
    const challenge = await issue();
    const answer = await answerOf(challenge);
    const results = await Promise.all(
      Array.from({ length: 5 }, () => verify({ challengeId: challenge.challengeId, answer })),
    );
    expect(results.map((r) => r.status).sort()).toEqual([200, 409, 409, 409, 409]);
  });

  it('limits each address to 10 issues a minute (429)', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 11; i++)
      statuses.push(
        (await call('POST', '/api/captcha/issue', { url, headers: { 'x-forwarded-for': from } }))
          .status,
      );
    expect(statuses.slice(0, 10).every((s) => s === 201)).toBe(true);
    expect(statuses[10]).toBe(429);
    // another address is not affected
    expect(
      (
        await call('POST', '/api/captcha/issue', {
          url,
          headers: { 'x-forwarded-for': '203.0.113.7' },
        })
      ).status,
    ).toBe(201);
  });
});

describe('POST /api/sanitize', () => {
  const KEYS = ['inputLength', 'original', 'outputLength', 'result', 'type', 'wasModified'];

  it('needs a signed-in, verified user: 401 without a token, 403 unverified', async () => {
    const body = { input: 'x', type: 'general' };
    expect((await call('POST', '/api/sanitize', { body })).status).toBe(401);
    expect((await call('POST', '/api/sanitize', { body, who: 'unverified' })).status).toBe(403);
    expect((await call('POST', '/api/sanitize', { body, who: 'learner' })).status).toBe(200);
  });

  it.each(QUICK_TEST_CASES.map((c) => [c.label, c] as const))(
    "answers the tester's quick case %s with sanitize()'s exact response",
    async (_label, { input, type }) => {
      const res = await call('POST', '/api/sanitize', { who: 'admin', body: { input, type } });
      expect(res.status).toBe(200);
      expect(Object.keys(res.body).sort()).toEqual(KEYS);
      expect(Object.keys(res.body.result).sort()).toEqual(['error', 'isValid', 'sanitizedValue']);
      expect(res.body).toEqual(sanitize(input, type));
    },
  );

  it.each<[SanitizeType, string, { isValid: boolean; sanitizedValue: string }]>([
    ['math', 'x ≤ 10 and 3 < x', { isValid: true, sanitizedValue: 'x ≤ 10 and 3 < x' }],
    ['contact', 'Hi <b>there</b>', { isValid: false, sanitizedValue: 'Hi there' }],
    ['email', '  Student@Example.COM ', { isValid: true, sanitizedValue: 'student@example.com' }],
    ['general', '<script>alert(1)</script>Hello', { isValid: false, sanitizedValue: 'Hello' }],
  ])('sanitizes as %s', async (type, input, result) => {
    const res = await call('POST', '/api/sanitize', { who: 'learner', body: { input, type } });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      type,
      original: input,
      wasModified: result.sanitizedValue !== input,
      inputLength: input.length,
      outputLength: result.sanitizedValue.length,
      result,
    });
  });

  it('reports a too-long input (general max 10,000) and takes up to 20,000 characters', async () => {
    const input = 'a'.repeat(20_000);
    const res = await call('POST', '/api/sanitize', {
      who: 'learner',
      body: { input, type: 'general' },
    });
    expect(res.status).toBe(200);
    expect(res.body.result).toMatchObject({
      isValid: false,
      error: SANITIZER_MESSAGES.generalTooLong,
    });
    expect(SANITIZE_MAX_LENGTH.general).toBe(10_000);
  });

  it('answers 400 naming input past 20,000 characters, and type when it is unknown', async () => {
    const long = await call('POST', '/api/sanitize', {
      who: 'learner',
      body: { input: 'a'.repeat(20_001), type: 'general' },
    });
    expect(long).toMatchObject({
      status: 400,
      body: { fields: { input: [SANITIZE_REQUEST_MESSAGES.inputTooLong] } },
    });
    const badType = await call('POST', '/api/sanitize', {
      who: 'learner',
      body: { input: 'x', type: 'html' },
    });
    expect(badType).toMatchObject({
      status: 400,
      body: { fields: { type: [SANITIZE_REQUEST_MESSAGES.typeInvalid] } },
    });
    const missing = await call('POST', '/api/sanitize', { who: 'learner', body: {} });
    expect(Object.keys(missing.body.fields).sort()).toEqual(['input', 'type']);
  });
});
