import * as http from 'node:http';
import type { AddressInfo } from 'node:net';
import {
  createLocalJWKSet,
  exportJWK,
  generateKeyPair,
  SignJWT,
  type CryptoKey,
  type JWK,
} from 'jose';
import { InvalidTokenError, TokenVerifier } from './token-verifier';

const issuer = 'http://localhost:8080/realms/examprep';
const audience = 'examprep-api';

describe('TokenVerifier', () => {
  let privateKey: CryptoKey;
  let otherKey: CryptoKey;
  let sut: TokenVerifier;

  beforeAll(async () => {
    const pair = await generateKeyPair('RS256');
    privateKey = pair.privateKey;
    otherKey = (await generateKeyPair('RS256')).privateKey;
    const jwk: JWK = { ...(await exportJWK(pair.publicKey)), kid: 'k1', alg: 'RS256', use: 'sig' };
    sut = new TokenVerifier({
      issuer,
      audience,
      algorithms: ['RS256'],
      keySet: createLocalJWKSet({ keys: [jwk] }),
    });
  });

  const claims = {
    typ: 'Bearer',
    email: 'Learner@Example.com',
    email_verified: true,
    realm_access: { roles: ['default-roles-examprep'] },
  };

  function sign(
    payload: object = claims,
    opts: { key?: CryptoKey; aud?: string; iss?: string; exp?: string | number } = {},
  ) {
    return new SignJWT({ ...payload })
      .setProtectedHeader({ alg: 'RS256', kid: 'k1', typ: 'JWT' })
      .setSubject('user-1')
      .setIssuer(opts.iss ?? issuer)
      .setAudience(opts.aud ?? audience)
      .setIssuedAt()
      .setExpirationTime(opts.exp ?? '5m')
      .sign(opts.key ?? privateKey);
  }

  it('turns a valid access token into the actor', async () => {
    await expect(sut.verify(await sign())).resolves.toEqual({
      uid: 'user-1',
      email: 'learner@example.com',
      isAdmin: false,
      emailVerified: true,
      stagingAccess: false,
      isInstructor: false,
    });
  });

  it('reads the instructor role (issue 30)', async () => {
    const teacher = await sut.verify(
      await sign({ ...claims, realm_access: { roles: ['instructor'] } }),
    );
    expect(teacher.isInstructor).toBe(true);
    expect(teacher.isAdmin).toBe(false);
  });

  it('reads staging access from the staging-access role (admins always have it)', async () => {
    const staff = await sut.verify(
      await sign({ ...claims, realm_access: { roles: ['staging-access'] } }),
    );
    expect(staff.stagingAccess).toBe(true);
    const admin = await sut.verify(await sign({ ...claims, realm_access: { roles: ['admin'] } }));
    expect(admin.stagingAccess).toBe(true);
  });

  it('reads isAdmin from the admin realm role', async () => {
    const actor = await sut.verify(await sign({ ...claims, realm_access: { roles: ['admin'] } }));
    expect(actor.isAdmin).toBe(true);
  });

  it('reads an unverified email as emailVerified false', async () => {
    const actor = await sut.verify(await sign({ ...claims, email_verified: false }));
    expect(actor.emailVerified).toBe(false);
  });

  it.each([
    ['expired', () => sign(claims, { exp: Math.floor(Date.now() / 1000) - 60 })],
    ['wrongly signed', () => sign(claims, { key: otherKey })],
    ['for another audience', () => sign(claims, { aud: 'account' })],
    ['from another issuer', () => sign(claims, { iss: 'http://evil.example/realms/examprep' })],
    ['an ID token', () => sign({ ...claims, typ: 'ID' })],
  ])('refuses a token that is %s', async (_name, make) => {
    await expect(sut.verify(await make())).rejects.toBeInstanceOf(InvalidTokenError);
  });

  it('refuses alg none', async () => {
    const b64 = (o: object) => Buffer.from(JSON.stringify(o)).toString('base64url');
    const now = Math.floor(Date.now() / 1000);
    const token = `${b64({ alg: 'none', typ: 'JWT' })}.${b64({ ...claims, sub: 'u', iss: issuer, aud: audience, iat: now, exp: now + 300 })}.`;
    await expect(sut.verify(token)).rejects.toBeInstanceOf(InvalidTokenError);
  });

  it('refuses an HMAC token signed with the public key as secret (algorithm confusion)', async () => {
    const token = await new SignJWT({ ...claims })
      .setProtectedHeader({ alg: 'HS256', kid: 'k1' })
      .setSubject('u')
      .setIssuer(issuer)
      .setAudience(audience)
      .setIssuedAt()
      .setExpirationTime('5m')
      .sign(new TextEncoder().encode('public-key-as-secret'));
    await expect(sut.verify(token)).rejects.toBeInstanceOf(InvalidTokenError);
  });

  it('refuses garbage', async () => {
    await expect(sut.verify('not.a.token')).rejects.toBeInstanceOf(InvalidTokenError);
  });
});

