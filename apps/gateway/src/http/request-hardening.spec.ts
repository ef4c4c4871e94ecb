// The gateway in-process (Fastify inject), its services stubbed: every body route of the
// OpenAPI document refuses a too-deep, too-large, non-JSON or non-object body with its own
// code and without calling a service (issue 8 items 1 and 8). The same checks run against
// the real system in test/request-hardening.int-spec.ts.
import 'reflect-metadata';
import { ErrorCodes } from '@examprep/contracts';
import { NatsRpcClient } from '@examprep/nest-kit';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import type { TokenVerifier } from '../auth/token-verifier';
import { startInProcessGateway } from '../../test/support/in-process';
import { type OpenApiDocument, type Route, routesOf } from '../../test/support/openapi';
import { BODY_LIMIT_BYTES, MAX_JSON_DEPTH, REQUEST_MESSAGES } from './json-body';

const connect = jest.spyOn(NatsRpcClient.prototype, 'connect').mockResolvedValue(undefined);
const rpc = jest.spyOn(NatsRpcClient.prototype, 'request').mockResolvedValue({} as never);

const ADMIN = 'admin.token.x';
const LEARNER = 'learner.token.x';
const verifier = {
  verify: async (token: string) => ({
    uid: token === ADMIN ? 'admin-1' : 'learner-1',
    email: 'someone@examprep.test',
    isAdmin: token === ADMIN,
    emailVerified: true,
    stagingAccess: false,
  }),
} as unknown as TokenVerifier;

let app: NestFastifyApplication;
type Inject = ReturnType<NestFastifyApplication['getHttpAdapter']>;
let server: ReturnType<Inject['getInstance']>;

let bodyRoutes: Route[] = [];
let queryRoutes: (Route & { params: string[] })[] = [];

beforeAll(async () => {
  ({ app, server } = await startInProcessGateway(verifier));
  expect(connect).toHaveBeenCalled();
  const doc = JSON.parse(
    (await server.inject({ method: 'GET', url: '/api/docs-json' })).body,
  ) as OpenApiDocument;
  ({ bodyRoutes, queryRoutes } = routesOf(doc));
});

afterAll(async () => {
  await app?.close();
});

beforeEach(() => rpc.mockClear());

function send(route: Route, payload: string, headers: Record<string, string>) {
  return server.inject({
    method: route.method as 'POST',
    url: route.path,
    payload,
    headers: { authorization: `Bearer ${ADMIN}`, ...headers },
  });
}
const json = { 'content-type': 'application/json' };
const deep = (levels: number) => '{"a":'.repeat(levels) + '1' + '}'.repeat(levels);

