// LTI Core 1.3 launches from the platform's side: the OIDC third-party-initiated login (the
// browser is sent to the tool's login initiation URL), the authorization endpoint that answers
// the tool's authentication request with a signed id_token (form_post), and the id_token's claims.
import { randomBytes } from 'node:crypto';
import { SignJWT } from 'jose';
import { HttpError } from './http.mjs';
import {
  AGS_SCOPES,
  CLAIM,
  CONTEXT_ROLE,
  INSTITUTION_ROLE,
  LTI_VERSION,
  MESSAGE,
  PLATFORM_NAME,
  PRODUCT_FAMILY_CODE,
  SCOPE,
} from './lti.mjs';
import { courseById, memberBySub } from './seed.mjs';
import { escapeHtml } from './pages.mjs';

/** A pending launch waits this long for the tool's authentication request. */
export const PENDING_LAUNCH_MS = 10 * 60 * 1000;
/** id_token lifetime (LTI leaves it to the platform; minutes, not hours). */
export const ID_TOKEN_SECONDS = 5 * 60;

export const opaqueId = () => randomBytes(18).toString('base64url');

export function toolByClientId(lms, clientId) {
  return lms.store.state.tools.find((t) => t.clientId === clientId);
}

/** The member, course, tool (and link) of a launch, or a 400 naming what is unknown. */
export function resolveLaunch(lms, { sub, contextId, linkId, clientId, messageType }) {
  const link = linkId ? lms.store.state.links.find((l) => l.id === linkId) : undefined;
  if (linkId && !link) throw new HttpError(400, 'invalid_request', `no resource link "${linkId}"`);
  const context = link ? link.contextId : contextId;
  const course = courseById(context);
  if (!course) throw new HttpError(400, 'invalid_request', `no course "${context}"`);
  const member = memberBySub(sub);
  if (!member || !member.roles[course.id]) {
    throw new HttpError(400, 'invalid_request', `"${sub}" is not a member of ${course.id}`);
  }
  const tool = toolByClientId(lms, link ? link.clientId : clientId);
  if (!tool) throw new HttpError(400, 'invalid_request', `no tool with client_id "${clientId}"`);
  const type = messageType ?? (link ? MESSAGE.resourceLink : MESSAGE.deepLinking);
  if (type !== MESSAGE.resourceLink && type !== MESSAGE.deepLinking) {
    throw new HttpError(400, 'invalid_request', `unknown message type "${type}"`);
  }
  if (type === MESSAGE.resourceLink && !link) {
    throw new HttpError(400, 'invalid_request', 'a resource link launch needs a resource link');
  }
  return { member, course, tool, link, messageType: type };
}

/** Where a message of `type` goes: the link's URL, the tool's deep linking URL, its target. */
function targetOf(tool, link, type) {
  if (type === MESSAGE.resourceLink) return link.url || tool.targetLinkUri;
  return tool.deepLinkingUrl || tool.targetLinkUri;
}

/**
 * Starts the third-party-initiated login: remembers the launch under an opaque
 * lti_message_hint and returns the tool's login initiation URL (GET) with the OIDC parameters.
 */
export function startLaunch(lms, request) {
  const launch = resolveLaunch(lms, request);
  const hint = opaqueId();
  const targetLinkUri = targetOf(launch.tool, launch.link, launch.messageType);
  lms.pending.set(hint, {
    sub: launch.member.sub,
    contextId: launch.course.id,
    linkId: launch.link?.id,
    clientId: launch.tool.clientId,
    messageType: launch.messageType,
    targetLinkUri,
    expiresAt: Date.now() + PENDING_LAUNCH_MS,
  });
  const url = new URL(launch.tool.initiateLoginUri);
  url.searchParams.set('iss', lms.issuer);
  url.searchParams.set('login_hint', launch.member.sub);
  url.searchParams.set('target_link_uri', targetLinkUri);
  url.searchParams.set('lti_message_hint', hint);
  url.searchParams.set('client_id', launch.tool.clientId);
  url.searchParams.set('lti_deployment_id', launch.tool.deploymentId);
  return { url: url.toString(), hint };
}

/** The LTI claims of a launch (everything but iss, aud, iat, exp and nonce). */
export function launchClaims(lms, { member, course, tool, link, messageType }, extra = {}) {
  const scopes = tool.scopes;
  const agsScopes = AGS_SCOPES.filter((s) => scopes.includes(s));
  const lineItem = link && lms.store.state.lineItems.find((li) => li.resourceLinkId === link.id);
  const claims = {
    sub: member.sub,
    name: member.name,
    given_name: member.given_name,
    family_name: member.family_name,
    email: member.email,
    [CLAIM.messageType]: messageType,
    [CLAIM.version]: LTI_VERSION,
    [CLAIM.deploymentId]: tool.deploymentId,
    [CLAIM.targetLinkUri]: extra.targetLinkUri ?? targetOf(tool, link, messageType),
    [CLAIM.roles]: [
      CONTEXT_ROLE[member.roles[course.id]],
      INSTITUTION_ROLE[member.institutionRole],
    ],
    [CLAIM.context]: { id: course.id, label: course.label, title: course.title, type: course.type },
    [CLAIM.toolPlatform]: {
      guid: lms.store.state.platformGuid,
      name: PLATFORM_NAME,
      product_family_code: PRODUCT_FAMILY_CODE,
    },
    [CLAIM.launchPresentation]: {
      document_target: 'window',
      return_url: `${lms.issuer}/?returned=${encodeURIComponent(link ? link.id : course.id)}`,
    },
    // tool-wide custom parameters (dynamic registration), then the link's own
    [CLAIM.custom]: { ...tool.customParameters, ...link?.custom },
  };
  if (messageType === MESSAGE.resourceLink)
    claims[CLAIM.resourceLink] = { id: link.id, title: link.title };
  if (agsScopes.length > 0) {
    claims[CLAIM.ags] = {
      scope: agsScopes,
      lineitems: lms.urls.lineItems(course.id),
      ...(lineItem ? { lineitem: lms.urls.lineItem(course.id, lineItem.id) } : {}),
    };
  }
  if (scopes.includes(SCOPE.memberships)) {
    claims[CLAIM.nrps] = {
      context_memberships_url: lms.urls.memberships(course.id),
      service_versions: ['2.0'],
    };
  }
  if (messageType === MESSAGE.deepLinking) {
    const data = extra.deepLinkingData ?? opaqueId();
    claims[CLAIM.deepLinkingSettings] = {
      deep_link_return_url: lms.urls.deepLinkReturn,
      accept_types: ['ltiResourceLink'],
      accept_presentation_document_targets: ['iframe', 'window'],
      accept_multiple: true,
      auto_create: true,
      data,
    };
  }
  return claims;
}

