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
