import { failedChecks } from './http.js';
import {
  GROUP_OF,
  JOURNEY_GROUPS,
  adminRequests,
  dashboardRequests,
  journeyAnswer,
  journeyChecks,
  journeyCreateTest,
  journeySaveAnswer,
  journeyTestOf,
  markdownReport,
  missedThresholds,
} from './journey.js';
import {
  createUserRequest,
  deleteUserRequest,
  learnerTokenRequest,
  poolUser,
  serviceTokenRequest,
  userIdFromLocation,
} from './pool.js';
import { REQUESTS_PER_JOURNEY, JOURNEY_WEIGHTS, reportRows } from '../run.mjs';

const res = (status: number, body: unknown) => ({ status, body: JSON.stringify(body) });

describe('journey requests', () => {
  it('the dashboard: public-config anonymous, /api/me and announcements with the token', () => {
    const [cfg, me, ann] = dashboardRequests('https://x.test/', 'tok');
    expect([cfg.url, me.url, ann.url]).toEqual([
      'https://x.test/api/public-config',
      'https://x.test/api/me',
      'https://x.test/api/announcements',
    ]);
    expect(cfg.headers.Authorization).toBeUndefined();
    expect(me.headers.Authorization).toBe('Bearer tok');
  });

  it('create-test and save-practice-answer carry what the web app posts', () => {
    expect(JSON.parse(journeyCreateTest('https://x.test', 't', 'full').body!)).toEqual({
      productId: 'teas_math_qbank',
      includeId: 'teas_math_qbank_full',
      mode: 'full',
    });
    const save = journeySaveAnswer('https://x.test', 't', 'T1', 'Q1', ['a']);
    expect(save).toMatchObject({ method: 'POST', url: 'https://x.test/api/save-practice-answer' });
    expect(JSON.parse(save.body!)).toEqual({
      testId: 'T1',
      questionId: 'Q1',
      submittedAnswer: ['a'],
    });
    expect(adminRequests('https://x.test', 'adm').map((r) => r.url)).toEqual([
      'https://x.test/api/admin/users',
      'https://x.test/api/questions',
      'https://x.test/api/questions/facets',
    ]);
  });

  it('every request name of the journey and of run.mjs weights has a group', () => {
    for (const name of Object.keys(JOURNEY_WEIGHTS))
      expect(JOURNEY_GROUPS).toContain(GROUP_OF[name]);
    expect(REQUESTS_PER_JOURNEY).toBeCloseTo(13.3);
  });

  it('valid answers: a choice, a list for sata, a number for a blank', () => {
    const t = journeyTestOf({
      id: 'T',
      questions: [
        { qid: 'a', type: 'single', answerOrder: ['1', '2'] },
        { qid: 'b', type: 'sata', answerOrder: ['x'] },
        { qid: 'c', type: 'blank', answerOrder: [] },
      ],
    });
    expect(t.questions.map((q, k) => journeyAnswer(q, k + 1))).toEqual(['2', ['x'], '13']);
    expect(() => journeyTestOf({ questions: [] })).toThrow('not a test view');
  });
});

describe('journey checks', () => {
  it('accept the real answers and refuse an error or a wrong shape', () => {
    const cases: [string, unknown, unknown][] = [
      ['me', { uid: 'u', email: 'e', purchases: {} }, { uid: 'u' }],
      ['products', { products: [{ id: 'p', price: 0 }] }, { products: [] }],
      ['create-test', { success: true, testId: 'T' }, { success: true }],
      ['get-test', { id: 'T', questions: [{}] }, { id: 'T', questions: [] }],
      ['save-practice-answer', { success: true, saved: true }, { success: true }],
      ['submit-quiz-answer', { success: true, isCorrect: false }, { success: true }],
      ['submit-test', { success: true, test: {} }, { success: false }],
      ['gradebook', { tests: [] }, {}],
      ['admin-users', { users: [{ uid: 'u', email: 'e' }], total: 1, matching: 1 }, [{ uid: 'u' }]],
      ['questions', { questions: [], total: 0 }, { questions: [] }],
      ['question-facets', { courses: [], objectives: {} }, { courses: [] }],
    ];
    for (const [name, good, bad] of cases) {
      expect([name, failedChecks(journeyChecks(name), res(200, good))]).toEqual([name, []]);
      expect(failedChecks(journeyChecks(name), res(200, bad)).length).toBeGreaterThan(0);
      expect(failedChecks(journeyChecks(name), res(500, good))).toEqual([`${name}: status is 200`]);
    }
    expect(() => journeyChecks('nope')).toThrow('no journey checks for nope');
  });
});

