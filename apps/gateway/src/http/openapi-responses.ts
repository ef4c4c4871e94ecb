import type { OpenAPIObject } from '@nestjs/swagger';
import { RESPONSE_SCHEMAS } from './response-schemas.generated';

/**
 * Every answer of the gateway that is not a success has ONE body, made by HttpExceptionFilter
 * (toHttpError, DESIGN.md §3): `{ error, code, message, fields?, errorId? }`.
 */
export const ERROR_BODY_SCHEMA = {
  type: 'object',
  required: ['error', 'code', 'message'],
  properties: {
    error: { type: 'string', description: 'The HTTP reason phrase.', example: 'Bad Request' },
    code: { type: 'string', description: 'A stable machine code.', example: 'VALIDATION_FAILED' },
    message: { type: 'string', description: 'A sentence for the user.' },
    fields: {
      type: 'object',
      description: 'Per-field messages of a validation failure.',
      additionalProperties: { type: 'array', items: { type: 'string' } },
    },
    errorId: { type: 'string', description: 'The correlation id of a 5xx, for support.' },
  },
} as const;

const DESCRIPTIONS: Record<string, string> = {
  '400': 'The request is malformed or a field is invalid (`fields` names them).',
  '401': 'No token, or a token that is expired or not ours.',
  '403': 'Signed in, but not allowed (not an admin, email not verified, not purchased).',
  '404': 'The object named in the request does not exist (or is not the caller’s).',
  '409': 'The request conflicts with the current state of the object.',
  '413': 'The request body is larger than the gateway accepts.',
  '415': 'The request body is not JSON.',
  '429': 'Too many requests from this caller: retry after the time in Retry-After.',
  '502': 'The payment provider (or the webhook route of the test checkout) answered with an error.',
  '503': 'A service behind the gateway did not answer in time; retry later.',
};

/** What any route can answer: the body shape (400/413/415), rate limits, a service down. */
const EVERY_ROUTE = ['400', '413', '415', '429', '503'];
/** What a route that reads a bearer token can answer besides. */
const SIGNED_IN = ['401', '403'];

/**
 * Statuses some routes answer beyond those, by `METHOD path` of the document: an object named
 * in the body or query that is missing (404), a state that forbids the change (409). Routes
 * with a path parameter get 404 without being listed.
 */
export const ROUTE_ERRORS: Record<string, string[]> = {
  // identity: an email another account holds; an unknown user
  'POST /api/create-user': ['404', '409'],
  'DELETE /api/delete-user': ['404'],
  'POST /api/admin/generate-test-token': ['404'],
  // catalog: an unknown product or checkout session
  'POST /api/check-product-access': ['404'],
  'POST /api/create-checkout-session': ['404', '502'],
  'POST /api/dev-checkout/{sessionId}/complete': ['502'],
  // qbank: an unknown topic or objective; the qid space used up
  'GET /api/infiniteqbank/generate-batch': ['404'],
  'POST /api/infiniteqbank/check': ['404'],
  'POST /api/questions': ['409'],
  'GET /api/questions/export': ['404'],
  'POST /api/questions/{qid}/duplicate': ['409'],
  // testing: an unknown test or question; a test already submitted or out of time
  'POST /api/submit-quiz-answer': ['404', '409'],
  'POST /api/save-practice-answer': ['404', '409'],
  'POST /api/flag-question': ['404', '409'],
  'POST /api/submit-test': ['404', '409'],
  'POST /api/delete-test': ['404'],
  'POST /api/create-test': ['404'],
  'GET /api/admin/test-export': ['404'],
  // media: an unknown file or workbook
  'GET /api/getSignedUrl': ['404'],
  'GET /api/getWorkbookVideoUrl': ['404'],
  'GET /api/download-file-free': ['404'],
  'GET /api/download-file-paid': ['404'],
  'POST /api/generate-stamped-pdf': ['404'],
  'GET /api/proxy-pdf': ['404'],
  'GET /api/proxy-free-pdf': ['404'],
};

const METHODS = ['get', 'put', 'post', 'delete', 'patch', 'head', 'options'] as const;

/**
 * Adds the error answers to every operation of the document, with the error body schema
 * (components.schemas.ErrorBody), so the document lists every status a route can answer
 * (schemathesis' status_code_conformance) and its body (response_schema_conformance).
 * A response a controller documented itself is kept; only its missing body is filled in.
 */
export function documentErrorResponses(document: OpenAPIObject): OpenAPIObject {
  document.components ??= {};
  document.components.schemas ??= {};
  document.components.schemas.ErrorBody = structuredClone(ERROR_BODY_SCHEMA) as never;
  const ref = { $ref: '#/components/schemas/ErrorBody' };
  for (const [path, item] of Object.entries(document.paths)) {
    for (const method of METHODS) {
      const op = item[method];
      if (!op) continue;
      const statuses = new Set(EVERY_ROUTE);
      if ((op.security ?? document.security ?? []).length > 0)
        SIGNED_IN.forEach((s) => statuses.add(s));
      if (path.includes('{')) statuses.add('404');
      (ROUTE_ERRORS[`${method.toUpperCase()} ${path}`] ?? []).forEach((s) => statuses.add(s));
      for (const status of Object.keys(op.responses ?? {}))
        if (Number(status) >= 400) statuses.add(status);
      op.responses ??= {};
      for (const status of [...statuses].sort()) {
        const existing = op.responses[status] as
          { description?: string; content?: unknown } | undefined;
        op.responses[status] = {
          ...existing,
          description: existing?.description || DESCRIPTIONS[status] || 'Error',
          content: (existing?.content as never) ?? { 'application/json': { schema: ref } },
        };
      }
    }
  }
  return document;
}

/**
 * Fills in the body of every success answer a controller did not describe itself with the
 * schema generated from the method's return type (response-schemas.gen.ts); a route that
 * documented no success at all gets a 200 with it.
 */
export function documentSuccessBodies(
  document: OpenAPIObject,
  schemas: Record<string, Record<string, unknown>> = RESPONSE_SCHEMAS,
): OpenAPIObject {
  for (const [path, item] of Object.entries(document.paths)) {
    for (const method of METHODS) {
      const op = item[method];
      const schema = schemas[`${method.toUpperCase()} ${path}`];
      if (!op || !schema) continue;
      op.responses ??= {};
      const successes = Object.keys(op.responses).filter((s) => /^2\d\d$/.test(s) && s !== '204');
      if (successes.length === 0 && !op.responses['204']) {
        op.responses['200'] = { description: 'OK' };
        successes.push('200');
      }
      for (const status of successes) {
        const r = op.responses[status] as { description?: string; content?: unknown };
        if (r.content) continue;
        op.responses[status] = {
          ...r,
          description: r.description || 'OK',
          content: { 'application/json': { schema: structuredClone(schema) as never } },
        };
      }
    }
  }
  return document;
}

/** The document's responses: success bodies and error answers (see above). */
export const documentResponses = (document: OpenAPIObject): OpenAPIObject =>
  documentErrorResponses(documentSuccessBodies(document));
