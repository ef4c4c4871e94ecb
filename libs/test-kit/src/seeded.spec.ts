import {
  apiTestsClient,
  clientCredentialsFrom,
  identityServiceClient,
  resolvePlaceholder,
  seededUsers,
  seededUsersFrom,
} from './seeded';

describe('resolvePlaceholder', () => {
  it('resolves ${ENV:default} like the Keycloak import', () => {
    expect(resolvePlaceholder('${X:dflt}', {})).toBe('dflt');
    expect(resolvePlaceholder('${X:dflt}', { X: 'set' })).toBe('set');
    expect(resolvePlaceholder('${X:}', {})).toBe('');
    expect(resolvePlaceholder('plain', {})).toBe('plain');
    expect(() => resolvePlaceholder('${X}', {})).toThrow(/no default/);
  });
});

describe('seededUsersFrom', () => {
  const user = (email: string, extra: object = {}) => ({
    username: email,
    email,
    credentials: [{ type: 'password', value: `${email}-pw` }],
    ...extra,
  });

  it('keys users by the local part of their email', () => {
    const users = seededUsersFrom({
      users: [
        user('admin@x.test', { realmRoles: ['admin'], emailVerified: true }),
        user('learner@x.test'),
        user('unverified@x.test'),
        user('unverified-admin@x.test', { realmRoles: ['admin'] }),
        user('other@x.test'),
      ],
    });
    expect(users.admin).toMatchObject({
      email: 'admin@x.test',
      password: 'admin@x.test-pw',
      realmRoles: ['admin'],
      emailVerified: true,
    });
    expect(users.learner.emailVerified).toBe(false);
    expect(users['unverified-admin']).toMatchObject({ realmRoles: ['admin'], emailVerified: false });
    expect(Object.keys(users).sort()).toEqual(['admin', 'learner', 'unverified', 'unverified-admin']);
  });

  it('fails when a seeded user is missing', () => {
    expect(() => seededUsersFrom({ users: [user('admin@x.test')] })).toThrow(/learner/);
  });
});

describe('clientCredentialsFrom', () => {
  it('resolves the secret placeholder', () => {
    const realm = { clients: [{ clientId: 'svc', secret: '${SVC_SECRET:dev}' }] };
    expect(clientCredentialsFrom(realm, 'svc', {})).toEqual({
      clientId: 'svc',
      clientSecret: 'dev',
    });
    expect(clientCredentialsFrom(realm, 'svc', { SVC_SECRET: 'prod' }).clientSecret).toBe('prod');
    expect(() => clientCredentialsFrom(realm, 'nope', {})).toThrow(/nope/);
  });
});

describe('the seeded users of the dev overlay', () => {
  it('are the admin, a verified learner, an unverified user and an unverified admin', () => {
    expect(seededUsers.admin.email).toBe('admin@examprep.test');
    expect(seededUsers.admin.realmRoles).toContain('admin');
    expect(seededUsers.learner).toMatchObject({
      email: 'learner@examprep.test',
      emailVerified: true,
    });
    expect(seededUsers.learner.realmRoles).not.toContain('admin');
    expect(seededUsers.unverified).toMatchObject({
      email: 'unverified@examprep.test',
      emailVerified: false,
    });
    // admins are exempt from verification (learner spec §2): this one proves it end to end
    expect(seededUsers['unverified-admin']).toMatchObject({
      email: 'unverified-admin@examprep.test',
      emailVerified: false,
      realmRoles: expect.arrayContaining(['admin']),
    });
    expect(Object.keys(seededUsers).sort()).toEqual([
      'admin',
      'learner',
      'unverified',
      'unverified-admin',
    ]);
    expect('admin' in seededUsers).toBe(true);
  });

  it('have passwords that satisfy the realm policy length(6)', () => {
    for (const u of Object.values(seededUsers)) expect(u.password.length).toBeGreaterThanOrEqual(6);
  });

  it('come with the api-tests and identity-service client credentials', () => {
    expect(apiTestsClient().clientId).toBe('api-tests');
    expect(apiTestsClient().clientSecret).toBeTruthy();
    expect(identityServiceClient().clientId).toBe('identity-service');
  });
});
