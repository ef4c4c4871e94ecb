/** Codes a service may answer with; the gateway maps them to HTTP statuses in one filter. */
export const ErrorCodes = {
  VALIDATION_FAILED: 'VALIDATION_FAILED',
  UNAUTHENTICATED: 'UNAUTHENTICATED',
  FORBIDDEN: 'FORBIDDEN',
  NOT_FOUND: 'NOT_FOUND',
  CONFLICT: 'CONFLICT',
  RATE_LIMITED: 'RATE_LIMITED',
  SERVICE_UNAVAILABLE: 'SERVICE_UNAVAILABLE',
  GATEWAY_TIMEOUT: 'GATEWAY_TIMEOUT',
  INTERNAL: 'INTERNAL',
} as const;
export type ErrorCode = (typeof ErrorCodes)[keyof typeof ErrorCodes] | (string & {});

/** What a service puts inside an RpcException. */
export interface RpcErrorPayload {
  status: number;
  code: ErrorCode;
  message: string;
  /** Per-field messages for validation failures. */
  fields?: Record<string, string[]>;
}

/** The HTTP error body every gateway error response has. */
export interface ApiErrorBody {
  error: string;
  code: ErrorCode;
  message: string;
  fields?: Record<string, string[]>;
  /** Correlation id, also present in the server's log lines (only on 5xx). */
  errorId?: string;
}
