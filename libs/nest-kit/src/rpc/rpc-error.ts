import { RpcException } from '@nestjs/microservices';
import { ErrorCodes, type ErrorCode, type RpcErrorPayload } from '@examprep/contracts';

/** What domain code throws behind NATS (never an HTTP exception, STYLE.md §5). */
export class ServiceError extends RpcException {
  constructor(readonly payload: RpcErrorPayload) {
    super(payload);
  }

  static badRequest(
    message: string,
    fields?: Record<string, string[]>,
    code: ErrorCode = ErrorCodes.VALIDATION_FAILED,
  ) {
    return new ServiceError({ status: 400, code, message, ...(fields ? { fields } : {}) });
  }
  static unauthenticated(message = 'Authentication required.') {
    return new ServiceError({ status: 401, code: ErrorCodes.UNAUTHENTICATED, message });
  }
  static forbidden(message = 'You do not have permission to do this.') {
    return new ServiceError({ status: 403, code: ErrorCodes.FORBIDDEN, message });
  }
  static notFound(message: string) {
    return new ServiceError({ status: 404, code: ErrorCodes.NOT_FOUND, message });
  }
  static conflict(message: string, code: ErrorCode = ErrorCodes.CONFLICT) {
    return new ServiceError({ status: 409, code, message });
  }
  /** 503: this call could not be served in time; nothing was done (the caller may retry). */
  static unavailable(message = 'The service is temporarily unavailable. Please try again.') {
    return new ServiceError({ status: 503, code: ErrorCodes.SERVICE_UNAVAILABLE, message });
  }
}

export function isRpcErrorPayload(value: unknown): value is RpcErrorPayload {
  if (typeof value !== 'object' || value === null) return false;
  const v = value as Record<string, unknown>;
  return (
    typeof v.status === 'number' && typeof v.code === 'string' && typeof v.message === 'string'
  );
}
