import { Catch, type ArgumentsHost, type RpcExceptionFilter } from '@nestjs/common';
import { RpcException } from '@nestjs/microservices';
import { ErrorCodes, type RpcErrorPayload } from '@examprep/contracts';
import { type Observable, throwError } from 'rxjs';
import { currentCorrelationId } from '../logging/correlation';
import { rootLogger } from '../logging/logger';
import { isRpcErrorPayload } from './rpc-error';

/**
 * Service-side catch-all: known errors travel as { status, code, message }; anything else
 * is logged with the correlation id and answered as a generic INTERNAL error, no stack.
 */
@Catch()
export class AllRpcExceptionsFilter implements RpcExceptionFilter<unknown> {
  catch(exception: unknown, _host: ArgumentsHost): Observable<RpcErrorPayload> {
    if (exception instanceof RpcException) {
      const error = exception.getError();
      if (isRpcErrorPayload(error)) return throwError(() => error);
    }
    const correlationId = currentCorrelationId();
    rootLogger().error({ err: exception, correlationId }, 'unhandled error in message handler');
    return throwError(() => ({
      status: 500,
      code: ErrorCodes.INTERNAL,
      message: 'An unexpected error occurred.',
    }));
  }
}
