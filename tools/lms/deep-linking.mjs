// Deep Linking 2.0, platform side: the tool's LtiDeepLinkingResponse comes back as a form POST
// (field JWT) to the deep_link_return_url; the platform verifies it against the tool's JWKS and
// places one resource link per ltiResourceLink content item (and its line item, if it has one).
import { HttpError, readForm } from './http.mjs';
import { CLAIM, LTI_VERSION, MESSAGE } from './lti.mjs';
import { signerOf, verifyToolJwt } from './oauth.mjs';
import { createLineItem, lineItemFields } from './ags.mjs';

const isHttpUrl = (v) => {
  try {
    return ['http:', 'https:'].includes(new URL(v).protocol);
  } catch {
    return false;
  }
};

/** The verified claims of a deep linking response JWT, or a 400 naming the first fault. */
async function verifyResponse(lms, jwt) {
  if (!jwt) throw new HttpError(400, 'invalid_request', 'the form field JWT is missing');
  let tool;
  let claims;
  try {
    tool = signerOf(lms, jwt, 'deep linking response');
    claims = await verifyToolJwt(lms, tool, jwt, {
      audience: lms.issuer,
      what: 'deep linking response',
    });
  } catch (e) {
    if (e instanceof HttpError) throw new HttpError(400, e.code, e.message);
    throw e;
  }
  const bad = (m) => new HttpError(400, 'invalid_request', `deep linking response: ${m}`);
  if (typeof claims.nonce !== 'string' || claims.nonce === '') throw bad('nonce is required');
  const nonceKey = `${tool.clientId} ${claims.nonce}`;
  if (lms.usedNonces.has(nonceKey)) throw bad('nonce was used before (replay)');
  if (claims[CLAIM.deploymentId] !== tool.deploymentId) {
    throw bad(
      `deployment_id "${claims[CLAIM.deploymentId]}" is not this tool's (${tool.deploymentId})`,
    );
  }
  if (claims[CLAIM.messageType] !== MESSAGE.deepLinkingResponse) {
    throw bad(`message_type must be "${MESSAGE.deepLinkingResponse}"`);
  }
  if (claims[CLAIM.version] !== LTI_VERSION) throw bad(`version must be "${LTI_VERSION}"`);
  const data = claims[CLAIM.data];
  const request = typeof data === 'string' ? lms.deepLinking.get(data) : undefined;
  if (!request || request.clientId !== tool.clientId || request.expiresAt < Date.now()) {
    throw bad(
      'data does not echo the deep_linking_settings.data of a pending request of this tool',
    );
  }
  const items = claims[CLAIM.contentItems] ?? [];
  if (!Array.isArray(items)) throw bad('content_items must be an array');
  lms.usedNonces.set(nonceKey, /** @type {number} */ (claims.exp) * 1000);
  lms.deepLinking.delete(data);
  return { tool, claims, items, contextId: request.contextId };
}

/** A content item's custom parameters: an object of strings (LTI custom values are strings). */
function customOf(item) {
  if (item.custom === undefined) return {};
  const ok =
    item.custom !== null &&
    typeof item.custom === 'object' &&
    Object.values(item.custom).every((v) => typeof v === 'string');
  if (!ok)
    throw new HttpError(
      400,
      'invalid_request',
      "a content item's custom must map names to strings",
    );
  return item.custom;
}

/**
 * POST /deep-link-return: verifies the response and places its links. Returns the message for
 * the home page (the tool's msg/errormsg, and what was placed).
 */
export async function deepLinkReturn(lms, req) {
  const form = await readForm(req);
  const { tool, claims, items, contextId } = await verifyResponse(lms, form.JWT);
  const links = items.filter((i) => i && i.type === 'ltiResourceLink');
  // every item is checked before the first is placed: a bad item places none
  const planned = links.map((item) => {
    if (item.url !== undefined && !isHttpUrl(item.url)) {
      throw new HttpError(
        400,
        'invalid_request',
        `content item url "${item.url}" is not an http(s) URL`,
      );
    }
    const title =
      typeof item.title === 'string' && item.title !== '' ? item.title : (item.url ?? tool.name);
    const lineItem =
      item.lineItem &&
      lineItemFields(lms, contextId, tool.clientId, {
        label: item.lineItem.label ?? title,
        scoreMaximum: item.lineItem.scoreMaximum,
        resourceId: item.lineItem.resourceId,
        tag: item.lineItem.tag,
      });
    return { item, title, custom: customOf(item), lineItem };
  });
  for (const { item, title, custom, lineItem } of planned) {
    const link = {
      id: `link-${lms.store.next('link')}`,
      contextId,
      clientId: tool.clientId,
      title,
      ...(item.url !== undefined ? { url: item.url } : {}),
      custom,
      createdAt: new Date().toISOString(),
    };
    lms.store.state.links.push(link);
    if (lineItem)
      createLineItem(lms, contextId, tool.clientId, { ...lineItem, resourceLinkId: link.id });
  }
  const placed = planned.map((p) => p.title);
  lms.store.save();
  const parts = [];
  if (typeof claims[CLAIM.errorMsg] === 'string')
    parts.push(`${tool.name} reported an error: ${claims[CLAIM.errorMsg]}`);
  if (typeof claims[CLAIM.msg] === 'string') parts.push(`${tool.name}: ${claims[CLAIM.msg]}`);
  parts.push(
    placed.length === 0
      ? `No content was added from ${tool.name}.`
      : `Added from ${tool.name}: ${placed.join(', ')}.`,
  );
  if (items.length > links.length)
    parts.push(`${items.length - links.length} item(s) of other types were ignored.`);
  return parts.join(' ');
}
