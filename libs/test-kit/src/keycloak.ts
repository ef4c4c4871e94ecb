// Tokens from the local Keycloak for API tests: the password grant on the DEV/TEST-only
// `api-tests` client (the production `web` client refuses it).
import { infraConfig, type InfraProfile } from './config';
import { apiTestsClient, identityServiceClient } from './seeded';

export interface TokenResponse {
  access_token: string;
  expires_in: number;
  refresh_expires_in?: number;
  refresh_token?: string;
  id_token?: string;
  token_type: string;
  scope?: string;
  [key: string]: unknown;
}

export interface PasswordGrantRequest {
  username: string;
  password: string;
  /** Default: the `api-tests` client of the dev overlay. */
  clientId?: string;
  /** Default: the `api-tests` secret when clientId is api-tests; none (public client) otherwise. */
  clientSecret?: string;
  scope?: string;
  profile?: InfraProfile;
}

export interface GrantResult {
  status: number;
  body: Record<string, unknown>;
}

/** Pure: the form body of a token request. */
export function tokenRequestBody(params: Record<string, string | undefined>): URLSearchParams {
  const body = new URLSearchParams();
  for (const [k, v] of Object.entries(params)) if (v !== undefined) body.set(k, v);
  return body;
}

async function postToken(tokenUrl: string, body: URLSearchParams): Promise<GrantResult> {
  const res = await fetch(tokenUrl, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body,
  });
  const text = await res.text();
  let parsed: Record<string, unknown>;
  try {
    parsed = JSON.parse(text) as Record<string, unknown>;
  } catch {
    parsed = { raw: text };
  }
  return { status: res.status, body: parsed };
}

/** A password-grant request that does not throw: for tests of refusals. */
export async function passwordGrant(req: PasswordGrantRequest): Promise<GrantResult> {
  const cfg = infraConfig(req.profile ?? 'test');
  const defaults = apiTestsClient();
  const clientId = req.clientId ?? defaults.clientId;
  const clientSecret =
    req.clientSecret ?? (clientId === defaults.clientId ? defaults.clientSecret : undefined);
  return postToken(
    cfg.tokenUrl,
    tokenRequestBody({
      grant_type: 'password',
      client_id: clientId,
      client_secret: clientSecret,
      username: req.username,
      password: req.password,
      scope: req.scope ?? 'openid',
    }),
  );
}

function tokenOrThrow(what: string, r: GrantResult): TokenResponse {
  if (r.status !== 200 || typeof r.body.access_token !== 'string') {
    throw new Error(
      `${what} failed: HTTP ${r.status} ${r.body.error ?? ''} ${r.body.error_description ?? JSON.stringify(r.body)}`.trim(),
    );
  }
  return r.body as TokenResponse;
}

/** Tokens for a user via the password grant (default client: api-tests). Throws on refusal. */
export async function getToken(req: PasswordGrantRequest): Promise<TokenResponse> {
  return tokenOrThrow(`password grant for ${req.username}`, await passwordGrant(req));
}

/** Tokens of a confidential client's service account (client-credentials grant). */
export async function getClientToken(
  client: { clientId: string; clientSecret: string },
  profile: InfraProfile = 'test',
): Promise<TokenResponse> {
  const cfg = infraConfig(profile);
  const r = await postToken(
    cfg.tokenUrl,
    tokenRequestBody({
      grant_type: 'client_credentials',
      client_id: client.clientId,
      client_secret: client.clientSecret,
    }),
  );
  return tokenOrThrow(`client-credentials grant for ${client.clientId}`, r);
}

/**
 * Makes a verified, enabled account with a password through the Keycloak admin API (as the
 * identity service's service account, which may manage users) and returns its id. For tests
 * that need an account of their own (lockouts, a second learner).
 */
export async function createRealmUser(
  user: { email: string; password: string },
  profile: InfraProfile = 'test',
): Promise<string> {
  const cfg = infraConfig(profile);
  const { access_token } = await getClientToken(identityServiceClient(), profile);
  const res = await fetch(`${cfg.keycloakUrl}/admin/realms/${cfg.realm}/users`, {
    method: 'POST',
    headers: { authorization: `Bearer ${access_token}`, 'content-type': 'application/json' },
    body: JSON.stringify({
      username: user.email,
      email: user.email,
      enabled: true,
      emailVerified: true,
      credentials: [{ type: 'password', value: user.password, temporary: false }],
    }),
  });
  if (res.status !== 201)
    throw new Error(`creating ${user.email} in Keycloak: HTTP ${res.status} ${await res.text()}`);
  return res.headers.get('location')!.split('/').pop()!;
}
