/**
 * The claims checks of an LTI 1.3 launch (IMS LTI Core 1.3 §5.1.3 and §5.3–5.4; Deep Linking 2.0
 * §4.4), on an id_token whose signature, `iss`, `aud`, `exp` and `iat` jose has verified already
 * (LaunchVerifier). Pure: the payload and the platform in, the launch or a LaunchError out.
 */
import type { JWTPayload } from 'jose';
import { Claims, type LaunchMessageType, LTI_VERSION, MessageTypes, teaches } from './claims';

/** Why a launch was refused; `message` is shown on the error page (no secrets in it). */
export class LaunchError extends Error {
  constructor(
    readonly code: LaunchErrorCode,
    message: string,
    /** 400: the request is malformed or unknown; 401: it is not who it claims to be. */
    readonly status: 400 | 401 = 400,
  ) {
    super(message);
    this.name = 'LaunchError';
  }
}

export type LaunchErrorCode =
  | 'LTI_UNKNOWN_PLATFORM'
  | 'LTI_PLATFORM_INACTIVE'
  | 'LTI_DEPLOYMENT'
  | 'LTI_STATE'
  | 'LTI_TOKEN'
  | 'LTI_REPLAY'
  | 'LTI_CLAIMS'
  | 'LTI_MESSAGE_TYPE';

/** What a launch needs to know of the platform it came from. */
export interface LaunchPlatform {
  id: string;
  clientId: string;
  deploymentIds: readonly string[];
}

export interface DeepLinkingSettings {
  returnUrl: string;
  acceptTypes: string[];
  acceptPresentationTargets: string[];
  acceptMultiple: boolean;
  /** Echoed back unchanged in the response (Deep Linking 2.0 §4.4.1). */
  data: string | null;
}

/** A launch, checked. */
export interface Launch {
  platformId: string;
  messageType: LaunchMessageType;
  deploymentId: string;
  /** The LMS's stable id of the user (never their name). */
  sub: string;
  nonce: string;
  /** Seconds since the epoch: the token's expiry (how long its nonce is kept). */
  exp: number;
  name: string | null;
  givenName: string | null;
  familyName: string | null;
  email: string | null;
  roles: string[];
  /** The roles make the user teach the launch's context. */
  instructor: boolean;
  context: { id: string; label: string | null; title: string | null } | null;
  resourceLink: { id: string; title: string | null } | null;
  targetLinkUri: string;
  /** Custom parameters (string values only, as LTI Core §5.4.6 defines them). */
  custom: Record<string, string>;
  /** Assignment and Grade Services, when the platform offers them for this launch. */
  ags: { scopes: string[]; lineItemsUrl: string | null; lineItemUrl: string | null } | null;
  /** Names and Role Provisioning Services. */
  nrps: { membershipsUrl: string } | null;
  deepLinking: DeepLinkingSettings | null;
}

const MAX_TEXT = 1024;

function text(value: unknown, max = MAX_TEXT): string | null {
  return typeof value === 'string' && value.length > 0 && value.length <= max ? value : null;
}

function object(value: unknown): Record<string, unknown> | null {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
    ? (value as Record<string, unknown>)
    : null;
}

function strings(value: unknown): string[] | null {
  return Array.isArray(value) && value.every((v) => typeof v === 'string')
    ? (value as string[])
    : null;
}

function httpUrl(value: unknown): string | null {
  const s = text(value, 2048);
  if (!s) return null;
  try {
    const url = new URL(s);
    return url.protocol === 'https:' || url.protocol === 'http:' ? s : null;
  } catch {
    return null;
  }
}

export const DEPLOYMENT_MESSAGE =
  'This deployment of the tool is not registered: ask your site administrator to add its deployment ID.';

const claimsError = (message: string) => new LaunchError('LTI_CLAIMS', message);

/**
 * The launch in `payload` for `platform`, or a LaunchError naming the first thing wrong.
 * `aud` may list several audiences only with `azp` = our client id (§5.1.3 step 4–5).
 */
