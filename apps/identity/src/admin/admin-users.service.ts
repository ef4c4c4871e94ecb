import { Inject, Injectable } from '@nestjs/common';
import {
  type Actor,
  ADMIN_USER_MESSAGES,
  type AdminUserRow,
  type AuthUser,
  DeleteUserDataDto,
  DeleteUserDto,
  Events,
  GenerateTestTokenDto,
  type TestTokenResponse,
  PREMIUM_PRODUCT_IDS,
  type UserDeletedEvent,
  type UserExistsReply,
  effectivePurchases,
} from '@examprep/contracts';
import {
  JetStreamBus,
  requireAdmin,
  rootLogger,
  ServiceError,
  validatePayload,
} from '@examprep/nest-kit';
import { KeycloakAdminClient, type KeycloakUser } from '../keycloak/keycloak-admin.client';
import { ACCOUNT_MAIL_OPTIONS, type AccountMailOptions } from '../mail/account-mail.service';
import { type PurchaseView, PurchaseViewsRepository } from '../users/purchase-views.repository';
import { type UserRecord } from '../users/user.schema';
import { UsersRepository } from '../users/users.repository';

/** Admin spec §2.1, §4, §6: accounts (Keycloak) and user documents (ours), merged. */
@Injectable()
export class AdminUsersService {
  constructor(
    private readonly users: UsersRepository,
    private readonly keycloak: KeycloakAdminClient,
    private readonly bus: JetStreamBus,
    @Inject(ACCOUNT_MAIL_OPTIONS) private readonly options: AccountMailOptions,
    private readonly purchaseViews: PurchaseViewsRepository,
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

  async listAuthUsers(actor: Actor | null): Promise<AuthUser[]> {
    requireAdmin(actor);
    const [accounts, admins] = await Promise.all([
      this.keycloak.listUsers(),
      this.keycloak.usersInRole('admin'),
    ]);
    return accounts.map((a) => toAuthUser(a, admins));
  }

  /**
   * Every user in auth, in the database or both; admins first, then by email. Purchases (and
   * Premium) come from the catalog ledger's read model, joined in memory (one read of each
   * collection), with legacy document values for products the ledger never named.
   */
  async listUsers(actor: Actor | null): Promise<AdminUserRow[]> {
    requireAdmin(actor);
    const [accounts, admins, docs, views] = await Promise.all([
      this.keycloak.listUsers(),
      this.keycloak.usersInRole('admin'),
      this.users.all(),
      this.purchaseViews.all(),
    ]);
    const byUid = new Map(docs.map((d) => [d._id, d]));
    const rows: AdminUserRow[] = accounts.map((a) => {
      const doc = byUid.get(a.id);
      byUid.delete(a.id);
      return row(toAuthUser(a, admins), true, doc, views.get(a.id));
    });
    for (const doc of byUid.values()) {
      rows.push(
        row(
          { uid: doc._id, email: doc.email, emailVerified: false, isAdmin: false },
          false,
          doc,
          views.get(doc._id),
        ),
      );
    }
    return rows.sort(
      (x, y) => Number(y.isAdmin) - Number(x.isAdmin) || x.email.localeCompare(y.email),
    );
  }

  /** DELETE /api/delete-user: the account in Keycloak (admins cannot be deleted). */
  async deleteUser(actor: Actor | null, userId: string): Promise<{ deleted: true }> {
    requireAdmin(actor);
    // The id becomes a Keycloak admin URL path: checked again here, as the gateway did.
    validatePayload(DeleteUserDto, { userId });
    const admins = await this.keycloak.usersInRole('admin');
    if (admins.has(userId)) throw ServiceError.forbidden(ADMIN_USER_MESSAGES.adminCannotBeDeleted);
    if (!(await this.keycloak.deleteUser(userId)))
      throw ServiceError.notFound(ADMIN_USER_MESSAGES.userNotFound);
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
    const event: UserDeletedEvent = { uid, at: new Date().toISOString() };
    await this.bus.publish(Events.userDeleted, event, `user-deleted:${uid}`);
    return { deleted: true };
  }
}

function toAuthUser(a: KeycloakUser, admins: Set<string>): AuthUser {
  return {
    uid: a.id,
    email: (a.email ?? '').toLowerCase(),
    emailVerified: a.emailVerified === true,
    isAdmin: admins.has(a.id),
  };
}

function row(
  user: AuthUser,
  inAuth: boolean,
  doc: UserRecord | undefined,
  view: PurchaseView | undefined,
): AdminUserRow {
  const purchases = effectivePurchases(doc?.purchases, view?.purchases);
  return {
    ...user,
    inAuth,
    inDatabase: !!doc,
    purchases,
    // the gateway adds the count from the testing service (AdminUserRow.tests)
    tests: null,
    premium: PREMIUM_PRODUCT_IDS.some((id) => purchases[id]),
    qbankGenerations: doc?.infiniteQbankGenerations ?? 0,
  };
}
