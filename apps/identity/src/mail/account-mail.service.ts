import { Inject, Injectable } from '@nestjs/common';
import {
  type Actor,
  IDENTITY_MESSAGES,
  type PasswordResetAnswer,
  type PasswordResetInput,
  PasswordResetDto,
  type VerificationMailAnswer,
} from '@examprep/contracts';
import { requireActor, rootLogger, ServiceError, validatePayload } from '@examprep/nest-kit';
import { KeycloakAdminClient } from '../keycloak/keycloak-admin.client';

export const ACCOUNT_MAIL_OPTIONS = Symbol('ACCOUNT_MAIL_OPTIONS');
export interface AccountMailOptions {
  webClientId: string;
  webUrl: string;
}

/** Mails Keycloak sends on our behalf: email verification and password reset. */
@Injectable()
export class AccountMailService {
  constructor(
    private readonly keycloak: KeycloakAdminClient,
    @Inject(ACCOUNT_MAIL_OPTIONS) private readonly options: AccountMailOptions,
  ) {}

  /** Resend Verification Email (learner spec §5: signed in, not yet verified). */
  async resendVerification(actor: Actor | null): Promise<VerificationMailAnswer> {
    requireActor(actor, IDENTITY_MESSAGES.mustBeLoggedIn);
    if (actor.emailVerified)
      throw ServiceError.badRequest(
        IDENTITY_MESSAGES.alreadyVerified,
        undefined,
        'ALREADY_VERIFIED',
      );
    await this.sendVerification(actor.uid);
    return { sent: true };
  }

  async sendVerification(uid: string): Promise<void> {
    await this.keycloak.sendVerifyEmail(
      uid,
      this.options.webClientId,
      `${this.options.webUrl}/dashboard`,
    );
  }

  /**
   * Forgot password: the reset mail goes out only when the account exists, but the caller
   * always gets the same answer at once — the lookup and the mail happen after the reply, so
   * neither the body nor the timing tells whether the email has an account (ADR 0006).
   */
  async passwordReset(input: PasswordResetInput): Promise<PasswordResetAnswer> {
    const { email } = validatePayload(PasswordResetDto, input ?? {});
    setImmediate(() => void this.sendResetIfAccount(email));
    return { sent: true };
  }

  private async sendResetIfAccount(email: string): Promise<void> {
    try {
      const user = await this.keycloak.findUserByEmail(email);
      if (!user) return;
      await this.keycloak.executeActionsEmail(
        user.id,
        ['UPDATE_PASSWORD'],
        this.options.webClientId,
        `${this.options.webUrl}/login`,
      );
      rootLogger().info({ uid: user.id }, 'password reset mail sent');
    } catch (err) {
      rootLogger().error({ err }, 'password reset mail failed');
    }
  }
}