export function readLaunch(payload: JWTPayload, platform: LaunchPlatform): Launch {
  const aud = Array.isArray(payload.aud) ? payload.aud : [payload.aud];
  if (!aud.includes(platform.clientId)) {
    throw new LaunchError('LTI_TOKEN', 'The launch is not meant for this tool (audience).', 401);
  }
  if ((aud.length > 1 || payload['azp'] !== undefined) && payload['azp'] !== platform.clientId) {
    throw new LaunchError(
      'LTI_TOKEN',
      'The launch is not meant for this tool (authorized party).',
      401,
    );
  }
  const sub = text(payload.sub, 255);
  if (!sub) throw claimsError('The launch names no user (sub).');
  const nonce = text(payload['nonce'], 255);
  if (!nonce) throw claimsError('The launch has no nonce.');
  if (typeof payload.exp !== 'number') throw claimsError('The launch has no expiry.');

  const messageType = payload[Claims.messageType];
  if (
    messageType !== MessageTypes.resourceLink &&
    messageType !== MessageTypes.deepLinkingRequest
  ) {
    throw new LaunchError(
      'LTI_MESSAGE_TYPE',
      `This tool takes resource link and deep linking launches, not ${
        typeof messageType === 'string' ? `'${messageType.slice(0, 64)}'` : 'this message'
      }.`,
    );
  }
  if (payload[Claims.version] !== LTI_VERSION) {
    throw claimsError(`This tool speaks LTI ${LTI_VERSION} only.`);
  }
  const deploymentId = text(payload[Claims.deploymentId], 255);
  if (!deploymentId) throw claimsError('The launch names no deployment.');
  if (!platform.deploymentIds.includes(deploymentId)) {
    throw new LaunchError('LTI_DEPLOYMENT', DEPLOYMENT_MESSAGE, 401);
  }
  const roles = strings(payload[Claims.roles]);
  if (!roles) throw claimsError('The launch has no roles.');
  const targetLinkUri = httpUrl(payload[Claims.targetLinkUri]);
  if (!targetLinkUri) throw claimsError('The launch has no target link URI.');

  const ctx = object(payload[Claims.context]);
  const contextId = ctx ? text(ctx['id'], 255) : null;
  if (ctx && !contextId) throw claimsError('The launch context has no id.');
  const link = object(payload[Claims.resourceLink]);
  const linkId = link ? text(link['id'], 255) : null;
  if (messageType === MessageTypes.resourceLink && !linkId) {
    throw claimsError('The launch names no resource link.');
  }

  let deepLinking: DeepLinkingSettings | null = null;
  if (messageType === MessageTypes.deepLinkingRequest) {
    const settings = object(payload[Claims.deepLinkingSettings]);
    const returnUrl = settings ? httpUrl(settings['deep_link_return_url']) : null;
    const acceptTypes = settings ? strings(settings['accept_types']) : null;
    if (!settings || !returnUrl || !acceptTypes) {
      throw claimsError('The deep linking request has no return URL or accepted types.');
    }
    deepLinking = {
      returnUrl,
      acceptTypes,
      acceptPresentationTargets: strings(settings['accept_presentation_document_targets']) ?? [],
      acceptMultiple: settings['accept_multiple'] !== false,
      data: typeof settings['data'] === 'string' ? settings['data'] : null,
    };
  }

  const custom: Record<string, string> = {};
  for (const [k, v] of Object.entries(object(payload[Claims.custom]) ?? {})) {
    if (typeof v === 'string' && k.length <= 64 && v.length <= MAX_TEXT) custom[k] = v;
  }
  const agsClaim = object(payload[Claims.agsEndpoint]);
  const nrpsClaim = object(payload[Claims.nrps]);
  const membershipsUrl = nrpsClaim ? httpUrl(nrpsClaim['context_memberships_url']) : null;

  return {
    platformId: platform.id,
    messageType,
    deploymentId,
    sub,
    nonce,
    exp: payload.exp,
    name: text(payload['name'], 255),
    givenName: text(payload['given_name'], 255),
    familyName: text(payload['family_name'], 255),
    email: text(payload['email'], 254),
    roles,
    instructor: teaches(roles),
    context: contextId
      ? { id: contextId, label: text(ctx!['label'], 255), title: text(ctx!['title'], 255) }
      : null,
    resourceLink: linkId ? { id: linkId, title: text(link!['title'], 255) } : null,
    targetLinkUri,
    custom,
    ags: agsClaim
      ? {
          scopes: strings(agsClaim['scope']) ?? [],
          lineItemsUrl: httpUrl(agsClaim['lineitems']),
          lineItemUrl: httpUrl(agsClaim['lineitem']),
        }
      : null,
    nrps: membershipsUrl ? { membershipsUrl } : null,
    deepLinking,
  };
}
