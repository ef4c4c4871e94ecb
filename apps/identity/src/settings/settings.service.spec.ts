import type { Actor } from '@examprep/contracts';
import { ServiceError } from '@examprep/nest-kit';
import { FakeSettingsRepository } from '../../test/support/fake-settings.repository';
import type { KeycloakAdminClient } from '../keycloak/keycloak-admin.client';
import { SettingsService } from './settings.service';

const ADMIN: Actor = { uid: 'a1', email: 'a@x.test', isAdmin: true, emailVerified: true };

function service(stored: unknown, setRegistrationAllowed: jest.Mock) {
  const settings = new FakeSettingsRepository(
    stored === null ? [] : [{ _id: 'signup', ...(stored as { allowSignup?: unknown }) }],
  );
  const keycloak = { setRegistrationAllowed } as unknown as KeycloakAdminClient;
  return new SettingsService(settings, keycloak);
}

describe('SettingsService.signupStatus (learner spec §3)', () => {
  it.each([
    ['never set: open', null, true],
    ['true', { allowSignup: true }, true],
    ["'true'", { allowSignup: 'true' }, 'true'],
    ['false', { allowSignup: false }, false],
    ['anything else', { allowSignup: 'yes' }, false],
  ])('%s', async (_, stored, allowSignup) => {
    await expect(service(stored, jest.fn()).signupStatus()).resolves.toEqual({ allowSignup });
  });
});

describe('SettingsService.setAllowSignup', () => {
  it('stores the switch, then applies it to Keycloak', async () => {
    const set = jest.fn(async () => undefined);
    const sut = service(null, set);
    await expect(sut.setAllowSignup(ADMIN, false)).resolves.toEqual({ allowSignup: false });
    expect(set).toHaveBeenCalledWith(false);
    await expect(sut.signupStatus()).resolves.toEqual({ allowSignup: false });
    await sut.setAllowSignup(ADMIN, true);
    await expect(sut.signupAllowed()).resolves.toBe(true);
  });

  it('admins only', async () => {
    const set = jest.fn(async () => undefined);
    const sut = service(null, set);
    await expect(sut.setAllowSignup({ ...ADMIN, isAdmin: false }, false)).rejects.toMatchObject({
      payload: { status: 403 },
    });
    expect(set).not.toHaveBeenCalled();
    await expect(sut.signupStatus()).resolves.toEqual({ allowSignup: true });
  });
});

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
