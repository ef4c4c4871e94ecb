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
});
