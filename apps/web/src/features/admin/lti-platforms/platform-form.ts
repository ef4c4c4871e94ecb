import {
  isLtiUrl,
  LTI_LIMITS,
  LTI_MESSAGES as M,
  type LtiPlatform,
  type LtiPlatformInput,
  type LtiPlatformStatus,
} from '@examprep/contracts/types';

/** What the form holds: text as typed (deployment IDs one per line), kept when a save fails. */
export interface PlatformFormValues {
  name: string;
  issuer: string;
  clientId: string;
  deploymentIds: string;
  authUrl: string;
  tokenUrl: string;
  jwksUrl: string;
  status: LtiPlatformStatus;
}

export type PlatformField = keyof PlatformFormValues;
export type PlatformFieldErrors = Partial<Record<PlatformField, string>>;

/** In the form's order: the first one with an error gets the focus. */
export const PLATFORM_FIELDS: readonly PlatformField[] = [
  'name',
  'issuer',
  'clientId',
  'deploymentIds',
  'authUrl',
  'tokenUrl',
  'jwksUrl',
  'status',
];

function isPlatformField(name: string): name is PlatformField {
  return (PLATFORM_FIELDS as readonly string[]).includes(name);
}

export function emptyPlatformValues(): PlatformFormValues {
  return {
    name: '',
    issuer: '',
    clientId: '',
    deploymentIds: '',
    authUrl: '',
    tokenUrl: '',
    jwksUrl: '',
    status: 'active',
  };
}

export function platformValuesFrom(p: LtiPlatform): PlatformFormValues {
  return {
    name: p.name,
    issuer: p.issuer,
    clientId: p.clientId,
    deploymentIds: p.deploymentIds.join('\n'),
    authUrl: p.authUrl,
    tokenUrl: p.tokenUrl,
    jwksUrl: p.jwksUrl,
    status: p.status,
  };
}

/** The textarea's lines, trimmed, empty ones dropped. */
export function deploymentIdsOf(text: string): string[] {
  return text
    .split(/\r?\n/)
    .map((line) => line.trim())
    .filter((line) => line !== '');
}

/**
 * The server's checks, with its messages (LTI_MESSAGES), so the screen reads the same either
 * way. URLs may be http here: whether http is allowed is the schools service's setting (the
 * local LMS stand-in), and it checks again.
 */
export function validatePlatformForm(values: PlatformFormValues): PlatformFieldErrors {
  const errors: PlatformFieldErrors = {};
  const name = values.name.trim();
  if (name === '') errors.name = M.nameRequired;
  else if (name.length > LTI_LIMITS.name) errors.name = M.nameTooLong;

  if (!isLtiUrl(values.issuer.trim(), true)) errors.issuer = M.issuerInvalid;

  const clientId = values.clientId.trim();
  if (clientId === '') errors.clientId = M.clientIdRequired;
  else if (clientId.length > LTI_LIMITS.clientId) errors.clientId = M.clientIdTooLong;

  const deployments = deploymentIdsOf(values.deploymentIds);
  if (deployments.length === 0) errors.deploymentIds = M.deploymentsRequired;
  else if (deployments.length > LTI_LIMITS.deployments) errors.deploymentIds = M.deploymentsTooMany;
  else if (deployments.some((d) => d.length > LTI_LIMITS.deploymentId)) {
    errors.deploymentIds = M.deploymentInvalid;
  }

  if (!isLtiUrl(values.authUrl.trim(), true)) errors.authUrl = M.authUrlInvalid;
  if (!isLtiUrl(values.tokenUrl.trim(), true)) errors.tokenUrl = M.tokenUrlInvalid;
  if (!isLtiUrl(values.jwksUrl.trim(), true)) errors.jwksUrl = M.jwksUrlInvalid;
  return errors;
}

/** The request body; call only when `validatePlatformForm` found nothing. */
export function toPlatformInput(values: PlatformFormValues): LtiPlatformInput {
  return {
    name: values.name.trim(),
    issuer: values.issuer.trim(),
    clientId: values.clientId.trim(),
    deploymentIds: deploymentIdsOf(values.deploymentIds),
    authUrl: values.authUrl.trim(),
    tokenUrl: values.tokenUrl.trim(),
    jwksUrl: values.jwksUrl.trim(),
    status: values.status,
  };
}

/** A saved platform as a request body with another status (Activate, Disable). */
export function withStatus(p: LtiPlatform, status: LtiPlatformStatus): LtiPlatformInput {
  return { ...toPlatformInput(platformValuesFrom(p)), status };
}

/**
 * Server field errors (400 `fields`) under the fields they name; `deploymentIds.0`-style
 * names belong to their list. The rest is shown above the form.
 */
export function mapPlatformFieldErrors(fields: Record<string, string[]>): {
  fieldErrors: PlatformFieldErrors;
  other: string[];
} {
  const fieldErrors: PlatformFieldErrors = {};
  const other: string[] = [];
  for (const [key, messages] of Object.entries(fields)) {
    const name = key.split(/[.[]/)[0] ?? key;
    if (isPlatformField(name)) {
      fieldErrors[name] = [fieldErrors[name], ...messages].filter(Boolean).join(' ');
    } else other.push(...messages);
  }
  return { fieldErrors, other };
}
