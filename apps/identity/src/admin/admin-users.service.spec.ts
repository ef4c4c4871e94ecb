import { type Actor } from '@examprep/contracts';
import { type JetStreamBus, ServiceError } from '@examprep/nest-kit';
import fc from 'fast-check';
import type { Model } from 'mongoose';
import type { KeycloakAdminClient } from '../keycloak/keycloak-admin.client';
import type { AccountMailOptions } from '../mail/account-mail.service';
import type { UserRecord } from '../users/user.schema';
import { AdminUsersService } from './admin-users.service';

const ADMIN: Actor = { uid: 'admin-1', email: 'a@x.test', isAdmin: true, emailVerified: true };
/** Every name an object inherits, plus '__proto__'. */
const prototypeKey = fc.constantFrom(...Object.getOwnPropertyNames(Object.prototype), '__proto__');

function setup() {
  const keycloak = {
    usersInRole: jest.fn(async () => new Set(['admin-1'])),
    deleteUser: jest.fn(async () => false),
    findUser: jest.fn(async () => null),
  };
  const users = { deleteOne: jest.fn(() => ({ exec: async () => ({ deletedCount: 0 }) })) };
  const bus = { publish: jest.fn(async () => undefined) };
  const sut = new AdminUsersService(
    users as unknown as Model<UserRecord>,
    keycloak as unknown as KeycloakAdminClient,
    bus as unknown as JetStreamBus,
    { webClientId: 'web', webUrl: 'http://x' } as AccountMailOptions,
  );
  return { sut, keycloak, users, bus };
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
        expect(await status(sut.deleteUser(ADMIN, id as string))).toBe(400);
        expect(await status(sut.deleteUserData(ADMIN, id as string))).toBe(400);
        expect(await status(sut.generateTestToken(ADMIN, id as string))).toBe(400);
        expect(keycloak.deleteUser).not.toHaveBeenCalled();
        expect(keycloak.findUser).not.toHaveBeenCalled();
        expect(users.deleteOne).not.toHaveBeenCalled();
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
