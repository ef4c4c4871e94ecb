import { Injectable } from '@nestjs/common';
import {
  type Actor,
  type CreateUserInput,
  CreateUserDto,
  DEFAULT_DASHBOARD,
  type DefaultDashboardInput,
  DefaultDashboardDto,
  IDENTITY_CODES,
  IDENTITY_MESSAGES,
  type Me,
  Subjects,
  type UserChangedNotice,
  type UserDocument,
  heldPurchases,
  isPurchaseHeld,
  userOwnedState,
} from '@examprep/contracts';
import {
  JetStreamBus,
  publishNotice,
  requireActor,
  requireAdmin,
  rootLogger,
  ServiceError,
  validatePayload,
} from '@examprep/nest-kit';
import type { AccountFacts } from '../directory/directory-entry';
import { type StoredRead, UserDirectory } from '../directory/user-directory.service';
import { KeycloakAdminClient } from '../keycloak/keycloak-admin.client';
import { AccountMailService } from '../mail/account-mail.service';
import { SettingsService } from '../settings/settings.service';
import { type PurchaseView, PurchaseViewsRepository } from './purchase-views.repository';
import { toUserDocument, type UserRecord } from './user.schema';
import { UsersRepository } from './users.repository';

/** A document never written through the service (no updatedAt) orders before any write. */
const NEVER_WRITTEN = new Date(0).toISOString();

@Injectable()
export class UsersService {
  constructor(
    private readonly users: UsersRepository,
    private readonly settings: SettingsService,
    private readonly keycloak: KeycloakAdminClient,
    private readonly mail: AccountMailService,
    private readonly bus: JetStreamBus,
    private readonly purchaseViews: PurchaseViewsRepository,
    private readonly directory: UserDirectory,
  ) {}

  /**
   * POST /api/create-user. A learner registers their own account (uid and email from the
   * verified token; asking again is harmless); an admin creates the missing document of a user
   * who exists in Keycloak.
   */
  async createUser(actor: Actor | null, input: CreateUserInput): Promise<UserDocument> {
    requireActor(actor);
    const dto = validatePayload(CreateUserDto, input ?? {});
    const uid = dto.uid ?? actor.uid;
    const forSelf = uid === actor.uid.toLowerCase() || uid === actor.uid;

    // another user's document: admins only
    if (!forSelf) requireAdmin(actor, IDENTITY_MESSAGES.notYourAccount);
    let email: string;
    let accountVerified = false;
    if (forSelf) {
      if (dto.email && dto.email !== actor.email)
        throw ServiceError.forbidden(IDENTITY_MESSAGES.notYourAccount);
      if (!actor.isAdmin && !(await this.settings.signupAllowed())) {
        throw ServiceError.forbidden(IDENTITY_MESSAGES.signupsDisabled);
      }
      email = actor.email;
    } else {
      const account = await this.keycloak.findUser(uid);
      if (!account) {
        throw new ServiceError({
          status: 404,
          code: IDENTITY_CODES.NOT_IN_IDENTITY_PROVIDER,
          message: IDENTITY_MESSAGES.notInIdentityProvider,
        });
      }
      email = (account.email ?? dto.email ?? '').trim().toLowerCase();
      accountVerified = account.emailVerified === true;
    }
    const targetUid = forSelf ? actor.uid : uid;
    // the account as the token (or Keycloak, for another user) says: the admin list shows it
    const accountFacts = forSelf
      ? { email: actor.email, emailVerified: actor.emailVerified, isAdmin: actor.isAdmin }
      : { email, emailVerified: accountVerified };
    void this.directory.quietly('account', targetUid, () =>
      this.directory.accountChanged(targetUid, accountFacts),
    );

    const existing = await this.users.findById(targetUid);
    if (existing) return this.existingDocument(existing, forSelf);
    await this.refuseTakenEmail(email, targetUid);
    const created = await this.users.insert(targetUid, { email, purchases: {} });
    if (!created) {
      // Two calls racing. For the same user (a double submit, the admin and the learner at once)
      // the one that lost answers as if it had come second; for the same email, the unique
      // index decides against the other account.
      const winner = await this.users.findById(targetUid);
      if (winner) return this.existingDocument(winner, forSelf);
      await this.refuseTakenEmail(email, targetUid);
      throw new Error(`create-user ${targetUid}: the insert lost to a document that is gone`);
    }
    this.notify(targetUid);
    // registration sends the verification mail (learner spec §4 sign-up flow)
    if (forSelf && !actor.emailVerified) {
      await this.mail.sendVerification(targetUid).catch((err: unknown) => {
        rootLogger().error({ err, uid: targetUid }, 'verification mail after registration failed');
      });
    }
    return toUserDocument(created, await this.ledgerPurchases(targetUid));
  }

