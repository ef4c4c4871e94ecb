import type { Actor } from '@examprep/contracts';
import type { JetStreamBus } from '@examprep/nest-kit';
import type { Model } from 'mongoose';
import type { KeycloakAdminClient } from '../keycloak/keycloak-admin.client';
import type { AccountMailService } from '../mail/account-mail.service';
import type { SettingsService } from '../settings/settings.service';
import type { PurchaseView, PurchaseViewsRepository } from './purchase-views.repository';
import type { UserRecord } from './user.schema';
import { UsersService } from './users.service';

const LEARNER: Actor = { uid: 'u1', email: 'l@x.test', isAdmin: false, emailVerified: true };

function setup(doc: Partial<UserRecord> | null, view: PurchaseView | null) {
  const users = {
    findById: jest.fn(() => ({ lean: () => ({ exec: async () => doc }) })),
  };
  const purchaseViews = { find: jest.fn(async () => view) };
  const sut = new UsersService(
    users as unknown as Model<UserRecord>,
    {} as SettingsService,
    {} as KeycloakAdminClient,
    {} as AccountMailService,
    {} as JetStreamBus,
    purchaseViews as unknown as PurchaseViewsRepository,
  );
  return { sut, purchaseViews };
}

describe('UsersService.me: purchases from the ledger read model', () => {
  it("shows the ledger view's held products over the document's legacy values", async () => {
    const { sut, purchaseViews } = setup(
      { _id: 'u1', email: 'l@x.test', purchases: { teas_math_workbook: 'true', old: true } },
      { uid: 'u1', purchases: { old: false, teas_math_qbank: true }, version: 3 },
    );
    const me = await sut.me(LEARNER);
    expect(me.purchases).toEqual({ teas_math_workbook: true, teas_math_qbank: true });
    expect(me.hasDocument).toBe(true);
    expect(purchaseViews.find).toHaveBeenCalledWith('u1');
  });

  it('shows what the ledger granted before the user document exists', async () => {
    const { sut } = setup(null, { uid: 'u1', purchases: { med_dosage_qbank: true }, version: 1 });
    expect(await sut.me(LEARNER)).toMatchObject({
      hasDocument: false,
      purchases: { med_dosage_qbank: true },
    });
  });

  it('without a view: the held legacy values', async () => {
    const { sut } = setup({ _id: 'u1', email: 'l@x.test', purchases: { a: 1, b: 'no' } }, null);
    expect((await sut.me(LEARNER)).purchases).toEqual({ a: true });
  });
});

describe('UsersService.createUser: two calls racing for the same user', () => {
  const ADMIN: Actor = { uid: 'a1', email: 'a@x.test', isAdmin: true, emailVerified: true };
  const winner = { _id: 'u1', email: 'l@x.test', purchases: {} };

  /** The pre-check finds nothing; the insert then loses to the other call (E11000 on _id). */
  function racing() {
    let reads = 0;
    const users = {
      findById: jest.fn(() => ({
        lean: () => ({ exec: async () => (reads++ === 0 ? null : winner) }),
      })),
      exists: jest.fn(() => ({ exec: async () => null })),
      create: jest.fn(async () => {
        throw Object.assign(new Error('E11000 duplicate key error collection: identity.users'), {
          code: 11000,
        });
      }),
    };
    const sut = new UsersService(
      users as unknown as Model<UserRecord>,
      { signupAllowed: async () => true } as unknown as SettingsService,
      { findUser: async () => ({ id: 'u1', email: 'l@x.test' }) } as unknown as KeycloakAdminClient,
      {} as AccountMailService,
      {} as JetStreamBus,
      { find: jest.fn(async () => null) } as unknown as PurchaseViewsRepository,
    );
    return { sut, users };
  }

  it('answers the learner with the document the other call made (asking again is harmless)', async () => {
    const { sut } = racing();
    await expect(sut.createUser(LEARNER, {})).resolves.toMatchObject({ email: 'l@x.test' });
  });

  it('answers an admin 409 as when the document existed before (never a 500)', async () => {
    const { sut } = racing();
    await expect(sut.createUser(ADMIN, { uid: 'u1' })).rejects.toMatchObject({
      payload: { status: 409, code: 'USER_DOCUMENT_EXISTS' },
    });
  });
});