describe('every body route of the OpenAPI document', () => {
  it('has some (the document lists the routes with a request body)', () => {
    expect(bodyRoutes.map((r) => `${r.method} ${r.path}`)).toEqual(
      expect.arrayContaining(['POST /api/password-reset', 'POST /api/captcha/verify']),
    );
    expect(bodyRoutes.length).toBeGreaterThanOrEqual(10);
  });

  it('answers a body nested 1,500 levels with 400 BODY_TOO_DEEP, also to anonymous callers', async () => {
    for (const route of bodyRoutes) {
      for (const payload of [deep(1500), '['.repeat(1500) + ']'.repeat(1500)]) {
        for (const auth of [{}, { authorization: '' }] as Record<string, string>[]) {
          const res = await send(route, payload, { ...json, ...auth });
          expect([route.path, res.statusCode, res.json()]).toEqual([
            route.path,
            400,
            {
              error: 'Bad Request',
              code: ErrorCodes.BODY_TOO_DEEP,
              message: REQUEST_MESSAGES.tooDeep,
            },
          ]);
        }
      }
    }
    expect(rpc).not.toHaveBeenCalled();
  });

  it(`takes ${MAX_JSON_DEPTH} levels to validation (which names the field), not ${MAX_JSON_DEPTH + 1}`, async () => {
    const route = { method: 'POST', path: '/api/password-reset' };
    const at = await send(route, deep(MAX_JSON_DEPTH), json);
    expect(at.statusCode).toBe(400);
    expect(at.json().code).toBe(ErrorCodes.VALIDATION_FAILED);
    expect((await send(route, deep(MAX_JSON_DEPTH + 1), json)).json().code).toBe(
      ErrorCodes.BODY_TOO_DEEP,
    );
  });

  it(`answers a body over ${BODY_LIMIT_BYTES / 1024} KB with 413 PAYLOAD_TOO_LARGE`, async () => {
    const big = JSON.stringify({ input: 'x'.repeat(BODY_LIMIT_BYTES) });
    for (const route of bodyRoutes) {
      const res = await send(route, big, json);
      expect([route.path, res.statusCode, res.json()]).toEqual([
        route.path,
        413,
        {
          error: 'Payload Too Large',
          code: ErrorCodes.PAYLOAD_TOO_LARGE,
          message: REQUEST_MESSAGES.tooLarge,
        },
      ]);
    }
    expect(rpc).not.toHaveBeenCalled();
  });

  it('answers any body that is not application/json with 415 UNSUPPORTED_MEDIA_TYPE', async () => {
    const wrong: [string, Record<string, string>][] = [
      ['email=a%40b.co', { 'content-type': 'application/x-www-form-urlencoded' }],
      ['{"email":"a@b.co"}', { 'content-type': 'text/plain' }],
      ['<a/>', { 'content-type': 'application/xml' }],
      ['{"email":"a@b.co"}', {}],
    ];
    for (const route of bodyRoutes) {
      for (const [payload, headers] of wrong) {
        const res = await send(route, payload, headers);
        expect([route.path, headers, res.statusCode, res.json()]).toEqual([
          route.path,
          headers,
          415,
          {
            error: 'Unsupported Media Type',
            code: ErrorCodes.UNSUPPORTED_MEDIA_TYPE,
            message: REQUEST_MESSAGES.unsupportedMediaType,
          },
        ]);
      }
    }
    expect(rpc).not.toHaveBeenCalled();
  });

  it('answers null, an array, a plain value or no body with 400 BODY_NOT_OBJECT', async () => {
    for (const route of bodyRoutes) {
      for (const payload of ['null', '[]', '[{}]', '5', '"x"', 'true']) {
        const res = await send(route, payload, json);
        expect([route.path, payload, res.statusCode, res.json()]).toEqual([
          route.path,
          payload,
          400,
          {
            error: 'Bad Request',
            code: ErrorCodes.BODY_NOT_OBJECT,
            message: REQUEST_MESSAGES.notObject,
          },
        ]);
      }
      const none = await send(route, '', {});
      expect([route.path, none.statusCode, none.json().code]).toEqual([
        route.path,
        400,
        ErrorCodes.BODY_NOT_OBJECT,
      ]);
    }
    expect(rpc).not.toHaveBeenCalled();
  });

  it('answers JSON it cannot read with 400 MALFORMED_REQUEST', async () => {
    const cases: [string, string][] = [
      ['{"email":', REQUEST_MESSAGES.malformed],
      ['{"__proto__":{"isAdmin":true}}', REQUEST_MESSAGES.malformed],
      ['{"constructor":{"prototype":{"isAdmin":true}}}', REQUEST_MESSAGES.malformed],
      ['', REQUEST_MESSAGES.empty],
    ];
    for (const route of bodyRoutes) {
      for (const [payload, message] of cases) {
        const res = await send(route, payload, json);
        expect([route.path, payload, res.statusCode, res.json()]).toEqual([
          route.path,
          payload,
          400,
          { error: 'Bad Request', code: ErrorCodes.MALFORMED_REQUEST, message },
        ]);
      }
    }
    expect(rpc).not.toHaveBeenCalled();
  });
});

describe('regressions of the report', () => {
  it('POST /api/create-user with null is refused, {} still goes to the service (201)', async () => {
    const route = { method: 'POST', path: '/api/create-user' };
    const refused = await send(route, 'null', { ...json, authorization: `Bearer ${LEARNER}` });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().code).toBe(ErrorCodes.BODY_NOT_OBJECT);
    expect(rpc).not.toHaveBeenCalled();
    const ok = await send(route, '{}', {
      'content-type': 'application/json; charset=utf-8',
      authorization: `Bearer ${LEARNER}`,
    });
    expect(ok.statusCode).toBe(201);
    expect(rpc).toHaveBeenCalledTimes(1);
  });
});

describe('query strings', () => {
  it('answers nested, repeated and prototype-named parameters without a 5xx', async () => {
    expect(queryRoutes.length).toBeGreaterThan(0);
    for (const route of queryRoutes) {
      const name = route.params[0]!;
      for (const query of [
        `${name}[a][b][c]=1`,
        `${name}=1&${name}=2`,
        `${name}=${'&x=1'.repeat(1000)}`,
        `${'[a]'.repeat(1500)}=1`,
        `__proto__[x]=1&constructor[prototype][x]=1&${name}[__proto__]=1`,
      ]) {
        const res = await server.inject({
          method: route.method as 'GET',
          url: `${route.path}?${query}`,
          headers: { authorization: `Bearer ${ADMIN}` },
        });
        expect([route.path, query.slice(0, 40), res.statusCode < 500]).toEqual([
          route.path,
          query.slice(0, 40),
          true,
        ]);
      }
    }
  });
});