/** The full id_token payload of a launch for `clientId`: the registered claims, then the LTI ones. */
export function idTokenPayload(
  lms,
  claims,
  { clientId, nonce, expiresInSeconds = ID_TOKEN_SECONDS },
) {
  const now = Math.floor(Date.now() / 1000);
  return {
    iss: lms.issuer,
    aud: clientId,
    azp: clientId,
    iat: now,
    exp: now + expiresInSeconds,
    nonce,
    ...claims,
  };
}

/** A JWT of `payload`, RS256 with `key` ({ kid, privateKey }) named in the header. */
export function signPayload(payload, key) {
  return new SignJWT(payload)
    .setProtectedHeader({ alg: 'RS256', typ: 'JWT', kid: key.kid })
    .sign(key.privateKey);
}

/** A deep linking request's `data`, so that the response that echoes it finds its course. */
export function rememberDeepLinking(lms, claims, launch) {
  const settings = claims[CLAIM.deepLinkingSettings];
  if (!settings) return;
  lms.deepLinking.set(settings.data, {
    clientId: launch.tool.clientId,
    contextId: launch.course.id,
    expiresAt: Date.now() + PENDING_LAUNCH_MS,
  });
}

/** OIDC authentication request parameters, each with the error a wrong value earns. */
function checkAuthRequest(lms, p) {
  const fail = (code, message) => {
    throw new HttpError(400, code, message);
  };
  if (
    !String(p.scope ?? '')
      .split(' ')
      .includes('openid')
  )
    fail('invalid_scope', 'scope must include "openid"');
  if (p.response_type !== 'id_token')
    fail('unsupported_response_type', 'response_type must be "id_token"');
  if (p.response_mode !== 'form_post') fail('invalid_request', 'response_mode must be "form_post"');
  if (p.prompt !== 'none') fail('invalid_request', 'prompt must be "none"');
  const tool = toolByClientId(lms, p.client_id);
  if (!tool) fail('unauthorized_client', `unknown client_id "${p.client_id ?? ''}"`);
  if (!tool.redirectUris.includes(p.redirect_uri)) {
    fail(
      'invalid_request',
      `redirect_uri "${p.redirect_uri ?? ''}" is not registered for this tool`,
    );
  }
  if (!p.nonce) fail('invalid_request', 'nonce is required');
  const pending = p.lti_message_hint ? lms.pending.get(p.lti_message_hint) : undefined;
  if (!pending || pending.expiresAt < Date.now()) {
    fail('invalid_request', 'lti_message_hint names no pending launch (unknown, used or expired)');
  }
  if (pending.sub !== p.login_hint)
    fail('login_required', 'login_hint is not the user of the pending launch');
  if (pending.clientId !== tool.clientId)
    fail('unauthorized_client', 'the pending launch is for another tool');
  return { tool, pending };
}

/** The authorization endpoint: checks the request, answers an auto-posting form to redirect_uri. */
export async function authorize(lms, params) {
  const { tool, pending } = checkAuthRequest(lms, params);
  lms.pending.delete(params.lti_message_hint);
  const launch = resolveLaunch(lms, { ...pending, clientId: tool.clientId });
  const claims = launchClaims(lms, launch, { targetLinkUri: pending.targetLinkUri });
  rememberDeepLinking(lms, claims, launch);
  const payload = idTokenPayload(lms, claims, { clientId: tool.clientId, nonce: params.nonce });
  const idToken = await signPayload(payload, lms.signingKey);
  return formPostPage(params.redirect_uri, { id_token: idToken, state: params.state ?? '' });
}

/** An HTML page that POSTs `fields` to `action` at once (the OIDC form_post response mode). */
export function formPostPage(action, fields) {
  const inputs = Object.entries(fields)
    .map(([k, v]) => `<input type="hidden" name="${escapeHtml(k)}" value="${escapeHtml(v)}">`)
    .join('');
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><link rel="icon" href="data:,"><title>Launching…</title></head>
<body><form method="post" action="${escapeHtml(action)}">${inputs}
<noscript><button type="submit">Continue to the tool</button></noscript></form>
<script>document.forms[0].submit();</script></body></html>`;
}
