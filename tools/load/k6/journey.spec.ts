// The learner-journey k6 script (journey.js) and the profiles it shares, run without k6: 'k6'
// and 'k6/http' are fakes, so this proves the pool setup and teardown, what one learner session
// and one admin visit send, the thresholds per group and the summary it writes.
import type { Options } from 'k6/options';

type FakeResponse = {
  status: number;
  body: string;
  headers: Record<string, string>;
  json: () => unknown;
};
const request = jest.fn<FakeResponse, [string, string, string | null, Record<string, unknown>]>();
const get = jest.fn<FakeResponse, [string, Record<string, unknown>]>();
const check = jest.fn((_res: unknown, _checks: Record<string, unknown>) => true);
const groups: string[] = [];
const group = jest.fn((name: string, fn: () => unknown) => {
  groups.push(name);
  return fn();
});

jest.mock('k6/http', () => ({ __esModule: true, default: { request, get } }), { virtual: true });
jest.mock('k6', () => ({ __esModule: true, check, group }), { virtual: true });

const g = globalThis as unknown as { __ENV: Record<string, string>; __VU: number };
const respond = (status: number, body: unknown, headers: Record<string, string> = {}) => ({
  status,
  body: JSON.stringify(body),
  headers,
  json: () => body,
});

type Journey = {
  options: Options;
  setup: () => { members: { id: string; email: string; password: string }[]; target: unknown };
  teardown: (d: unknown) => void;
  learner: (d: unknown) => void;
  admin: () => void;
  handleSummary: (d: unknown) => Record<string, string>;
};

const ENV = {
  BASE_URL: 'https://staging.example.com/',
  KEYCLOAK_URL: 'https://auth.example.com',
  REALM: 'examprep',
  ADMIN_CLIENT_ID: 'identity-service',
  ADMIN_CLIENT_SECRET: 'svc-secret',
  TOKEN_CLIENT_ID: 'api-tests',
  TOKEN_CLIENT_SECRET: 'tok-secret',
  ADMIN_USERNAME: 'admin@example.com',
  ADMIN_PASSWORD: 'admin-pw',
  POOL_SIZE: '2',
};

function load(env: Record<string, string>): Journey {
  g.__ENV = env;
  g.__VU = 1;
  let script: Journey | undefined;
  jest.isolateModules(() => {
    // eslint-disable-next-line @typescript-eslint/no-require-imports
    script = require('./journey.js') as Journey;
  });
  return script!;
}

const TOKEN_URL = 'https://auth.example.com/realms/examprep/protocol/openid-connect/token';
const USERS_URL = 'https://auth.example.com/admin/realms/examprep/users';
const B = 'https://staging.example.com';

/** A fake deployment: Keycloak and the gateway's routes of the journey. */
function deployment() {
  let users = 0;
  let tests = 0;
  request.mockImplementation((method, url, body) => {
    if (url === TOKEN_URL) {
      const form = new URLSearchParams(body ?? '');
      return respond(200, {
        access_token: `${form.get('grant_type')}:${form.get('username') ?? form.get('client_id')}`,
        expires_in: 300,
      });
    }
    if (url === USERS_URL && method === 'POST')
      return respond(201, '', { Location: `${USERS_URL}/kc-${++users}` });
    if (url.startsWith(`${USERS_URL}/`) && method === 'DELETE') return respond(204, '');
    const path = url.slice(B.length);
    if (path === '/api/infiniteqbank/courses')
      return respond(200, {
        courses: [{ id: 'med_dosage', objectives: { '7': { topics: ['t'] } } }],
      });
    if (path === '/api/create-test') return respond(200, { success: true, testId: `t${++tests}` });
    if (path.startsWith('/api/tests/'))
      return respond(200, {
        id: path.slice('/api/tests/'.length),
        questions: [
          { qid: 'q1', type: 'single', answerOrder: ['a', 'b'] },
          { qid: 'q2', type: 'blank', answerOrder: [] },
          { qid: 'q3', type: 'sata', answerOrder: ['x', 'y'] },
          { qid: 'q4', type: 'single', answerOrder: ['c'] },
        ],
      });
    if (path.startsWith('/api/infiniteqbank/generate-batch'))
      return respond(200, {
        questions: [{ id: 'g1', type: 'single', choices: ['1', '2'], course: 'med_dosage' }],
      });
    return respond(200, { success: true });
  });
  get.mockImplementation(() => respond(200, { uid: 'uid-1' }));
}

beforeEach(() => {
  request.mockReset();
  get.mockReset();
  check.mockClear();
  groups.length = 0;
});

const calls = () => request.mock.calls.map(([m, u]) => `${m} ${u.replace(B, '')}`);

