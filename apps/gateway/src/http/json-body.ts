import { BadRequestException, HttpException } from '@nestjs/common';
import { ErrorCodes } from '@examprep/contracts';
import type { FastifyContextConfig, FastifyInstance, FastifyRequest } from 'fastify';

/** Largest request body the gateway reads (bytes); a larger one is answered 413. */
export const BODY_LIMIT_BYTES = 256 * 1024;

/**
 * Deepest nesting of objects and arrays a JSON body may have. Our request DTOs are at most
 * 3 levels deep (a question's `choices` array inside its object); 32 leaves room for any
 * shape we will add while keeping class-transformer and class-validator, which recurse once
 * per level, far from the stack limit (about 1,500 levels took them over it). ADR 0011.
 */
export const MAX_JSON_DEPTH = 32;

/** The texts of the gateway's own request-shape answers (codes in ErrorCodes). */
export const REQUEST_MESSAGES = {
  tooDeep: `The request body is nested too deeply (at most ${MAX_JSON_DEPTH} levels of objects and arrays).`,
  malformed: 'The request body is not valid JSON.',
  empty: 'The request body is empty: send a JSON object.',
  notObject: 'The request body must be a JSON object.',
  tooLarge: `The request body is too large (at most ${BODY_LIMIT_BYTES / 1024} KB).`,
  unsupportedMediaType: 'Send the request body as JSON (Content-Type: application/json).',
} as const;

const QUOTE = 0x22; // "
const BACKSLASH = 0x5c;
const OPEN_BRACE = 0x7b; // {
const OPEN_BRACKET = 0x5b; // [
const CLOSE_BRACE = 0x7d; // }
const CLOSE_BRACKET = 0x5d; // ]

/**
 * Whether JSON text nests objects/arrays more than `maxDepth` levels (`{}` is 1, `{"a":[]}`
 * is 2). One pass over the text, no allocation, stops at the first level too many; string
 * contents are skipped (jumping from quote to quote), so brackets inside strings do not
 * count. Text that is not JSON gets an answer too; JSON.parse refuses it afterwards.
 */
export function exceedsJsonDepth(text: string, maxDepth: number): boolean {
  let depth = 0;
  const n = text.length;
  for (let i = 0; i < n; i++) {
    const c = text.charCodeAt(i);
    if (c === QUOTE) {
      // the closing quote is the next one not escaped by an odd run of backslashes
      let j = i;
      for (;;) {
        j = text.indexOf('"', j + 1);
        if (j < 0) return false; // unterminated string: not JSON, the parser says so
        let backslashes = 0;
        for (let k = j - 1; text.charCodeAt(k) === BACKSLASH; k--) backslashes++;
        if ((backslashes & 1) === 0) break;
      }
      i = j;
    } else if (c === OPEN_BRACE || c === OPEN_BRACKET) {
      if (++depth > maxDepth) return true;
    } else if (c === CLOSE_BRACE || c === CLOSE_BRACKET) {
      depth--;
    }
  }
  return false;
}

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Keep the body's exact text on the request as `rawBody` (see KeepRawBody). */
    rawBody?: boolean;
    /** Also take RFC 8058's one-click form body (see OneClickUnsubscribe). */
    oneClick?: boolean;
    /** Take a form body as an object of strings (see FormBody: LTI and OAuth endpoints). */
    form?: boolean;
  }
  interface FastifyRequest {
    /** The body's exact text, on routes declared with KeepRawBody() only. */
    rawBody?: string;
  }
}

type Done = (err: Error | null, body?: unknown) => void;
type JsonParser = (req: FastifyRequest, body: string, done: Done) => void;

