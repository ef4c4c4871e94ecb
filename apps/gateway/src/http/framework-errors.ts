import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import { ErrorCodes } from '@examprep/contracts';
import { CORRELATION_HEADER, correlationIdFrom } from '@examprep/nest-kit';

export const URL_MESSAGES = {
  badUrl: 'The request URL is not valid (a malformed percent-encoding).',
  tooLong: 'A path segment of the request URL is too long.',
} as const;

type Middleware = (
  req: IncomingMessage,
  res: ServerResponse,
  next: (err?: unknown) => void,
) => void;

/**
 * Fastify answers a malformed URL (FST_ERR_BAD_URL) and an over-long path parameter
 * (FST_ERR_MAX_PARAM_LENGTH) from its router, before any hook or Nest filter: by default with
 * its own body (framework code, statusCode, the URL echoed back) and without the security
 * headers. This handler gives them the gateway's `{ error, code, message }`, the security
 * headers and a correlation id, like every other answer (DESIGN.md §3).
 */
export function frameworkErrorHandler(securityHeaders: Middleware) {
  return (error: FastifyError, request: FastifyRequest, reply: FastifyReply): void => {
    const tooLong = error.code === 'FST_ERR_MAX_PARAM_LENGTH';
    const status = tooLong ? 414 : 400;
    const body = {
      error: tooLong ? 'URI Too Long' : 'Bad Request',
      code: tooLong ? ErrorCodes.URI_TOO_LONG : ErrorCodes.MALFORMED_REQUEST,
      message: tooLong ? URL_MESSAGES.tooLong : URL_MESSAGES.badUrl,
    };
    securityHeaders(request.raw, reply.raw, () => {
      void reply
        .status(status)
        .header(CORRELATION_HEADER, correlationIdFrom(request.headers[CORRELATION_HEADER]))
        .header('cache-control', 'no-store')
        .send(body);
    });
  };
}
