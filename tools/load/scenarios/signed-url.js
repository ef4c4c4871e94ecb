// GET /api/getSignedUrl?path= as a signed-in user (learner spec §4, §7; admin spec §7): what the
// test screens, the review and the question editor ask for every image and video. The answer is
// {signedUrl, expiresAt}; a learner gets one for a question image of one of their own tests, an
// admin for any path (ADR 0020 §3).
import { headers, isObject, json, trimBase } from './http.js';

/** @typedef {import('./http.js').LoadRequest} LoadRequest */
/** @typedef {import('./http.js').Checks} Checks */

/**
 * @param {string} baseUrl
 * @param {string | null} token
 * @param {string} path  e.g. Images/AB12-que.png
 * @returns {LoadRequest}
 */
export function signedUrlRequest(baseUrl, token, path) {
  return {
    name: 'getSignedUrl',
    method: 'GET',
    url: `${trimBase(baseUrl)}/api/getSignedUrl?path=${encodeURIComponent(path)}`,
    headers: headers(token),
    body: null,
  };
}

/**
 * The checks of one answer: 200 with a signed URL for the path asked.
 * @param {string} path
 * @returns {Checks}
 */
export function signedUrlChecks(path) {
  return {
    'getSignedUrl: status is 200': (r) => r.status === 200,
    'getSignedUrl: a signed URL of the path and its expiry': (r) => {
      const b = json(r);
      return (
        isObject(b) &&
        typeof b.signedUrl === 'string' &&
        b.signedUrl.includes(path) &&
        typeof b.expiresAt === 'string'
      );
    },
  };
}

/**
 * The first question of a test view (GET /api/tests/{id}) and its image path.
 * @param {unknown} testView
 * @returns {string | null}
 */
export function questionImagePathOf(testView) {
  if (!isObject(testView) || !Array.isArray(testView.questions)) return null;
  const first = testView.questions[0];
  return isObject(first) && typeof first.qid === 'string' ? `Images/${first.qid}-que.png` : null;
}
