// Issue 8 items 1 and 8, from outside, against the running gateway of the TEST profile: every
// route of the gateway's OpenAPI document that takes a body refuses a 1,500-deep body (400
// BODY_TOO_DEEP), a body over 256 KB (413 PAYLOAD_TOO_LARGE), a body that is not JSON (415
// UNSUPPORTED_MEDIA_TYPE) and null or an array (400 BODY_NOT_OBJECT); no answer is a 5xx, and
// nested or repeated query parameters are not either. ADR 0011.
import { ErrorCodes } from '@examprep/contracts';
import { BODY_LIMIT_BYTES, MAX_JSON_DEPTH, REQUEST_MESSAGES } from '../src/http/json-body';
import { call, gatewayUrl } from './support/api';
import { type OpenApiDocument, type Route, routesOf } from './support/openapi';
import { systemCtl } from './support/system';

type Who = 'anonymous' | 'learner' | 'admin';

let bodyRoutes: Route[] = [];
let queryRoutes: (Route & { params: string[] })[] = [];

/** A body sent as is under the content type given (a body without one goes as JSON). */
const send = (route: Route, who: Who, raw: string | undefined, contentType?: string) =>
  call(route.method, route.path, { who, raw, headers: { 'content-type': contentType } });

const JSON_TYPE = 'application/json';
const deepObject = '{"a":'.repeat(1500) + '1' + '}'.repeat(1500);
const deepArray = '['.repeat(1500) + ']'.repeat(1500);
const tooLarge = JSON.stringify({ input: 'x'.repeat(BODY_LIMIT_BYTES + 1) });

beforeAll(async () => {
  systemCtl('start', ['identity', 'announcements', 'catalog', 'qbank', 'gateway']);
  const doc = (await (await fetch(`${gatewayUrl}/api/docs-json`)).json()) as OpenApiDocument;
  ({ bodyRoutes, queryRoutes } = routesOf(doc));
});

/** Runs `check` for every body route and caller, and lists every answer that differs. */
async function everyRoute(
  whos: Who[],
  body: string | undefined,
  contentType: string | undefined,
  expected: (route: Route, who: Who) => { status: number; code: string; message?: string }[],
) {
  const wrong: unknown[] = [];
  for (const route of bodyRoutes) {
    for (const who of whos) {
      const res = await send(route, who, body, contentType);
      const ok = expected(route, who).some(
        (e) =>
          res.status === e.status &&
          res.body?.code === e.code &&
          (e.message === undefined || res.body?.message === e.message),
      );
      if (!ok) wrong.push({ route: `${route.method} ${route.path}`, who, ...res });
    }
  }
  expect(wrong).toEqual([]);
}

const PUBLIC_BODY_ROUTES = ['POST /api/password-reset', 'POST /api/captcha/verify'];
const tooDeep = { status: 400, code: ErrorCodes.BODY_TOO_DEEP, message: REQUEST_MESSAGES.tooDeep };
const notObject = {
  status: 400,
  code: ErrorCodes.BODY_NOT_OBJECT,
  message: REQUEST_MESSAGES.notObject,
};
const unauthenticated = { status: 401, code: ErrorCodes.UNAUTHENTICATED };

