import {
  type ArgumentsHost,
  BadRequestException,
  Catch,
  type ExceptionFilter,
  HttpException,
} from '@nestjs/common';
import { ErrorCodes } from '@examprep/contracts';
import { currentCorrelationId, rootLogger, toHttpError } from '@examprep/nest-kit';
import { randomUUID } from 'node:crypto';
import type { FastifyReply } from 'fastify';
import { REQUEST_MESSAGES } from '../http/json-body';

/**
 * Fastify's own request errors (body too large, wrong media type, bad framing) reach the
 * filter as Nest made them, `HttpException(fastifyMessage, status)` with a string response
 * (or raw, with a statusCode): they get our texts and codes. Our own parser's answers
 * (http/json-body.ts) already carry theirs.
 */
export function fromFastify(exception: unknown): unknown {
  let status: number;
  if (exception instanceof HttpException) {
    if (typeof exception.getResponse() !== 'string') return exception;
    status = exception.getStatus();
  } else {
    const e = exception as { statusCode?: unknown; name?: unknown } | null;
    if (e?.name !== 'FastifyError' || typeof e.statusCode !== 'number') return exception;
    status = e.statusCode;
  }
  if (status === 413)
    return new HttpException(
      { message: REQUEST_MESSAGES.tooLarge, code: ErrorCodes.PAYLOAD_TOO_LARGE },
      413,
    );
  if (status === 415)
    return new HttpException(
      { message: REQUEST_MESSAGES.unsupportedMediaType, code: ErrorCodes.UNSUPPORTED_MEDIA_TYPE },
      415,
    );
  if (status === 400) {
    const message = exception instanceof Error ? exception.message : REQUEST_MESSAGES.malformed;
    return new BadRequestException({ message, code: ErrorCodes.MALFORMED_REQUEST });
  }
  if (exception instanceof HttpException || status < 400 || status >= 500) return exception;
  return new HttpException((exception as Error).message, status);
}

/** The one place that turns anything thrown into `{ error, code, message }` (DESIGN.md §3). */
@Catch()
export class HttpExceptionFilter implements ExceptionFilter {
  catch(exception: unknown, host: ArgumentsHost) {
    const reply = host.switchToHttp().getResponse<FastifyReply>();
    const errorId = currentCorrelationId() ?? randomUUID();
    const answer = toHttpError(fromFastify(exception), errorId);
    if (answer.log)
      rootLogger().error({ err: exception, errorId, status: answer.status }, 'request failed');
    void reply.status(answer.status).header('cache-control', 'no-store').send(answer.body);
  }
}
