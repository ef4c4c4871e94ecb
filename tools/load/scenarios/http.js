// What every scenario module shares: the request shape, the response shape its checks read,
// and a JSON reader. Plain ES module with no k6 and no Node imports, so the k6 scripts of
// tools/load/k6 (load testers) and the vegeta measurements of tools/load (ours) build the same
// requests and apply the same checks.

/**
 * One HTTP request of a scenario.
 * @typedef {object} LoadRequest
 * @property {string} name     short label: the k6 `name` tag, the vegeta attack name
 * @property {'GET' | 'POST' | 'DELETE'} method
 * @property {string} url      absolute URL
 * @property {Record<string, string>} headers
 * @property {string | null} body
 */

/**
 * What a check sees of a response (a k6 Response and a decoded vegeta result both fit).
 * @typedef {object} CheckedResponse
 * @property {number} status
 * @property {unknown} body    the response text (k6: string | ArrayBuffer | null)
 */

/**
 * Named predicates, in the shape k6's `check(res, checks)` takes.
 * @typedef {Record<string, (r: CheckedResponse) => boolean>} Checks
 */

/** @type {WeakMap<object, unknown>} */
const parsed = new WeakMap();
const INVALID = {};

/**
 * The response body parsed as JSON (once per response), or `undefined` when it is not JSON.
 * @param {CheckedResponse} r
 * @returns {unknown}
 */
export function json(r) {
  if (!parsed.has(r)) {
    let value = INVALID;
    if (typeof r.body === 'string') {
      try {
        value = JSON.parse(r.body);
      } catch {
        value = INVALID;
      }
    }
    parsed.set(r, value);
  }
  const v = parsed.get(r);
  return v === INVALID ? undefined : v;
}

/**
 * Headers of a request: JSON accepted, the bearer token when there is one.
 * @param {string | null | undefined} token
 * @param {Record<string, string>} [extra]
 * @returns {Record<string, string>}
 */
export function headers(token, extra = {}) {
  return {
    Accept: 'application/json',
    ...(token ? { Authorization: `Bearer ${token}` } : {}),
    ...extra,
  };
}

/**
 * `?a=1&b=2` (k6 has no URLSearchParams).
 * @param {Record<string, string | number>} params
 */
export function query(params) {
  const pairs = Object.keys(params).map(
    (k) => `${encodeURIComponent(k)}=${encodeURIComponent(String(params[k]))}`,
  );
  return pairs.length ? `?${pairs.join('&')}` : '';
}

/** @param {string} baseUrl */
export const trimBase = (baseUrl) => baseUrl.replace(/\/+$/, '');

/**
 * The names of the checks a response fails (empty: all pass).
 * @param {Checks} checks
 * @param {CheckedResponse} r
 * @returns {string[]}
 */
export function failedChecks(checks, r) {
  return Object.keys(checks).filter((name) => {
    try {
      return !checks[name](r);
    } catch {
      return true;
    }
  });
}

/**
 * @param {unknown} v
 * @returns {v is Record<string, unknown>}
 */
export const isObject = (v) => typeof v === 'object' && v !== null && !Array.isArray(v);
