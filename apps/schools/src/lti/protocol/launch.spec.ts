import type { JWTPayload } from 'jose';
import { Claims, LTI_VERSION, MessageTypes } from './claims';
import { LaunchError, readLaunch } from './launch';

const PLATFORM = { id: 'p-1', clientId: 'client-1', deploymentIds: ['deploy-1'] };
const ROLE = 'http://purl.imsglobal.org/vocab/lis/v2/membership#';

function resourceLaunch(overrides: Record<string, unknown> = {}): JWTPayload {
  return {
    iss: 'https://lms.example',
    aud: 'client-1',
    sub: 'lms-user-1',
    nonce: 'n-1',
    iat: 1_800_000_000,
    exp: 1_800_000_300,
    name: 'Lee Learner',
    given_name: 'Lee',
    family_name: 'Learner',
    email: 'lee@school.test',
    [Claims.messageType]: MessageTypes.resourceLink,
    [Claims.version]: LTI_VERSION,
    [Claims.deploymentId]: 'deploy-1',
    [Claims.targetLinkUri]: 'https://app.example/api/lti/launch',
    [Claims.resourceLink]: { id: 'link-1', title: 'TEAS practice test' },
    [Claims.roles]: [`${ROLE}Learner`],
    [Claims.context]: { id: 'nur-101', label: 'NUR 101', title: 'Pharmacology Math' },
    [Claims.custom]: { examprep_kind: 'pump', count: 3 },
    [Claims.agsEndpoint]: {
      scope: ['https://purl.imsglobal.org/spec/lti-ags/scope/score'],
      lineitems: 'https://lms.example/api/lti/contexts/nur-101/lineitems',
      lineitem: 'https://lms.example/api/lti/contexts/nur-101/lineitems/7',
    },
    [Claims.nrps]: {
      context_memberships_url: 'https://lms.example/api/lti/contexts/nur-101/memberships',
      service_versions: ['2.0'],
    },
    ...overrides,
  };
}

function refusal(payload: JWTPayload): LaunchError {
  try {
    readLaunch(payload, PLATFORM);
  } catch (err) {
    if (err instanceof LaunchError) return err;
    throw err;
  }
  throw new Error('the launch was taken');
}

