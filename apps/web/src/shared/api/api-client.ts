import { type ApiErrorBody } from '@examprep/contracts/types';

/** Learner spec §9: every product call has a 15,000 ms time-out. */
export const REQUEST_TIMEOUT_MS = 15_000;
/** Learner spec §8: the time-out message. */
export const TIMEOUT_MESSAGE = 'Request timed out after 15 seconds';
/** Learner spec §8 (network-request-failed). */
export const NETWORK_ERROR_MESSAGE = 'Network error. Please check your connection and try again.';

/** A failed API call: HTTP status (0 when no response), server code, message and field errors. */
export class ApiError extends Error {
  override readonly name = 'ApiError';
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly fields: Record<string, string[]> = {},
  ) {
    super(message);
  }
}

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

export interface RequestOptions {
  method?: HttpMethod;
  /** Sent as JSON. */
  body?: unknown;
  signal?: AbortSignal;
  /** Skip the bearer token (public calls such as GET /api/public-config). */
  anonymous?: boolean;
}

export interface ApiClientOptions {
  /** Default '/api'. */
  baseUrl?: string;
  /** Fresh access token, or null when signed out. Called before every request. */
  getToken?: () => Promise<string | null>;
  timeoutMs?: number;
}

export interface ApiClient {
  request<T>(path: string, options?: RequestOptions): Promise<T>;
  get<T>(path: string, options?: Omit<RequestOptions, 'method' | 'body'>): Promise<T>;
  post<T>(path: string, body?: unknown): Promise<T>;
  put<T>(path: string, body?: unknown): Promise<T>;
  delete<T = void>(path: string): Promise<T>;
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}

function isRecord(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

/**
 * Field names of the answer are data: made own keys (`out[key] = ...` with '__proto__' would
 * set the prototype instead).
 */
function readFields(v: unknown): Record<string, string[]> {
  if (!isRecord(v)) return {};
  const out = new Map<string, string[]>();
  for (const [key, messages] of Object.entries(v)) {
    const list = (Array.isArray(messages) ? messages : [messages]).filter(
      (m): m is string => typeof m === 'string' && m.length > 0,
    );
    if (list.length > 0) out.set(key, list);
  }
  return Object.fromEntries(out);
}

/**
 * The error a non-OK response stands for: message is the server's `message`, else its
 * `error`, else the body text, else a generic text with the status.
 */
export function errorFromResponse(status: number, text: string): ApiError {
  const body = parseJson(text);
  if (isRecord(body)) {
    const b = body as Partial<ApiErrorBody>;
    const message =
      (typeof b.message === 'string' && b.message) ||
      (typeof b.error === 'string' && b.error) ||
      text.trim() ||
      `Request failed with status ${status}`;
    const code = typeof b.code === 'string' && b.code ? b.code : `HTTP_${status}`;
    return new ApiError(status, code, message, readFields(b.fields));
  }
  return new ApiError(
    status,
    `HTTP_${status}`,
    text.trim() || `Request failed with status ${status}`,
  );
}

export function createApiClient(options: ApiClientOptions = {}): ApiClient {
  const baseUrl = options.baseUrl ?? '/api';
  const timeoutMs = options.timeoutMs ?? REQUEST_TIMEOUT_MS;

  async function request<T>(path: string, opts: RequestOptions = {}): Promise<T> {
    const headers: Record<string, string> = { Accept: 'application/json' };
    if (opts.body !== undefined) headers['Content-Type'] = 'application/json';
    if (!opts.anonymous && options.getToken) {
      const token = await options.getToken();
      if (token) headers.Authorization = `Bearer ${token}`;
    }

    const controller = new AbortController();
    let timedOut = false;
    const timer = setTimeout(() => {
      timedOut = true;
      controller.abort();
    }, timeoutMs);
    const onOuterAbort = () => controller.abort();
    opts.signal?.addEventListener('abort', onOuterAbort);

    try {
      let response: Response;
      try {
        response = await fetch(`${baseUrl}${path}`, {
          method: opts.method ?? 'GET',
          headers,
          body: opts.body === undefined ? undefined : JSON.stringify(opts.body),
          signal: controller.signal,
          credentials: 'same-origin',
        });
      } catch (err) {
        if (timedOut) throw new ApiError(0, 'TIMEOUT', TIMEOUT_MESSAGE);
        if (opts.signal?.aborted) throw err;
        throw new ApiError(0, 'NETWORK_ERROR', NETWORK_ERROR_MESSAGE);
      }
      const text = await response.text();
      if (!response.ok) throw errorFromResponse(response.status, text);
      if (response.status === 204 || text.length === 0) return undefined as T;
      const data = parseJson(text);
      if (data === undefined) {
        throw new ApiError(
          response.status,
          'BAD_RESPONSE',
          'The server sent an unreadable response.',
        );
      }
      return data as T;
    } catch (err) {
      if (timedOut && !(err instanceof ApiError)) throw new ApiError(0, 'TIMEOUT', TIMEOUT_MESSAGE);
      throw err;
    } finally {
      clearTimeout(timer);
      opts.signal?.removeEventListener('abort', onOuterAbort);
    }
  }

  return {
    request,
    get: (path, o) => request(path, { ...o, method: 'GET' }),
    post: (path, body) => request(path, { method: 'POST', body }),
    put: (path, body) => request(path, { method: 'PUT', body }),
    delete: (path) => request(path, { method: 'DELETE' }),
  };
}
