/**
 * Schools (issue 30, ADR 0040): LTI 1.3 platform registrations, launches and what the tool
 * shows an admin to copy into an LMS. Web-safe: no decorators.
 */

/** `pending`: made by a dynamic registration, waiting for a site admin; only `active` launches. */
export const LTI_PLATFORM_STATUSES = ['active', 'pending', 'disabled'] as const;
export type LtiPlatformStatus = (typeof LTI_PLATFORM_STATUSES)[number];

export const LTI_LIMITS = {
  name: 120,
  url: 2048,
  clientId: 255,
  deploymentId: 255,
  deployments: 50,
} as const;

export const LTI_MESSAGES = {
  nameRequired: 'Name is required.',
  nameTooLong: `Name must be at most ${LTI_LIMITS.name} characters.`,
  issuerInvalid: 'Issuer must be an https URL.',
  clientIdRequired: 'Client ID is required.',
  clientIdTooLong: `Client ID must be at most ${LTI_LIMITS.clientId} characters.`,
  deploymentsRequired: 'Add at least one deployment ID.',
  deploymentsTooMany: `At most ${LTI_LIMITS.deployments} deployment IDs.`,
  deploymentInvalid: `Each deployment ID must be 1 to ${LTI_LIMITS.deploymentId} characters.`,
  authUrlInvalid: 'Authentication request URL must be an https URL.',
  tokenUrlInvalid: 'Access token URL must be an https URL.',
  jwksUrlInvalid: 'Keyset URL must be an https URL.',
  statusInvalid: `Status must be one of: ${LTI_PLATFORM_STATUSES.join(', ')}.`,
  duplicate: 'A platform with this issuer and client ID is already registered.',
  notFound: 'No such platform registration.',
} as const;

/** A platform (an LMS installation) registered with the tool, as admins see it. */
export interface LtiPlatform {
  id: string;
  name: string;
  /** The LMS's `iss`. */
  issuer: string;
  /** The client id the LMS gave the tool. */
  clientId: string;
  deploymentIds: string[];
  /** OIDC authentication request URL (the LMS's authorization endpoint). */
  authUrl: string;
  /** OAuth 2 token endpoint (client credentials, for grades and rosters). */
  tokenUrl: string;
  /** The LMS's public keys. */
  jwksUrl: string;
  status: LtiPlatformStatus;
  /** How it was made. */
  registeredBy: 'admin' | 'dynamic';
  /** ISO 8601 */
  createdAt: string;
  updatedAt: string;
}

/** Body of POST /api/admin/lti/platforms and PUT /api/admin/lti/platforms/{id}. */
export interface LtiPlatformInput {
  name: string;
  issuer: string;
  clientId: string;
  deploymentIds: string[];
  authUrl: string;
  tokenUrl: string;
  jwksUrl: string;
  status: LtiPlatformStatus;
}

/** What an LMS admin needs from us (shown to copy on the registration screen). */
export interface LtiToolConfiguration {
  /** OIDC login initiation URL. */
  loginUrl: string;
  /** Redirect (launch) URL: resource links and deep linking requests. */
  launchUrl: string;
  /** Our public keys. */
  jwksUrl: string;
  /** LTI Dynamic Registration 1.0: paste into the LMS. */
  registrationUrl: string;
  /** The host name LMSs ask for. */
  domain: string;
}

/** GET /api/admin/lti/platforms */
export interface LtiPlatformsAnswer {
  platforms: LtiPlatform[];
  tool: LtiToolConfiguration;
}

/**
 * A URL an admin may register: https; http too where the schools service allows it (the local
 * LMS stand-in of the dev and test systems, LTI_ALLOW_HTTP). No credentials or fragment.
 */
export function isLtiUrl(value: unknown, allowHttp: boolean): value is string {
  if (typeof value !== 'string' || value.length === 0 || value.length > LTI_LIMITS.url)
    return false;
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return false;
  }
  if (url.username || url.password || url.hash) return false;
  return url.protocol === 'https:' || (allowHttp && url.protocol === 'http:');
}
