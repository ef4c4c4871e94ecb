import type {
  Client,
  ClientPathsWithMethod,
  MaybeOptionalInit,
  MethodResponse,
} from 'openapi-fetch';
import type { paths } from './openapi.generated';

/** The gateway's API as openapi-fetch sees it: every path, parameter, body and answer. */
export type ApiSchema = Client<paths, 'application/json'>;

/** The methods the web app calls. */
export type ApiMethod = 'get' | 'post' | 'put' | 'patch' | 'delete';

/** A path of the OpenAPI document that answers `M` (e.g. ApiPath<'get'> includes '/api/me'). */
export type ApiPath<M extends ApiMethod> = ClientPathsWithMethod<ApiSchema, M>;

/**
 * The success body of `M P`; `undefined` for a route that answers 204 without one (so an
 * `await` of it is not `never`).
 */
export type ApiAnswer<M extends ApiMethod, P extends ApiPath<M>> = [
  MethodResponse<ApiSchema, M, P>,
] extends [never]
  ? undefined
  : MethodResponse<ApiSchema, M, P>;

/** What a call adds to openapi-fetch's options: the caller's signal, and no token for public calls. */
export interface CallOptions {
  signal?: AbortSignal;
  /** Skip the bearer token (public calls such as GET /api/public-config). */
  anonymous?: boolean;
  /**
   * This call's time-out instead of the client's (15 s, learner spec §9): only for admin work
   * that is known to be long and shows its own progress (the user list's Refresh).
   */
  timeoutMs?: number;
}

type RequiredKeys<T> = { [K in keyof T]-?: object extends Pick<T, K> ? never : K }[keyof T];

/** The options argument: required when the route has a required parameter or body. */
type InitArgs<I> = [RequiredKeys<I>] extends [never] ? [(I & CallOptions)?] : [I & CallOptions];

/** One typed call: the path, params and body of the document; resolves to the success body. */
export type ApiCall<M extends ApiMethod> = <
  P extends ApiPath<M>,
  I extends MaybeOptionalInit<paths[P], M>,
>(
  path: P,
  ...init: InitArgs<I>
) => Promise<ApiAnswer<M, P>>;

/** A page of a list route (ADR 0026): its body and the next page's cursor (null at the end). */
export interface ApiPage<T> {
  data: T;
  next: string | null;
}

/** `api.GETPage`: a GET of the document, resolving to the body and the next cursor. */
export type ApiPageCall = <P extends ApiPath<'get'>, I extends MaybeOptionalInit<paths[P], 'get'>>(
  path: P,
  ...init: InitArgs<I>
) => Promise<ApiPage<ApiAnswer<'get', P>>>;

/**
 * A path of the document as a value, for what is not a call of the client (the SSE stream, a
 * file the browser downloads): a renamed or removed route stops compiling here.
 */
export const apiPath = <P extends keyof paths>(path: P): P => path;
