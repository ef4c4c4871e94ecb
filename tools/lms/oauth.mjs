// The OAuth 2 side: the token endpoint (client credentials with a JWT client assertion, RFC 7523,
// as LTI Security Framework 1.0 asks), the bearer check of every service call, and the
// verification of JWTs that tools sign (client assertions, deep linking responses) against the
// tool's registered JWKS URL.
import { SignJWT, createRemoteJWKSet, decodeJwt, jwtVerify } from 'jose';
import { HttpError, readForm, sendJson } from './http.mjs';
import { CLIENT_ASSERTION_TYPE } from './lti.mjs';
import { opaqueId, toolByClientId } from './launch.mjs';

/** Access tokens live one hour (the lifetime the LTI Security Framework's examples use). */
export const ACCESS_TOKEN_SECONDS = 60 * 60;
/** Refetch a tool's JWKS on an unknown kid at most this often (jose's cooldown). */
const JWKS_COOLDOWN_MS = 1000;
const ACCESS_TOKEN_TYPE = 'at+jwt';

/** The tool that signed `jwt` (its `iss` is the client_id), or a 401 naming why not. */
export function signerOf(lms, jwt, what) {
  let iss;
  try {
    iss = decodeJwt(jwt).iss;
  } catch {
    throw new HttpError(400, 'invalid_request', `${what} is not a JWT`);
  }
  const tool = toolByClientId(lms, iss);
  if (!tool)
    throw new HttpError(
      401,
      'invalid_client',
      `${what}: iss "${iss ?? ''}" is no registered client_id`,
    );
  return tool;
}

/** The tool's JWKS (fetched from its jwks_uri, cached, refetched on an unknown kid). */
function toolKeySet(lms, tool) {
  let keys = lms.jwksCache.get(tool.jwksUri);
  if (!keys) {
    keys = createRemoteJWKSet(new URL(tool.jwksUri), { cooldownDuration: JWKS_COOLDOWN_MS });
    lms.jwksCache.set(tool.jwksUri, keys);
  }
  return keys;
}

/** Verifies a tool-signed JWT (RS256, the tool's JWKS, iss = client_id, aud, exp); its payload. */
export async function verifyToolJwt(lms, tool, jwt, { audience, subject, what }) {
  try {
    const { payload } = await jwtVerify(jwt, toolKeySet(lms, tool), {
      algorithms: ['RS256'],
      issuer: tool.clientId,
      audience,
      subject,
      requiredClaims: ['exp', 'iat'],
    });
    return payload;
  } catch (e) {
    throw new HttpError(401, 'invalid_client', `${what} refused: ${e.code ?? 'ERR'} ${e.message}`);
  }
}

/** POST /token: client_credentials with a client_assertion -> a bearer token for the scopes. */
export async function tokenEndpoint(lms, req, res) {
  const p = await readForm(req);
  if (p.grant_type !== 'client_credentials') {
    throw new HttpError(400, 'unsupported_grant_type', 'grant_type must be "client_credentials"');
  }
  if (p.client_assertion_type !== CLIENT_ASSERTION_TYPE) {
    throw new HttpError(
      400,
      'invalid_request',
      `client_assertion_type must be "${CLIENT_ASSERTION_TYPE}"`,
    );
  }
  if (!p.client_assertion)
    throw new HttpError(400, 'invalid_request', 'client_assertion is required');
  const tool = signerOf(lms, p.client_assertion, 'client_assertion');
  const claims = await verifyToolJwt(lms, tool, p.client_assertion, {
    // RFC 7523: the token endpoint URL; the issuer is accepted too (some tools send it)
    audience: [lms.urls.token, lms.issuer],
    subject: tool.clientId,
    what: 'client_assertion',
  });
  if (typeof claims.jti !== 'string' || claims.jti === '') {
    throw new HttpError(401, 'invalid_client', 'client_assertion: jti is required');
  }
  const replayKey = `${tool.clientId} ${claims.jti}`;
  if (lms.usedJtis.has(replayKey)) {
    throw new HttpError(401, 'invalid_client', 'client_assertion: jti was used before (replay)');
  }
  lms.usedJtis.set(replayKey, /** @type {number} */ (claims.exp) * 1000);
  const allowed = tool.scopes;
  const asked = String(p.scope ?? '')
    .split(' ')
    .filter(Boolean);
  const granted = asked.filter((s) => allowed.includes(s));
  if (asked.length === 0 || granted.length === 0) {
    throw new HttpError(
      400,
      'invalid_scope',
      `none of the scopes "${p.scope ?? ''}" is granted to this tool`,
    );
  }
  const now = Math.floor(Date.now() / 1000);
  const accessToken = await new SignJWT({ scope: granted.join(' '), client_id: tool.clientId })
    .setProtectedHeader({ alg: 'RS256', typ: ACCESS_TOKEN_TYPE, kid: lms.signingKey.kid })
    .setIssuer(lms.issuer)
    .setSubject(tool.clientId)
    .setAudience(lms.urls.token)
    .setJti(opaqueId())
    .setIssuedAt(now)
    .setExpirationTime(now + ACCESS_TOKEN_SECONDS)
    .sign(lms.signingKey.privateKey);
  sendJson(res, 200, {
    access_token: accessToken,
    token_type: 'Bearer',
    expires_in: ACCESS_TOKEN_SECONDS,
    scope: granted.join(' '),
  });
}

/**
 * The caller of a service: a valid bearer token (401 otherwise) that carries one of `anyOf`
 * (403 otherwise). Returns the tool and the token's scopes.
 */
export async function requireScope(lms, req, anyOf) {
  const m = /^Bearer\s+(\S+)$/i.exec(String(req.headers.authorization ?? ''));
  const challenge = (error) => ({
    'www-authenticate': `Bearer realm="${lms.issuer}", error="${error}"`,
  });
  if (!m)
    throw new HttpError(
      401,
      'invalid_token',
      'a bearer token is required',
      challenge('invalid_token'),
    );
  let payload;
  try {
    ({ payload } = await jwtVerify(m[1], lms.signingKey.publicKey, {
      algorithms: ['RS256'],
      issuer: lms.issuer,
      audience: lms.urls.token,
      typ: ACCESS_TOKEN_TYPE,
    }));
  } catch (e) {
    throw new HttpError(
      401,
      'invalid_token',
      `bearer token refused: ${e.message}`,
      challenge('invalid_token'),
    );
  }
  const tool = toolByClientId(lms, payload.sub);
  if (!tool)
    throw new HttpError(
      401,
      'invalid_token',
      "the token's tool is no longer registered",
      challenge('invalid_token'),
    );
  const scopes = String(payload.scope ?? '').split(' ');
  if (!anyOf.some((s) => scopes.includes(s))) {
    throw new HttpError(
      403,
      'insufficient_scope',
      `needs one of the scopes: ${anyOf.join(', ')}`,
      challenge('insufficient_scope'),
    );
  }
  return { tool, scopes };
}
