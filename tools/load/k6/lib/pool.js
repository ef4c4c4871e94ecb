// The token pool of a k6 run (tools/load/scenarios/pool.js builds the requests): setup() mints
// POOL_SIZE verified learners in the TEST or STAGING realm, gives each its user document and the
// journey's product, and teardown() removes them; each VU signs in as its own pool learner
// (password grant) and renews its token before it expires. Environment:
//   KEYCLOAK_URL, REALM                         the realm's Keycloak (no /realms)
//   ADMIN_CLIENT_ID, ADMIN_CLIENT_SECRET        a service account allowed to manage users
//   TOKEN_CLIENT_ID, [TOKEN_CLIENT_SECRET]      a client with Direct Access Grants (the product
//                                               realm has none on purpose, ADR 0014)
//   ADMIN_TOKEN, or ADMIN_USERNAME + ADMIN_PASSWORD   an admin of the web app (grants the
//                                               product; the admin scenario browses as it)
//   POOL_SIZE (20)
import http from 'k6/http';
import { JOURNEY_PRODUCT } from '../../scenarios/journey.js';
import {
  createUserRequest,
  deleteUserRequest,
  grantRequest,
  learnerTokenRequest,
  poolUser,
  serviceTokenRequest,
  userDocumentRequest,
  userIdFromLocation,
} from '../../scenarios/pool.js';
import { numberEnv } from './profile.js';

/** @typedef {import('../../scenarios/pool.js').PoolConfig} PoolConfig */
/** @typedef {import('../../scenarios/http.js').LoadRequest} LoadRequest */
/** @typedef {{ id: string, email: string, password: string }} PoolMember */

/** @param {string} name */
function required(name) {
  const v = __ENV[name];
  if (!v) throw new Error(`set ${name} for the token pool (see tools/load/README.md)`);
  return v;
}

/** @returns {PoolConfig} */
export function poolConfig() {
  return {
    keycloakUrl: required('KEYCLOAK_URL'),
    realm: required('REALM'),
    adminClientId: required('ADMIN_CLIENT_ID'),
    adminClientSecret: required('ADMIN_CLIENT_SECRET'),
    tokenClientId: required('TOKEN_CLIENT_ID'),
    tokenClientSecret: __ENV.TOKEN_CLIENT_SECRET || undefined,
  };
}

/**
 * Sends a pool request (tag name:token or pool-*, outside the groups' thresholds).
 * @param {LoadRequest} r
 */
const sendPool = (r) =>
  http.request(r.method, r.url, r.body, { headers: r.headers, tags: { name: r.name } });

/**
 * @param {LoadRequest} r
 * @returns {{ access_token: string, expires_in: number }}
 */
function token(r) {
  const res = sendPool(r);
  if (res.status !== 200)
    throw new Error(`the token endpoint answered ${res.status}: ${String(res.body)}`);
  const b = /** @type {{ access_token?: unknown, expires_in?: unknown }} */ (res.json());
  if (typeof b.access_token !== 'string')
    throw new Error('the token endpoint sent no access_token');
  return {
    access_token: b.access_token,
    expires_in: typeof b.expires_in === 'number' ? b.expires_in : 60,
  };
}

/** @param {PoolConfig} c */
const serviceToken = (c) => token(serviceTokenRequest(c)).access_token;

/** The web app admin's token: ADMIN_TOKEN, or a password grant of ADMIN_USERNAME. */
export function adminToken() {
  if (__ENV.ADMIN_TOKEN) return __ENV.ADMIN_TOKEN;
  return token(
    learnerTokenRequest(poolConfig(), {
      email: required('ADMIN_USERNAME'),
      password: required('ADMIN_PASSWORD'),
    }),
  ).access_token;
}

/**
 * setup(): mints the pool. Removes what it made when a step fails.
 * @param {string} baseUrl
 * @returns {PoolMember[]}
 */
export function mintPool(baseUrl) {
  const c = poolConfig();
  const size = numberEnv('POOL_SIZE', 20);
  const run = `${Date.now().toString(36)}${Math.floor(Math.random() * 1e6).toString(36)}`;
  /** @type {PoolMember[]} */
  const made = [];
  try {
    const service = serviceToken(c);
    for (let n = 0; n < size; n++) {
      const user = poolUser(run, n);
      const res = sendPool(createUserRequest(c, service, user));
      if (res.status !== 201)
        throw new Error(`creating ${user.email}: ${res.status} ${String(res.body)}`);
      made.push({ id: userIdFromLocation(res.headers.Location), ...user });
    }
    const admin = adminToken();
    for (const m of made) {
      const t = token(learnerTokenRequest(c, m)).access_token;
      const doc = sendPool(userDocumentRequest(baseUrl, t));
      if (doc.status >= 300) throw new Error(`create-user for ${m.email}: ${doc.status}`);
      const me = http.get(`${baseUrl}/api/me`, {
        headers: { Authorization: `Bearer ${t}` },
        tags: { name: 'pool-me' },
      });
      const uid = /** @type {{ uid?: unknown }} */ (me.json()).uid;
      if (typeof uid !== 'string') throw new Error(`/api/me of ${m.email}: ${me.status}`);
      const g = sendPool(grantRequest(baseUrl, admin, uid, JOURNEY_PRODUCT));
      if (g.status >= 300) throw new Error(`update-user-purchases for ${m.email}: ${g.status}`);
    }
  } catch (e) {
    removePool(made);
    throw e;
  }
  return made;
}

/**
 * teardown(): removes the pool's learners from the realm.
 * @param {PoolMember[]} members
 */
export function removePool(members) {
  const c = poolConfig();
  const service = serviceToken(c);
  for (const m of members) sendPool(deleteUserRequest(c, service, m.id));
}

/** @type {{ token: string, renewAt: number } | null} */
let current = null;

/**
 * This VU's token: pool member (VU - 1) mod POOL_SIZE, renewed before it expires.
 * @param {PoolMember[]} members
 */
export function poolToken(members) {
  if (current && Date.now() < current.renewAt) return current.token;
  const m = members[(__VU - 1) % members.length];
  const t = token(learnerTokenRequest(poolConfig(), m));
  current = { token: t.access_token, renewAt: Date.now() + t.expires_in * 800 };
  return current.token;
}
