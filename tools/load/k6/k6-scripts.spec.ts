// The k6 scripts run here without k6 (its AGPL binary is not installed): 'k6' and 'k6/http'
// are replaced by fakes, so these specs prove what the scripts send, which checks they apply
// and the options each PROFILE gives; @types/k6 type-checks them (npm run typecheck).
import type { Options } from 'k6/options';

type FakeResponse = { status: number; body: string; json: () => unknown };
const request = jest.fn<FakeResponse, [string, string, string | null, Record<string, unknown>]>();
const post = jest.fn<FakeResponse, [string, Record<string, string>, Record<string, unknown>]>();
const check = jest.fn((_res: unknown, _checks: Record<string, unknown>) => true);

jest.mock('k6/http', () => ({ __esModule: true, default: { request, post } }), { virtual: true });
jest.mock('k6', () => ({ __esModule: true, check }), { virtual: true });

const g = globalThis as unknown as { __ENV: Record<string, string> };
const respond = (status: number, body: unknown): FakeResponse => ({
  status,
  body: JSON.stringify(body),
  json: () => body,
});

type Script = {
  options: Options;
  default: (data?: unknown) => void;
  setup?: () => unknown;
};

/** Loads a script afresh with these environment variables (k6's __ENV). */
function load(file: string, env: Record<string, string>): Script {
  g.__ENV = env;
  let script: Script | undefined;
  jest.isolateModules(() => {
    // a fresh module registry per load: the scripts read __ENV when they are imported
    // eslint-disable-next-line @typescript-eslint/no-require-imports
    script = require(`./${file}`) as Script;
  });
  return script!;
}

beforeEach(() => {
  request.mockReset();
  post.mockReset();
  check.mockClear();
});

describe('profiles and thresholds', () => {
  it('smoke (default): a few iterations/s for 30 s, with the thresholds of every profile', () => {
    const { options } = load('announcements.js', { BASE_URL: 'https://app.example.com' });
    expect(options.scenarios).toEqual({
      main: {
        executor: 'constant-arrival-rate',
        rate: 5,
        timeUnit: '1s',
        duration: '30s',
        preAllocatedVUs: 5,
        maxVUs: 50,
      },
    });
    expect(options.thresholds).toEqual({
      http_req_failed: ['rate<0.01'],
      checks: ['rate>0.99'],
      'http_req_duration{name:announcements}': ['p(95)<25'],
    });
  });

  it('load: the script rate (or RATE) for 5 minutes (or DURATION); P95_MS overrides the target', () => {
    const { options } = load('infinite-qbank.js', {
      BASE_URL: 'https://app.example.com',
      PROFILE: 'load',
    });
    expect(options.scenarios?.main).toMatchObject({
      executor: 'constant-arrival-rate',
      rate: 100,
      duration: '5m',
    });
    expect(options.thresholds?.['http_req_duration{name:generate-batch}']).toEqual(['p(95)<30']);
    const tuned = load('announcements.js', {
      BASE_URL: 'x',
      PROFILE: 'load',
      RATE: '50',
      DURATION: '1m',
      P95_MS: '80',
    }).options;
    expect(tuned.scenarios?.main).toMatchObject({ rate: 50, duration: '1m' });
    expect(tuned.thresholds?.['http_req_duration{name:announcements}']).toEqual(['p(95)<80']);
  });

  it('stress: an arrival rate ramping to 4 x the load rate', () => {
    const { options } = load('public-config.js', { BASE_URL: 'x', PROFILE: 'stress' });
    expect(options.scenarios?.main).toMatchObject({
      executor: 'ramping-arrival-rate',
      startRate: 200,
      stages: [
        { target: 200, duration: '1m' },
        { target: 800, duration: '6m' },
        { target: 800, duration: '3m' },
      ],
      maxVUs: 1600,
    });
  });

  it('refuses an unknown PROFILE or a RATE that is not a positive number', () => {
    expect(() => load('announcements.js', { BASE_URL: 'x', PROFILE: 'endurance' })).toThrow(
      'PROFILE must be smoke, load, stress, spike or soak, got "endurance"',
    );
    expect(() => load('announcements.js', { BASE_URL: 'x', RATE: '-1' })).toThrow(
      'RATE must be a positive number, got "-1"',
    );
  });
});