  /**
   * The document of an account the service made itself (a school launch, ADR 0040): inserted
   * as create-user inserts it when missing, without the sign-up switch (a launch is not a
   * sign-up), and left as it is when it exists. `account` is the Keycloak account's facts
   * (email '' when it has none). The document's email is the account's, else `fallbackEmail`
   * (documents need a unique one), also when another user's document has the account's.
   */
  async ensureDocument(uid: string, account: AccountFacts, fallbackEmail: string): Promise<void> {
    void this.directory.quietly('account', uid, () => this.directory.accountChanged(uid, account));
    if (await this.users.exists(uid)) return;
    for (const email of account.email ? [account.email, fallbackEmail] : [fallbackEmail]) {
      if (await this.users.insert(uid, { email, purchases: {} })) {
        this.notify(uid);
        return;
      }
      // two launches racing: the other one inserted it
      if (await this.users.exists(uid)) return;
    }
    throw new Error(`ensure-document ${uid}: even the fallback email is another document's`);
  }

  /** create-user for a document that exists: the caller's own is answered, another's is 409. */
  private async existingDocument(doc: UserRecord, forSelf: boolean): Promise<UserDocument> {
    if (!forSelf)
      throw ServiceError.conflict(
        IDENTITY_MESSAGES.documentExists,
        IDENTITY_CODES.USER_DOCUMENT_EXISTS,
      );
    return toUserDocument(doc, await this.ledgerPurchases(doc._id));
  }

  /** GET /api/me: session state; defaults while the document does not exist (learner spec §4). */
  async me(actor: Actor | null): Promise<Me> {
    requireActor(actor);
    const [doc, view] = await Promise.all([
      this.users.findById(actor.uid),
      this.purchaseViews.find(actor.uid),
    ]);
    return {
      uid: actor.uid,
      email: actor.email,
      isAdmin: actor.isAdmin,
      emailVerified: actor.emailVerified,
      ...userOwnedState(doc, view),
    };
  }

  /** POST /api/update-user-default-dashboard (creates the document when it is missing). */
  async updateDefaultDashboard(actor: Actor | null, input: DefaultDashboardInput): Promise<Me> {
    requireActor(actor);
    const dto = validatePayload(DefaultDashboardDto, input ?? {});
    if (await this.users.exists(actor.uid)) {
      await this.users.setDefaultDashboard(actor.uid, dto.defaultDashboard);
    } else {
      await this.refuseTakenEmail(actor.email, actor.uid);
      const created = await this.users.insert(actor.uid, {
        email: actor.email,
        purchases: {},
        defaultDashboard: dto.defaultDashboard,
      });
      if (!created)
        throw new Error(`default dashboard ${actor.uid}: the user document insert collided`);
    }
    this.notify(actor.uid);
    return this.me(actor);
  }

  /** The catalog ledger's purchases of a user (read model), undefined while it has none. */
  private async ledgerPurchases(uid: string): Promise<Record<string, unknown> | undefined> {
    return (await this.purchaseViews.find(uid))?.purchases;
  }

  private async refuseTakenEmail(email: string, uid: string): Promise<void> {
    if (await this.users.emailTakenByOther(uid, email)) {
      throw ServiceError.conflict(
        IDENTITY_MESSAGES.emailAlreadyExists,
        IDENTITY_CODES.EMAIL_ALREADY_EXISTS,
      );
    }
  }

  /**
   * Tells the user's event streams (the gateway's /api/me/events) what their state is now,
   * after their document or purchase view changed: it reads both and publishes the
   * `identity.userChanged.<uid>` notice, each part with its ordering key (ADR 0017). Best
   * effort and in the background, as before: a failed read publishes nothing and is logged
   * (the stream reads the state again when it reopens, at the latest after 5 minutes). The
   * user directory's entry is brought up to date from the same read (its rebuild repairs a
   * miss): one read of the two for both, on every Infinite QBank batch counted among others.
   */
  notify(uid: string): void {
    void this.tell(uid);
  }

  private async tell(uid: string): Promise<void> {
    let read: StoredRead;
    try {
      read = await this.directory.readStored(uid);
    } catch (err) {
      rootLogger().warn({ err, uid }, 'userChanged notice not sent: the user could not be read');
      // the admin list's entry: tried with a read of its own (the next rebuild repairs a miss)
      await this.directory.quietly('document', uid, () => this.directory.storedChanged(uid));
      return;
    }
    publishNotice(
      this.bus.connection,
      Subjects.identity.userChanged(uid),
      userChangedNotice(uid, read.doc, read.view),
    );
    // the admin list's entry follows the document and the purchase view
    await this.directory.quietly('document', uid, () => this.directory.storedChanged(uid, read));
  }
}

/** The notice of a user's document and purchase view as read. */
export function userChangedNotice(
  uid: string,
  doc: UserRecord | null,
  view: PurchaseView | null,
): UserChangedNotice {
  return {
    uid,
    document: doc && {
      defaultDashboard: doc.defaultDashboard ?? DEFAULT_DASHBOARD,
      purchases: heldPurchases(doc.purchases),
      updatedAt: writtenAt(doc.updatedAt),
    },
    // every product the ledger names, revoked ones too: they override the document's values
    ledger: view && {
      purchases: Object.fromEntries(
        Object.entries(view.purchases).map(([id, value]) => [id, isPurchaseHeld(value)]),
      ),
      version: view.version,
    },
  };
}

function writtenAt(updatedAt: Date | string | undefined): string {
  const at = updatedAt === undefined ? NaN : new Date(updatedAt).getTime();
  return Number.isNaN(at) ? NEVER_WRITTEN : new Date(at).toISOString();
}
