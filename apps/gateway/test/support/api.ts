// One way for the integration specs to call the running gateway of the TEST profile:
// `call(method, path, { who, body })` answers `{ status, body }`. Callers are the seeded users
// (their tokens come from Keycloak once and are reused while fresh), an account a test made
// (its email and password) or any bearer token as is (forged, another client's, a test token).
import {
  decodeJwt,
  getToken,
  infraConfig,
  type SeededUserKey,
  seededUsers,
} from '@examprep/test-kit';

/** The gateway the test system runs (tools/infra/infra.config.json, test profile). */
export const gatewayUrl = infraConfig('test').gatewayUrl;

/** An account a test made itself (e.g. with createRealmUser). */
export interface Credentials {
  email: string;
  password: string;
}
/** Who calls: nobody (no Authorization header), a seeded user, or another account. */
export type Who = 'anonymous' | SeededUserKey | Credentials;

/** A token closer than this to its expiry is fetched again (the realm gives 5 minutes). */
const REFRESH_BEFORE_S = 30;
const tokens = new Map<string, Promise<string>>();

function isFresh(token: string): boolean {
  if (!token) return false;
  const exp = decodeJwt(token).payload.exp;
  return exp === undefined || exp - REFRESH_BEFORE_S > Date.now() / 1000;
}

/** An access token of a seeded user or of an account a test made (password grant, cached). */
export async function tokenFor(who: SeededUserKey | Credentials): Promise<string> {
  const { email, password } = typeof who === 'string' ? seededUsers[who] : who;
  let token = tokens.get(email);
  if (!token || !isFresh(await token.catch(() => ''))) {
    token = getToken({ username: email, password }).then((t) => t.access_token);
    tokens.set(email, token);
  }
  return token;
}

/** The Keycloak user id (`sub`) of a caller's token. */
export async function uidFor(who: SeededUserKey | Credentials): Promise<string> {
  const sub = decodeJwt(await tokenFor(who)).payload.sub;
  if (!sub) throw new Error('the token has no sub claim');
  return sub;
}

export interface CallOptions {
  /** Default: anonymous. */
  who?: Who;
  /** A bearer token sent as is; wins over `who`. */
  token?: string;
  /** Sent as JSON. */
  body?: unknown;
  /** A request body sent as is (application/json unless `headers` name another type). */
  raw?: string;
  /** More request headers (content-type, x-forwarded-for, ...); undefined ones are not sent. */
  headers?: Record<string, string | undefined>;
  /** Another gateway (an in-process one) instead of the test system's. */
  url?: string;
}

export interface Answer<T> {
  status: number;
  /** Parsed JSON; the text when it is not JSON; null when empty or an event stream. */
  body: T;
}

/** `call()`'s answer with the response headers and the raw text. */
export interface FullAnswer<T> extends Answer<T> {
  headers: Headers;
  text: string;
}

/** Like `call()`, and also hands back the response headers and the raw text. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- answers are arbitrary JSON read by expect()
export async function exchange<T = any>(
  method: string,
  path: string,
  { who = 'anonymous', token, body, raw, headers: extra = {}, url = gatewayUrl }: CallOptions = {},
): Promise<FullAnswer<T>> {
  const headers: Record<string, string> = {};
  const bearer = token ?? (who === 'anonymous' ? undefined : await tokenFor(who));
  if (bearer) headers.authorization = `Bearer ${bearer}`;
  const payload = raw ?? (body === undefined ? undefined : JSON.stringify(body));
  if (payload !== undefined) headers['content-type'] = 'application/json';
  for (const [name, value] of Object.entries(extra)) {
    if (value !== undefined) headers[name.toLowerCase()] = value;
  }
  const controller = new AbortController();
  const res = await fetch(`${url}${path}`, {
    method,
    headers,
    body: payload,
    signal: controller.signal,
  });
  // an event stream (GET /api/me/events) stays open: its status is the answer
  if (res.headers.get('content-type')?.startsWith('text/event-stream')) {
    controller.abort();
    return { status: res.status, body: null as T, headers: res.headers, text: '' };
  }
  const text = await res.text();
  return { status: res.status, body: parse(text) as T, headers: res.headers, text };
}

/** Calls the gateway as `who` and answers `{ status, body }`. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- answers are arbitrary JSON read by expect()
export async function call<T = any>(
  method: string,
  path: string,
  options: CallOptions = {},
): Promise<Answer<T>> {
  const { status, body } = await exchange<T>(method, path, options);
  return { status, body };
}

function parse(text: string): unknown {
  if (!text) return null;
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}