describe('requests and checks', () => {
  it('announcements: GET /api/announcements with the TOKEN, checked by the shared checks', () => {
    const script = load('announcements.js', { BASE_URL: 'https://app.example.com/', TOKEN: 'tok' });
    request.mockReturnValue(respond(200, []));
    script.default();
    expect(request).toHaveBeenCalledWith('GET', 'https://app.example.com/api/announcements', null, {
      headers: { Accept: 'application/json', Authorization: 'Bearer tok' },
      tags: { name: 'announcements' },
      timeout: '15s',
    });
    expect(Object.keys(check.mock.calls[0][1])).toEqual([
      'announcements: status is 200',
      'announcements: a list of announcements',
      'announcements: only visible ones',
    ]);
  });

  it('says what to set when BASE_URL or the token is missing', () => {
    expect(() => load('announcements.js', { TOKEN: 't' }).default()).toThrow(/set BASE_URL/);
    expect(() => load('announcements.js', { BASE_URL: 'x' }).default()).toThrow(
      /set TOKEN \(a learner access token\) or TOKEN_URL/,
    );
  });

  it('public-config: anonymous', () => {
    request.mockReturnValue(respond(200, {}));
    load('public-config.js', { BASE_URL: 'https://app.example.com' }).default();
    expect(request.mock.calls[0][3].headers).toEqual({ Accept: 'application/json' });
  });

  it('infinite-qbank: setup picks the course, each iteration asks for a batch and checks one answer', () => {
    const script = load('infinite-qbank.js', { BASE_URL: 'https://app.example.com', TOKEN: 'tok' });
    const topic = { key: 'md_heparin', hasGenerator: true, free: true, available: true };
    request.mockReturnValueOnce(
      respond(200, { courses: [{ id: 'med_dosage', objectives: { '7': { topics: [topic] } } }] }),
    );
    const target = script.setup!();
    expect(target).toEqual({ course: 'med_dosage', objective: '7', count: 5 });

    const q = {
      id: 'md_heparin~1',
      topicKey: 'md_heparin',
      seed: 1,
      course: 'med_dosage',
      objective: '7',
      type: 'single',
      question: 'How many mL?',
      choices: ['0.57', '2.87'],
      rounding: null,
      unit: 'mL',
    };
    request
      .mockReturnValueOnce(respond(200, { questions: [q, q, q, q, q] }))
      .mockReturnValueOnce(
        respond(200, { correct: true, correctAnswer: ['0.57'], explanation: 'e' }),
      );
    script.default(target);
    expect(request.mock.calls[1].slice(0, 3)).toEqual([
      'GET',
      'https://app.example.com/api/infiniteqbank/generate-batch?course=med_dosage&objective=7&count=5',
      null,
    ]);
    expect(request.mock.calls[2].slice(0, 3)).toEqual([
      'POST',
      'https://app.example.com/api/infiniteqbank/check',
      JSON.stringify({ id: 'md_heparin~1', answer: ['0.57'] }),
    ]);
    expect(check).toHaveBeenCalledTimes(2);
  });

  it('infinite-qbank: no answer is sent when the batch failed', () => {
    const script = load('infinite-qbank.js', { BASE_URL: 'x', TOKEN: 'tok' });
    request.mockReturnValueOnce(respond(429, { code: 'RATE_LIMITED' }));
    script.default({ course: 'med_dosage', objective: '7', count: 5 });
    expect(request).toHaveBeenCalledTimes(1);
    expect(check).toHaveBeenCalledTimes(1);
  });
});

