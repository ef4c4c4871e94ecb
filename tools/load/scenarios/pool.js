// The token pool of a load run: one verified test learner per virtual user, minted in the TEST
// (or staging) realm before the run and removed after it, so every virtual user sends its own
// token instead of one shared token. Plain ES module with no k6 and no Node imports: the k6
// script's setup()/teardown() (tools/load/k6/journey.js) and tools/load/run.mjs --base-url send
// the same Keycloak requests built here (run.mjs against the local system uses test-kit).
//   1. a service-account token (client credentials of a client allowed to manage users: the
//      identity service's client in the test realm)
//   2. POST /admin/realms/<realm>/users per learner (enabled, email verified, a password)
//   3. a learner token by password grant of a client with Direct Access Grants (the test
//      realm's api-tests client; the product realm has none, ADR 0014)
//   4. POST /api/create-user as the learner (its user document, as the web app does at first
//      sign-in), POST /api/update-user-purchases as an admin (the journey's product)
//   5. after the run: DELETE /admin/realms/<realm>/users/<id>
import { trimBase } from './http.js';

/** @typedef {import('./http.js').LoadRequest} LoadRequest */

/**
 * Where the pool is minted.
 * @typedef {object} PoolConfig
 * @property {string} keycloakUrl   e.g. http://127.0.0.1:8180 (no /realms)
 * @property {string} realm
 * @property {string} adminClientId     client credentials with manage-users
 * @property {string} adminClientSecret
 * @property {string} tokenClientId     a client with Direct Access Grants
 * @property {string} [tokenClientSecret]
 */

/** @param {Record<string, string>} form */
const formBody = (form) =>
  Object.keys(form)
    .map((k) => `${encodeURIComponent(k)}=${encodeURIComponent(form[k])}`)
    .join('&');

const FORM = { 'Content-Type': 'application/x-www-form-urlencoded', Accept: 'application/json' };

/** @param {PoolConfig} c */
const tokenUrl = (c) =>
  `${trimBase(c.keycloakUrl)}/realms/${encodeURIComponent(c.realm)}/protocol/openid-connect/token`;

/**
 * The service account's token (client credentials).
 * @param {PoolConfig} c
 * @returns {LoadRequest}
 */
export function serviceTokenRequest(c) {
  return {
    name: 'token',
    method: 'POST',
    url: tokenUrl(c),
    headers: FORM,
    body: formBody({
      grant_type: 'client_credentials',
      client_id: c.adminClientId,
      client_secret: c.adminClientSecret,
    }),
  };
}

/**
 * A learner's token (password grant).
 * @param {PoolConfig} c
 * @param {{ email: string, password: string }} user
 * @returns {LoadRequest}
 */
export function learnerTokenRequest(c, user) {
  /** @type {Record<string, string>} */
  const form = {
    grant_type: 'password',
    client_id: c.tokenClientId,
    username: user.email,
    password: user.password,
  };
  if (c.tokenClientSecret) form.client_secret = c.tokenClientSecret;
  return { name: 'token', method: 'POST', url: tokenUrl(c), headers: FORM, body: formBody(form) };
}

/**
 * Makes a verified learner with a password.
 * @param {PoolConfig} c
 * @param {string} adminToken  the service account's token
 * @param {{ email: string, password: string }} user
 * @returns {LoadRequest}
 */
export function createUserRequest(c, adminToken, user) {
  return {
    name: 'pool-create-user',
    method: 'POST',
    url: `${trimBase(c.keycloakUrl)}/admin/realms/${encodeURIComponent(c.realm)}/users`,
    headers: { Authorization: `Bearer ${adminToken}`, 'Content-Type': 'application/json' },
    body: JSON.stringify({
      username: user.email,
      email: user.email,
      enabled: true,
      emailVerified: true,
      credentials: [{ type: 'password', value: user.password, temporary: false }],
    }),
  };
}

/**
 * Removes a pool learner.
 * @param {PoolConfig} c
 * @param {string} adminToken
 * @param {string} userId  Keycloak's id (the last part of the Location of the create answer)
 * @returns {LoadRequest}
 */
export function deleteUserRequest(c, adminToken, userId) {
  return {
    name: 'pool-delete-user',
    method: 'DELETE',
    url: `${trimBase(c.keycloakUrl)}/admin/realms/${encodeURIComponent(c.realm)}/users/${encodeURIComponent(userId)}`,
    headers: { Authorization: `Bearer ${adminToken}` },
    body: null,
  };
}

/**
 * The learner's user document (POST /api/create-user, as the web app at first sign-in).
 * @param {string} baseUrl
 * @param {string} token
 * @returns {LoadRequest}
 */
export function userDocumentRequest(baseUrl, token) {
  return {
    name: 'pool-user-document',
    method: 'POST',
    url: `${trimBase(baseUrl)}/api/create-user`,
    headers: {
      Authorization: `Bearer ${token}`,
      'Content-Type': 'application/json',
      Accept: 'application/json',
    },
    body: '{}',
  };
}

/**
 * An admin grants the learner the journey's product (POST /api/update-user-purchases).
 * @param {string} baseUrl
 * @param {string} adminToken  a signed-in admin of the web app
 * @param {string} uid
 * @param {string} productId
 * @returns {LoadRequest}
 */
export function grantRequest(baseUrl, adminToken, uid, productId) {
  return {
    name: 'pool-grant',
    method: 'POST',
    url: `${trimBase(baseUrl)}/api/update-user-purchases`,
    headers: {
      Authorization: `Bearer ${adminToken}`,
      'Content-Type': 'application/json',
      Accept: 'application/json',
    },
    body: JSON.stringify({ uid, purchases: { [productId]: true } }),
  };
}

/**
 * The id of a created user from the Location header of the create answer.
 * @param {string | undefined | null} location
 */
export function userIdFromLocation(location) {
  const id = (location || '').split('/').pop() || '';
  if (!id) throw new Error('Keycloak answered the user creation without a Location');
  return id;
}

/**
 * The e-mail and password of pool learner n of run `run` (a short random label).
 * @param {string} run
 * @param {number} n
 */
export function poolUser(run, n) {
  return { email: `load-journey-${run}-${n}@examprep.test`, password: `Load-${run}-${n}-pw!` };
}
