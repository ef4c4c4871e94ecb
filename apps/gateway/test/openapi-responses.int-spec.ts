// Every operation of the gateway's OpenAPI document describes its answers (issue 15, security
// suite): a success with a body schema (204 and redirects excepted: the LTI protocol's login and
// launch answer with one, issue 30) and the error statuses with the one error body. schemathesis (npm run security:schemathesis) checks the answers against this document;
// this spec fails fast, in `npm test`, when a new route documents none.
import { gatewayUrl } from './support/api';

type Response = { content?: Record<string, { schema?: unknown }> };
type Operation = { responses: Record<string, Response>; security?: unknown[] };

it('every operation documents a success body and its error answers with ErrorBody', async () => {
  const doc = (await (await fetch(`${gatewayUrl}/api/docs-json`)).json()) as {
    paths: Record<string, Record<string, Operation>>;
  };
  const missing: string[] = [];
  for (const [path, ops] of Object.entries(doc.paths)) {
    for (const [method, op] of Object.entries(ops)) {
      const name = `${method.toUpperCase()} ${path}`;
      const statuses = Object.keys(op.responses);
      const successes = statuses.filter((s) => /^[23]\d\d$/.test(s));
      if (successes.length === 0) missing.push(`${name}: no success`);
      for (const s of successes.filter((x) => /^2\d\d$/.test(x) && x !== '204')) {
        const schemas = Object.values(op.responses[s].content ?? {}).map((c) => c.schema);
        if (schemas.length === 0 || schemas.some((x) => !x))
          missing.push(`${name}: ${s} no schema`);
      }
      const expected = [
        '400',
        '413',
        '415',
        '429',
        '503',
        ...(op.security?.length ? ['401', '403'] : []),
      ];
      for (const s of expected) {
        const schema = op.responses[s]?.content?.['application/json']?.schema;
        if (JSON.stringify(schema) !== JSON.stringify({ $ref: '#/components/schemas/ErrorBody' }))
          missing.push(`${name}: ${s} without ErrorBody`);
      }
    }
  }
  expect(missing).toEqual([]);
  expect(Object.keys(doc.paths).length).toBeGreaterThan(50);
});
