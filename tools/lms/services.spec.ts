// The services from the tool's side: the token endpoint (client credentials with a client
// assertion, RFC 7523), AGS 2.0 line items, scores and results, each call with a bearer token of
// the right scope; and the state file that outlives a restart.
import {
  SCOPES,
  accessToken,
  clientAssertion,
  postJson,
  requestToken,
  startLms,
  startTool,
  type Lms,
  type Tool,
} from './lms-test-tool.ts';

const LINE_ITEM = 'application/vnd.ims.lis.v2.lineitem+json';
const SCORE = 'application/vnd.ims.lis.v1.score+json';
const LEE = 'lms-user-learner-1';

let lms: Lms;
let tool: Tool;
let lineItemsUrl: string;

beforeAll(async () => {
  lms = await startLms();
  tool = await startTool(lms);
  lineItemsUrl = `${lms.issuer}/api/lti/contexts/nur-101/lineitems`;
});
afterAll(async () => {
  await tool.close();
  await lms.close();
});

const call = (url: string, token: string, init: RequestInit = {}, type?: string) =>
  fetch(url, {
    ...init,
    headers: { authorization: `Bearer ${token}`, ...(type ? { 'content-type': type } : {}) },
  });

describe('token endpoint', () => {
  it('grants a bearer token for the asked scopes', async () => {
    const res = await requestToken(
      lms,
      `${SCOPES.score} ${SCOPES.memberships}`,
      await clientAssertion(lms, tool),
    );
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({
      access_token: expect.any(String),
      token_type: 'Bearer',
      expires_in: 3600,
      scope: `${SCOPES.score} ${SCOPES.memberships}`,
    });
  });

  it('accepts the issuer as the audience too', async () => {
    const res = await requestToken(
      lms,
      SCOPES.score,
      await clientAssertion(lms, tool, { aud: lms.issuer }),
    );
    expect(res.status).toBe(200);
  });

  const refused: [string, () => Promise<string>, number, string][] = [
    [
      'a wrong audience',
      () => clientAssertion(lms, tool, { aud: 'http://other.test/token' }),
      401,
      'invalid_client',
    ],
    [
      'a key the tool never published',
      () => clientAssertion(lms, tool, {}, tool.strangerKey),
      401,
      'invalid_client',
    ],
    [
      'sub other than the client_id',
      () => clientAssertion(lms, tool, { sub: 'someone' }),
      401,
      'invalid_client',
    ],
    [
      'an unknown client',
      () => clientAssertion(lms, tool, { iss: 'nobody', sub: 'nobody' }),
      401,
      'invalid_client',
    ],
    ['no jti', () => clientAssertion(lms, tool, { jti: undefined }), 401, 'invalid_client'],
  ];
  it.each(refused)('refuses %s', async (_what, make, status, error) => {
    const res = await requestToken(lms, SCOPES.score, await make());
    expect(res.status).toBe(status);
    expect(await res.json()).toMatchObject({ error });
  });

  it('refuses a replayed jti', async () => {
    const assertion = await clientAssertion(lms, tool);
    expect((await requestToken(lms, SCOPES.score, assertion)).status).toBe(200);
    const again = await requestToken(lms, SCOPES.score, assertion);
    expect(again.status).toBe(401);
    expect(((await again.json()) as { error_description: string }).error_description).toContain(
      'replay',
    );
  });

  it('refuses scopes it does not know', async () => {
    const res = await requestToken(
      lms,
      'https://example.test/scope/all',
      await clientAssertion(lms, tool),
    );
    expect(res.status).toBe(400);
    expect(await res.json()).toMatchObject({ error: 'invalid_scope' });
  });
});

