import {
  type ArgumentsHost,
  BadRequestException,
  Catch,
  type ExceptionFilter,
  HttpException,
} from '@nestjs/common';
import { currentCorrelationId, rootLogger, toHttpError } from '@examprep/nest-kit';
import { randomUUID } from 'node:crypto';
import type { FastifyReply } from 'fastify';

/** Fastify's own request errors (bad JSON, body too large, wrong media type) as 4xx. */
function fromFastify(exception: unknown): unknown {
  const e = exception as { statusCode?: number; code?: string };
  if (exception instanceof HttpException || typeof e?.statusCode !== 'number') return exception;
  if (e.statusCode === 413)
    return new HttpException(
      { message: 'The request body is too large.', code: 'PAYLOAD_TOO_LARGE' },
      413,
    );
  if (e.statusCode === 415)
    return new HttpException(
      { message: 'Send the request body as application/json.', code: 'UNSUPPORTED_MEDIA_TYPE' },
      415,
    );
  if (e.statusCode >= 400 && e.statusCode < 500) {
    return new BadRequestException({
      message: 'The request body is not valid JSON.',
      code: 'MALFORMED_REQUEST',
    });
  }
  return exception;
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