describe('TokenVerifier cache', () => {
  /** A verifier on a local key set that counts its key look-ups, with a clock the test moves. */
  async function countingVerifier(cacheSize?: number) {
    const { privateKey, publicKey } = await generateKeyPair('RS256');
    const jwk: JWK = { ...(await exportJWK(publicKey)), kid: 'k1', alg: 'RS256' };
    const local = createLocalJWKSet({ keys: [jwk] });
    const keySet = jest.fn(local) as unknown as typeof local;
    const clock = { now: Date.now() };
    const sut = new TokenVerifier({
      issuer,
      audience,
      algorithms: ['RS256'],
      keySet,
      ...(cacheSize === undefined ? {} : { cacheSize }),
      now: () => clock.now,
    });
    const token = (sub: string, exp: number) =>
      new SignJWT({ typ: 'Bearer', email_verified: true })
        .setProtectedHeader({ alg: 'RS256', kid: 'k1' })
        .setSubject(sub)
        .setIssuer(issuer)
        .setAudience(audience)
        .setIssuedAt()
        .setExpirationTime(exp)
        .sign(privateKey);
    const checks = () => (keySet as unknown as jest.Mock).mock.calls.length;
    return { sut, clock, token, checks };
  }

  it('checks a token once, and again after it expires', async () => {
    const { sut, clock, token, checks } = await countingVerifier();
    const exp = Math.floor(clock.now / 1000) + 60;
    const t = await token('u1', exp);
    await sut.verify(t);
    await sut.verify(t);
    expect(checks()).toBe(1);
    clock.now = exp * 1000 - 1; // the last ms before its exp: still from memory
    await sut.verify(t);
    expect(checks()).toBe(1);
    clock.now = exp * 1000; // at its exp: checked again (jose allows 5 s of clock skew)
    await sut.verify(t);
    expect(checks()).toBe(2);
    clock.now = exp * 1000 + 10_000; // past expiry and the 5 s clock tolerance
    await expect(sut.verify(t)).rejects.toBeInstanceOf(InvalidTokenError);
  });

  it('keeps the tokens used last (LRU)', async () => {
    const { sut, clock, token, checks } = await countingVerifier(2);
    const exp = Math.floor(clock.now / 1000) + 600;
    const [a, b, c] = [await token('a', exp), await token('b', exp), await token('c', exp)];
    await sut.verify(a);
    await sut.verify(b);
    await sut.verify(a); // a hit makes a the youngest
    await sut.verify(c); // evicts b, the oldest
    const before = checks();
    await sut.verify(a);
    expect(checks()).toBe(before); // still cached
    await sut.verify(b);
    expect(checks()).toBe(before + 1); // checked again
  });

  it('cacheSize 0 checks every call', async () => {
    const { sut, clock, token, checks } = await countingVerifier(0);
    const t = await token('u1', Math.floor(clock.now / 1000) + 60);
    await sut.verify(t);
    await sut.verify(t);
    expect(checks()).toBe(2);
  });

  it('never caches a refused token', async () => {
    const sut = new TokenVerifier({
      issuer,
      audience,
      algorithms: ['RS256'],
      keySet: createLocalJWKSet({ keys: [] }),
    });
    await expect(sut.verify('a.b.c')).rejects.toBeInstanceOf(InvalidTokenError);
    await expect(sut.verify('a.b.c')).rejects.toBeInstanceOf(InvalidTokenError);
  });
});

describe('TokenVerifier with the remote key set while Keycloak is away', () => {
  // a JWKS endpoint of our own that can be taken down, as Keycloak is in the fault suite
  it('keeps verifying with the keys it fetched when a refresh of a stale key set fails', async () => {
    const pair = await generateKeyPair('RS256');
    const stranger = await generateKeyPair('RS256');
    const jwk: JWK = { ...(await exportJWK(pair.publicKey)), kid: 'k1', alg: 'RS256', use: 'sig' };
    let fetches = 0;
    const server = http.createServer((_req, res) => {
      fetches++;
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ keys: [jwk] }));
    });
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    const { port } = server.address() as AddressInfo;
    const sut = new TokenVerifier({
      issuer,
      audience,
      algorithms: ['RS256'],
      jwksUrl: `http://127.0.0.1:${port}/certs`,
      jwksMaxAgeMs: 50,
    });
    const sign = (sub: string, kid = 'k1', key = pair.privateKey) =>
      new SignJWT({ typ: 'Bearer' })
        .setProtectedHeader({ alg: 'RS256', kid })
        .setSubject(sub)
        .setIssuer(issuer)
        .setAudience(audience)
        .setIssuedAt()
        .setExpirationTime('5m')
        .sign(key);

    await expect(sut.verify(await sign('before'))).resolves.toMatchObject({ uid: 'before' });
    expect(fetches).toBe(1);
    server.closeAllConnections();
    await new Promise((r) => server.close(r));
    await new Promise((r) => setTimeout(r, 80)); // the key set is now older than its max age

    // a token this gateway has not verified yet (another replica's learner, a fresh process)
    await expect(sut.verify(await sign('during'))).resolves.toMatchObject({ uid: 'during' });
    await expect(sut.verify(await sign('again'))).resolves.toMatchObject({ uid: 'again' });
    // still refused: a key the realm never had, a signature by another key
    await expect(sut.verify(await sign('x', 'k-unknown'))).rejects.toBeInstanceOf(
      InvalidTokenError,
    );
    await expect(sut.verify(await sign('y', 'k1', stranger.privateKey))).rejects.toBeInstanceOf(
      InvalidTokenError,
    );
  });
});