/**
 * Makes JSON the gateway's only request body type, read in one place for every route:
 * at most BODY_LIMIT_BYTES (else 413), at most MAX_JSON_DEPTH levels (else 400
 * BODY_TOO_DEEP, measured before parsing), valid JSON without `__proto__` /
 * `constructor.prototype` keys (else 400 MALFORMED_REQUEST). Any other content type
 * (form posts, text/plain, none with a body) is answered 415 by Fastify. Whether the body
 * has the shape a route wants (an object) is the validation pipe's part. A route whose body
 * is signed (the Stripe webhook: the signature covers the exact bytes) declares
 * `KeepRawBody()` and also gets the text as `req.rawBody`; the same limits apply to it.
 */
export function registerJsonBodyParser(fastify: FastifyInstance): void {
  const parseJson = fastify.getDefaultJsonParser('error', 'error') as unknown as JsonParser;
  fastify.removeAllContentTypeParsers();
  fastify.addContentTypeParser(
    'application/json',
    { parseAs: 'string', bodyLimit: BODY_LIMIT_BYTES },
    (req: FastifyRequest, body: string | Buffer, done: Done) => {
      const text = typeof body === 'string' ? body : body.toString('utf8');
      if (text.length === 0) {
        done(badRequest(ErrorCodes.MALFORMED_REQUEST, REQUEST_MESSAGES.empty));
        return;
      }
      if (exceedsJsonDepth(text, MAX_JSON_DEPTH)) {
        done(badRequest(ErrorCodes.BODY_TOO_DEEP, REQUEST_MESSAGES.tooDeep));
        return;
      }
      if (keepsRawBody(req)) req.rawBody = text;
      parseJson(req, text, (err, value) =>
        err
          ? done(badRequest(ErrorCodes.MALFORMED_REQUEST, REQUEST_MESSAGES.malformed))
          : done(null, value),
      );
    },
  );
  // Form bodies on two kinds of routes only. RFC 8058: a mail client's one-click unsubscribe
  // POSTs 'List-Unsubscribe=One-Click'; routes declared OneClickUnsubscribe() take it, as {}.
  // Protocols that post forms (LTI 1.3 launches, OAuth token requests): routes declared
  // FormBody() take any form, as an object of strings (a repeated name: its first value).
  fastify.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string', bodyLimit: FORM_LIMIT_BYTES },
    (req: FastifyRequest, body: string | Buffer, done: Done) => {
      const config = req.routeOptions.config as FastifyContextConfig | undefined;
      const text = (typeof body === 'string' ? body : body.toString('utf8')).trim();
      if (config?.form === true) {
        done(null, formFields(text));
        return;
      }
      if (config?.oneClick !== true || text.length > ONE_CLICK_LIMIT_BYTES) {
        done(
          new HttpException(
            {
              message: REQUEST_MESSAGES.unsupportedMediaType,
              code: ErrorCodes.UNSUPPORTED_MEDIA_TYPE,
            },
            415,
          ),
        );
        return;
      }
      if (text !== ONE_CLICK_BODY) {
        done(badRequest(ErrorCodes.MALFORMED_REQUEST, REQUEST_MESSAGES.malformed));
        return;
      }
      done(null, {});
    },
  );
}

/** The one form body the gateway takes (RFC 8058 §3.1), on OneClickUnsubscribe() routes. */
export const ONE_CLICK_BODY = 'List-Unsubscribe=One-Click';
const ONE_CLICK_LIMIT_BYTES = 256;
/** Largest form body (an LTI launch's id_token with its claims is a few KB). */
export const FORM_LIMIT_BYTES = 64 * 1024;

/**
 * A form body's fields: the first value of each name, in a null-prototype object (a field named
 * `__proto__` is a field, not a prototype).
 */
export function formFields(text: string): Record<string, string> {
  const out = Object.create(null) as Record<string, string>;
  for (const [name, value] of new URLSearchParams(text)) {
    if (!(name in out)) out[name] = value;
  }
  return out;
}

function keepsRawBody(req: FastifyRequest): boolean {
  // a route's config may be absent (Fastify's 404 route)
  const config = req.routeOptions.config as FastifyContextConfig | undefined;
  return config?.rawBody === true;
}

function badRequest(code: string, message: string): BadRequestException {
  return new BadRequestException({ message, code });
}
