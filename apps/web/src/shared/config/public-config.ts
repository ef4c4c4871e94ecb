import { type PublicConfig } from '@examprep/contracts/types';
import { ApiError, type ApiClient } from '../api/api-client';

function isRecord(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null;
}

/** Checks the parts of GET /api/public-config the app cannot start without. */
export function isPublicConfig(v: unknown): v is PublicConfig {
  if (!isRecord(v) || !isRecord(v.keycloak) || !isRecord(v.maintenance)) return false;
  return (
    typeof v.productName === 'string' &&
    typeof v.supportEmail === 'string' &&
    typeof v.staging === 'boolean' &&
    typeof v.keycloak.url === 'string' &&
    typeof v.keycloak.realm === 'string' &&
    typeof v.keycloak.clientId === 'string' &&
    typeof v.maintenance.enabled === 'boolean'
  );
}

/** The first call of the app: public, before keycloak-js starts. */
export async function fetchPublicConfig(api: ApiClient): Promise<PublicConfig> {
  const data: unknown = await api.GET('/api/public-config', { anonymous: true });
  if (!isPublicConfig(data)) {
    throw new ApiError(200, 'BAD_RESPONSE', 'The server sent an incomplete configuration.');
  }
  return data;
}
