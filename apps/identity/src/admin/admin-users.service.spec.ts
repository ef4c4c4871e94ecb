import { type Actor, ADMIN_USER_MESSAGES, Events } from '@examprep/contracts';
import { type JetStreamBus, ServiceError } from '@examprep/nest-kit';
import fc from 'fast-check';
import { FakePurchaseViewsRepository } from '../../test/support/fake-purchase-views.repository';
import { FakeDirectoryRepository } from '../../test/support/fake-directory.repository';
import { FakeUsersRepository } from '../../test/support/fake-users.repository';
import { DirectoryRebuild } from '../directory/directory-rebuild.service';
import { UserDirectory } from '../directory/user-directory.service';
import type { KeycloakAdminClient } from '../keycloak/keycloak-admin.client';
import type { AccountMailOptions } from '../mail/account-mail.service';
import type { PurchaseView } from '../users/purchase-views.repository';
import type { UserRecord } from '../users/user.schema';
import { AdminUsersService } from './admin-users.service';

const ADMIN: Actor = { uid: 'admin-1', email: 'a@x.test', isAdmin: true, emailVerified: true };
/** Every name an object inherits, plus '__proto__'. */
const prototypeKey = fc.constantFrom(...Object.getOwnPropertyNames(Object.prototype), '__proto__');

function setup(
  data: {
    accounts?: { id: string; email: string; emailVerified?: boolean }[];
    docs?: Partial<UserRecord>[];
    views?: PurchaseView[];
  } = {},
) {
  const keycloak = {
    usersInRole: jest.fn(async () => new Set(['admin-1'])),
    deleteUser: jest.fn(async () => false),
    findUser: jest.fn(async (id: string) => (data.accounts ?? []).find((a) => a.id === id) ?? null),
    listUsers: jest.fn(async () => data.accounts ?? []),
    hasRealmRole: jest.fn(async (id: string) => id === 'admin-1'),
  };
  const users = new FakeUsersRepository(data.docs);
  const bus = { publish: jest.fn(async (..._args: unknown[]) => undefined) };
  const purchaseViews = new FakePurchaseViewsRepository(data.views);
  const directoryRepo = new FakeDirectoryRepository();
  const kc = keycloak as unknown as KeycloakAdminClient;
  const directory = new UserDirectory(directoryRepo, users, purchaseViews, kc);
  const rebuild = new DirectoryRebuild(directoryRepo, users, purchaseViews, kc, {
    everyMs: 600_000,
    retryMs: 30_000,
    atStart: false,
  });
  const sut = new AdminUsersService(
    users,
    kc,
    bus as unknown as JetStreamBus,
    { webClientId: 'web', webUrl: 'http://x' } as AccountMailOptions,
    directory,
    rebuild,
  );
  /** The list's rows once the directory has been built from the sources. */
  const rows = async () => {
    await rebuild.rebuild();
    return (await sut.listUsers(ADMIN)).users;
  };
  return { sut, keycloak, users, bus, purchaseViews, directoryRepo, rows };
}

async function status(call: Promise<unknown>): Promise<number | 'ok'> {
  try {
    await call;
    return 'ok';
  } catch (err) {
    if (err instanceof ServiceError) return err.payload.status;
    throw err;
  }
}

describe('AdminUsersService: user ids from the request', () => {
  it('refuses ids that are no user id before Keycloak or the database sees them', async () => {
    const bad = fc.oneof(
      fc.constantFrom('..', '../..', '__proto__', 'a/b', 'a?b', '', 'x'.repeat(65)),
      fc.constant({ $ne: null }),
    );
    await fc.assert(
      fc.asyncProperty(bad, async (id) => {
        const { sut, keycloak, users, bus } = setup();
        const remove = jest.spyOn(users, 'remove');
        expect(await status(sut.deleteUser(ADMIN, id as string))).toBe(400);
        expect(await status(sut.deleteUserData(ADMIN, id as string))).toBe(400);
        expect(await status(sut.generateTestToken(ADMIN, id as string))).toBe(400);
        expect(keycloak.deleteUser).not.toHaveBeenCalled();
        expect(keycloak.findUser).not.toHaveBeenCalled();
        expect(remove).not.toHaveBeenCalled();
        expect(bus.publish).not.toHaveBeenCalled();
      }),
    );
  });

  it('a name of Object.prototype that looks like an id is an unknown user: 404 or 400', async () => {
    await fc.assert(
      fc.asyncProperty(prototypeKey, async (id) => {
        const { sut } = setup();
        expect([400, 404]).toContain(await status(sut.deleteUser(ADMIN, id)));
        expect([400, 404]).toContain(await status(sut.generateTestToken(ADMIN, id)));
      }),
    );
  });
});