describe('pump', () => {
  it('load: 100 iterations/s (two requests each), p95 < 25 ms per route, no error', () => {
    const { options } = load('pump.js', { BASE_URL: 'x', PROFILE: 'load' });
    expect(options.scenarios?.main).toMatchObject({ rate: 100, duration: '5m' });
    expect(options.thresholds).toMatchObject({
      http_req_failed: ['rate<=0'],
      checks: ['rate>=1'],
      'http_req_duration{name:pump-generate}': ['p(95)<25'],
      'http_req_duration{name:pump-check}': ['p(95)<25'],
    });
  });

  it('each iteration generates a problem and checks the idle answer to it', () => {
    const script = load('pump.js', { BASE_URL: 'https://app.example.com', TOKEN: 'tok' });
    const question = {
      id: 'findTime~given~7',
      kind: 'findTime',
      calculate: 'time',
      pumpCount: 'single',
      timeFormat: 'given',
      channels: ['A'],
      text: 'How long?',
      display: { A: { rate: '125', vtbi: '1000' }, B: { rate: '0', vtbi: '0' } },
      preview: false,
    };
    request.mockReturnValueOnce(respond(200, question)).mockReturnValueOnce(
      respond(200, {
        correct: false,
        message: 'Incorrect. Try again.',
        hint: null,
        explanation: null,
      }),
    );
    script.default();
    const [method, url, body] = request.mock.calls[0];
    expect([method, url]).toEqual([
      'POST',
      'https://app.example.com/api/simulations/pump/generate',
    ]);
    expect(Object.keys(JSON.parse(body!)).sort()).toEqual(['calculate', 'pumpCount', 'timeFormat']);
    expect(request.mock.calls[1].slice(0, 3)).toEqual([
      'POST',
      'https://app.example.com/api/simulations/pump/check',
      JSON.stringify({ id: 'findTime~given~7', answer: { hours: '0', minutes: '00' } }),
    ]);
    expect(check).toHaveBeenCalledTimes(2);
  });

  it('no check is sent when generating failed', () => {
    const script = load('pump.js', { BASE_URL: 'x', TOKEN: 'tok' });
    request.mockReturnValueOnce(respond(403, { message: 'preview only' }));
    script.default();
    expect(request).toHaveBeenCalledTimes(1);
  });
});

describe('check-product-access', () => {
  const catalogue = {
    products: [
      { id: 'infinite_qbank', price: 0 },
      { id: 'teas_math_qbank', price: 20 },
      { id: 'med_dosage_qbank', price: 20 },
    ],
  };

  it('load: 500 requests/s, p95 < 25 ms, no failed request and no failed check', () => {
    const { options } = load('product-access.js', { BASE_URL: 'x', PROFILE: 'load' });
    expect(options.scenarios?.main).toEqual({
      executor: 'constant-arrival-rate',
      rate: 500,
      timeUnit: '1s',
      duration: '5m',
      preAllocatedVUs: 125,
      maxVUs: 1000,
    });
    expect(options.thresholds).toEqual({
      http_req_failed: ['rate<=0'],
      checks: ['rate>=1'],
      'http_req_duration{name:check-product-access}': ['p(95)<25'],
    });
    expect(load('product-access.js', { BASE_URL: 'x' }).options.scenarios?.main).toMatchObject({
      rate: 5,
      duration: '30s',
    });
  });

  it('setup reads the catalogue and the learner, and expects each answer from them', () => {
    const script = load('product-access.js', { BASE_URL: 'https://app.example.com', TOKEN: 'tok' });
    request
      .mockReturnValueOnce(respond(200, catalogue))
      .mockReturnValueOnce(respond(200, { uid: 'u', purchases: { teas_math_qbank: true } }));
    const cases = script.setup!();
    expect(request.mock.calls.map((c) => [c[0], c[1], c[3].headers])).toEqual([
      ['GET', 'https://app.example.com/api/products', { Accept: 'application/json' }],
      [
        'GET',
        'https://app.example.com/api/me',
        { Accept: 'application/json', Authorization: 'Bearer tok' },
      ],
    ]);
    expect(cases).toEqual([
      { productId: 'infinite_qbank', kind: 'free', expected: true },
      { productId: 'teas_math_qbank', kind: 'owned', expected: true },
      { productId: 'med_dosage_qbank', kind: 'unowned', expected: false },
      { productId: 'teas_math_qbank_full', kind: 'alias of owned', expected: true },
      { productId: 'teas_math_qbank_practice', kind: 'alias of owned', expected: true },
      { productId: 'med_dosage_simulations', kind: 'alias of unowned', expected: false },
    ]);
  });

  it('PRODUCT_IDS narrows the mix; an id the catalogue does not know stops the run', () => {
    const env = {
      BASE_URL: 'x',
      TOKEN: 'tok',
      PRODUCT_IDS: 'med_dosage_simulations, infinite_qbank',
    };
    request
      .mockReturnValueOnce(respond(200, catalogue))
      .mockReturnValueOnce(respond(200, { purchases: {} }));
    expect(load('product-access.js', env).setup!()).toEqual([
      { productId: 'med_dosage_simulations', kind: 'alias of unowned', expected: false },
      { productId: 'infinite_qbank', kind: 'free', expected: true },
    ]);
    request
      .mockReturnValueOnce(respond(200, catalogue))
      .mockReturnValueOnce(respond(200, { purchases: {} }));
    expect(() => load('product-access.js', { ...env, PRODUCT_IDS: 'nope' }).setup!()).toThrow(
      'nope is neither a product of the catalogue nor an access alias',
    );
    request.mockReturnValueOnce(respond(401, { code: 'UNAUTHENTICATED' }));
    expect(() => load('product-access.js', env).setup!()).toThrow(/api\/products answered 401/);
  });

  it('each iteration asks for one product of the mix and checks the answer expected for it', () => {
    const script = load('product-access.js', { BASE_URL: 'https://app.example.com', TOKEN: 'tok' });
    const random = jest.spyOn(Math, 'random').mockReturnValue(0.99);
    try {
      request.mockReturnValue(respond(200, { authorized: false }));
      script.default([
        { productId: 'infinite_qbank', kind: 'free', expected: true },
        { productId: 'med_dosage_simulations', kind: 'alias of unowned', expected: false },
      ]);
    } finally {
      random.mockRestore();
    }
    expect(request).toHaveBeenCalledWith(
      'POST',
      'https://app.example.com/api/check-product-access',
      '{"productId":"med_dosage_simulations"}',
      {
        headers: {
          Accept: 'application/json',
          Authorization: 'Bearer tok',
          'Content-Type': 'application/json',
        },
        tags: { name: 'check-product-access' },
        timeout: '15s',
      },
    );
    const checks = check.mock.calls[0][1] as Record<string, (r: unknown) => boolean>;
    expect(Object.keys(checks)).toEqual([
      'check-product-access: status is 200',
      'check-product-access: {authorized: boolean}',
      'check-product-access: the answer expected for the product',
    ]);
    const answer = (authorized: boolean) => ({
      status: 200,
      body: JSON.stringify({ authorized }),
    });
    expect(checks['check-product-access: the answer expected for the product'](answer(false))).toBe(
      true,
    );
    expect(checks['check-product-access: the answer expected for the product'](answer(true))).toBe(
      false,
    );
  });
});

