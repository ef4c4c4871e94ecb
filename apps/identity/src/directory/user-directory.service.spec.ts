import fc from 'fast-check';
import { FakeDirectoryRepository } from '../../test/support/fake-directory.repository';
import { FakePurchaseViewsRepository } from '../../test/support/fake-purchase-views.repository';
import { FakeUsersRepository } from '../../test/support/fake-users.repository';
import type { KeycloakAdminClient, KeycloakUser } from '../keycloak/keycloak-admin.client';
import { DirectoryRebuild } from './directory-rebuild.service';
import { type DirectoryEntry, FACET_BITS, facetsOf } from './directory-entry';
import { UserDirectory } from './user-directory.service';

/** A directory over fakes, with a Keycloak whose accounts the spec changes. */
function setup() {
  const accounts = new Map<string, KeycloakUser>();
  const admins = new Set<string>();
  const keycloak = {
    listUsers: jest.fn(async () => [...accounts.values()]),
    usersInRole: jest.fn(async () => new Set(admins)),
    findUser: jest.fn(async (id: string) => accounts.get(id) ?? null),
    hasRealmRole: jest.fn(async (id: string) => admins.has(id)),
  } as unknown as KeycloakAdminClient;
  const repo = new FakeDirectoryRepository();
  const users = new FakeUsersRepository();
  const views = new FakePurchaseViewsRepository();
  const directory = new UserDirectory(repo, users, views, keycloak);
  const rebuild = new DirectoryRebuild(repo, users, views, keycloak, {
    everyMs: 600_000,
    retryMs: 30_000,
    atStart: false,
  });
  return { accounts, admins, repo, users, views, directory, rebuild, keycloak };
}

/** The counts and duplicate flags the entries should have. */
function expected(entries: DirectoryEntry[]) {
  const byEmail = new Map<string, number>();
  for (const e of entries) if (e.email) byEmail.set(e.email, (byEmail.get(e.email) ?? 0) + 1);
  const duplicates = new Map(entries.map((e) => [e._id, (byEmail.get(e.email) ?? 0) > 1]));
  const counts = new Map<number, number>();
  for (const e of entries) counts.set(facetsOf(e), (counts.get(facetsOf(e)) ?? 0) + 1);
  return { duplicates, counts };
}
const nonZero = (m: Map<number, number>) => new Map([...m].filter(([, n]) => n !== 0));

