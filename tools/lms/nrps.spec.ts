// NRPS 2.0 from the tool's side: the membership of a course, its role filter and paging.
import { SCOPES, accessToken, startLms, startTool, type Lms, type Tool } from './lms-test-tool.ts';

const LEE = 'lms-user-learner-1';

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

const call = (url: string, token: string) =>
  fetch(url, { headers: { authorization: `Bearer ${token}` } });

describe('NRPS 2.0', () => {
  const url = () => `${lms.issuer}/api/lti/contexts/nur-101/memberships`;

  it('lists the members of a course in its media type', async () => {
    const token = await accessToken(lms, tool, SCOPES.memberships);
    const res = await call(url(), token);
    expect(res.headers.get('content-type')).toContain(
      'application/vnd.ims.lti-nrps.v2.membershipcontainer+json',
    );
    const body = (await res.json()) as { context: unknown; members: { user_id: string }[] };
    expect(body.context).toEqual({
      id: 'nur-101',
      label: 'NUR 101',
      title: 'Pharmacology Math (Fall)',
    });
    expect(body.members.map((m) => m.user_id)).toEqual([
      'lms-user-instructor-1',
      LEE,
      'lms-user-learner-2',
    ]);
    expect(body.members[1]).toEqual({
      status: 'Active',
      user_id: LEE,
      roles: ['http://purl.imsglobal.org/vocab/lis/v2/membership#Learner'],
      name: 'Lee Learner',
      given_name: 'Lee',
      family_name: 'Learner',
      email: 'lee.learner@school.test',
    });
  });

  it('filters by role and pages with a Link rel="next" header', async () => {
    const token = await accessToken(lms, tool, SCOPES.memberships);
    const first = await call(`${url()}?role=Learner&limit=1`, token);
    const next = /<([^>]+)>; rel="next"/.exec(first.headers.get('link') ?? '')?.[1];
    expect(
      ((await first.json()) as { members: { user_id: string }[] }).members.map((m) => m.user_id),
    ).toEqual([LEE]);
    expect(next).toBeDefined();
    const second = await call(next!, token);
    expect(second.headers.get('link')).toBeNull();
    expect(
      ((await second.json()) as { members: { user_id: string }[] }).members.map((m) => m.user_id),
    ).toEqual(['lms-user-learner-2']);
  });

  it('needs the membership scope', async () => {
    const token = await accessToken(lms, tool, SCOPES.score);
    expect((await call(url(), token)).status).toBe(403);
  });
});
