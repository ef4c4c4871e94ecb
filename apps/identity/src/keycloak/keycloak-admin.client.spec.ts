import { KeycloakAdminClient } from './keycloak-admin.client';

function json(status: number, body: unknown) {
  return new Response(JSON.stringify(body), {
    status,
    headers: { 'content-type': 'application/json' },
  });
}

const noContent = () => new Response(null, { status: 204 });
const isToken = (url: unknown) => String(url).endsWith('/protocol/openid-connect/token');

type Answer = (url: URL, init: RequestInit) => Response | Promise<Response>;

/**
 * Keycloak stood in for by global fetch (the admin client calls it): the token endpoint answers
 * a token, `answer` everything else. Returns the calls to the admin API.
 */
function keycloak(answer: Answer) {
  const fetch = jest
    .spyOn(globalThis, 'fetch')
    .mockImplementation(async (input: string | URL | Request, init?: RequestInit) => {
      if (isToken(input)) return json(200, { access_token: 't', expires_in: 300 });
      return answer(new URL(String(input)), init ?? {});
    });
  const adminCalls = () =>
    fetch.mock.calls
      .filter(([url]) => !isToken(url))
      .map(([url, init]) => ({ url: new URL(String(url)), init: init ?? {} }));
  return { fetch, adminCalls };
}