describe('AdminUsersService.listUsers: purchases from the ledger read model', () => {
  const view = (uid: string, purchases: Record<string, unknown>, version = 1): PurchaseView => ({
    uid,
    purchases,
    version,
  });

  it('merges every view by uid and derives Premium from it; the list reads only the directory', async () => {
    const { sut, users, purchaseViews, rows } = setup({
      accounts: [
        { id: 'a-both', email: 'both@x.test' },
        { id: 'a-auth-only', email: 'auth@x.test' },
        { id: 'a-none', email: 'none@x.test' },
      ],
      docs: [
        { _id: 'a-both', email: 'both@x.test', purchases: {} },
        { _id: 'd-db-only', email: 'db@x.test', purchases: {} },
        { _id: 'a-none', email: 'none@x.test', purchases: {} },
      ],
      views: [
        view('a-both', { teas_math_qbank: true, med_dosage_workbook: false }),
        view('a-auth-only', { med_dosage_qbank: true }),
        view('d-db-only', { design_premium_3d: true }),
        view('nobody', { teas_math_qbank: true }),
      ],
    });
    const byUid = Object.fromEntries((await rows()).map((r) => [r.uid, [r.purchases, r.premium]]));
    expect(byUid).toEqual({
      'a-both': [{ teas_math_qbank: true }, true],
      'a-auth-only': [{ med_dosage_qbank: true }, true],
      'd-db-only': [{ design_premium_3d: true }, false],
      'a-none': [{}, false],
    });
    const readUsers = jest.spyOn(users, 'pageById');
    const readViews = jest.spyOn(purchaseViews, 'pageById');
    await sut.listUsers(ADMIN);
    expect(readUsers).not.toHaveBeenCalled();
    expect(readViews).not.toHaveBeenCalled();
  });

  it('keeps legacy document values (true, "true", 1) the ledger never named; the ledger wins where it did', async () => {
    const { rows } = setup({
      accounts: [{ id: 'u1', email: 'u1@x.test' }],
      docs: [
        {
          _id: 'u1',
          email: 'u1@x.test',
          purchases: { teas_math_workbook: 'true', teas_math_qbank: 1, med_dosage_qbank: true },
        },
      ],
      views: [view('u1', { med_dosage_qbank: false, design_premium_3d: true })],
    });
    const [row] = await rows();
    expect(row?.purchases).toEqual({
      teas_math_workbook: true,
      teas_math_qbank: true,
      design_premium_3d: true,
    });
    expect(row?.premium).toBe(true);
  });

  it('a revoked premium product is not Premium any more', async () => {
    const { rows } = setup({
      accounts: [{ id: 'u1', email: 'u1@x.test' }],
      docs: [{ _id: 'u1', email: 'u1@x.test', purchases: { teas_math_qbank: true } }],
      views: [view('u1', { teas_math_qbank: false }, 2)],
    });
    const [row] = await rows();
    expect([row?.purchases, row?.premium]).toEqual([{}, false]);
  });
});

describe('AdminUsersService.userExists (asked before an admin changes purchases; issue 24)', () => {
  it('a user in the identity provider, as a user document only, or neither', async () => {
    const { sut } = setup({
      accounts: [{ id: 'in-auth', email: 'a@x.test' }],
      docs: [{ _id: 'doc-only', email: 'd@x.test' }],
    });
    await expect(sut.userExists(ADMIN, 'in-auth')).resolves.toEqual({
      exists: true,
      inAuth: true,
      inDatabase: false,
    });
    await expect(sut.userExists(ADMIN, 'doc-only')).resolves.toEqual({
      exists: true,
      inAuth: false,
      inDatabase: true,
    });
    await expect(sut.userExists(ADMIN, 'made-up-uid')).resolves.toEqual({
      exists: false,
      inAuth: false,
      inDatabase: false,
    });
  });

  it('names of Object.prototype are unknown users, never found on a prototype', async () => {
    const { sut } = setup({ accounts: [{ id: 'in-auth', email: 'a@x.test' }] });
    for (const uid of ['constructor', 'toString', 'hasOwnProperty', 'valueOf'])
      await expect(sut.userExists(ADMIN, uid)).resolves.toMatchObject({ exists: false });
  });

  it('admins only; an id that is no user id is 400', async () => {
    const { sut } = setup();
    const learner = { ...ADMIN, uid: 'l', isAdmin: false };
    expect(await status(sut.userExists(learner, 'x'))).toBe(403);
    expect(await status(sut.userExists(ADMIN, '../x'))).toBe(400);
  });
});

describe('AdminUsersService.deleteUserData (admin spec §6)', () => {
  it('deletes the user document, then publishes the deduplicated user.deleted fact', async () => {
    const { sut, users, bus } = setup({ docs: [{ _id: 'u1', email: 'u1@x.test' }] });
    await expect(sut.deleteUserData(ADMIN, 'u1')).resolves.toEqual({ deleted: true });
    expect(users.docs.has('u1')).toBe(false);
    expect(bus.publish).toHaveBeenCalledWith(
      Events.userDeleted,
      { uid: 'u1', at: expect.any(String) },
      'user-deleted:u1',
    );
    // a repeat (no document left) publishes the same fact again
    await expect(sut.deleteUserData(ADMIN, 'u1')).resolves.toEqual({ deleted: true });
    expect(bus.publish).toHaveBeenCalledTimes(2);
  });

  it(`keeps an admin's data: 403 '${ADMIN_USER_MESSAGES.adminCannotBeDeleted}'`, async () => {
    const { sut, users, bus } = setup({ docs: [{ _id: 'admin-1', email: 'a@x.test' }] });
    expect(await status(sut.deleteUserData(ADMIN, 'admin-1'))).toBe(403);
    expect(users.docs.has('admin-1')).toBe(true);
    expect(bus.publish).not.toHaveBeenCalled();
  });
});