describe('every body route of the OpenAPI document', () => {
  it('are found in the document (the public ones of the report among them)', () => {
    const names = bodyRoutes.map((r) => `${r.method} ${r.path}`);
    expect(names).toEqual(expect.arrayContaining(PUBLIC_BODY_ROUTES));
    expect(names.length).toBeGreaterThanOrEqual(10);
  });

  it.each([
    ['an object', deepObject],
    ['an array', deepArray],
  ])('answers %s nested 1,500 levels with 400 BODY_TOO_DEEP, signed in or not', async (_, body) => {
    await everyRoute(['anonymous', 'learner', 'admin'], body, JSON_TYPE, () => [tooDeep]);
  });

  it(`answers a body over ${BODY_LIMIT_BYTES / 1024} KB with 413 PAYLOAD_TOO_LARGE`, async () => {
    await everyRoute(['anonymous', 'admin'], tooLarge, JSON_TYPE, () => [
      {
        status: 413,
        code: ErrorCodes.PAYLOAD_TOO_LARGE,
        message: REQUEST_MESSAGES.tooLarge,
      },
    ]);
  });

  it.each([
    ['application/x-www-form-urlencoded', 'email=a%40b.co'],
    ['text/plain', '{"email":"a@b.co"}'],
    ['application/xml', '<a/>'],
  ])('answers a %s body with 415 UNSUPPORTED_MEDIA_TYPE', async (contentType, body) => {
    await everyRoute(['anonymous', 'admin'], body, contentType, () => [
      {
        status: 415,
        code: ErrorCodes.UNSUPPORTED_MEDIA_TYPE,
        message: REQUEST_MESSAGES.unsupportedMediaType,
      },
    ]);
  });

  it.each(['null', '[]', '[{"email":"a@b.co"}]', '42', '"text"', 'true'])(
    'answers %s with 400 BODY_NOT_OBJECT (anonymous: 401 first where the route needs sign-in)',
    async (body) => {
      await everyRoute(['admin'], body, JSON_TYPE, () => [notObject]);
      await everyRoute(['anonymous'], body, JSON_TYPE, (route) =>
        PUBLIC_BODY_ROUTES.includes(`${route.method} ${route.path}`)
          ? [notObject]
          : [notObject, unauthenticated],
      );
    },
  );

  it('answers JSON it cannot read with 400 MALFORMED_REQUEST', async () => {
    for (const body of ['{"email":', '{"__proto__":{"isAdmin":true}}']) {
      await everyRoute(['anonymous', 'admin'], body, JSON_TYPE, () => [
        { status: 400, code: ErrorCodes.MALFORMED_REQUEST, message: REQUEST_MESSAGES.malformed },
      ]);
    }
  });
});

describe('regressions of the report', () => {
  it('anonymous POST /api/password-reset and /api/captcha/verify: 400, not 500, to a deep body', async () => {
    for (const path of ['/api/password-reset', '/api/captcha/verify']) {
      const res = await send({ method: 'POST', path }, 'anonymous', deepObject, JSON_TYPE);
      expect(res).toEqual({
        status: 400,
        body: {
          error: 'Bad Request',
          code: ErrorCodes.BODY_TOO_DEEP,
          message: `The request body is nested too deeply (at most ${MAX_JSON_DEPTH} levels of objects and arrays).`,
        },
      });
    }
  });

  it('413 and 415 carry their own codes, not INTERNAL', async () => {
    const route = { method: 'POST', path: '/api/password-reset' };
    expect((await send(route, 'anonymous', tooLarge, JSON_TYPE)).body?.code).toBe(
      'PAYLOAD_TOO_LARGE',
    );
    expect((await send(route, 'anonymous', 'x', 'text/plain')).body?.code).toBe(
      'UNSUPPORTED_MEDIA_TYPE',
    );
  });

  it('POST /api/create-user with null is refused with 400; {} still creates (201)', async () => {
    const route = { method: 'POST', path: '/api/create-user' };
    expect(await send(route, 'learner', 'null', JSON_TYPE)).toEqual({
      status: 400,
      body: {
        error: 'Bad Request',
        code: ErrorCodes.BODY_NOT_OBJECT,
        message: 'The request body must be a JSON object.',
      },
    });
    expect((await send(route, 'learner', undefined)).status).toBe(400);
    expect((await send(route, 'learner', '{}', JSON_TYPE)).status).toBe(201);
  });
});

describe('query strings', () => {
  it('answers nested, repeated and prototype-named parameters of every query route without a 5xx', async () => {
    expect(queryRoutes.length).toBeGreaterThan(0);
    const wrong: unknown[] = [];
    for (const route of queryRoutes) {
      const name = route.params[0]!;
      for (const query of [
        `${name}[a][b][c]=1`,
        `${name}=1&${name}=2`,
        `${name}=1${`&${name}=1`.repeat(500)}`,
        `${'[a]'.repeat(1500)}=1`,
        `__proto__[x]=1&constructor[prototype][x]=1&${name}[__proto__]=1`,
      ]) {
        for (const who of ['anonymous', 'admin'] as const) {
          const res = await send(
            { method: route.method, path: `${route.path}?${query}` },
            who,
            undefined,
          );
          if (res.status >= 500 || res.body?.code === ErrorCodes.INTERNAL)
            wrong.push({ route: route.path, query: query.slice(0, 60), who, ...res });
        }
      }
    }
    expect(wrong).toEqual([]);
  });
});
