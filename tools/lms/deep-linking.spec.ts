// Deep Linking 2.0 from the tool's side: the response JWT posted back to deep_link_return_url
// places resource links (and line items) when it verifies, and is refused with a page and
// HTTP 400 when it does not.
import { decodeJwt, type JWTPayload } from 'jose';
import {
  postForm,
  postJson,
  startLms,
  startTool,
  toolJwt,
  type Lms,
  type Tool,
} from './lms-test-tool.ts';

const LTI = 'https://purl.imsglobal.org/spec/lti/claim';
const DL = 'https://purl.imsglobal.org/spec/lti-dl/claim';
const INSTRUCTOR = 'lms-user-instructor-1';

let lms: Lms;
let tool: Tool;

beforeAll(async () => {
  lms = await startLms();
  tool = await startTool(lms);
});
afterAll(async () => {
  await tool.close();
  await lms.close();
});

/** The `data` of a fresh deep linking request of the instructor in nur-101. */
async function deepLinkingData(): Promise<string> {
  const res = await postJson(lms, '/_test/id-token', {
    sub: INSTRUCTOR,
    context: 'nur-101',
    clientId: tool.clientId,
    messageType: 'LtiDeepLinkingRequest',
    nonce: 'launch-nonce',
  });
  const claims = decodeJwt(((await res.json()) as { id_token: string }).id_token);
  return (claims[`${DL}/deep_linking_settings`] as { data: string }).data;
}

let nonces = 0;
/** A deep linking response as the tool signs it, with `over` on top. */
async function response(over: JWTPayload = {}, key = tool.key) {
  return toolJwt(key, {
    iss: tool.clientId,
    aud: lms.issuer,
    nonce: `dl-nonce-${++nonces}`,
    [`${LTI}/message_type`]: 'LtiDeepLinkingResponse',
    [`${LTI}/version`]: '1.3.0',
    [`${LTI}/deployment_id`]: tool.deploymentId,
    [`${DL}/data`]: await deepLinkingData(),
    [`${DL}/content_items`]: [
      {
        type: 'ltiResourceLink',
        title: 'Dosage drill 2',
        url: 'http://127.0.0.1:9/lti/launch?drill=2',
        custom: { examprep_set: 'dosage-2' },
        lineItem: {
          scoreMaximum: 20,
          label: 'Dosage drill 2',
          resourceId: 'dosage-2',
          tag: 'drill',
        },
      },
    ],
    [`${DL}/msg`]: 'One drill added',
    ...over,
  });
}

const returnJwt = (jwt: string) => postForm(`${lms.issuer}/deep-link-return`, { JWT: jwt });

interface State {
  links: { id: string; title: string; custom: Record<string, string>; contextId: string }[];
  lineItems: { resourceLinkId: string; scoreMaximum: number; label: string; tag: string }[];
}
const state = async () => (await (await fetch(`${lms.issuer}/_test/state`)).json()) as State;

it('places a resource link and its line item, and says so on the home page', async () => {
  const res = await returnJwt(await response());
  expect(res.status).toBe(303);
  const location = res.headers.get('location')!;
  expect(decodeURIComponent(location)).toContain('Added from ExamPrep: Dosage drill 2.');
  const { links, lineItems } = await state();
  const link = links.find((l) => l.title === 'Dosage drill 2')!;
  expect(link).toMatchObject({ contextId: 'nur-101', custom: { examprep_set: 'dosage-2' } });
  expect(lineItems).toContainEqual(
    expect.objectContaining({
      resourceLinkId: link.id,
      scoreMaximum: 20,
      label: 'Dosage drill 2',
      tag: 'drill',
    }),
  );
  const home = await (await fetch(`${lms.issuer}${location}`)).text();
  expect(home).toContain('ExamPrep: One drill added');
  expect(home).toContain(`Launch as Lee Learner (Learner)`);
  // the link's next launch carries its custom parameters and its line item
  const launch = await postJson(lms, '/_test/id-token', {
    sub: 'lms-user-learner-1',
    resourceLinkId: link.id,
    nonce: 'n',
  });
  const claims = decodeJwt(((await launch.json()) as { id_token: string }).id_token);
  expect(claims[`${LTI}/custom`]).toEqual({ examprep_set: 'dosage-2' });
  expect(claims['https://purl.imsglobal.org/spec/lti-ags/claim/endpoint']).toHaveProperty(
    'lineitem',
  );
});

describe('refuses with HTTP 400 and a page', () => {
  const cases: [string, () => Promise<string>, string][] = [
    ['a key the tool never published', () => response({}, tool.strangerKey), 'refused'],
    [
      'an audience other than the platform',
      () => response({ aud: 'http://other.test' }),
      'refused',
    ],
    [
      'an issuer that is no client_id',
      async () => response({ iss: 'nobody' }),
      'no registered client_id',
    ],
    [
      'another deployment',
      () => response({ [`${LTI}/deployment_id`]: 'deploy-99' }),
      'deployment_id',
    ],
    [
      'a request message type',
      () => response({ [`${LTI}/message_type`]: 'LtiDeepLinkingRequest' }),
      'message_type',
    ],
    ['an LTI 1.1 version', () => response({ [`${LTI}/version`]: '1.1' }), 'version'],
    ['no nonce', () => response({ nonce: undefined }), 'nonce is required'],
    [
      'data that no request sent',
      () => response({ [`${DL}/data`]: 'forged' }),
      'data does not echo',
    ],
    [
      'a content item url that is not http(s)',
      () =>
        response({
          [`${DL}/content_items`]: [{ type: 'ltiResourceLink', url: 'javascript:alert(1)' }],
        }),
      'not an http(s) URL',
    ],
    [
      'an expired JWT',
      async () => toolJwt(tool.key, { iss: tool.clientId, aud: lms.issuer, nonce: 'x' }, '-1m'),
      'refused',
    ],
    ['no JWT', async () => '', 'JWT is missing'],
  ];
  it.each(cases)('%s', async (_what, make, text) => {
    const res = await returnJwt(await make());
    expect(res.status).toBe(400);
    const html = await res.text();
    expect(html).toContain('Request refused (HTTP 400)');
    expect(html).toContain(text);
  });

  it('a replayed response (its nonce and data were spent)', async () => {
    const jwt = await response();
    expect((await returnJwt(jwt)).status).toBe(303);
    expect((await returnJwt(jwt)).status).toBe(400);
  });

  it('a bad line item, and then places none of the items', async () => {
    const before = (await state()).links.length;
    const jwt = await response({
      [`${DL}/content_items`]: [
        { type: 'ltiResourceLink', title: 'ok' },
        { type: 'ltiResourceLink', title: 'bad', lineItem: { scoreMaximum: 0 } },
      ],
    });
    expect((await returnJwt(jwt)).status).toBe(400);
    expect((await state()).links.length).toBe(before);
  });
});
