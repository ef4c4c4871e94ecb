// GET /api/public-config, anonymous: what every visitor's browser asks first (the web app
// reads it at boot, before sign-in).
import { headers, isObject, json, trimBase } from './http.js';

/** @typedef {import('./http.js').LoadRequest} LoadRequest */
/** @typedef {import('./http.js').Checks} Checks */

/**
 * @param {string} baseUrl
 * @returns {LoadRequest}
 */
export function publicConfigRequest(baseUrl) {
  return {
    name: 'public-config',
    method: 'GET',
    url: `${trimBase(baseUrl)}/api/public-config`,
    headers: headers(null),
    body: null,
  };
}

/** @type {Checks} */
export const publicConfigChecks = {
  'public-config: status is 200': (r) => r.status === 200,
  'public-config: product name and identity provider': (r) => {
    const c = json(r);
    return (
      isObject(c) &&
      typeof c.productName === 'string' &&
      isObject(c.keycloak) &&
      typeof c.keycloak.url === 'string' &&
      typeof c.keycloak.realm === 'string' &&
      typeof c.keycloak.clientId === 'string'
    );
  },
};