describe('thresholds and the report', () => {
  const row = { group: 'answers', requests: 100, p50: 10, p95: 150, p99: 400, errorRate: 0 };

  it('p95 < 200 ms, p99 < 500 ms and errors < 0.1 % per group', () => {
    expect(missedThresholds(row)).toEqual([]);
    expect(missedThresholds({ ...row, p95: 200, p99: 500, errorRate: 0.001 })).toEqual([
      'p95 200 ms >= 200 ms',
      'p99 500 ms >= 500 ms',
      'errors 0.1 % >= 0.1 %',
    ]);
  });

  it('the Markdown report names each failed threshold', () => {
    const md = markdownReport({
      title: 'T',
      lines: ['a line'],
      rows: [row, { ...row, group: 'admin', p95: 300 }],
    });
    expect(md).toContain('- a line');
    expect(md).toContain('| answers | 100 | 10 | 150 | 400 | 0 % | pass |');
    expect(md).toContain('| admin | 100 | 10 | 300 | 400 | 0 % | FAIL: p95 300 ms >= 200 ms |');
    expect(md).toContain('**1 row(s) failed a threshold.**');
  });

  it('run.mjs: a group sums its routes and takes their highest percentiles', () => {
    const f = (name: string, requests: number, p95: number, errors: number) =>
      ({ name: `run-${name}`, requests, p50: 1, p95, p99: p95 + 1, errors }) as never;
    const { groups, routes } = reportRows(
      [f('create-test', 10, 50, 0), f('get-test', 30, 120, 1), f('gradebook', 5, 10, 0)],
      'run',
    );
    expect(routes.map((r) => r.group)).toEqual(['create-test', 'get-test', 'gradebook']);
    expect(groups).toEqual([
      { group: 'tests', requests: 40, p50: 1, p95: 120, p99: 121, errorRate: 1 / 40 },
      { group: 'gradebook', requests: 5, p50: 1, p95: 10, p99: 11, errorRate: 0 },
    ]);
  });
});

describe('the token pool requests', () => {
  const c = {
    keycloakUrl: 'https://kc.test/',
    realm: 'examprep',
    adminClientId: 'svc',
    adminClientSecret: 's',
    tokenClientId: 'api-tests',
  };

  it('client credentials, password grant (no secret for a public client), user create and delete', () => {
    expect(serviceTokenRequest(c)).toMatchObject({
      method: 'POST',
      url: 'https://kc.test/realms/examprep/protocol/openid-connect/token',
      body: 'grant_type=client_credentials&client_id=svc&client_secret=s',
    });
    const u = poolUser('run1', 3);
    expect(u).toEqual({ email: 'load-journey-run1-3@examprep.test', password: 'Load-run1-3-pw!' });
    expect(learnerTokenRequest(c, u).body).toBe(
      'grant_type=password&client_id=api-tests&username=load-journey-run1-3%40examprep.test&password=Load-run1-3-pw!',
    );
    expect(learnerTokenRequest({ ...c, tokenClientSecret: 'x' }, u).body).toContain(
      'client_secret=x',
    );
    const made = createUserRequest(c, 'adm', u);
    expect(made.url).toBe('https://kc.test/admin/realms/examprep/users');
    expect(JSON.parse(made.body!)).toMatchObject({ emailVerified: true, enabled: true });
    expect(deleteUserRequest(c, 'adm', 'id-1')).toMatchObject({
      method: 'DELETE',
      url: 'https://kc.test/admin/realms/examprep/users/id-1',
    });
    expect(userIdFromLocation('https://kc.test/admin/realms/examprep/users/abc')).toBe('abc');
    expect(() => userIdFromLocation(null)).toThrow(/without a Location/);
  });
});
