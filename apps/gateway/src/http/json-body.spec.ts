import fc from 'fast-check';
import Fastify from 'fastify';
import {
  exceedsJsonDepth,
  FORM_LIMIT_BYTES,
  formFields,
  MAX_JSON_DEPTH,
  ONE_CLICK_BODY,
  registerJsonBodyParser,
} from './json-body';

/** Reference: nesting depth of a parsed value, counted without recursion. */
function depthOf(value: unknown): number {
  let max = 0;
  const stack: [unknown, number][] = [[value, 0]];
  while (stack.length > 0) {
    const [v, d] = stack.pop()!;
    if (typeof v !== 'object' || v === null) continue;
    max = Math.max(max, d + 1);
    for (const child of Object.values(v)) stack.push([child, d + 1]);
  }
  return max;
}

const nested = (levels: number, open = '{"a":', close = '}') =>
  open.repeat(levels) + '1' + close.repeat(levels);

describe('exceedsJsonDepth', () => {
  it('counts objects and arrays, one level each', () => {
    expect(exceedsJsonDepth('1', 0)).toBe(false);
    expect(exceedsJsonDepth('{}', 0)).toBe(true);
    expect(exceedsJsonDepth('{}', 1)).toBe(false);
    expect(exceedsJsonDepth('{"a":[1,{"b":[]}]}', 3)).toBe(true);
    expect(exceedsJsonDepth('{"a":[1,{"b":[]}]}', 4)).toBe(false);
    expect(exceedsJsonDepth('[[],[],[],{}]', 2)).toBe(false);
  });

  it(`allows ${MAX_JSON_DEPTH} levels and refuses ${MAX_JSON_DEPTH + 1} and the 1,500 of the report`, () => {
    expect(exceedsJsonDepth(nested(MAX_JSON_DEPTH), MAX_JSON_DEPTH)).toBe(false);
    expect(exceedsJsonDepth(nested(MAX_JSON_DEPTH + 1), MAX_JSON_DEPTH)).toBe(true);
    expect(exceedsJsonDepth(nested(1500), MAX_JSON_DEPTH)).toBe(true);
    expect(exceedsJsonDepth(nested(1500, '[', ']'), MAX_JSON_DEPTH)).toBe(true);
    // unbalanced text (not JSON) is measured too; the parser refuses it afterwards
    expect(exceedsJsonDepth('['.repeat(100_000), MAX_JSON_DEPTH)).toBe(true);
  });

  it('ignores brackets inside strings, with escaped quotes and backslashes', () => {
    expect(exceedsJsonDepth(JSON.stringify({ a: '[[[[{{{{' }), 1)).toBe(false);
    expect(exceedsJsonDepth(JSON.stringify({ a: 'x"[[[["y' }), 1)).toBe(false);
    expect(exceedsJsonDepth(JSON.stringify({ a: 'x\\', b: '[[[[' }), 1)).toBe(false);
    expect(exceedsJsonDepth(JSON.stringify({ 'k[[{': ['\\"[', '\\\\'] }), 2)).toBe(false);
    expect(exceedsJsonDepth(JSON.stringify({ a: '\\' }) + '[[', 1)).toBe(true);
    // an unterminated string ends the measure (JSON.parse refuses the text)
    expect(exceedsJsonDepth('{"a":"[[[[', 1)).toBe(false);
  });

  it('agrees with the depth of the parsed value for any JSON (property)', () => {
    fc.assert(
      fc.property(fc.jsonValue({ maxDepth: 8 }), fc.integer({ min: 0, max: 10 }), (v, limit) => {
        const text = JSON.stringify(v);
        expect(exceedsJsonDepth(text, limit)).toBe(depthOf(JSON.parse(text)) > limit);
      }),
      { numRuns: 500 },
    );
  });

  it('reads a body at the size limit in a few milliseconds (O(size))', () => {
    const text = JSON.stringify({
      input: 'a"\\[{'.repeat(40_000),
      list: Array.from({ length: 5_000 }, (_, i) => ({ i, s: 'x' })),
    });
    const started = performance.now();
    for (let i = 0; i < 10; i++) exceedsJsonDepth(text, MAX_JSON_DEPTH);
    expect((performance.now() - started) / 10).toBeLessThan(20);
  });
});