describe('UserDirectory (ADR 0030)', () => {
  it('an account and a document make one entry; removing both removes it and its count', async () => {
    const { directory, repo, users } = setup();
    await directory.accountChanged('u1', { email: 'U1@x.test', emailVerified: true });
    await users.insert('u1', { email: 'u1@x.test', purchases: { teas_math_qbank: true } });
    await directory.storedChanged('u1');
    expect(await repo.get('u1')).toMatchObject({ inAuth: true, inDatabase: true, premium: true });
    expect((await directory.page({}, undefined, 10)).total).toBe(1);
    await directory.accountChanged('u1', null);
    await users.remove('u1');
    await directory.storedChanged('u1');
    expect(await repo.get('u1')).toBeNull();
    expect(await directory.page({}, undefined, 10)).toMatchObject({
      items: [],
      total: 0,
      matching: 0,
    });
  });

  it('tests counts: only a higher version is applied; an unknown user is looked up first', async () => {
    const { directory, repo, accounts, keycloak } = setup();
    accounts.set('u1', { id: 'u1', email: 'u1@x.test', emailVerified: true });
    expect(await directory.testsCounted('u1', 3, 5)).toBe(true);
    expect(await repo.get('u1')).toMatchObject({
      inAuth: true,
      tests: 3,
      hasTests: true,
      testsVersion: 5,
    });
    // a known user: one read of the entry, no look-up in auth
    const get = jest.spyOn(repo, 'get');
    (keycloak.findUser as jest.Mock).mockClear();
    expect(await directory.testsCounted('u1', 9, 5)).toBe(false);
    expect(get).toHaveBeenCalledTimes(1);
    expect(keycloak.findUser).not.toHaveBeenCalled();
    get.mockRestore();
    expect(await directory.testsCounted('u1', 9, 4)).toBe(false);
    expect(await directory.testsCounted('u1', 0, 6)).toBe(true);
    expect(await repo.get('u1')).toMatchObject({ tests: 0, hasTests: false });
    // nobody: neither in auth nor in the database
    expect(await directory.testsCounted('ghost', 1, 1)).toBe(false);
    expect(await repo.get('ghost')).toBeNull();
  });

  it('pages in the list order with filters; matching from the counts, null with an email filter', async () => {
    const { directory } = setup();
    await directory.accountChanged('z', {
      email: 'zed@b.test',
      emailVerified: true,
      isAdmin: true,
    });
    for (const [uid, email] of [
      ['1', 'bea@a.test'],
      ['2', 'amy@a.test'],
      ['3', 'amy@a.test'],
      ['4', 'cid@c.test'],
    ])
      await directory.accountChanged(uid!, { email: email!, emailVerified: uid !== '4' });
    const first = await directory.page({}, undefined, 2);
    expect(first.items.map((e) => e._id)).toEqual(['z', '2']);
    expect([first.total, first.matching]).toEqual([5, 5]);
    const second = await directory.page({}, first.next!, 2);
    expect(second.items.map((e) => e._id)).toEqual(['3', '1']);
    expect((await directory.page({}, second.next!, 2)).items.map((e) => e._id)).toEqual(['4']);
    expect(await directory.page({ duplicates: true }, undefined, 10)).toMatchObject({
      matching: 2,
    });
    expect(
      (await directory.page({ emailVerified: 'no' }, undefined, 10)).items.map((e) => e._id),
    ).toEqual(['4']);
    const byDomain = await directory.page({ email: '@a.test' }, undefined, 10);
    expect([byDomain.items.length, byDomain.matching]).toEqual([3, null]);
    expect((await directory.page({ email: 'B' }, undefined, 10)).items.map((e) => e._id)).toEqual([
      '1',
    ]);
  });

  it('after any sequence of changes the counts and duplicate flags are right, and a rebuild changes nothing', async () => {
    const uid = fc.constantFrom('a', 'b', 'c', 'd');
    const email = fc.constantFrom('x@s.test', 'y@s.test', 'X@S.test');
    const op = fc.oneof(
      fc.record({
        kind: fc.constant('account' as const),
        uid,
        email,
        verified: fc.boolean(),
        admin: fc.boolean(),
      }),
      fc.record({ kind: fc.constant('noAccount' as const), uid }),
      fc.record({ kind: fc.constant('doc' as const), uid, email, premium: fc.boolean() }),
      fc.record({ kind: fc.constant('noDoc' as const), uid }),
      fc.record({ kind: fc.constant('tests' as const), uid, n: fc.nat(3) }),
    );
    await fc.assert(
      fc.asyncProperty(fc.array(op, { maxLength: 25 }), async (ops) => {
        const { directory, repo, users, accounts, admins, rebuild } = setup();
        let version = 0;
        for (const o of ops) {
          if (o.kind === 'account') {
            accounts.set(o.uid, { id: o.uid, email: o.email, emailVerified: o.verified });
            if (o.admin) admins.add(o.uid);
            else admins.delete(o.uid);
            await directory.accountChanged(o.uid, {
              email: o.email,
              emailVerified: o.verified,
              isAdmin: o.admin,
            });
          } else if (o.kind === 'noAccount') {
            accounts.delete(o.uid);
            admins.delete(o.uid);
            await directory.accountChanged(o.uid, null);
          } else if (o.kind === 'doc') {
            await users.remove(o.uid);
            users.put({
              _id: o.uid,
              email: o.email.toLowerCase(),
              purchases: o.premium ? { teas_math_qbank: true } : {},
            });
            await directory.storedChanged(o.uid);
          } else if (o.kind === 'noDoc') {
            await users.remove(o.uid);
            await directory.storedChanged(o.uid);
          } else {
            await directory.testsCounted(o.uid, o.n, ++version);
          }
        }
        const entries = [...repo.entries.values()];
        const want = expected(entries);
        for (const e of entries) expect(e.duplicate).toBe(want.duplicates.get(e._id));
        expect(nonZero(repo.countsByFacets)).toEqual(want.counts);
        const before = JSON.stringify([...repo.entries].sort());
        const report = await rebuild.rebuild();
        expect(report).toMatchObject({ entries: entries.length, written: 0, removed: 0 });
        expect(JSON.stringify([...repo.entries].sort())).toBe(before);
        expect(nonZero(repo.countsByFacets)).toEqual(want.counts);
      }),
      { numRuns: 150 },
    );
  });
});

