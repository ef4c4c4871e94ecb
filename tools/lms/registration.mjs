// Tool registration, both ways a platform offers: by hand (an admin pastes the tool's URLs and
// copies the platform's back), and LTI Dynamic Registration 1.0 (the platform opens the tool's
// registration URL with its OpenID configuration and a one-time token; the tool POSTs its client
// metadata to the registration endpoint).
import { randomUUID } from 'node:crypto';
import { HttpError, readJson, sendJson } from './http.mjs';
import {
  ALL_SCOPES,
  LTI_VERSION,
  MESSAGE,
  PLATFORM_CONFIGURATION,
  PRODUCT_FAMILY_CODE,
  TOOL_CONFIGURATION,
} from './lti.mjs';
import { opaqueId } from './launch.mjs';

/** A registration token is good for one registration within this time. */
export const REGISTRATION_TOKEN_MS = 60 * 60 * 1000;

/** The LTI custom variables the platform substitutes (offered in its configuration). */
const VARIABLES = Object.freeze([
  'Context.id',
  'ResourceLink.id',
  'User.id',
  'Person.email.primary',
]);

const isHttpUrl = (v) => {
  try {
    return typeof v === 'string' && ['http:', 'https:'].includes(new URL(v).protocol);
  } catch {
    return false;
  }
};

/**
 * Validates and stores a tool; the platform picks its client_id (random) and its one deployment
 * (deploy-<n>). `fields`: name, initiateLoginUri, redirectUris, jwksUri, targetLinkUri,
 * deepLinkingUrl?, scopes?, customParameters?, domain?.
 */
export function registerTool(lms, fields, registeredVia) {
  const bad = (m) => new HttpError(400, 'invalid_client_metadata', m);
  if (typeof fields.name !== 'string' || fields.name.trim() === '')
    throw bad('a tool name is required');
  for (const k of ['initiateLoginUri', 'jwksUri', 'targetLinkUri']) {
    if (!isHttpUrl(fields[k])) throw bad(`${k} must be an http(s) URL (got "${fields[k] ?? ''}")`);
  }
  if (fields.deepLinkingUrl !== undefined && !isHttpUrl(fields.deepLinkingUrl)) {
    throw bad(`deepLinkingUrl must be an http(s) URL (got "${fields.deepLinkingUrl}")`);
  }
  if (
    !Array.isArray(fields.redirectUris) ||
    fields.redirectUris.length === 0 ||
    !fields.redirectUris.every(isHttpUrl)
  ) {
    throw bad('redirect URIs: one or more http(s) URLs');
  }
  const tool = {
    clientId: randomUUID(),
    deploymentId: `deploy-${lms.store.next('tool')}`,
    name: fields.name.trim(),
    initiateLoginUri: fields.initiateLoginUri,
    redirectUris: fields.redirectUris,
    jwksUri: fields.jwksUri,
    targetLinkUri: fields.targetLinkUri,
    ...(fields.deepLinkingUrl ? { deepLinkingUrl: fields.deepLinkingUrl } : {}),
    ...(fields.domain ? { domain: fields.domain } : {}),
    scopes: fields.scopes ?? [...ALL_SCOPES],
    customParameters: fields.customParameters ?? {},
    registeredVia,
    createdAt: new Date().toISOString(),
  };
  lms.store.state.tools.push(tool);
  lms.store.save();
  return tool;
}

/** The manual form's fields (tools/new) as registerTool's. */
export function manualFields(form) {
  const redirectUris = String(form.redirect_uris ?? '')
    .split(/\s+/)
    .filter(Boolean);
  return {
    name: form.name,
    initiateLoginUri: form.initiate_login_uri,
    redirectUris,
    jwksUri: form.jwks_uri,
    targetLinkUri: form.target_link_uri || redirectUris[0],
    deepLinkingUrl: form.deep_linking_url || undefined,
  };
}

/** Starts a dynamic registration: the URL the browser opens, with a fresh one-time token. */
export function dynamicRegistrationUrl(lms, toolRegistrationUrl) {
  if (!isHttpUrl(toolRegistrationUrl)) {
    throw new HttpError(400, 'invalid_request', `the tool registration URL must be an http(s) URL`);
  }
  const token = opaqueId();
  lms.registrationTokens.set(token, Date.now() + REGISTRATION_TOKEN_MS);
  const url = new URL(toolRegistrationUrl);
  url.searchParams.set('openid_configuration', lms.urls.openidConfiguration);
  url.searchParams.set('registration_token', token);
  return url.toString();
}

