import { Inject, Injectable } from '@nestjs/common';
import {
  type Actor,
  ADMIN_USER_MESSAGES,
  AdminUserFiltersDto,
  type AdminUserFilters,
  type AdminUsersPageReply,
  type AuthUsersPageReply,
  PageQueryDto,
  type PageRequest,
  type UsersRefreshReport,
  DeleteUserDataDto,
  DeleteUserDto,
  Events,
  GenerateTestTokenDto,
  type TestTokenResponse,
  type UserDeletedEvent,
  type UserExistsReply,
} from '@examprep/contracts';
import {
  JetStreamBus,
  pageLimit,
  requireAdmin,
  rootLogger,
  ServiceError,
  validatePayload,
} from '@examprep/nest-kit';
import { KeycloakAdminClient } from '../keycloak/keycloak-admin.client';
import { ACCOUNT_MAIL_OPTIONS, type AccountMailOptions } from '../mail/account-mail.service';
import { DirectoryRebuild } from '../directory/directory-rebuild.service';
import { toAdminUserRow } from '../directory/directory-entry';
import { UserDirectory } from '../directory/user-directory.service';
import { UsersRepository } from '../users/users.repository';

/** Admin spec §2.1, §4, §6: accounts (Keycloak) and user documents (ours), merged. */
@Injectable()
export class AdminUsersService {
  constructor(
    private readonly users: UsersRepository,
    private readonly keycloak: KeycloakAdminClient,
    private readonly bus: JetStreamBus,
    @Inject(ACCOUNT_MAIL_OPTIONS) private readonly options: AccountMailOptions,
    private readonly directory: UserDirectory,
    private readonly rebuild: DirectoryRebuild,
  ) {}

  /**
   * POST /api/admin/generate-test-token: a token of that user for testing the API as them
   * (Keycloak token exchange, admin-only and logged with both ids; DESIGN §4).
   */
  async generateTestToken(actor: Actor | null, uid: string): Promise<TestTokenResponse> {
    requireAdmin(actor);
    validatePayload(GenerateTestTokenDto, { uid });
    const user = await this.keycloak.findUser(uid);
    if (!user) throw ServiceError.notFound(ADMIN_USER_MESSAGES.userNotFound);
    if (user.enabled === false) throw ServiceError.forbidden(ADMIN_USER_MESSAGES.accountDisabled);
    const token = await this.keycloak.impersonationToken(uid, this.options.webClientId);
    rootLogger().warn(
      { audit: 'test-token', adminUid: actor.uid, targetUid: uid },
      'admin generated a test token for another user',
    );
    return { idToken: token.accessToken, expiresIn: token.expiresIn };
  }

  /**
   * Whether the user exists: an account of the identity provider, or a user document (an
   * account deleted before its data). Asked by the catalog before an admin changes a user's
   * purchases (issue 24: a made-up uid got ledger entries). The id is checked as the gateway
   * checks it, so it never reaches a Keycloak URL unchecked.
   */
  async userExists(actor: Actor | null, uid: string): Promise<UserExistsReply> {
    requireAdmin(actor);
    validatePayload(DeleteUserDataDto, { uid });
    const [inDatabase, account] = await Promise.all([
      this.users.exists(uid),
      this.keycloak.findUser(uid),
    ]);
    const inAuth = account !== null;
    return { exists: inAuth || inDatabase, inAuth, inDatabase };
  }

  /** GET /api/list-auth-users: a page of the accounts, from the user directory (ADR 0030). */
  async listAuthUsers(actor: Actor | null, page?: PageRequest): Promise<AuthUsersPageReply> {
    requireAdmin(actor);
    const dto = validatePayload(PageQueryDto, page ?? {});
    const found = await this.directory.page({ inAuth: 'yes' }, dto.cursor, pageLimit(dto.limit));
    return {
      users: found.items.map((e) => ({
        uid: e._id,
        email: e.email,
        emailVerified: e.emailVerified,
        isAdmin: e.isAdmin,
      })),
      next: found.next,
    };
  }

  /**
   * GET /api/admin/users: a page of every user in auth, in the database or both, admins first,
   * then by email, under the filters; from the user directory (ADR 0030), with its maintained
   * counts.
   */
  async listUsers(
    actor: Actor | null,
    filters?: AdminUserFilters,
    page?: PageRequest,
  ): Promise<AdminUsersPageReply> {
    requireAdmin(actor);
    const f = validatePayload(AdminUserFiltersDto, filters ?? {});
    const p = validatePayload(PageQueryDto, page ?? {});
    const found = await this.directory.page(f, p.cursor, pageLimit(p.limit));
    return {
      users: found.items.map(toAdminUserRow),
      total: found.total,
      matching: found.matching,
      next: found.next,
    };
  }

  /** POST /api/admin/users/refresh: the directory rebuilt from its sources now. */
  async refreshUsers(actor: Actor | null): Promise<UsersRefreshReport> {
    requireAdmin(actor);
    return this.rebuild.rebuild();
  }

  /** DELETE /api/delete-user: the account in Keycloak (admins cannot be deleted). */
  async deleteUser(actor: Actor | null, userId: string): Promise<{ deleted: true }> {
    requireAdmin(actor);
    // The id becomes a Keycloak admin URL path: checked again here, as the gateway did.
    validatePayload(DeleteUserDto, { userId });
    const admins = await this.keycloak.usersInRole('admin');
    if (admins.has(userId)) throw ServiceError.forbidden(ADMIN_USER_MESSAGES.adminCannotBeDeleted);
    const deleted = await this.keycloak.deleteUser(userId);
    // the list follows at once (a half-done delete shows as "not in auth")
    await this.directory.quietly('account deleted', userId, () =>
      this.directory.accountChanged(userId, null),
    );
    if (!deleted) throw ServiceError.notFound(ADMIN_USER_MESSAGES.userNotFound);
    return { deleted: true };
  }

  /**
   * DELETE /api/delete-user-data: the user document, then the `user.deleted` fact so every
   * service drops that user's data (idempotent: a repeat publishes the same deduplicated fact).
   */
  async deleteUserData(actor: Actor | null, uid: string): Promise<{ deleted: true }> {
    requireAdmin(actor);
    validatePayload(DeleteUserDataDto, { uid });
    const admins = await this.keycloak.usersInRole('admin');
    if (admins.has(uid)) throw ServiceError.forbidden(ADMIN_USER_MESSAGES.adminCannotBeDeleted);
    await this.users.remove(uid);
    await this.directory.quietly('document removed', uid, () => this.directory.storedChanged(uid));
    const event: UserDeletedEvent = { uid, at: new Date().toISOString() };
    await this.bus.publish(Events.userDeleted, event, `user-deleted:${uid}`);
    return { deleted: true };
  }
}
