import { createHash } from 'node:crypto';
import type { LtiAccountInput } from '@examprep/contracts';
import type { AccountFacts } from '../directory/directory-entry';
import type {
  KeycloakAdminClient,
  KeycloakUser,
  NewKeycloakUser,
} from '../keycloak/keycloak-admin.client';
import type { UsersService } from '../users/users.service';
import {
  LtiProvisionService,
  ltiAccountId,
  noEmailAddress,
  personName,
} from './lti-provision.service';

type KeycloakCalls = Pick<
  KeycloakAdminClient,
  | 'findUserByAttribute'
  | 'findUserByEmail'
  | 'createUser'
  | 'hasFederatedIdentity'
  | 'linkFederatedIdentity'
  | 'hasRealmRole'
  | 'addRealmRole'
>;

interface StoredUser extends NewKeycloakUser {
  id: string;
  links: Map<string, { userId: string; userName: string }>;
  roles: Set<string>;
}

/** Keycloak's users as far as provisioning sees them: unique username and email, 409 on both. */
class FakeKeycloak implements KeycloakCalls {
  readonly users = new Map<string, StoredUser>();
  private next = 0;

  seed(user: Partial<StoredUser> & { id: string; username: string }): void {
    this.users.set(user.id, {
      emailVerified: true,
      attributes: {},
      links: new Map(),
      roles: new Set(),
      ...user,
    });
  }

  private brief(u: StoredUser | undefined): KeycloakUser | null {
    return u
      ? { id: u.id, username: u.username, email: u.email, emailVerified: u.emailVerified }
      : null;
  }

  async findUserByAttribute(name: string, value: string): Promise<KeycloakUser | null> {
    return this.brief([...this.users.values()].find((u) => u.attributes[name]?.[0] === value));
  }

  async findUserByEmail(email: string): Promise<KeycloakUser | null> {
    return this.brief([...this.users.values()].find((u) => u.email === email));
  }

  /** As the realm does: the email is the username (registrationEmailAsUsername). */
  async createUser(user: NewKeycloakUser): Promise<string | null> {
    const username = user.email ?? user.username;
    const taken = [...this.users.values()].some(
      (u) => u.username === username || (user.email && u.email === user.email),
    );
    if (taken) return null;
    const id = `kc-${++this.next}`;
    this.seed({ ...user, username, id });
    return id;
  }

  async hasFederatedIdentity(id: string, alias: string): Promise<boolean> {
    return this.users.get(id)?.links.has(alias) ?? false;
  }

  async linkFederatedIdentity(
    id: string,
    alias: string,
    link: { userId: string; userName: string },
  ): Promise<void> {
    this.users.get(id)?.links.set(alias, link);
  }

  async hasRealmRole(id: string, role: string): Promise<boolean> {
    return this.users.get(id)?.roles.has(role) ?? false;
  }

  async addRealmRole(id: string, role: string): Promise<void> {
    this.users.get(id)?.roles.add(role);
  }
}

const ANN: LtiAccountInput = {
  key: 'platform-1:sub-ann',
  name: 'Ann Lee',
  givenName: 'Ann',
  familyName: 'Lee',
  email: 'Ann@School.test',
  instructor: false,
};

function setup() {
  const keycloak = new FakeKeycloak();
  const documents: { uid: string; account: AccountFacts; fallbackEmail: string }[] = [];
  const users: Pick<UsersService, 'ensureDocument'> = {
    ensureDocument: async (uid, account, fallbackEmail) => {
      documents.push({ uid, account, fallbackEmail });
    },
  };
  const sut = new LtiProvisionService(
    keycloak as unknown as KeycloakAdminClient,
    users as UsersService,
  );
  return { sut, keycloak, documents };
}

describe('ltiAccountId', () => {
  it("is 'lti-' and the first 40 hex chars of the key's SHA-256", () => {
    const hash = createHash('sha256').update('platform-1:sub-ann').digest('hex');
    expect(ltiAccountId('platform-1:sub-ann')).toBe(`lti-${hash.slice(0, 40)}`);
    expect(ltiAccountId('platform-1:sub-ann')).toMatch(/^lti-[0-9a-f]{40}$/);
    expect(ltiAccountId('platform-2:sub-ann')).not.toBe(ltiAccountId('platform-1:sub-ann'));
  });
});

describe('personName', () => {
  it("keeps what Keycloak's person-name validator takes, nothing when nothing is left", () => {
    expect(personName("Anne-Marie O'Neil")).toBe("Anne-Marie O'Neil");
    expect(personName('Ann (Annie) <b>')).toBe('Ann Annie b');
    expect(personName(' () ')).toBeUndefined();
    expect(personName(null)).toBeUndefined();
  });
});