/** GET /.well-known/openid-configuration (LTI Dynamic Registration 1.0 §3.4). */
export function openidConfiguration(lms) {
  return {
    issuer: lms.issuer,
    authorization_endpoint: lms.urls.auth,
    registration_endpoint: lms.urls.register,
    jwks_uri: lms.urls.jwks,
    token_endpoint: lms.urls.token,
    token_endpoint_auth_methods_supported: ['private_key_jwt'],
    token_endpoint_auth_signing_alg_values_supported: ['RS256'],
    scopes_supported: ['openid', ...ALL_SCOPES],
    response_types_supported: ['id_token'],
    subject_types_supported: ['public'],
    id_token_signing_alg_values_supported: ['RS256'],
    claims_supported: [
      'iss',
      'aud',
      'sub',
      'iat',
      'exp',
      'nonce',
      'name',
      'given_name',
      'family_name',
      'email',
    ],
    [PLATFORM_CONFIGURATION]: {
      product_family_code: PRODUCT_FAMILY_CODE,
      version: LTI_VERSION,
      messages_supported: [
        { type: MESSAGE.resourceLink },
        { type: MESSAGE.deepLinking, placements: ['ContentArea'] },
      ],
      variables: [...VARIABLES],
    },
  };
}

/** POST /register: the tool's client metadata with the bearer registration token (once). */
export async function registrationEndpoint(lms, req, res) {
  const m = /^Bearer\s+(\S+)$/i.exec(String(req.headers.authorization ?? ''));
  const expiresAt = m ? lms.registrationTokens.get(m[1]) : undefined;
  if (!expiresAt || expiresAt < Date.now()) {
    throw new HttpError(
      401,
      'invalid_token',
      'the registration token is missing, unknown, expired or used',
    );
  }
  const body = await readJson(req);
  const bad = (msg) => new HttpError(400, 'invalid_client_metadata', msg);
  const config = body[TOOL_CONFIGURATION];
  if (!config || typeof config !== 'object')
    throw bad(`the claim ${TOOL_CONFIGURATION} is required`);
  if (typeof config.domain !== 'string' || config.domain === '')
    throw bad('tool configuration: domain is required');
  if (!isHttpUrl(config.target_link_uri))
    throw bad('tool configuration: target_link_uri must be an http(s) URL');
  if (!Array.isArray(config.messages)) throw bad('tool configuration: messages must be an array');
  if (!Array.isArray(body.redirect_uris)) throw bad('redirect_uris is required');
  const deepLinking = config.messages.find((msg) => msg && msg.type === MESSAGE.deepLinking);
  const asked =
    typeof body.scope === 'string' ? body.scope.split(' ').filter(Boolean) : [...ALL_SCOPES];
  const tool = registerTool(
    lms,
    {
      name: body.client_name || config.domain,
      initiateLoginUri: body.initiate_login_uri,
      redirectUris: body.redirect_uris,
      jwksUri: body.jwks_uri,
      targetLinkUri: config.target_link_uri,
      deepLinkingUrl: deepLinking?.target_link_uri || undefined,
      domain: config.domain,
      scopes: asked.filter((s) => ALL_SCOPES.includes(s)),
      customParameters: config.custom_parameters ?? {},
    },
    'dynamic',
  );
  // once only: the token is spent by the registration it carried
  lms.registrationTokens.delete(m[1]);
  sendJson(res, 200, {
    ...body,
    client_id: tool.clientId,
    scope: tool.scopes.join(' '),
    [TOOL_CONFIGURATION]: { ...config, deployment_id: tool.deploymentId },
  });
}

/** What the admin pastes into the tool after a manual registration. */
export function platformDetails(lms, tool) {
  return {
    issuer: lms.issuer,
    clientId: tool.clientId,
    deploymentId: tool.deploymentId,
    authEndpoint: lms.urls.auth,
    tokenEndpoint: lms.urls.token,
    jwksUrl: lms.urls.jwks,
  };
}
