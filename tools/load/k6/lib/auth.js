// The learner's access token for the k6 scripts, one of:
//   TOKEN=<access token>            e.g. from the admin's Users page (Generate & Copy Token);
//                                   it expires after the realm's access token lifespan (5 min)
//   TOKEN_URL, CLIENT_ID, [CLIENT_SECRET], LEARNER_USERNAME, LEARNER_PASSWORD
//                                   password grant against a client with Direct Access Grants
//                                   that the operator added to a STAGING realm (the product
//                                   realm has none, ADR 0014); each VU fetches its own token
//                                   and renews it before it expires.
import http from 'k6/http';

/** @type {{ token: string, renewAt: number } | null} */
let current = null;

/** @returns {string} */
export function accessToken() {
  if (__ENV.TOKEN) return __ENV.TOKEN;
  if (!__ENV.TOKEN_URL)
    throw new Error(
      'set TOKEN (a learner access token) or TOKEN_URL, CLIENT_ID, LEARNER_USERNAME and LEARNER_PASSWORD (see tools/load/README.md)',
    );
  if (current && Date.now() < current.renewAt) return current.token;
  /** @type {Record<string, string>} */
  const form = {
    grant_type: 'password',
    client_id: __ENV.CLIENT_ID || '',
    username: __ENV.LEARNER_USERNAME || '',
    password: __ENV.LEARNER_PASSWORD || '',
  };
  if (__ENV.CLIENT_SECRET) form.client_secret = __ENV.CLIENT_SECRET;
  const res = http.post(__ENV.TOKEN_URL, form, { tags: { name: 'token' } });
  if (res.status !== 200)
    throw new Error(`the token endpoint answered ${res.status}: ${String(res.body)}`);
  const body = /** @type {{ access_token?: unknown, expires_in?: unknown }} */ (res.json());
  if (typeof body.access_token !== 'string')
    throw new Error('the token endpoint sent no access_token');
  const lifetime = typeof body.expires_in === 'number' ? body.expires_in : 60;
  current = { token: body.access_token, renewAt: Date.now() + lifetime * 800 };
  return current.token;
}