describe('token by password grant (TOKEN_URL)', () => {
  const env = {
    BASE_URL: 'https://app.example.com',
    TOKEN_URL: 'https://auth.example.com/realms/examprep/protocol/openid-connect/token',
    CLIENT_ID: 'load-tests',
    LEARNER_USERNAME: 'load-learner@example.com',
    LEARNER_PASSWORD: 'secret',
  };

  it('fetches one token per VU and renews it before it expires', () => {
    const now = jest.spyOn(Date, 'now').mockReturnValue(1_000_000);
    try {
      const script = load('announcements.js', env);
      post.mockReturnValue(respond(200, { access_token: 'a1', expires_in: 300 }));
      request.mockReturnValue(respond(200, []));
      script.default();
      script.default();
      expect(post).toHaveBeenCalledTimes(1);
      expect(post).toHaveBeenCalledWith(
        env.TOKEN_URL,
        {
          grant_type: 'password',
          client_id: 'load-tests',
          username: 'load-learner@example.com',
          password: 'secret',
        },
        { tags: { name: 'token' } },
      );
      expect(request.mock.calls[1][3].headers).toMatchObject({ Authorization: 'Bearer a1' });
      now.mockReturnValue(1_000_000 + 241_000); // past 80 % of 300 s
      post.mockReturnValue(respond(200, { access_token: 'a2', expires_in: 300 }));
      script.default();
      expect(post).toHaveBeenCalledTimes(2);
      expect(request.mock.calls[2][3].headers).toMatchObject({ Authorization: 'Bearer a2' });
    } finally {
      now.mockRestore();
    }
  });

  it('reports a refused grant', () => {
    const script = load('announcements.js', env);
    post.mockReturnValue(respond(401, { error: 'invalid_grant' }));
    expect(() => script.default()).toThrow(/the token endpoint answered 401/);
  });
});

