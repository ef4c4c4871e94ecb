// The testing routes in-process (Fastify inject), the services stubbed: who may call what,
// what reaches the testing service (the actor from the token, never an id from the body), what
// is refused before it does, and the admin list's Tests column. Against the real system:
// apps/testing/test/*.int-spec.ts and test/testing-routes.int-spec.ts.
import 'reflect-metadata';
import { ErrorCodes, Subjects } from '@examprep/contracts';
import { NatsRpcClient, RpcCallError } from '@examprep/nest-kit';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import {
  callerVerifier,
  type InjectServer,
  startInProcessGateway,
} from '../../test/support/in-process';

jest.spyOn(NatsRpcClient.prototype, 'connect').mockResolvedValue(undefined);
const rpc = jest.spyOn(NatsRpcClient.prototype, 'request').mockResolvedValue({} as never);

type Caller = 'anonymous' | 'unverified' | 'learner' | 'admin';
const ACTORS = {
  unverified: { uid: 'u-unverified', isAdmin: false, emailVerified: false },
  learner: { uid: 'u-learner', isAdmin: false, emailVerified: true },
  admin: { uid: 'u-admin', isAdmin: true, emailVerified: true },
} as const;
let app: NestFastifyApplication;
let server: InjectServer;

beforeAll(async () => {
  ({ app, server } = await startInProcessGateway(callerVerifier(ACTORS)));
});
afterAll(async () => {
  await app?.close();
});
beforeEach(() => {
  rpc.mockReset();
  rpc.mockResolvedValue({} as never);
});

function send(method: 'GET' | 'POST', url: string, who: Caller, payload?: object) {
  return server.inject({
    method,
    url,
    payload: payload === undefined ? undefined : JSON.stringify(payload),
    headers: {
      ...(payload !== undefined ? { 'content-type': 'application/json' } : {}),
      ...(who === 'anonymous' ? {} : { authorization: `Bearer ${who}.x.y` }),
    },
  });
}

const TEST_ID = 'k3J9s0aQw1ZxY7bN2cDe';
const LEARNER_ROUTES: [string, 'GET' | 'POST', string, object | undefined][] = [
  [
    Subjects.testing.createTest,
    'POST',
    '/api/create-test',
    { productId: 'teas_math_sample_qbank', includeId: 'teas_math_sample_qbank', mode: 'full' },
  ],
  [
    Subjects.testing.unfinishedTest,
    'GET',
    '/api/tests/unfinished?productId=teas_math_qbank&includeId=teas_math_qbank_practice&mode=practice',
    undefined,
  ],
  [Subjects.testing.getTest, 'GET', `/api/tests/${TEST_ID}`, undefined],
  [
    Subjects.testing.submitQuizAnswer,
    'POST',
    '/api/submit-quiz-answer',
    { testId: TEST_ID, questionId: 'AB12', submittedAnswer: '4' },
  ],
  [
    Subjects.testing.savePracticeAnswer,
    'POST',
    '/api/save-practice-answer',
    { testId: TEST_ID, questionId: 'AB12', submittedAnswer: ['a', 'b'] },
  ],
  [
    Subjects.testing.flagQuestion,
    'POST',
    '/api/flag-question',
    { testId: TEST_ID, questionId: 'AB12', flagged: true },
  ],
  [Subjects.testing.submitTest, 'POST', '/api/submit-test', { testId: TEST_ID }],
  [Subjects.testing.deleteTest, 'POST', '/api/delete-test', { testId: TEST_ID }],
  [Subjects.testing.gradebook, 'GET', '/api/gradebook', undefined],
];
const ADMIN_ROUTES: [string, string][] = [
  [Subjects.testing.userTests, '/api/admin/user-tests?uid=u-learner'],
  [Subjects.testing.exportTest, `/api/admin/test-export?uid=u-learner&testId=${TEST_ID}`],
];

describe('testing routes: who may call', () => {
  it.each(LEARNER_ROUTES)(
    '%s: anonymous 401, unverified 403, learner and admin reach it',
    async (subject, method, url, body) => {
      expect((await send(method, url, 'anonymous', body)).statusCode).toBe(401);
      expect((await send(method, url, 'unverified', body)).statusCode).toBe(403);
      expect(rpc).not.toHaveBeenCalled();
      for (const who of ['learner', 'admin'] as const) {
        rpc.mockClear();
        const res = await send(method, url, who, body);
        expect(res.statusCode).toBe(200);
        expect(rpc).toHaveBeenCalledTimes(1);
        const [calledSubject, message] = rpc.mock.calls[0]!;
        expect(calledSubject).toBe(subject);
        expect((message as { actor: { uid: string } }).actor.uid).toBe(ACTORS[who].uid);
      }
    },
  );

  it.each(ADMIN_ROUTES)('%s: admins only', async (subject, url) => {
    expect((await send('GET', url, 'anonymous')).statusCode).toBe(401);
    expect((await send('GET', url, 'learner')).statusCode).toBe(403);
    expect(rpc).not.toHaveBeenCalled();
    expect((await send('GET', url, 'admin')).statusCode).toBe(200);
    expect(rpc.mock.calls[0]![0]).toBe(subject);
  });
});

