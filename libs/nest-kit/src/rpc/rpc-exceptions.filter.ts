import { Catch, type ArgumentsHost, type RpcExceptionFilter } from '@nestjs/common';
import { RpcException } from '@nestjs/microservices';
import { ErrorCodes, type RpcErrorPayload } from '@examprep/contracts';
import { type Observable, throwError } from 'rxjs';
import { currentCorrelationId } from '../logging/correlation';
import { rootLogger } from '../logging/logger';
import { isRpcErrorPayload } from './rpc-error';

/**
 * Errors of the MongoDB driver (and Mongoose) that say the database cannot be reached right now (down,
 * restarting, connection dropped, no server selectable), by class name so this library does not
 * depend on the driver. The request may succeed when repeated: 503, not a 500.
 */
const DATABASE_UNREACHABLE = new Set([
  'MongoNetworkError',
  'MongoNetworkTimeoutError',
  'MongoServerSelectionError',
  'MongoNotConnectedError',
  'MongoPoolClearedError',
  'MongoTopologyClosedError',
  // Mongoose's own name for a server selection that failed
  'MongooseServerSelectionError',
]);

/**
 * Node's codes of a connection the other end closed or refused. The driver does not always wrap
 * them: a command written the moment FerretDB died came back as Node's own EPIPE "This socket has
 * been ended by the other party" from mongodb's Connection.writeCommand (the fault suite, a 500).
 */
const CONNECTION_LOST = new Set(['EPIPE', 'ECONNRESET', 'ECONNREFUSED']);

/** True when `error` (or an error in its `cause` chain) says a dependency is unreachable. */
export function isDependencyUnavailable(error: unknown): boolean {
  for (let e = error, depth = 0; e && typeof e === 'object' && depth < 5; depth++) {
    const name = (e as { name?: unknown }).name;
    if (typeof name === 'string' && DATABASE_UNREACHABLE.has(name)) return true;
    const code = (e as { code?: unknown }).code;
    if (typeof code === 'string' && CONNECTION_LOST.has(code)) return true;
    e = (e as { cause?: unknown }).cause;
  }
  return false;
}

/**
 * Service-side catch-all: known errors travel as { status, code, message }; a dependency that
 * cannot be reached (the database down or restarting) as 503 SERVICE_UNAVAILABLE, like a
 * service that does not answer; anything else is logged with the correlation id and answered
 * as a generic INTERNAL error, no stack.
 */
@Catch()
export class AllRpcExceptionsFilter implements RpcExceptionFilter<unknown> {
  catch(exception: unknown, _host: ArgumentsHost): Observable<RpcErrorPayload> {
    if (exception instanceof RpcException) {
      const error = exception.getError();
      if (isRpcErrorPayload(error)) return throwError(() => error);
    }
    const correlationId = currentCorrelationId();
    if (isDependencyUnavailable(exception)) {
      rootLogger().warn({ err: exception, correlationId }, 'dependency unavailable');
      return throwError(() => ({
        status: 503,
        code: ErrorCodes.SERVICE_UNAVAILABLE,
        message: 'The service is temporarily unavailable. Please try again.',
      }));
    }
    rootLogger().error({ err: exception, correlationId }, 'unhandled error in message handler');
    return throwError(() => ({
      status: 500,
      code: ErrorCodes.INTERNAL,
      message: 'An unexpected error occurred.',
    }));
  }
}
