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
  // the gateway's own answers to a request it cannot read (ADR 0011)
  /** 400: not JSON, empty, or a `__proto__` key. */
  MALFORMED_REQUEST: 'MALFORMED_REQUEST',
  /** 400: objects/arrays nested deeper than the gateway reads. */
  BODY_TOO_DEEP: 'BODY_TOO_DEEP',
  /** 400: null, an array or a plain value where the route wants a JSON object. */
  BODY_NOT_OBJECT: 'BODY_NOT_OBJECT',
  /** 413 */
  PAYLOAD_TOO_LARGE: 'PAYLOAD_TOO_LARGE',
  /** 415: a body that is not application/json. */
  UNSUPPORTED_MEDIA_TYPE: 'UNSUPPORTED_MEDIA_TYPE',
  /** 414: a path segment longer than the router reads (Fastify's maxParamLength). */
  URI_TOO_LONG: 'URI_TOO_LONG',
  // catalog (issue 11)
  /** 400: a coupon the system does not know, or an expired one. */
  INVALID_COUPON: 'INVALID_COUPON',
  /** 400: an unknown, free or already owned product in a checkout. */
  PRODUCT_PROBLEM: 'PRODUCT_PROBLEM',
  /** 503 (unreachable) / 502 (refused): the payment provider; nothing was charged. */
  PAYMENT_PROVIDER_UNAVAILABLE: 'PAYMENT_PROVIDER_UNAVAILABLE',
  /** 400: a webhook delivery whose Stripe-Signature is wrong or older than 300 s. */
  WEBHOOK_SIGNATURE_INVALID: 'WEBHOOK_SIGNATURE_INVALID',
  // testing (issue 12)
  /** 400: a product/include/mode that does not make a test ('Unsupported product configuration: ...'). */
  UNSUPPORTED_PRODUCT: 'UNSUPPORTED_PRODUCT',
  /** 403: the learner does not own the product ('You do not have access to this product.'). */
  NO_PRODUCT_ACCESS: 'NO_PRODUCT_ACCESS',
  /** 409: an answer, check or flag for a test that is already submitted. */
  TEST_SUBMITTED: 'TEST_SUBMITTED',
  /** 409: the timed test ran out; the server submitted it with the saved answers. */
  TIME_UP: 'TIME_UP',
  // media (issue 13)
  /** 400: an upload whose bytes are not what its slot takes (sniffed), empty, or too large. */
  BAD_MEDIA_FILE: 'BAD_MEDIA_FILE',
  /** 503: the object store does not answer; nothing was stored or changed. */
  STORAGE_UNAVAILABLE: 'STORAGE_UNAVAILABLE',
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
