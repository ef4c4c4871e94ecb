/**
 * The names LTI 1.3 and LTI Advantage give their claims, message types, roles and scopes (IMS LTI
 * Core 1.3 §5, Deep Linking 2.0 §4, AGS 2.0 §3, NRPS 2.0 §3.6). One place, so a typo is a compile
 * error rather than a silently missing claim.
 */
const LTI = 'https://purl.imsglobal.org/spec/lti/claim';

export const Claims = {
  messageType: `${LTI}/message_type`,
  version: `${LTI}/version`,
  deploymentId: `${LTI}/deployment_id`,
  targetLinkUri: `${LTI}/target_link_uri`,
  resourceLink: `${LTI}/resource_link`,
  roles: `${LTI}/roles`,
  context: `${LTI}/context`,
  toolPlatform: `${LTI}/tool_platform`,
  launchPresentation: `${LTI}/launch_presentation`,
  custom: `${LTI}/custom`,
  lis: `${LTI}/lis`,
  deepLinkingSettings: 'https://purl.imsglobal.org/spec/lti-dl/claim/deep_linking_settings',
  contentItems: 'https://purl.imsglobal.org/spec/lti-dl/claim/content_items',
  deepLinkingData: 'https://purl.imsglobal.org/spec/lti-dl/claim/data',
  deepLinkingMessage: 'https://purl.imsglobal.org/spec/lti-dl/claim/msg',
  agsEndpoint: 'https://purl.imsglobal.org/spec/lti-ags/claim/endpoint',
  nrps: 'https://purl.imsglobal.org/spec/lti-nrps/claim/namesroleservice',
} as const;

export const LTI_VERSION = '1.3.0';

export const MessageTypes = {
  resourceLink: 'LtiResourceLinkRequest',
  deepLinkingRequest: 'LtiDeepLinkingRequest',
  deepLinkingResponse: 'LtiDeepLinkingResponse',
} as const;
/** The launches the tool takes. */
export type LaunchMessageType =
  typeof MessageTypes.resourceLink | typeof MessageTypes.deepLinkingRequest;

export const Scopes = {
  lineItem: 'https://purl.imsglobal.org/spec/lti-ags/scope/lineitem',
  lineItemReadOnly: 'https://purl.imsglobal.org/spec/lti-ags/scope/lineitem.readonly',
  resultReadOnly: 'https://purl.imsglobal.org/spec/lti-ags/scope/result.readonly',
  score: 'https://purl.imsglobal.org/spec/lti-ags/scope/score',
  memberships: 'https://purl.imsglobal.org/spec/lti-nrps/scope/contextmembership.readonly',
} as const;

const MEMBERSHIP = 'http://purl.imsglobal.org/vocab/lis/v2/membership';

/**
 * Context roles that make a member teach the course (LTI Core 1.3 §A.2.3): Instructor,
 * Administrator, ContentDeveloper, Mentor, and their sub-roles (`.../membership/Instructor#
 * TeachingAssistant`). The short forms (`Instructor`) are deprecated but still sent by some
 * platforms (§A.2.3.1), so they count too. Institution roles (`.../institution/person#Faculty`)
 * do not: a school's faculty member may be a learner in someone else's course.
 */
const TEACHING: readonly string[] = ['Instructor', 'Administrator', 'ContentDeveloper', 'Mentor'];

/** The context role a role URI names (`Instructor`, `Learner`...), or null for other roles. */
export function contextRole(role: string): string | null {
  if (role.startsWith(`${MEMBERSHIP}#`)) return role.slice(MEMBERSHIP.length + 1) || null;
  if (role.startsWith(`${MEMBERSHIP}/`)) {
    return role.slice(MEMBERSHIP.length + 1).split('#')[0] || null;
  }
  return /^[A-Za-z]+$/.test(role) ? role : null;
}

/** Whether the roles of a launch make the user teach its context. */
export function teaches(roles: readonly string[]): boolean {
  return roles.some((role) => TEACHING.includes(contextRole(role) ?? ''));
}