describe('KeycloakAdminClient', () => {
  const options = { url: 'http://kc', realm: 'r', clientId: 'c', clientSecret: 's' };

  afterEach(() => jest.restoreAllMocks());

  it('reuses its service-account token, and fetches a new one after a 401', async () => {
    let tokens = 0;
    let rejectNext = false;
    const fetch = jest
      .spyOn(globalThis, 'fetch')
      .mockImplementation(async (url: string | URL | Request, init?: RequestInit) => {
        if (isToken(url)) {
          expect(Object.fromEntries(init!.body as URLSearchParams)).toEqual({
            grant_type: 'client_credentials',
            client_id: 'c',
            client_secret: 's',
          });
          return json(200, { access_token: `t${++tokens}`, expires_in: 300 });
        }
        expect(new Headers(init!.headers).get('authorization')).toBe(`Bearer t${tokens}`);
        if (rejectNext) {
          rejectNext = false;
          return json(401, {});
        }
        return json(200, { id: 'u1', email: 'a@b.c' });
      });
    const sut = new KeycloakAdminClient(options);
    await sut.findUser('u1');
    await sut.findUser('u1');
    expect(tokens).toBe(1);
    rejectNext = true;
    await expect(sut.findUser('u1')).resolves.toEqual({ id: 'u1', email: 'a@b.c' });
    expect(tokens).toBe(2);
    expect(String(fetch.mock.calls[1][0])).toBe('http://kc/admin/realms/r/users/u1');
  });

  it('pages through every user', async () => {
    const { adminCalls } = keycloak((u) => {
      const first = Number(u.searchParams.get('first'));
      const max = Number(u.searchParams.get('max'));
      const total = 5;
      return json(
        200,
        Array.from({ length: Math.max(0, Math.min(max, total - first)) }, (_, i) => ({
          id: `u${first + i}`,
        })),
      );
    });
    const users = await new KeycloakAdminClient(options).listUsers(2);
    expect(users.map((u) => u.id)).toEqual(['u0', 'u1', 'u2', 'u3', 'u4']);
    expect(adminCalls().map(({ url }) => `${url.pathname}?${url.searchParams}`)).toEqual([
      '/admin/realms/r/users/?briefRepresentation=true&first=0&max=2',
      '/admin/realms/r/users/?briefRepresentation=true&first=2&max=2',
      '/admin/realms/r/users/?briefRepresentation=true&first=4&max=2',
    ]);
  });

  it("pages through a role's users; a role Keycloak does not have is 503", async () => {
    keycloak((u) =>
      u.pathname === '/admin/realms/r/roles/admin/users'
        ? json(200, u.searchParams.get('first') === '0' ? [{ id: 'a1' }, { id: 'a2' }] : [])
        : json(404, { error: 'Could not find role' }),
    );
    const sut = new KeycloakAdminClient(options);
    await expect(sut.usersInRole('admin', 2)).resolves.toEqual(new Set(['a1', 'a2']));
    await expect(sut.usersInRole('nobody')).rejects.toMatchObject({
      payload: { status: 503, message: expect.stringContaining('listing answered 404') },
    });
  });

  it('finds a user by exact email', async () => {
    const { adminCalls } = keycloak(() =>
      json(200, [
        { id: 'u2', email: 'Ann@Example.com' },
        { id: 'u3', email: 'annie@example.com' },
      ]),
    );
    await expect(
      new KeycloakAdminClient(options).findUserByEmail('ann@example.com'),
    ).resolves.toEqual({ id: 'u2', email: 'Ann@Example.com' });
    expect(Object.fromEntries(adminCalls()[0].url.searchParams)).toEqual({
      exact: 'true',
      briefRepresentation: 'true',
      email: 'ann@example.com',
    });
  });

  it('a user Keycloak does not have: null, not deleted, no role', async () => {
    keycloak(() => json(404, { error: 'User not found' }));
    const sut = new KeycloakAdminClient(options);
    await expect(sut.findUser('gone')).resolves.toBeNull();
    await expect(sut.deleteUser('gone')).resolves.toBe(false);
    await expect(sut.hasRealmRole('gone', 'admin')).resolves.toBe(false);
  });

  it('deletes a user; reads the realm roles it holds, composite ones included', async () => {
    const { adminCalls } = keycloak((_url, init) =>
      init.method === 'DELETE' ? noContent() : json(200, [{ name: 'default' }, { name: 'admin' }]),
    );
    const sut = new KeycloakAdminClient(options);
    await expect(sut.deleteUser('u1')).resolves.toBe(true);
    await expect(sut.hasRealmRole('u1', 'admin')).resolves.toBe(true);
    await expect(sut.hasRealmRole('u1', 'staging-access')).resolves.toBe(false);
    expect(adminCalls().map(({ url, init }) => `${init.method} ${url.pathname}`)).toEqual([
      'DELETE /admin/realms/r/users/u1',
      'GET /admin/realms/r/users/u1/role-mappings/realm/composite',
      'GET /admin/realms/r/users/u1/role-mappings/realm/composite',
    ]);
  });

  it('reports a failing identity provider as 503 naming the call', async () => {
    keycloak(() => json(500, {}));
    const sut = new KeycloakAdminClient(options);
    await expect(sut.findUser('x')).rejects.toMatchObject({
      payload: {
        status: 503,
        code: 'IDENTITY_PROVIDER_UNAVAILABLE',
        message: 'The identity provider is not available (user lookup answered 500).',
      },
    });
    await expect(sut.deleteUser('x')).rejects.toMatchObject({
      payload: { status: 503, message: expect.stringContaining('user delete answered 500') },
    });
  });

  it('reports an unreachable token endpoint as 503', async () => {
    jest.spyOn(globalThis, 'fetch').mockImplementation(async () => json(500, {}));
    await expect(new KeycloakAdminClient(options).findUser('x')).rejects.toMatchObject({
      payload: {
        status: 503,
        message: 'The identity provider is not available (token request answered 500).',
      },
    });
  });

  it('mints an impersonation token by token exchange with its own credentials', async () => {
    const fetch = jest
      .spyOn(globalThis, 'fetch')
      .mockImplementation(async () => json(200, { access_token: 'user-token', expires_in: 300 }));
    const sut = new KeycloakAdminClient(options);
    await expect(sut.impersonationToken('u9', 'web')).resolves.toEqual({
      accessToken: 'user-token',
      expiresIn: 300,
    });
    const [url, init] = fetch.mock.calls[0] as [string, RequestInit];
    expect(url).toBe('http://kc/realms/r/protocol/openid-connect/token');
    expect(Object.fromEntries(init.body as URLSearchParams)).toEqual({
      grant_type: 'urn:ietf:params:oauth:grant-type:token-exchange',
      client_id: 'c',
      client_secret: 's',
      requested_subject: 'u9',
      audience: 'web',
      requested_token_type: 'urn:ietf:params:oauth:token-type:access_token',
    });
  });

  it("reports a refused exchange as 503 with Keycloak's reason", async () => {
    jest
      .spyOn(globalThis, 'fetch')
      .mockImplementation(async () =>
        json(403, { error: 'access_denied', error_description: 'Client not allowed to exchange' }),
      );
    const sut = new KeycloakAdminClient(options);
    await expect(sut.impersonationToken('u9', 'web')).rejects.toMatchObject({
      payload: {
        status: 503,
        message: expect.stringContaining('Client not allowed to exchange'),
      },
    });
  });

  it('switches registration with a partial realm update', async () => {
    const { adminCalls } = keycloak(() => noContent());
    await new KeycloakAdminClient(options).setRegistrationAllowed(false);
    const [{ url, init }] = adminCalls();
    expect(String(url)).toBe('http://kc/admin/realms/r');
    expect(init.method).toBe('PUT');
    expect(JSON.parse(init.body as string)).toEqual({ registrationAllowed: false });
  });

  it('reports a refused realm update (missing manage-realm) as a distinct, non-transient error', async () => {
    keycloak(() => json(403, { error: 'unknown_error' }));
    const sut = new KeycloakAdminClient(options);
    await expect(sut.setRegistrationAllowed(true)).rejects.toMatchObject({
      payload: { status: 503, code: 'IDENTITY_PROVIDER_FORBIDDEN' },
    });
  });

  it('has Keycloak mail the verify link and the required actions (client, redirect, 1 h)', async () => {
    const { adminCalls } = keycloak(() => noContent());
    const sut = new KeycloakAdminClient(options);
    await sut.sendVerifyEmail('u1', 'web', 'http://app/verified');
    await sut.executeActionsEmail('u1', ['UPDATE_PASSWORD'], 'web', 'http://app/signin');
    const [verify, actions] = adminCalls();
    expect(`${verify.init.method} ${verify.url.pathname}`).toBe(
      'PUT /admin/realms/r/users/u1/send-verify-email',
    );
    expect(Object.fromEntries(verify.url.searchParams)).toEqual({
      client_id: 'web',
      redirect_uri: 'http://app/verified',
    });
    expect(`${actions.init.method} ${actions.url.pathname}`).toBe(
      'PUT /admin/realms/r/users/u1/execute-actions-email',
    );
    expect(Object.fromEntries(actions.url.searchParams)).toEqual({
      client_id: 'web',
      redirect_uri: 'http://app/signin',
      lifespan: '3600',
    });
    expect(JSON.parse(actions.init.body as string)).toEqual(['UPDATE_PASSWORD']);
  });

  it('finds a user by an exact attribute value', async () => {
    const { adminCalls } = keycloak((u) =>
      json(200, u.searchParams.get('q') === 'lti_id:lti-abc' ? [{ id: 'u7' }] : []),
    );
    const sut = new KeycloakAdminClient(options);
    await expect(sut.findUserByAttribute('lti_id', 'lti-abc')).resolves.toEqual({ id: 'u7' });
    await expect(sut.findUserByAttribute('lti_id', 'lti-ab')).resolves.toBeNull();
    expect(Object.fromEntries(adminCalls()[0].url.searchParams)).toEqual({
      exact: 'true',
      briefRepresentation: 'true',
      q: 'lti_id:lti-abc',
    });
  });

  it("makes an enabled user and answers its id; Keycloak's 409 is null", async () => {
    let conflict = false;
    const { adminCalls } = keycloak(() =>
      conflict
        ? json(409, { errorMessage: 'User exists with same username' })
        : new Response(null, {
            status: 201,
            headers: { location: 'http://kc/admin/realms/r/users/new-id' },
          }),
    );
    const sut = new KeycloakAdminClient(options);
    const user = {
      username: 'lti-abc',
      firstName: 'Ann',
      emailVerified: true,
      attributes: { lti_key: ['p1:s1'] },
    };
    await expect(sut.createUser(user)).resolves.toBe('new-id');
    conflict = true;
    await expect(sut.createUser(user)).resolves.toBeNull();
    const [{ url, init }] = adminCalls();
    expect(`${init.method} ${url.pathname}`).toBe('POST /admin/realms/r/users/');
    expect(JSON.parse(init.body as string)).toEqual({ ...user, enabled: true });
  });

  it('reads and makes the federated identity link; a link that exists (409) is no error', async () => {
    let conflict = false;
    const { adminCalls } = keycloak((_url, init) => {
      if (init.method === 'POST') return conflict ? json(409, {}) : noContent();
      return json(200, [{ identityProvider: 'lti', userId: 'u1', userName: 'lti-abc' }]);
    });
    const sut = new KeycloakAdminClient(options);
    await expect(sut.hasFederatedIdentity('u1', 'lti')).resolves.toBe(true);
    await expect(sut.hasFederatedIdentity('u1', 'google')).resolves.toBe(false);
    await sut.linkFederatedIdentity('u1', 'lti', { userId: 'u1', userName: 'lti-abc' });
    conflict = true;
    await expect(
      sut.linkFederatedIdentity('u1', 'lti', { userId: 'u1', userName: 'lti-abc' }),
    ).resolves.toBeUndefined();
    const post = adminCalls().find(({ init }) => init.method === 'POST')!;
    expect(post.url.pathname).toBe('/admin/realms/r/users/u1/federated-identity/lti');
    expect(JSON.parse(post.init.body as string)).toEqual({
      identityProvider: 'lti',
      userId: 'u1',
      userName: 'lti-abc',
    });
  });

  it("adds a realm role by the role's id and name; a realm without the role is 503", async () => {
    const { adminCalls } = keycloak((url, init) => {
      if (url.pathname === '/admin/realms/r/roles/instructor')
        return json(200, { id: 'role-1', name: 'instructor' });
      if (url.pathname.startsWith('/admin/realms/r/roles/')) return json(404, {});
      return init.method === 'POST' ? noContent() : json(500, {});
    });
    const sut = new KeycloakAdminClient(options);
    await sut.addRealmRole('u1', 'instructor');
    const post = adminCalls().find(({ init }) => init.method === 'POST')!;
    expect(post.url.pathname).toBe('/admin/realms/r/users/u1/role-mappings/realm');
    expect(JSON.parse(post.init.body as string)).toEqual([{ id: 'role-1', name: 'instructor' }]);
    await expect(sut.addRealmRole('u1', 'teacher')).rejects.toMatchObject({
      payload: {
        status: 503,
        code: 'IDENTITY_PROVIDER_UNAVAILABLE',
        message: expect.stringContaining('the realm has no role teacher'),
      },
    });
  });

  it('reports the new calls failing as 503 naming the call', async () => {
    keycloak(() => json(500, {}));
    const sut = new KeycloakAdminClient(options);
    const user = { username: 'lti-a', emailVerified: true, attributes: {} };
    await expect(sut.findUserByAttribute('lti_id', 'lti-a')).rejects.toMatchObject({
      payload: { status: 503, message: expect.stringContaining('user search answered 500') },
    });
    await expect(sut.createUser(user)).rejects.toMatchObject({
      payload: { status: 503, message: expect.stringContaining('user create answered 500') },
    });
    await expect(sut.hasFederatedIdentity('u1', 'lti')).rejects.toMatchObject({
      payload: { status: 503, message: expect.stringContaining('federated identity lookup') },
    });
    await expect(
      sut.linkFederatedIdentity('u1', 'lti', { userId: 'u1', userName: 'lti-a' }),
    ).rejects.toMatchObject({
      payload: { status: 503, message: expect.stringContaining('federated identity link') },
    });
    await expect(sut.addRealmRole('u1', 'instructor')).rejects.toMatchObject({
      payload: { status: 503, message: expect.stringContaining('role mapping answered 500') },
    });
  });

  it('gives every admin call a deadline', async () => {
    const { adminCalls } = keycloak(() => json(200, { id: 'u1' }));
    await new KeycloakAdminClient(options).findUser('u1');
    expect(adminCalls()[0].init.signal).toBeInstanceOf(AbortSignal);
  });
});