describe('journey: profiles and thresholds', () => {
  it('smoke: learners at 1 session/s, the admin at a tenth of it, thresholds per group', () => {
    const { options } = load(ENV);
    expect(options.scenarios).toEqual({
      learners: expect.objectContaining({
        executor: 'constant-arrival-rate',
        rate: 1,
        timeUnit: '1s',
        duration: '30s',
        exec: 'learner',
      }),
      admin: expect.objectContaining({ rate: 1, timeUnit: '10s', exec: 'admin' }),
    });
    const t = options.thresholds as Record<string, string[]>;
    for (const grp of [
      'dashboard',
      'catalog',
      'tests',
      'answers',
      'gradebook',
      'infinite',
      'admin',
    ]) {
      expect(t[`http_req_duration{group:::${grp}}`]).toEqual(['p(95)<200', 'p(99)<500']);
      expect(t[`http_req_failed{group:::${grp}}`]).toEqual(['rate<0.001']);
      expect(t[`checks{group:::${grp}}`]).toEqual(['rate>0.999']);
    }
    expect(t.http_req_failed).toEqual(['rate<0.001']);
  });

  it('spike: a quarter of the rate, 4 x within 10 s for 30 s, and back', () => {
    const { options } = load({ ...ENV, PROFILE: 'spike', RATE: '20' });
    expect(options.scenarios?.learners).toMatchObject({
      executor: 'ramping-arrival-rate',
      startRate: 5,
      stages: [
        { target: 5, duration: '1m' },
        { target: 80, duration: '10s' },
        { target: 80, duration: '30s' },
        { target: 5, duration: '10s' },
        { target: 5, duration: '1m' },
      ],
    });
  });

  it('soak: the load rate for an hour (or DURATION); stress and load as before', () => {
    expect(load({ ...ENV, PROFILE: 'soak' }).options.scenarios?.learners).toMatchObject({
      executor: 'constant-arrival-rate',
      rate: 5,
      duration: '1h',
    });
    expect(
      load({ ...ENV, PROFILE: 'soak', DURATION: '8h' }).options.scenarios?.learners,
    ).toMatchObject({ duration: '8h' });
    expect(load({ ...ENV, PROFILE: 'stress' }).options.scenarios?.learners).toMatchObject({
      executor: 'ramping-arrival-rate',
      startRate: 5,
    });
  });

  it('P95_MS, P99_MS and ERROR_RATE move every group threshold', () => {
    const t = load({ ...ENV, P95_MS: '400', P99_MS: '900', ERROR_RATE: '0.01' }).options
      .thresholds as Record<string, string[]>;
    expect(t['http_req_duration{group:::answers}']).toEqual(['p(95)<400', 'p(99)<900']);
    expect(t['http_req_failed{group:::answers}']).toEqual(['rate<0.01']);
  });
});

describe('journey: the token pool', () => {
  it('setup mints POOL_SIZE verified learners, each with its document and the product', () => {
    deployment();
    const data = load(ENV).setup();
    expect(data.members.map((m) => m.id)).toEqual(['kc-1', 'kc-2']);
    const creates = request.mock.calls.filter(([m, u]) => m === 'POST' && u === USERS_URL);
    expect(creates).toHaveLength(2);
    expect(JSON.parse(creates[0][2]!)).toMatchObject({
      enabled: true,
      emailVerified: true,
      email: data.members[0].email,
      credentials: [{ type: 'password', value: data.members[0].password, temporary: false }],
    });
    expect(creates[0][3].headers).toMatchObject({
      Authorization: 'Bearer client_credentials:identity-service',
    });
    expect(data.members[0].email).not.toBe(data.members[1].email);
    const grants = request.mock.calls.filter(([, u]) => u === `${B}/api/update-user-purchases`);
    expect(
      grants.map(([, , b, p]) => [
        JSON.parse(b!),
        (p.headers as Record<string, string>).Authorization,
      ]),
    ).toEqual([
      [{ uid: 'uid-1', purchases: { teas_math_qbank: true } }, 'Bearer password:admin@example.com'],
      [{ uid: 'uid-1', purchases: { teas_math_qbank: true } }, 'Bearer password:admin@example.com'],
    ]);
    expect(calls().filter((c) => c === 'POST /api/create-user')).toHaveLength(2);
    expect(data.target).toEqual({ course: 'med_dosage', objective: '7', count: 5 });
  });

  it('teardown deletes every pool learner', () => {
    deployment();
    const script = load(ENV);
    script.teardown({ members: [{ id: 'kc-1' }, { id: 'kc-2' }] });
    expect(calls().filter((c) => c.startsWith('DELETE'))).toEqual([
      `DELETE ${USERS_URL}/kc-1`,
      `DELETE ${USERS_URL}/kc-2`,
    ]);
  });

  it('says which variable is missing', () => {
    const { KEYCLOAK_URL: _omit, ...rest } = ENV;
    expect(() => load(rest).setup()).toThrow('set KEYCLOAK_URL for the token pool');
  });
});

