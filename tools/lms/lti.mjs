// The names the IMS specifications fix: claim URIs (LTI Core 1.3, Deep Linking 2.0, AGS 2.0,
// NRPS 2.0), OAuth scopes, media types and role URIs. Written out once so that every page and
// endpoint of the stand-in spells them the same way, and a tool that spells one differently fails.

export const LTI_VERSION = '1.3.0';
export const PRODUCT_FAMILY_CODE = 'examprep-lms-standin';
export const PLATFORM_NAME = 'ExamPrep LMS stand-in';

const LTI = 'https://purl.imsglobal.org/spec/lti/claim';
export const CLAIM = Object.freeze({
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
  ags: 'https://purl.imsglobal.org/spec/lti-ags/claim/endpoint',
  nrps: 'https://purl.imsglobal.org/spec/lti-nrps/claim/namesroleservice',
  deepLinkingSettings: 'https://purl.imsglobal.org/spec/lti-dl/claim/deep_linking_settings',
  contentItems: 'https://purl.imsglobal.org/spec/lti-dl/claim/content_items',
  data: 'https://purl.imsglobal.org/spec/lti-dl/claim/data',
  msg: 'https://purl.imsglobal.org/spec/lti-dl/claim/msg',
  log: 'https://purl.imsglobal.org/spec/lti-dl/claim/log',
  errorMsg: 'https://purl.imsglobal.org/spec/lti-dl/claim/errormsg',
  errorLog: 'https://purl.imsglobal.org/spec/lti-dl/claim/errorlog',
});

export const MESSAGE = Object.freeze({
  resourceLink: 'LtiResourceLinkRequest',
  deepLinking: 'LtiDeepLinkingRequest',
  deepLinkingResponse: 'LtiDeepLinkingResponse',
});

export const SCOPE = Object.freeze({
  lineItem: 'https://purl.imsglobal.org/spec/lti-ags/scope/lineitem',
  lineItemReadOnly: 'https://purl.imsglobal.org/spec/lti-ags/scope/lineitem.readonly',
  resultReadOnly: 'https://purl.imsglobal.org/spec/lti-ags/scope/result.readonly',
  score: 'https://purl.imsglobal.org/spec/lti-ags/scope/score',
  memberships: 'https://purl.imsglobal.org/spec/lti-nrps/scope/contextmembership.readonly',
});
export const AGS_SCOPES = Object.freeze([
  SCOPE.lineItem,
  SCOPE.resultReadOnly,
  SCOPE.score,
  SCOPE.lineItemReadOnly,
]);
export const ALL_SCOPES = Object.freeze([...AGS_SCOPES, SCOPE.memberships]);

export const MEDIA = Object.freeze({
  lineItem: 'application/vnd.ims.lis.v2.lineitem+json',
  lineItemContainer: 'application/vnd.ims.lis.v2.lineitemcontainer+json',
  score: 'application/vnd.ims.lis.v1.score+json',
  resultContainer: 'application/vnd.ims.lis.v2.resultcontainer+json',
  membershipContainer: 'application/vnd.ims.lti-nrps.v2.membershipcontainer+json',
});

export const TOOL_CONFIGURATION = 'https://purl.imsglobal.org/spec/lti-tool-configuration';
export const PLATFORM_CONFIGURATION = 'https://purl.imsglobal.org/spec/lti-platform-configuration';

export const CLIENT_ASSERTION_TYPE = 'urn:ietf:params:oauth:client-assertion-type:jwt-bearer';

const MEMBERSHIP = 'http://purl.imsglobal.org/vocab/lis/v2/membership';
const PERSON = 'http://purl.imsglobal.org/vocab/institution/person';
/** Context role name -> its URI (the roles of a membership; NRPS lists these). */
export const CONTEXT_ROLE = Object.freeze({
  Instructor: `${MEMBERSHIP}#Instructor`,
  Learner: `${MEMBERSHIP}#Learner`,
});
/** Institution role name -> its URI (added to a launch's roles claim). */
export const INSTITUTION_ROLE = Object.freeze({
  Faculty: `${PERSON}#Faculty`,
  Student: `${PERSON}#Student`,
});

/** AGS 2.0 score enumerations. */
export const ACTIVITY_PROGRESS = Object.freeze([
  'Initialized',
  'Started',
  'InProgress',
  'Submitted',
  'Completed',
]);
export const GRADING_PROGRESS = Object.freeze([
  'FullyGraded',
  'Pending',
  'PendingManual',
  'Failed',
  'NotReady',
]);