describe('AGS 2.0', () => {
  let full: string;
  let readOnly: string;
  beforeAll(async () => {
    full = await accessToken(
      lms,
      tool,
      `${SCOPES.lineItem} ${SCOPES.score} ${SCOPES.resultReadOnly}`,
    );
    readOnly = await accessToken(lms, tool, SCOPES.lineItemReadOnly);
  });

  const newLineItem = (body: unknown, token = full, type = LINE_ITEM) =>
    call(lineItemsUrl, token, { method: 'POST', body: JSON.stringify(body) }, type);

  it('creates, lists with filters, reads, updates and deletes line items', async () => {
    const created = await newLineItem({
      label: 'Quiz 1',
      scoreMaximum: 10,
      resourceId: 'q1',
      tag: 'quiz',
    });
    expect(created.status).toBe(201);
    expect(created.headers.get('content-type')).toContain(LINE_ITEM);
    const item = (await created.json()) as { id: string };
    expect(item).toEqual({
      id: expect.stringMatching(/\/lineitems\/li-\d+$/),
      label: 'Quiz 1',
      scoreMaximum: 10,
      resourceId: 'q1',
      tag: 'quiz',
    });
    await newLineItem({ label: 'Quiz 2', scoreMaximum: 5, tag: 'other' });

    const list = await call(`${lineItemsUrl}?tag=quiz`, readOnly);
    expect(list.headers.get('content-type')).toContain(
      'application/vnd.ims.lis.v2.lineitemcontainer+json',
    );
    expect(((await list.json()) as { label: string }[]).map((li) => li.label)).toEqual(['Quiz 1']);
    expect(await (await call(`${lineItemsUrl}?resource_id=q1`, readOnly)).json()).toHaveLength(1);

    expect(await (await call(item.id, readOnly)).json()).toMatchObject({ label: 'Quiz 1' });
    const put = await call(
      item.id,
      full,
      { method: 'PUT', body: JSON.stringify({ label: 'Quiz 1b', scoreMaximum: 12 }) },
      LINE_ITEM,
    );
    expect(await put.json()).toMatchObject({ label: 'Quiz 1b', scoreMaximum: 12 });
    expect((await call(item.id, full, { method: 'DELETE' })).status).toBe(204);
    expect((await call(item.id, full)).status).toBe(404);
  });

  it('refuses a line item body of another media type, or without a label', async () => {
    expect(
      (await newLineItem({ label: 'x', scoreMaximum: 1 }, full, 'application/json')).status,
    ).toBe(415);
    expect((await newLineItem({ scoreMaximum: 1 })).status).toBe(400);
    expect((await newLineItem({ label: 'x', scoreMaximum: -1 })).status).toBe(400);
  });

  it('checks the bearer token and its scope', async () => {
    expect((await fetch(lineItemsUrl)).status).toBe(401);
    expect((await call(lineItemsUrl, 'not-a-token')).status).toBe(401);
    const res = await newLineItem({ label: 'x', scoreMaximum: 1 }, readOnly);
    expect(res.status).toBe(403);
    expect(res.headers.get('www-authenticate')).toContain('insufficient_scope');
  });

  it('takes scores, refuses an older one (409), and lists the results', async () => {
    const item = (await (await newLineItem({ label: 'Quiz 3', scoreMaximum: 10 })).json()) as {
      id: string;
    };
    const score = (over: Record<string, unknown>) =>
      call(
        `${item.id}/scores`,
        full,
        {
          method: 'POST',
          body: JSON.stringify({
            userId: LEE,
            scoreGiven: 7,
            scoreMaximum: 10,
            activityProgress: 'Completed',
            gradingProgress: 'FullyGraded',
            timestamp: '2026-11-28T05:00:00.000Z',
            ...over,
          }),
        },
        SCORE,
      );
    expect((await score({})).status).toBe(204);
    expect(
      (await score({ scoreGiven: 9, timestamp: '2026-11-28T06:00:00.000Z', comment: 'better' }))
        .status,
    ).toBe(204);
    expect((await score({ scoreGiven: 1, timestamp: '2026-11-28T05:30:00.000Z' })).status).toBe(
      409,
    );
    expect(
      (await score({ userId: 'lms-user-learner-3', timestamp: '2026-11-28T07:00:00.000Z' })).status,
    ).toBe(400);
    expect(
      (await score({ activityProgress: 'Done', timestamp: '2026-11-28T07:00:00.000Z' })).status,
    ).toBe(400);
    expect(
      (await score({ scoreMaximum: undefined, timestamp: '2026-11-28T07:00:00.000Z' })).status,
    ).toBe(400);

    const results = await call(`${item.id}/results`, full);
    expect(results.headers.get('content-type')).toContain(
      'application/vnd.ims.lis.v2.resultcontainer+json',
    );
    expect(await results.json()).toEqual([
      {
        id: expect.any(String),
        scoreOf: item.id,
        userId: LEE,
        resultScore: 9,
        resultMaximum: 10,
        comment: 'better',
      },
    ]);
    const noResultScope = await accessToken(lms, tool, SCOPES.score);
    expect((await call(`${item.id}/results`, noResultScope)).status).toBe(403);
    const home = await (await fetch(lms.issuer)).text();
    expect(home).toMatch(/data-testid="grade-li-\d+-lms-user-learner-1-score">9 \/ 10</);
  });

  it('hides the line items of other tools', async () => {
    const other = await startTool(lms, { name: 'Other tool' });
    const mine = (await (await newLineItem({ label: 'Mine', scoreMaximum: 1 })).json()) as {
      id: string;
    };
    const theirs = await accessToken(lms, other, SCOPES.lineItem);
    expect((await call(mine.id, theirs)).status).toBe(404);
    expect(await (await call(lineItemsUrl, theirs)).json()).toEqual([]);
    await other.close();
  });
});

it('keeps tools, line items and scores across a restart (one state file)', async () => {
  const before = (await (await fetch(`${lms.issuer}/_test/state`)).json()) as {
    tools: unknown[];
    lineItems: unknown[];
    scores: unknown[];
  };
  const jwks = await (await fetch(`${lms.issuer}/.well-known/jwks.json`)).json();
  const again = await startLms(lms.statePath);
  try {
    const after = (await (await fetch(`${again.issuer}/_test/state`)).json()) as typeof before;
    expect(after.tools).toEqual(before.tools);
    expect(after.lineItems.length).toBe(before.lineItems.length);
    expect(after.scores).toEqual(before.scores);
    expect(await (await fetch(`${again.issuer}/.well-known/jwks.json`)).json()).toEqual(jwks);
    expect((await postJson(again, '/_test/reset', {})).status).toBe(200);
    expect(
      ((await (await fetch(`${again.issuer}/_test/state`)).json()) as { tools: unknown[] }).tools,
    ).toEqual([]);
  } finally {
    await again.close();
  }
});
