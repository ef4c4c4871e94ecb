import { KeycloakAdminClient } from './keycloak-admin.client';

function json(status: number, body: unknown) {
  return new Response(JSON.stringify(body), {
    status,
    headers: { 'content-type': 'application/json' },
  });
}

describe('KeycloakAdminClient', () => {
  const options = { url: 'http://kc', realm: 'r', clientId: 'c', clientSecret: 's' };

  it('reuses its service-account token, and fetches a new one after a 401', async () => {
    let tokens = 0;
    let rejectNext = false;
    const fetch = jest.fn(async (url: string | URL | Request) => {
      const u = String(url);
      if (u.endsWith('/token')) return json(200, { access_token: `t${++tokens}`, expires_in: 300 });
      if (rejectNext) {
        rejectNext = false;
        return json(401, {});
      }
      return json(200, { id: 'u1', email: 'a@b.c' });
    }) as unknown as typeof globalThis.fetch;
    const sut = new KeycloakAdminClient({ ...options, fetch });
    await sut.findUser('u1');
    await sut.findUser('u1');
    expect(tokens).toBe(1);
    rejectNext = true;
    await expect(sut.findUser('u1')).resolves.toEqual({ id: 'u1', email: 'a@b.c' });
    expect(tokens).toBe(2);
  });

  it('pages through every user', async () => {
    const fetch = jest.fn(async (url: string | URL | Request) => {
      const u = new URL(String(url));
      if (u.pathname.endsWith('/token')) return json(200, { access_token: 't', expires_in: 300 });
      const first = Number(u.searchParams.get('first'));
      const max = Number(u.searchParams.get('max'));
      const total = 5;
      return json(
        200,
        Array.from({ length: Math.max(0, Math.min(max, total - first)) }, (_, i) => ({
          id: `u${first + i}`,
        })),
      );
    }) as unknown as typeof globalThis.fetch;
    const users = await new KeycloakAdminClient({ ...options, fetch }).listUsers(2);
    expect(users.map((u) => u.id)).toEqual(['u0', 'u1', 'u2', 'u3', 'u4']);
  });

  it('reports an unreachable identity provider as 503', async () => {
    const fetch = jest.fn(async () => json(500, {})) as unknown as typeof globalThis.fetch;
    await expect(
      new KeycloakAdminClient({ ...options, fetch }).findUser('x'),
    ).rejects.toMatchObject({
      payload: { status: 503 },
    });
  });
  it('mints an impersonation token by token exchange with its own credentials', async () => {
    const fetch = jest.fn(async () =>
      json(200, { access_token: 'user-token', expires_in: 300 }),
    ) as unknown as jest.Mock & typeof globalThis.fetch;
    const sut = new KeycloakAdminClient({ ...options, fetch });
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
    const fetch = jest.fn(async () =>
      json(403, { error: 'access_denied', error_description: 'Client not allowed to exchange' }),
    ) as unknown as typeof globalThis.fetch;
    const sut = new KeycloakAdminClient({ ...options, fetch });
    await expect(sut.impersonationToken('u9', 'web')).rejects.toMatchObject({
      payload: {
        status: 503,
        message: expect.stringContaining('Client not allowed to exchange'),
      },
    });
  });

  it('switches registration with a partial realm update', async () => {
    const fetch = jest.fn(async (url: string | URL | Request) =>
      String(url).endsWith('/token')
        ? json(200, { access_token: 't', expires_in: 300 })
        : new Response(null, { status: 204 }),
    ) as unknown as jest.Mock & typeof globalThis.fetch;
    const sut = new KeycloakAdminClient({ ...options, fetch });
    await sut.setRegistrationAllowed(false);
    const [url, init] = fetch.mock.calls[1] as [string, RequestInit];
    expect(url).toBe('http://kc/admin/realms/r');
    expect(init.method).toBe('PUT');
    expect(JSON.parse(init.body as string)).toEqual({ registrationAllowed: false });
  });
  it('reports a refused realm update (missing manage-realm) as a distinct, non-transient error', async () => {
    const fetch = jest.fn(async (url: string | URL | Request) =>
      String(url).endsWith('/token')
        ? json(200, { access_token: 't', expires_in: 300 })
        : json(403, { error: 'unknown_error' }),
    ) as unknown as typeof globalThis.fetch;
    const sut = new KeycloakAdminClient({ ...options, fetch });
    await expect(sut.setRegistrationAllowed(true)).rejects.toMatchObject({
      payload: { status: 503, code: 'IDENTITY_PROVIDER_FORBIDDEN' },
    });
  });
});
