import { STATUS_CODES } from 'node:http';
import { HttpException } from '@nestjs/common';
import { ErrorCodes, type ApiErrorBody, type ErrorCode } from '@examprep/contracts';
import { RpcCallError } from './nats-rpc.client';

const CODE_BY_STATUS: Record<number, ErrorCode> = {
  400: ErrorCodes.VALIDATION_FAILED,
  401: ErrorCodes.UNAUTHENTICATED,
  403: ErrorCodes.FORBIDDEN,
  404: ErrorCodes.NOT_FOUND,
  409: ErrorCodes.CONFLICT,
  413: ErrorCodes.PAYLOAD_TOO_LARGE,
  415: ErrorCodes.UNSUPPORTED_MEDIA_TYPE,
  429: ErrorCodes.RATE_LIMITED,
  503: ErrorCodes.SERVICE_UNAVAILABLE,
  504: ErrorCodes.GATEWAY_TIMEOUT,
};

/**
 * The code of an HTTP exception that names none: ours for the statuses above, else a 4xx's
 * reason phrase as a code (405 -> METHOD_NOT_ALLOWED, else HTTP_4xx); a client error is
 * never INTERNAL.
 */
export function codeForStatus(status: number): ErrorCode {
  const known = CODE_BY_STATUS[status];
  if (known) return known;
  if (status < 400 || status >= 500) return ErrorCodes.INTERNAL;
  const phrase = STATUS_CODES[status];
  return phrase ? phrase.toUpperCase().replace(/[^A-Z0-9]+/g, '_') : `HTTP_${status}`;
}

export interface HttpErrorAnswer {
  status: number;
  body: ApiErrorBody;
  /** True when the cause must be logged (unknown error, 5xx). */
  log: boolean;
}

/**
 * The one mapping from anything thrown in the gateway to an HTTP answer (DESIGN.md §3):
 * service errors keep their status and code, Nest HTTP exceptions keep theirs, anything
 * else becomes a generic 500 with an error id that also appears in the log line.
 */
export function toHttpError(exception: unknown, errorId: string): HttpErrorAnswer {
  if (exception instanceof RpcCallError) {
    const { status, code, message, fields } = exception.payload;
    const safeStatus = status >= 400 && status <= 599 ? status : 500;
    return {
      status: safeStatus,
      body: {
        error: STATUS_CODES[safeStatus] ?? 'Error',
        code,
        message,
        ...(fields ? { fields } : {}),
        ...(safeStatus >= 500 ? { errorId } : {}),
      },
      log: safeStatus >= 500,
    };
  }
  if (exception instanceof HttpException) {
    const status = exception.getStatus();
    const response = exception.getResponse();
    const r = (typeof response === 'object' && response !== null ? response : {}) as Record<
      string,
      unknown
    >;
    const message =
      typeof r.message === 'string'
        ? r.message
        : Array.isArray(r.message)
          ? r.message.join(' ')
          : typeof response === 'string'
            ? response
            : exception.message;
    const code = typeof r.code === 'string' ? r.code : codeForStatus(status);
    const fields = r.fields as Record<string, string[]> | undefined;
    return {
      status,
      body: {
        error: STATUS_CODES[status] ?? 'Error',
        code,
        message,
        ...(fields ? { fields } : {}),
        ...(status >= 500 ? { errorId } : {}),
      },
      log: status >= 500,
    };
  }
  return {
    status: 500,
    body: {
      error: 'Internal Server Error',
      code: ErrorCodes.INTERNAL,
      message: 'An unexpected error occurred.',
      errorId,
    },
    log: true,
  };
}
