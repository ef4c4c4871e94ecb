// Test hooks under /_test (this server only runs on the dev and test profiles): read and reset
// the state, register tools and place links without the pages, start a launch without a click,
// and forge id_tokens for the tool's security tests (a key outside the JWKS, no signature, claims
// changed or left out, expired).
import { SignJWT, UnsecuredJWT, exportSPKI } from 'jose';
import { HttpError, readJson, sendJson } from './http.mjs';
import {
  idTokenPayload,
  launchClaims,
  rememberDeepLinking,
  resolveLaunch,
  signPayload,
  startLaunch,
  toolByClientId,
} from './launch.mjs';
import { lineItemJson, createLineItem, lineItemFields } from './ags.mjs';
import { platformDetails, registerTool } from './registration.mjs';
import { COURSES, MEMBERS, courseById } from './seed.mjs';

/** The tool a hook names, or the only one registered. */
function toolOf(lms, clientId) {
  const tools = lms.store.state.tools;
  const tool = clientId ? toolByClientId(lms, clientId) : tools.length === 1 ? tools[0] : undefined;
  if (!tool)
    throw new HttpError(
      400,
      'invalid_request',
      `name a registered clientId (got "${clientId ?? ''}")`,
    );
  return tool;
}

export function testState(lms, req, res) {
  const s = lms.store.state;
  sendJson(res, 200, {
    issuer: lms.issuer,
    platformGuid: s.platformGuid,
    urls: {
      ...lms.urls,
      lineItems: lms.urls.lineItems('<context>'),
      memberships: lms.urls.memberships('<context>'),
    },
    courses: COURSES,
    members: MEMBERS,
    tools: s.tools,
    links: s.links,
    lineItems: s.lineItems.map((li) => ({ ...li, url: lineItemJson(lms, li).id })),
    scores: s.scores,
  });
}

export function testReset(lms, req, res) {
  lms.store.reset();
  for (const m of [
    lms.pending,
    lms.deepLinking,
    lms.registrationTokens,
    lms.usedJtis,
    lms.usedNonces,
  ])
    m.clear();
  sendJson(res, 200, { reset: true });
}

export async function testRegisterTool(lms, req, res) {
  const b = await readJson(req);
  const tool = registerTool(
    lms,
    { ...b, targetLinkUri: b.targetLinkUri ?? b.redirectUris?.[0] },
    'test hook',
  );
  sendJson(res, 201, { tool, platform: platformDetails(lms, tool) });
}

export async function testPlaceLink(lms, req, res) {
  const b = await readJson(req);
  const tool = toolOf(lms, b.clientId);
  const course = courseById(b.context);
  if (!course) throw new HttpError(400, 'invalid_request', `no course "${b.context ?? ''}"`);
  if (typeof b.title !== 'string' || b.title === '')
    throw new HttpError(400, 'invalid_request', 'title is required');
  const lineItem =
    b.lineItem && lineItemFields(lms, course.id, tool.clientId, { label: b.title, ...b.lineItem });
  const link = {
    id: `link-${lms.store.next('link')}`,
    contextId: course.id,
    clientId: tool.clientId,
    title: b.title,
    ...(b.url ? { url: b.url } : {}),
    custom: b.custom ?? {},
    createdAt: new Date().toISOString(),
  };
  lms.store.state.links.push(link);
  const li = lineItem
    ? createLineItem(lms, course.id, tool.clientId, { ...lineItem, resourceLinkId: link.id })
    : undefined;
  lms.store.save();
  sendJson(res, 201, { link, ...(li ? { lineItem: lineItemJson(lms, li) } : {}) });
}

export async function testLaunchUrl(lms, req, res) {
  const b = await readJson(req);
  const { url, hint } = startLaunch(lms, {
    sub: b.sub,
    contextId: b.context,
    linkId: b.resourceLinkId,
    clientId: b.resourceLinkId ? undefined : toolOf(lms, b.clientId).clientId,
    messageType: b.messageType,
  });
  sendJson(res, 200, { url, ltiMessageHint: hint });
}

/** The keys a forged id_token may be signed with (`signWith`). */
async function forge(lms, payload, signWith) {
  switch (signWith ?? 'platform') {
    case 'platform':
      return signPayload(payload, lms.signingKey);
    // a key outside the JWKS under its own kid: the tool finds no key for it
    case 'stranger':
      return signPayload(payload, lms.stranger);
    // a key outside the JWKS under the platform's kid: the tool's signature check must fail
    case 'stranger-same-kid':
      return signPayload(payload, { kid: lms.signingKey.kid, privateKey: lms.stranger.privateKey });
    // alg "none": no signature at all
    case 'none':
      return new UnsecuredJWT(payload).encode();
    // HS256 keyed with the platform's public key in PEM (the algorithm confusion attack)
    case 'hs256-public-key':
      return new SignJWT(payload)
        .setProtectedHeader({ alg: 'HS256', typ: 'JWT', kid: lms.signingKey.kid })
        .sign(new TextEncoder().encode(await exportSPKI(lms.signingKey.publicKey)));
    default:
      throw new HttpError(
        400,
        'invalid_request',
        `signWith: platform, stranger, stranger-same-kid, none or hs256-public-key`,
      );
  }
}

/**
 * POST /_test/id-token: a launch's id_token without the browser. A deep linking one registers its
 * data, so the tool's response to it is accepted like one of a real launch.
 */
export async function testIdToken(lms, req, res) {
  const b = await readJson(req);
  const launch = resolveLaunch(lms, {
    sub: b.sub,
    contextId: b.context,
    linkId: b.resourceLinkId,
    clientId: b.resourceLinkId ? undefined : toolOf(lms, b.clientId).clientId,
    messageType: b.messageType,
  });
  const claims = launchClaims(lms, launch);
  rememberDeepLinking(lms, claims, launch);
  const payload = {
    ...idTokenPayload(lms, claims, {
      clientId: launch.tool.clientId,
      nonce: b.nonce,
      expiresInSeconds: b.expiresInSeconds,
    }),
    ...b.overrides,
  };
  for (const name of b.omit ?? []) delete payload[name];
  sendJson(res, 200, { id_token: await forge(lms, payload, b.signWith), claims: payload });
}