describe('journey: a session and an admin visit', () => {
  const data = {
    members: [
      { id: 'kc-1', email: 'a@x', password: 'p1' },
      { id: 'kc-2', email: 'b@x', password: 'p2' },
    ],
    target: { course: 'med_dosage', objective: '7', count: 5 },
  };

  it('one learner session sends what the web app sends, in groups, with its own token', () => {
    deployment();
    g.__VU = 2;
    const script = load(ENV);
    g.__VU = 2;
    script.learner(data);
    expect(groups).toEqual([
      'dashboard',
      'catalog',
      'tests',
      'answers',
      'tests',
      'gradebook',
      'infinite',
    ]);
    expect(calls().filter((c) => !c.includes('/token'))).toEqual([
      'GET /api/public-config',
      'GET /api/me',
      'GET /api/announcements',
      'GET /api/products',
      'POST /api/create-test',
      'GET /api/tests/t1',
      'POST /api/save-practice-answer',
      'POST /api/save-practice-answer',
      'POST /api/save-practice-answer',
      'POST /api/submit-test',
      'GET /api/gradebook',
      'GET /api/infiniteqbank/generate-batch?course=med_dosage&objective=7&count=5',
      'POST /api/infiniteqbank/check',
    ]);
    const me = request.mock.calls.find(([, u]) => u === `${B}/api/me`)!;
    // VU 2 signs in as pool member 2
    expect(me[3].headers).toMatchObject({ Authorization: 'Bearer password:b@x' });
    const created = request.mock.calls.find(([, u]) => u === `${B}/api/create-test`)!;
    expect(JSON.parse(created[2]!)).toEqual({
      productId: 'teas_math_qbank',
      includeId: 'teas_math_qbank_practice',
      mode: 'practice',
    });
    expect(check).toHaveBeenCalledTimes(13);
  });

  it('no answers and no submit when create-test failed', () => {
    deployment();
    const base = request.getMockImplementation()!;
    request.mockImplementation((m, u, b, p) =>
      u.endsWith('/api/create-test')
        ? respond(403, { code: 'NO_PRODUCT_ACCESS' })
        : base(m, u, b, p),
    );
    load(ENV).learner(data);
    expect(
      calls().some((c) => c.includes('save-practice-answer') || c.includes('submit-test')),
    ).toBe(false);
    expect(groups).toEqual(['dashboard', 'catalog', 'tests', 'gradebook', 'infinite']);
  });

  it('the admin browses the user list, the question list and the facets as the admin', () => {
    deployment();
    load(ENV).admin();
    expect(groups).toEqual(['admin']);
    expect(calls().filter((c) => !c.includes('/token'))).toEqual([
      'GET /api/admin/users',
      'GET /api/questions',
      'GET /api/questions/facets',
    ]);
    expect(request.mock.calls.at(-1)![3].headers).toMatchObject({
      Authorization: 'Bearer password:admin@example.com',
    });
  });
});

describe('journey: the summary', () => {
  it('writes JSON and a Markdown report with a verdict per group', () => {
    const script = load({ ...ENV, SUMMARY_DIR: '/tmp/out/' });
    const m = (values: Record<string, number>) => ({ values });
    const out = script.handleSummary({
      metrics: {
        'http_req_duration{group:::dashboard}': m({ med: 10, 'p(95)': 50, 'p(99)': 90 }),
        'http_req_failed{group:::dashboard}': m({ rate: 0 }),
        'checks{group:::dashboard}': m({ rate: 1 }),
        'http_reqs{group:::dashboard}': m({ count: 300 }),
        'http_req_duration{group:::admin}': m({ med: 150, 'p(95)': 250, 'p(99)': 400 }),
        'http_req_failed{group:::admin}': m({ rate: 0 }),
        'checks{group:::admin}': m({ rate: 0.99 }),
        'http_reqs{group:::admin}': m({ count: 30 }),
      },
      state: { testRunDurationMs: 30_000 },
    });
    expect(Object.keys(out).sort()).toEqual([
      '/tmp/out/journey-report.md',
      '/tmp/out/journey-summary.json',
      'stdout',
    ]);
    const report = out['/tmp/out/journey-report.md'];
    expect(report).toContain('| dashboard | 300 | 10 | 50 | 90 | 0 % | pass |');
    expect(report).toContain(
      '| admin | 30 | 150 | 250 | 400 | 1 % | FAIL: p95 250 ms >= 200 ms; errors 1 % >= 0.1 % |',
    );
    expect(JSON.parse(out['/tmp/out/journey-summary.json']).rows).toHaveLength(2);
  });
});