describe('LtiProvisionService.provision', () => {
  it("makes the account on the first launch: the LMS's names, its verified email, the key, the link and the document", async () => {
    const { sut, keycloak, documents } = setup();
    const answer = await sut.provision(ANN);
    expect(answer).toEqual({ uid: 'kc-1', created: true });
    const user = keycloak.users.get('kc-1')!;
    expect(user).toMatchObject({
      username: 'ann@school.test',
      firstName: 'Ann',
      lastName: 'Lee',
      email: 'ann@school.test',
      emailVerified: true,
      attributes: { lti_key: [ANN.key], lti_id: [ltiAccountId(ANN.key)] },
    });
    expect(user.links.get('lti')).toEqual({ userId: 'kc-1', userName: ltiAccountId(ANN.key) });
    expect(user.roles.size).toBe(0);
    expect(documents).toEqual([
      {
        uid: 'kc-1',
        account: { email: 'ann@school.test', emailVerified: true },
        fallbackEmail: noEmailAddress(ltiAccountId(ANN.key)),
      },
    ]);
  });

  it('finds the same account on the next launch (created false) and changes nothing of it', async () => {
    const { sut, keycloak } = setup();
    await sut.provision(ANN);
    const again = await sut.provision({ ...ANN, givenName: 'Annie', email: 'new@school.test' });
    expect(again).toEqual({ uid: 'kc-1', created: false });
    expect(keycloak.users.size).toBe(1);
    expect(keycloak.users.get('kc-1')).toMatchObject({
      firstName: 'Ann',
      email: 'ann@school.test',
    });
  });

  it('ends a launch that raced another one to the email with the account the other one made', async () => {
    const { sut, keycloak } = setup();
    const find = keycloak.findUserByEmail.bind(keycloak);
    // the racing launch's account shows only after this launch found the email free
    jest.spyOn(keycloak, 'findUserByEmail').mockImplementationOnce(async (email) => {
      const free = await find(email);
      await keycloak.createUser({
        username: ANN.email!.toLowerCase(),
        email: ANN.email!.toLowerCase(),
        emailVerified: true,
        attributes: { lti_key: [ANN.key], lti_id: [ltiAccountId(ANN.key)] },
      });
      return free;
    });
    await expect(sut.provision(ANN)).resolves.toEqual({ uid: 'kc-1', created: false });
    expect(keycloak.users.size).toBe(1);
  });

  it('ends two racing first launches of the same LMS user with ONE account', async () => {
    const { sut, keycloak } = setup();
    const answers = await Promise.all([sut.provision(ANN), sut.provision(ANN)]);
    expect(new Set(answers.map((a) => a.uid))).toEqual(new Set(['kc-1']));
    expect(answers.map((a) => a.created).sort()).toEqual([false, true]);
    expect(keycloak.users.size).toBe(1);
  });

  it('never gives the email of an existing account, nor links to it: a new account without one', async () => {
    const { sut, keycloak, documents } = setup();
    keycloak.seed({ id: 'learner', username: 'ann@school.test', email: 'ann@school.test' });
    const answer = await sut.provision(ANN);
    expect(answer).toEqual({ uid: 'kc-1', created: true });
    const standIn = noEmailAddress(ltiAccountId(ANN.key));
    expect(keycloak.users.get('kc-1')?.email).toBe(standIn);
    expect(keycloak.users.get('learner')).toMatchObject({ email: 'ann@school.test' });
    expect(keycloak.users.get('learner')?.links.size).toBe(0);
    expect(documents[0]?.account).toEqual({ email: standIn, emailVerified: true });
  });

  it('makes the account without the email when another account took it meanwhile (409)', async () => {
    const { sut, keycloak } = setup();
    const find = keycloak.findUserByEmail.bind(keycloak);
    jest.spyOn(keycloak, 'findUserByEmail').mockImplementationOnce(async (email) => {
      const free = await find(email);
      keycloak.seed({ id: 'quick', username: 'quick@school.test', email: 'ann@school.test' });
      return free;
    });
    await expect(sut.provision(ANN)).resolves.toEqual({ uid: 'kc-1', created: true });
    expect(keycloak.users.get('kc-1')?.email).toBe(noEmailAddress(ltiAccountId(ANN.key)));
  });

  it('uses name when the LMS gives no given name, and the stand-in email when it gives none', async () => {
    const { sut, keycloak } = setup();
    await sut.provision({ ...ANN, givenName: null, familyName: null, email: null });
    expect(keycloak.users.get('kc-1')).toMatchObject({ firstName: 'Ann Lee' });
    expect(keycloak.users.get('kc-1')?.lastName).toBeUndefined();
    // the realm requires an email; a reserved domain (RFC 2606) that is never delivered
    expect(keycloak.users.get('kc-1')?.email).toBe(`${ltiAccountId(ANN.key)}@lti.invalid`);
  });

  it("gives an instructor's launch the realm role instructor once; a learner's launch never takes it", async () => {
    const { sut, keycloak } = setup();
    const add = jest.spyOn(keycloak, 'addRealmRole');
    await sut.provision({ ...ANN, instructor: true });
    await sut.provision({ ...ANN, instructor: true });
    await sut.provision({ ...ANN, instructor: false });
    expect(add).toHaveBeenCalledTimes(1);
    expect(keycloak.users.get('kc-1')?.roles).toEqual(new Set(['instructor']));
  });

  it('links an account found without its link (a launch that failed half way)', async () => {
    const { sut, keycloak } = setup();
    keycloak.seed({
      id: 'half',
      username: noEmailAddress(ltiAccountId(ANN.key)),
      attributes: { lti_id: [ltiAccountId(ANN.key)] },
    });
    await expect(sut.provision(ANN)).resolves.toEqual({ uid: 'half', created: false });
    expect(keycloak.users.get('half')?.links.get('lti')).toEqual({
      userId: 'half',
      userName: ltiAccountId(ANN.key),
    });
  });

  it.each([
    ['an empty key', { ...ANN, key: '' }],
    ['a key over 600 characters', { ...ANN, key: 'k'.repeat(601) }],
    ['a name over 255 characters', { ...ANN, name: 'n'.repeat(256) }],
    ['an email that is not one', { ...ANN, email: 'not-an-email' }],
    ['instructor not a boolean', { ...ANN, instructor: 'yes' }],
    ['an unknown field', { ...ANN, admin: true }],
  ])('refuses %s with 400 and touches nothing', async (_what, account) => {
    const { sut, keycloak } = setup();
    await expect(sut.provision(account)).rejects.toMatchObject({ payload: { status: 400 } });
    await expect(sut.provision(undefined)).rejects.toMatchObject({ payload: { status: 400 } });
    expect(keycloak.users.size).toBe(0);
  });
});
