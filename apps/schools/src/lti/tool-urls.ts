/**
 * The tool's public URLs (what an LMS admin copies; ADR 0040). The web app's origin serves /api
 * through to the gateway (the Vite proxy locally, the ingress in a cluster), so they are all
 * under WEB_URL.
 */
export interface ToolUrls {
  origin: string;
  loginUrl: string;
  launchUrl: string;
  jwksUrl: string;
  registrationUrl: string;
  /** The issuer of the bridge's id_tokens (Keycloak's identity provider `lti` checks it). */
  bridgeIssuer: string;
  /** The client id Keycloak's identity provider `lti` uses with the bridge. */
  bridgeClientId: string;
  domain: string;
}

export const BRIDGE_CLIENT_ID = 'keycloak-broker';

export function toolUrls(webUrl: string): ToolUrls {
  const base = new URL(webUrl);
  const origin = base.origin;
  return {
    origin,
    loginUrl: `${origin}/api/lti/login`,
    launchUrl: `${origin}/api/lti/launch`,
    jwksUrl: `${origin}/api/lti/jwks`,
    registrationUrl: `${origin}/api/lti/register`,
    bridgeIssuer: `${origin}/api/lti/bridge`,
    bridgeClientId: BRIDGE_CLIENT_ID,
    domain: base.host,
  };
}