describe('readLaunch', () => {
  it('reads a resource link launch', () => {
    const launch = readLaunch(resourceLaunch(), PLATFORM);
    expect(launch).toMatchObject({
      platformId: 'p-1',
      messageType: 'LtiResourceLinkRequest',
      deploymentId: 'deploy-1',
      sub: 'lms-user-1',
      nonce: 'n-1',
      exp: 1_800_000_300,
      name: 'Lee Learner',
      email: 'lee@school.test',
      instructor: false,
      context: { id: 'nur-101', label: 'NUR 101', title: 'Pharmacology Math' },
      resourceLink: { id: 'link-1', title: 'TEAS practice test' },
      // custom values are strings (LTI Core §5.4.6): the number is dropped
      custom: { examprep_kind: 'pump' },
      ags: {
        lineItemsUrl: 'https://lms.example/api/lti/contexts/nur-101/lineitems',
        lineItemUrl: 'https://lms.example/api/lti/contexts/nur-101/lineitems/7',
      },
      nrps: { membershipsUrl: 'https://lms.example/api/lti/contexts/nur-101/memberships' },
      deepLinking: null,
    });
  });

  it('reads a deep linking request with its settings', () => {
    const launch = readLaunch(
      resourceLaunch({
        [Claims.messageType]: MessageTypes.deepLinkingRequest,
        [Claims.resourceLink]: undefined,
        [Claims.roles]: [`${ROLE}Instructor`],
        [Claims.deepLinkingSettings]: {
          deep_link_return_url: 'https://lms.example/deep-link-return',
          accept_types: ['ltiResourceLink'],
          accept_presentation_document_targets: ['window'],
          accept_multiple: false,
          data: 'opaque-1',
        },
      }),
      PLATFORM,
    );
    expect(launch.instructor).toBe(true);
    expect(launch.resourceLink).toBeNull();
    expect(launch.deepLinking).toEqual({
      returnUrl: 'https://lms.example/deep-link-return',
      acceptTypes: ['ltiResourceLink'],
      acceptPresentationTargets: ['window'],
      acceptMultiple: false,
      data: 'opaque-1',
    });
  });

  it('refuses a token for another tool (aud), or several audiences without azp = us', () => {
    expect(refusal(resourceLaunch({ aud: 'someone-else' }))).toMatchObject({
      code: 'LTI_TOKEN',
      status: 401,
    });
    expect(refusal(resourceLaunch({ aud: ['client-1', 'other'] }))).toMatchObject({
      code: 'LTI_TOKEN',
    });
    expect(refusal(resourceLaunch({ aud: 'client-1', azp: 'other' }))).toMatchObject({
      code: 'LTI_TOKEN',
    });
    expect(
      readLaunch(resourceLaunch({ aud: ['client-1', 'other'], azp: 'client-1' }), PLATFORM).sub,
    ).toBe('lms-user-1');
  });

  it('refuses a deployment that is not registered', () => {
    expect(refusal(resourceLaunch({ [Claims.deploymentId]: 'deploy-9' }))).toMatchObject({
      code: 'LTI_DEPLOYMENT',
      status: 401,
    });
    expect(refusal(resourceLaunch({ [Claims.deploymentId]: undefined })).code).toBe('LTI_CLAIMS');
  });

  it.each([
    ['no sub', { sub: undefined }],
    ['an empty sub', { sub: '' }],
    ['no nonce', { nonce: undefined }],
    ['no expiry', { exp: undefined }],
    ['another LTI version', { [Claims.version]: '1.1' }],
    ['no roles', { [Claims.roles]: undefined }],
    ['roles that are not strings', { [Claims.roles]: [1] }],
    ['no target link', { [Claims.targetLinkUri]: undefined }],
    ['a target link that is no http URL', { [Claims.targetLinkUri]: 'javascript:alert(1)' }],
    ['a resource link launch without its link', { [Claims.resourceLink]: undefined }],
    ['a link without an id', { [Claims.resourceLink]: { title: 'x' } }],
    ['a context without an id', { [Claims.context]: { label: 'x' } }],
    [
      'a deep linking request without settings',
      { [Claims.messageType]: MessageTypes.deepLinkingRequest },
    ],
  ])('refuses a launch with %s', (_, overrides) => {
    expect(refusal(resourceLaunch(overrides)).code).toBe('LTI_CLAIMS');
  });

  it('refuses other message types, naming them', () => {
    const err = refusal(resourceLaunch({ [Claims.messageType]: 'LtiSubmissionReviewRequest' }));
    expect(err.code).toBe('LTI_MESSAGE_TYPE');
    expect(err.message).toContain("'LtiSubmissionReviewRequest'");
    expect(refusal(resourceLaunch({ [Claims.messageType]: undefined })).code).toBe(
      'LTI_MESSAGE_TYPE',
    );
  });

  it('reads instructor roles from the signed roles only', () => {
    const teach = (roles: string[]) =>
      readLaunch(resourceLaunch({ [Claims.roles]: roles }), PLATFORM).instructor;
    expect(teach([`${ROLE}Instructor`])).toBe(true);
    expect(
      teach(['http://purl.imsglobal.org/vocab/lis/v2/membership/Instructor#TeachingAssistant']),
    ).toBe(true);
    expect(teach(['Instructor'])).toBe(true);
    expect(teach([`${ROLE}Learner`])).toBe(false);
    expect(teach(['http://purl.imsglobal.org/vocab/institution/person#Faculty'])).toBe(false);
    // a name claim saying "Instructor" changes nothing
    expect(
      readLaunch(resourceLaunch({ name: 'Instructor', given_name: 'Instructor' }), PLATFORM)
        .instructor,
    ).toBe(false);
  });
});
