import { expect } from '@playwright/test';
import { infraConfig, seededUsers } from '@examprep/test-kit';
import { apiAs, apiCall } from './learners';

const cfg = infraConfig(process.env.EXAMPREP_E2E_PROFILE === 'dev' ? 'dev' : 'test');

/** The local LMS stand-in (tools/lms): its URL, as the browser and the tool reach it. */
export const LMS_URL = cfg.lmsUrl;

/** The seeded members of the stand-in's course nur-101 (tools/lms/README.md). */
export const LMS_MEMBERS = {
  instructor: { sub: 'lms-user-instructor-1', name: 'Ines Instructor' },
  lee: { sub: 'lms-user-learner-1', name: 'Lee Learner' },
  lara: { sub: 'lms-user-learner-2', name: 'Lara Learner' },
} as const;

export interface RegisteredLms {
  platformId: string;
  clientId: string;
  deploymentId: string;
  issuer: string;
}

async function lms<T>(path: string, body: unknown): Promise<T> {
  const res = await fetch(`${LMS_URL}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  expect(res.status, `${path}: ${await res.clone().text()}`).toBeLessThan(300);
  return (await res.json()) as T;
}

/**
 * The tool registered with the stand-in (a client id of its own per test), and that platform
 * registered with the tool by the site admin's API: what an LMS admin and our admin do by hand.
 */
export async function registerLms(tag: string): Promise<RegisteredLms> {
  const web = cfg.webUrl;
  const { platform } = await lms<{
    platform: {
      issuer: string;
      clientId: string;
      deploymentId: string;
      authEndpoint: string;
      tokenEndpoint: string;
      jwksUrl: string;
    };
  }>('/_test/tools', {
    name: `ExamPrep ${tag}`,
    initiateLoginUri: `${web}/api/lti/login`,
    redirectUris: [`${web}/api/lti/launch`],
    jwksUri: `${web}/api/lti/jwks`,
    deepLinkingUrl: `${web}/api/lti/launch`,
  });
  const res = await apiAs(seededUsers.admin, '/api/admin/lti/platforms', {
    name: `Stand-in ${tag} ${platform.clientId.slice(0, 8)}`,
    issuer: platform.issuer,
    clientId: platform.clientId,
    deploymentIds: [platform.deploymentId],
    authUrl: platform.authEndpoint,
    tokenUrl: platform.tokenEndpoint,
    jwksUrl: platform.jwksUrl,
    status: 'active',
  });
  expect(res.status, await res.clone().text()).toBe(201);
  const { id } = (await res.json()) as { id: string };
  return {
    platformId: id,
    clientId: platform.clientId,
    deploymentId: platform.deploymentId,
    issuer: platform.issuer,
  };
}

/** Removes the registration (its launches stop). */
export async function unregisterLms(registered: RegisteredLms | undefined): Promise<void> {
  if (!registered) return;
  await apiCall(seededUsers.admin, 'DELETE', `/api/admin/lti/platforms/${registered.platformId}`);
}

/** A link placed in course nur-101 by hand (as an LMS admin would), with a line item if graded. */
export async function placeLink(
  registered: RegisteredLms,
  title: string,
  custom: Record<string, string>,
  graded = false,
): Promise<string> {
  const { link } = await lms<{ link: { id: string } }>('/_test/links', {
    context: 'nur-101',
    clientId: registered.clientId,
    title,
    custom,
    ...(graded ? { lineItem: { scoreMaximum: 100, label: title } } : {}),
  });
  return link.id;
}

/** The login initiation URL of a fresh launch of `link` by `sub` (what the LMS's button opens). */
export async function launchUrl(sub: string, resourceLinkId: string): Promise<string> {
  return (await lms<{ url: string }>('/_test/launch-url', { sub, resourceLinkId })).url;
}

/** A signed (or forged) id_token from the stand-in's test hook, for refused-launch journeys. */
export async function idToken(body: Record<string, unknown>): Promise<string> {
  return (await lms<{ id_token: string }>('/_test/id-token', body)).id_token;
}

/** What the stand-in holds (tools, links, line items, scores). */
export async function lmsState(): Promise<{
  scores: { lineItemId: string; userId: string; scoreGiven: number; scoreMaximum: number }[];
  lineItems: { id: string; resourceLinkId?: string; url: string }[];
  links: { id: string; title: string; custom?: Record<string, string> }[];
}> {
  const res = await fetch(`${LMS_URL}/_test/state`);
  expect(res.status).toBe(200);
  return (await res.json()) as never;
}
