import { type ApiErrorBody, nextCursorOfLink } from '@examprep/contracts/types';
import createClient from 'openapi-fetch';
import type { ApiCall, ApiMethod, ApiPageCall, CallOptions } from './api-paths';

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

export interface ApiClientOptions {
  /** Fresh access token, or null when signed out. Called before every request. */
  getToken?: () => Promise<string | null>;
  timeoutMs?: number;
}

/**
 * The gateway's API, typed by its OpenAPI document (openapi.generated.ts): `api.GET('/api/me')`,
 * `api.POST('/api/create-test', { body })`, `api.GET('/api/tests/{testId}', { params: { path:
 * { testId } } })`. Each call resolves to the success body, or undefined for an empty one, and
 * rejects with an ApiError (see `send`).
 */
export interface ApiClient {
  GET: ApiCall<'get'>;
  /**
   * A list route's page (ADR 0026): the success body and the cursor of the next page, read from
   * the answer's `Link: <...>; rel="next"` header (null on the last page).
   */
  GETPage: ApiPageCall;
  POST: ApiCall<'post'>;
  PUT: ApiCall<'put'>;
  PATCH: ApiCall<'patch'>;
  DELETE: ApiCall<'delete'>;
}

/**
 * A query string as an HTML form (URLSearchParams) writes it, for the calls that always sent
 * theirs that way (`course=TEAS+Math`); openapi-fetch's own writes `%20`. Unset values are left
 * out, in both.
 */
export function formQuery(query: Record<string, unknown>): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value !== undefined && value !== null && value !== '') params.set(key, String(value));
  }
  return params.toString();
}

/**
 * The transport of every call, the learner spec's rules in one place: a fresh bearer token
 * unless `anonymous`, the 15 s time-out, the network-error message, and an ApiError built from
 * the server's error body. openapi-fetch has built the request (URL, query, JSON body); it is
 * sent as the client always sent it: to the same-origin path, with plain headers.
 */
async function send(
  request: Request,
  call: CallOptions,
  options: Required<Pick<ApiClientOptions, 'timeoutMs'>> & ApiClientOptions,
): Promise<Response> {
  const body = request.method === 'GET' ? '' : await request.text();
  const headers: Record<string, string> = { Accept: 'application/json' };
  if (body !== '') headers['Content-Type'] = 'application/json';
  if (!call.anonymous && options.getToken) {
    const token = await options.getToken();
    if (token) headers.Authorization = `Bearer ${token}`;
  }

  const controller = new AbortController();
  let timedOut = false;
  const timer = setTimeout(() => {
    timedOut = true;
    controller.abort();
  }, call.timeoutMs ?? options.timeoutMs);
  const onOuterAbort = () => controller.abort();
  call.signal?.addEventListener('abort', onOuterAbort);

  try {
    const { pathname, search } = new URL(request.url);
    let response: Response;
    try {
      response = await fetch(`${pathname}${search}`, {
        method: request.method,
        headers,
        body: body === '' ? undefined : body,
        signal: controller.signal,
        credentials: 'same-origin',
      });
    } catch (err) {
      if (timedOut) throw new ApiError(0, 'TIMEOUT', TIMEOUT_MESSAGE);
      if (call.signal?.aborted) throw err;
      throw new ApiError(0, 'NETWORK_ERROR', NETWORK_ERROR_MESSAGE);
    }
    const text = await response.text();
    if (!response.ok) throw errorFromResponse(response.status, text);
    // the Link header (ADR 0026) is the one header a caller reads: the next page of a list
    const link = response.headers.get('link');
    return new Response(response.status === 204 ? null : text, {
      status: response.status,
      headers: link ? { link } : {},
    });
  } catch (err) {
    if (timedOut && !(err instanceof ApiError)) throw new ApiError(0, 'TIMEOUT', TIMEOUT_MESSAGE);
    throw err;
  } finally {
    clearTimeout(timer);
    call.signal?.removeEventListener('abort', onOuterAbort);
  }
}

/** A success body: undefined when empty (204 or no text), else its JSON (BAD_RESPONSE if none). */
function answerOf(text: string | undefined, status: number): unknown {
  if (text === undefined || text.length === 0) return undefined;
  const data = parseJson(text);
  if (data === undefined)
    throw new ApiError(status, 'BAD_RESPONSE', 'The server sent an unreadable response.');
  return data;
}

/**
 * openapi-fetch builds absolute URLs (a Request needs one outside a browser); `send` keeps only
 * the path, so requests stay same-origin as before.
 */
const ORIGIN = globalThis.location?.origin ?? 'http://localhost';

/**
 * What every operation looks like to the one implementation below: the callers are typed by
 * `ApiCall` (the document's paths); the implementation only forwards params and body.
 */
interface AnyOperation {
  parameters: { query?: Record<string, unknown>; path?: Record<string, unknown> };
  requestBody?: { content: { 'application/json': unknown } };
  responses: { 200: { content: { 'application/json': unknown } } };
}
type AnyPaths = Record<string, Record<ApiMethod, AnyOperation>>;
interface AnyInit extends CallOptions {
  params?: AnyOperation['parameters'];
  body?: unknown;
}

export function createApiClient(options: ApiClientOptions = {}): ApiClient {
  const settings = { ...options, timeoutMs: options.timeoutMs ?? REQUEST_TIMEOUT_MS };
  const client = createClient<AnyPaths>({ baseUrl: ORIGIN });

  const request = async (name: ApiMethod, path: string, init: AnyInit = {}) => {
    const { signal, anonymous, timeoutMs, ...rest } = init;
    // the body is read as text: `answerOf` parses it once, with the spec's BAD_RESPONSE
    const { data, response } = await client.request(name, path, {
      ...rest,
      parseAs: 'text',
      fetch: (req: Request) => send(req, { signal, anonymous, timeoutMs }, settings),
    });
    return { data: answerOf(data, response.status), response };
  };
  const call = (name: ApiMethod) =>
    async function (path: string, init?: AnyInit): Promise<unknown> {
      return (await request(name, path, init)).data;
    };
  const page = async (path: string, init?: AnyInit) => {
    const { data, response } = await request('get', path, init);
    return { data, next: nextCursorOfLink(response.headers.get('link')) };
  };

  // the one place the document's types meet the untyped transport: ApiCall takes only the
  // document's paths and options, and gives the document's success body for that path
  return {
    GET: call('get') as ApiCall<'get'>,
    GETPage: page as ApiPageCall,
    POST: call('post') as ApiCall<'post'>,
    PUT: call('put') as ApiCall<'put'>,
    PATCH: call('patch') as ApiCall<'patch'>,
    DELETE: call('delete') as ApiCall<'delete'>,
  };
}
