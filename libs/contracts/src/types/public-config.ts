/**
 * GET /api/public-config (public): what the web app needs before it can start, read at
 * run time so one build serves every environment.
 */
export interface PublicConfig {
  productName: string;
  supportEmail: string;
  keycloak: { url: string; realm: string; clientId: string };
  /** True on the staging host: shows the 'STAGING ENVIRONMENT' badge and the staging check. */
  staging: boolean;
  maintenance: {
    enabled: boolean;
    message: string;
    /** Optional expected completion, ISO 8601 or free text. */
    expectedCompletion: string | null;
  };
}