describe('GET /api/admin/user-tests: a keyset page (ADR 0026)', () => {
  it('passes cursor and limit on, keeps the answer { tests } and sets the next page as the Link header', async () => {
    rpc.mockResolvedValue({ tests: [], next: 'WyJhIl0' } as never);
    const res = await send('GET', '/api/admin/user-tests?uid=u-learner&limit=2', 'admin');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ tests: [] });
    expect(res.headers.link).toBe(
      '</api/admin/user-tests?uid=u-learner&limit=2&cursor=WyJhIl0>; rel="next"',
    );
    expect(rpc.mock.calls[0]![1]).toMatchObject({ uid: 'u-learner', page: { limit: 2 } });
    rpc.mockResolvedValue({ tests: [], next: null } as never);
    const last = await send('GET', '/api/admin/user-tests?uid=u-learner&cursor=WyJhIl0', 'admin');
    expect(last.headers.link).toBeUndefined();
    expect(rpc.mock.calls[1]![1]).toMatchObject({ page: { cursor: 'WyJhIl0' } });
  });

  it('a bad limit or cursor is a 400 naming the field, before the service', async () => {
    for (const [query, field] of [
      ['limit=0', 'limit'],
      ['cursor=a%20b', 'cursor'],
    ] as const) {
      const res = await send('GET', `/api/admin/user-tests?uid=u-learner&${query}`, 'admin');
      expect(res.statusCode).toBe(400);
      expect(JSON.stringify(res.json())).toContain(field);
    }
    expect(rpc).not.toHaveBeenCalled();
  });
});

describe('testing routes: bad input never reaches the service', () => {
  it.each([
    [
      'an unknown body field (a user id)',
      '/api/submit-test',
      { testId: TEST_ID, userId: 'u-other' },
      'userId',
    ],
    ['an operator object as testId', '/api/submit-test', { testId: { $gt: '' } }, 'testId'],
    ['a malformed testId', '/api/delete-test', { testId: '../../x' }, 'testId'],
    [
      'an operator object as an answer',
      '/api/save-practice-answer',
      { testId: TEST_ID, questionId: 'AB12', submittedAnswer: { $ne: null } },
      'submittedAnswer',
    ],
    [
      'a questionId that is not a QID',
      '/api/submit-quiz-answer',
      { testId: TEST_ID, questionId: 'ab12', submittedAnswer: '4' },
      'questionId',
    ],
    [
      'an unknown mode',
      '/api/create-test',
      { productId: 'teas_math_qbank', includeId: 'teas_math_qbank_full', mode: 'exam' },
      'mode',
    ],
    [
      'a timed flag that is not a boolean',
      '/api/create-test',
      {
        productId: 'teas_math_qbank',
        includeId: 'teas_math_qbank_practice',
        mode: 'practice',
        timed: 'yes',
      },
      'timed',
    ],
  ])('%s: 400 naming the field', async (_name, url, body, field) => {
    const res = await send('POST', url, 'learner', body);
    expect(res.statusCode).toBe(400);
    expect(JSON.stringify(res.json())).toContain(field);
    expect(rpc).not.toHaveBeenCalled();
  });

  it('a malformed test id in the path or a bad query: 400', async () => {
    expect((await send('GET', '/api/tests/not-an-id', 'learner')).statusCode).toBe(400);
    expect(
      (await send('GET', '/api/tests/unfinished?productId=x&includeId=y', 'learner')).statusCode,
    ).toBe(400);
    expect(
      (await send('GET', `/api/gradebook?userId=${encodeURIComponent('a b')}`, 'learner'))
        .statusCode,
    ).toBe(400);
    expect(rpc).not.toHaveBeenCalled();
  });

  it("the service's refusals come out as they are (409 after submit, 403 no access)", async () => {
    rpc.mockRejectedValueOnce(
      new RpcCallError({
        status: 409,
        code: ErrorCodes.TEST_SUBMITTED,
        message: 'This test has already been submitted.',
      }),
    );
    const res = await send('POST', '/api/save-practice-answer', 'learner', {
      testId: TEST_ID,
      questionId: 'AB12',
      submittedAnswer: '1',
    });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({
      code: 'TEST_SUBMITTED',
      message: 'This test has already been submitted.',
    });
  });
});
