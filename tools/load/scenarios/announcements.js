// GET /api/announcements as a signed-in learner (learner spec §2 Updates): the read the
// gateway-overhead benchmark measures (gateway -> NATS -> announcements service -> database).
import { headers, isObject, json, trimBase } from './http.js';

/** @typedef {import('./http.js').LoadRequest} LoadRequest */
/** @typedef {import('./http.js').Checks} Checks */

const DATE = /^\d{4}-\d{2}-\d{2}$/;

/**
 * @param {string} baseUrl  where the API is served, e.g. https://app.example.com (no /api)
 * @param {string | null} token  a learner's access token
 * @returns {LoadRequest}
 */
export function announcementsRequest(baseUrl, token) {
  return {
    name: 'announcements',
    method: 'GET',
    url: `${trimBase(baseUrl)}/api/announcements`,
    headers: headers(token),
    body: null,
  };
}

/** @param {unknown} a */
const isAnnouncement = (a) =>
  isObject(a) &&
  typeof a.id === 'string' &&
  typeof a.content === 'string' &&
  typeof a.isVisible === 'boolean' &&
  typeof a.order === 'number' &&
  typeof a.date === 'string' &&
  DATE.test(a.date);

/** @type {Checks} */
export const announcementsChecks = {
  'announcements: status is 200': (r) => r.status === 200,
  'announcements: a list of announcements': (r) => {
    const list = json(r);
    return Array.isArray(list) && list.every(isAnnouncement);
  },
  // non-admins see visible announcements only
  'announcements: only visible ones': (r) => {
    const list = json(r);
    return Array.isArray(list) && list.every((a) => isObject(a) && a.isVisible === true);
  },
};