describe('exam-spike', () => {
  type SpikeScript = Script & { spike: () => void; answer: () => void };
  const env = { BASE_URL: 'https://app.example.com', TOKEN: 'tok' };
  const view = (id: string, mode: string) => ({
    id,
    mode,
    questions: [
      { qid: 'q1', type: 'single', answerOrder: ['2', '4'] },
      { qid: 'q2', type: 'blank', answerOrder: [] },
    ],
  });
  const loadAs = (vu: number, extra: Record<string, string> = {}) => {
    (globalThis as unknown as { __VU: number }).__VU = vu;
    return load('exam-spike.js', { ...env, ...extra }) as SpikeScript;
  };
  const sent = () =>
    request.mock.calls.map(([method, url, body]) => [
      method,
      url.replace('https://app.example.com', ''),
      body === null ? null : JSON.parse(body),
    ]);

  it('the spike at a constant arrival rate, then the answers at LEARNERS / 2 per second, p95 < 100 ms, no error', () => {
    const { options } = loadAs(1);
    expect(options.scenarios).toEqual({
      spike: {
        executor: 'constant-arrival-rate',
        exec: 'spike',
        rate: 300,
        timeUnit: '10s',
        duration: '10s',
        preAllocatedVUs: 300,
        maxVUs: 300,
        gracefulStop: '2s',
      },
      answers: {
        executor: 'constant-arrival-rate',
        exec: 'answer',
        startTime: '12s',
        rate: 150,
        timeUnit: '1s',
        duration: '3m',
        preAllocatedVUs: 300,
        maxVUs: 300,
      },
    });
    expect(options.thresholds).toEqual({
      http_req_failed: ['rate<=0'],
      checks: ['rate>=1'],
      'http_req_duration{name:create-test}': ['p(95)<100'],
      'http_req_duration{name:save-practice-answer}': ['p(95)<100'],
      'http_req_duration{name:submit-quiz-answer}': ['p(95)<100'],
    });
    const small = loadAs(1, { LEARNERS: '50', DURATION: '20s' }).options.scenarios!;
    expect(small.spike).toMatchObject({ rate: 50, preAllocatedVUs: 50 });
    expect(small.answers).toMatchObject({ rate: 25, duration: '20s' });
  });

  it('a practice VU creates its test once, reads it, then saves rotating answers', () => {
    const script = loadAs(2); // even VU: practice
    request
      .mockReturnValueOnce(respond(200, { success: true, testId: 'T1' }))
      .mockReturnValueOnce(respond(200, view('T1', 'practice')))
      .mockReturnValue(
        respond(200, { success: true, questionId: 'q1', savedAt: 'x', saved: true }),
      );
    script.spike();
    script.spike();
    script.answer();
    script.answer();
    script.answer();
    expect(sent()).toEqual([
      [
        'POST',
        '/api/create-test',
        { productId: 'teas_math_qbank', includeId: 'teas_math_qbank_practice', mode: 'practice' },
      ],
      ['GET', '/api/tests/T1', null],
      [
        'POST',
        '/api/save-practice-answer',
        { testId: 'T1', questionId: 'q1', submittedAnswer: '2' },
      ],
      [
        'POST',
        '/api/save-practice-answer',
        { testId: 'T1', questionId: 'q2', submittedAnswer: '12' },
      ],
      [
        'POST',
        '/api/save-practice-answer',
        { testId: 'T1', questionId: 'q1', submittedAnswer: '4' },
      ],
    ]);
    expect(check.mock.calls.map(([, checks]) => Object.keys(checks)[0])).toEqual([
      'create-test: status is 200',
      'save-practice-answer: status is 200',
      'save-practice-answer: status is 200',
      'save-practice-answer: status is 200',
    ]);
  });

  it('a full VU without a test creates it first, checks each question once, then stops', () => {
    const script = loadAs(3); // odd VU: full
    request
      .mockReturnValueOnce(respond(200, { success: true, testId: 'T2' }))
      .mockReturnValueOnce(respond(200, view('T2', 'full')))
      .mockReturnValue(respond(200, { success: true, isCorrect: true, updatedQuestion: {} }));
    script.answer();
    script.answer();
    script.answer();
    expect(sent()).toEqual([
      [
        'POST',
        '/api/create-test',
        { productId: 'teas_math_qbank', includeId: 'teas_math_qbank_full', mode: 'full' },
      ],
      ['GET', '/api/tests/T2', null],
      ['POST', '/api/submit-quiz-answer', { testId: 'T2', questionId: 'q1', submittedAnswer: '4' }],
      [
        'POST',
        '/api/submit-quiz-answer',
        { testId: 'T2', questionId: 'q2', submittedAnswer: '13' },
      ],
    ]);
  });

  it('a failed create sends no answers', () => {
    const script = loadAs(4);
    request.mockReturnValue(respond(403, { message: 'You do not have access to this product.' }));
    script.spike();
    expect(request).toHaveBeenCalledTimes(1);
  });
});
