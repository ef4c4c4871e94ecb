import { Injectable, type OnApplicationBootstrap } from '@nestjs/common';
import { type Actor, isSignupAllowed, type SignupStatus } from '@examprep/contracts';
import { requireAdmin, rootLogger } from '@examprep/nest-kit';
import { KeycloakAdminClient } from '../keycloak/keycloak-admin.client';
import { SettingsRepository } from './settings.repository';

const SIGNUP = 'signup';
const SYNC_RETRY_MS = 5_000;
const SYNC_ATTEMPTS = 12;

/**
 * The sign-up switch. The stored setting is the truth (learner spec §3); Keycloak's
 * registrationAllowed follows it so nobody can register past a closed sign-up by opening
 * Keycloak's page directly. Applied on every change and re-applied at start-up.
 */
@Injectable()
export class SettingsService implements OnApplicationBootstrap {
  constructor(
    private readonly settings: SettingsRepository,
    private readonly keycloak: KeycloakAdminClient,
  ) {}

  /** GET /api/allow-signup: the stored value (true or 'true' allow); open when never set. */
  async signupStatus(): Promise<SignupStatus> {
    const doc = await this.settings.find(SIGNUP);
    if (!doc) return { allowSignup: true };
    const v: unknown = doc.allowSignup;
    return { allowSignup: v === true ? true : v === 'true' ? 'true' : false };
  }

  async signupAllowed(): Promise<boolean> {
    return isSignupAllowed(await this.signupStatus());
  }

  /** POST /api/admin/allow-signup (admin): stores the switch, then applies it to Keycloak. */
  async setAllowSignup(actor: Actor | null, allowSignup: boolean): Promise<SignupStatus> {
    requireAdmin(actor);
    await this.settings.set(SIGNUP, { allowSignup });
    // If Keycloak is down the stored value stands and start-up re-applies it; say so.
    await this.keycloak.setRegistrationAllowed(allowSignup);
    rootLogger().info({ adminUid: actor.uid, allowSignup }, 'sign-up switch changed');
    return { allowSignup };
  }

  onApplicationBootstrap(): void {
    void this.syncKeycloak(SYNC_ATTEMPTS);
  }

  /** Re-applies the stored switch to Keycloak (retried while Keycloak is starting). */
  async syncKeycloak(attempts = 1): Promise<boolean> {
    for (let attempt = 1; attempt <= attempts; attempt++) {
      try {
        await this.keycloak.setRegistrationAllowed(await this.signupAllowed());
        return true;
      } catch (err) {
        const forbidden =
          (err as { payload?: { code?: string } }).payload?.code === 'IDENTITY_PROVIDER_FORBIDDEN';
        if (attempt === attempts || forbidden) {
          rootLogger().error({ err }, 'could not apply the sign-up switch to Keycloak');
          return false;
        }
        await new Promise((resolve) => setTimeout(resolve, SYNC_RETRY_MS).unref());
      }
    }
    return false;
  }
}