describe('DirectoryRebuild (ADR 0030)', () => {
  it('lists accounts and documents written around the service, drops what is gone, keeps test counts', async () => {
    const { accounts, admins, users, views, repo, directory, rebuild } = setup();
    accounts.set('k1', { id: 'k1', email: 'K1@x.test', emailVerified: true });
    accounts.set('adm', { id: 'adm', email: 'adm@x.test', emailVerified: true });
    admins.add('adm');
    users.put({ _id: 'k1', email: 'k1@x.test', purchases: {}, infiniteQbankGenerations: 2 });
    users.put({ _id: 'd1', email: 'k1@x.test', purchases: {} });
    await views.applyIfNewer('k1', {
      purchases: { med_dosage_qbank: true },
      version: 1,
      at: new Date(),
    });
    expect(await rebuild.rebuild()).toMatchObject({ entries: 3, written: 3, removed: 0 });
    expect(await repo.get('k1')).toMatchObject({
      email: 'k1@x.test',
      inAuth: true,
      inDatabase: true,
      premium: true,
      qbankGenerations: 2,
      duplicate: true,
    });
    expect(await repo.get('adm')).toMatchObject({ isAdmin: true, adminRank: 0, inDatabase: false });
    expect(await repo.get('d1')).toMatchObject({ inAuth: false, duplicate: true });
    await directory.testsCounted('k1', 4, 1);

    accounts.delete('adm');
    await users.remove('d1');
    expect(await rebuild.rebuild()).toMatchObject({ entries: 1, removed: 2 });
    expect(await repo.get('k1')).toMatchObject({ tests: 4, duplicate: false });
    expect((await directory.page({}, undefined, 10)).total).toBe(1);
    expect(await rebuild.rebuild()).toMatchObject({ written: 0, removed: 0 });
  });

  it('pages through more than one page of every source', async () => {
    const { accounts, users, rebuild, directory } = setup();
    for (let i = 0; i < 2_345; i++) {
      const id = `u${String(i).padStart(5, '0')}`;
      if (i % 3 !== 0) accounts.set(id, { id, email: `${id}@x.test`, emailVerified: true });
      if (i % 2 === 0) users.put({ _id: id, email: `${id}@x.test`, purchases: {} });
    }
    const listed = [...Array(2_345).keys()].filter((i) => i % 3 !== 0 || i % 2 === 0).length;
    expect(await rebuild.rebuild()).toMatchObject({ entries: listed, written: listed });
    const page = await directory.page({ inAuth: 'no' }, undefined, 5);
    // not in auth: every third, and listed only with a document (the even ones)
    expect(page.matching).toBe([...Array(2_345).keys()].filter((i) => i % 6 === 0).length);
    expect(page.items.every((e) => e.inDatabase && !e.inAuth)).toBe(true);
  });

  it('one rebuild at a time: a second call gets the running one', async () => {
    const { rebuild, keycloak } = setup();
    const [a, b] = [rebuild.rebuild(), rebuild.rebuild()];
    expect(a).toBe(b);
    await a;
    expect(keycloak.listUsers).toHaveBeenCalledTimes(1);
  });

  it('stops before writing when a source is not in byte order', async () => {
    const { users, rebuild, repo } = setup();
    users.put({ _id: 'b', email: 'b@x.test', purchases: {} });
    users.put({ _id: 'a', email: 'a@x.test', purchases: {} });
    jest
      .spyOn(users, 'pageById')
      .mockImplementation(async (after) =>
        after === undefined ? [(await users.findById('b'))!, (await users.findById('a'))!] : [],
      );
    await expect(rebuild.rebuild()).rejects.toThrow(/out of order/);
    expect(FACET_BITS.duplicate).toBe(128);
    expect(repo.entries.size).toBeLessThanOrEqual(1);
  });
});