describe('registerJsonBodyParser: the raw text', () => {
  const app = Fastify();
  registerJsonBodyParser(app);
  const echo = (req: { body: unknown; rawBody?: string }) => ({
    body: req.body,
    rawBody: req.rawBody ?? null,
  });
  app.post('/signed', { config: { rawBody: true } }, async (req) => echo(req));
  app.post('/plain', async (req) => echo(req));
  afterAll(() => app.close());

  const text = '{ "a" : 1,\n  "b": "caf\\u00e9 ü" }';
  const post = (url: string) =>
    app.inject({
      method: 'POST',
      url,
      payload: text,
      headers: { 'content-type': 'application/json' },
    });

  it('is kept, exactly as sent, on a route that asks for it (KeepRawBody)', async () => {
    expect((await post('/signed')).json()).toEqual({
      body: { a: 1, b: 'caf\u00e9 ü' },
      rawBody: text,
    });
  });

  it('is not kept on any other route', async () => {
    expect((await post('/plain')).json()).toEqual({
      body: { a: 1, b: 'caf\u00e9 ü' },
      rawBody: null,
    });
  });

  it('passes the same checks first (depth)', async () => {
    const res = await app.inject({
      method: 'POST',
      url: '/signed',
      payload: '['.repeat(MAX_JSON_DEPTH + 1) + ']'.repeat(MAX_JSON_DEPTH + 1),
      headers: { 'content-type': 'application/json' },
    });
    expect(res.statusCode).toBe(400);
  });
});

describe("registerJsonBodyParser: RFC 8058's one-click form body", () => {
  const app = Fastify();
  registerJsonBodyParser(app);
  app.post('/unsubscribe', { config: { oneClick: true } }, async (req) => ({ body: req.body }));
  app.post('/plain', async (req) => ({ body: req.body }));
  afterAll(() => app.close());

  const form = (url: string, payload: string) =>
    app.inject({
      method: 'POST',
      url,
      payload,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });

  it('is taken, as an empty body, on a route declared OneClickUnsubscribe', async () => {
    const res = await form('/unsubscribe', ONE_CLICK_BODY);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ body: {} });
  });

  it('any other form body there is 400; a form body anywhere else is 415', async () => {
    expect((await form('/unsubscribe', 'List-Unsubscribe=No')).statusCode).toBe(400);
    expect((await form('/plain', ONE_CLICK_BODY)).statusCode).toBe(415);
  });
});

describe('registerJsonBodyParser: form bodies of protocol routes (FormBody)', () => {
  const app = Fastify();
  registerJsonBodyParser(app);
  app.post('/launch', { config: { form: true } }, async (req) => ({
    body: req.body,
    proto: Object.getPrototypeOf(req.body) === null,
  }));
  app.post('/plain', async (req) => ({ body: req.body }));
  afterAll(() => app.close());

  const form = (url: string, payload: string) =>
    app.inject({
      method: 'POST',
      url,
      payload,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });

  it('are taken as an object of strings, the first value of a repeated name', async () => {
    const res = await form('/launch', 'id_token=a.b.c&state=s%2B1&state=second&__proto__=x');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      // a field named __proto__ is a field (an object literal would set the prototype instead)
      body: JSON.parse('{"id_token":"a.b.c","state":"s+1","__proto__":"x"}') as unknown,
      proto: true,
    });
  });

  it('up to FORM_LIMIT_BYTES; larger is 413; elsewhere a form is 415', async () => {
    expect(
      (await form('/launch', `id_token=${'a'.repeat(FORM_LIMIT_BYTES - 20)}`)).statusCode,
    ).toBe(200);
    expect((await form('/launch', `id_token=${'a'.repeat(FORM_LIMIT_BYTES)}`)).statusCode).toBe(
      413,
    );
    expect((await form('/plain', 'a=1')).statusCode).toBe(415);
  });

  it('formFields reads names and values as a browser encodes them', () => {
    expect(formFields('a=1+2&b=%C3%A9&c')).toEqual({ a: '1 2', b: 'é', c: '' });
  });
});
