import { ServiceError } from '@examprep/nest-kit';
import type { Model } from 'mongoose';
import type { KeycloakAdminClient } from '../keycloak/keycloak-admin.client';
import type { SettingRecord } from './setting.schema';
import { SettingsService } from './settings.service';

function service(stored: unknown, setRegistrationAllowed: jest.Mock) {
  const model = {
    findById: () => ({ lean: () => ({ exec: async () => stored }) }),
  } as unknown as Model<SettingRecord>;
  const keycloak = { setRegistrationAllowed } as unknown as KeycloakAdminClient;
  return new SettingsService(model, keycloak);
}

describe('SettingsService.syncKeycloak', () => {
  it('applies the stored switch to Keycloak', async () => {
    const set = jest.fn(async () => undefined);
    await expect(service({ allowSignup: 'true' }, set).syncKeycloak()).resolves.toBe(true);
    expect(set).toHaveBeenCalledWith(true);
    const closed = jest.fn(async () => undefined);
    await service({ allowSignup: false }, closed).syncKeycloak();
    expect(closed).toHaveBeenCalledWith(false);
  });

  it('does not retry when Keycloak refuses the realm update (not transient)', async () => {
    const set = jest.fn(async () => {
      throw new ServiceError({ status: 503, code: 'IDENTITY_PROVIDER_FORBIDDEN', message: 'no' });
    });
    await expect(service(null, set).syncKeycloak(5)).resolves.toBe(false);
    expect(set).toHaveBeenCalledTimes(1);
  });
});
