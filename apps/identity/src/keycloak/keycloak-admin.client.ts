// Keycloak's own admin client (Apache-2.0, ADR 0034). It is ESM only: tsc compiles this file to
// CommonJS, whose require() of it runs on Node >= 22 (require(esm), the pinned Node of ADR
// 0031); Jest has it and its ESM dependencies transformed (ESM_PACKAGES in jest.preset.cjs).
import KcAdminClient, { NetworkError } from '@keycloak/keycloak-admin-client';
import { ServiceError } from '@examprep/nest-kit';

export interface KeycloakAdminOptions {
  url: string;
  realm: string;
  clientId: string;
  clientSecret: string;
}

export interface KeycloakUser {
  id: string;
  username?: string;
  email?: string;
  emailVerified?: boolean;
  enabled?: boolean;
}

/** A user the service makes itself (a school account, ADR 0040). */
export interface NewKeycloakUser {
  username: string;
  firstName?: string;
  lastName?: string;
  email?: string;
  emailVerified: boolean;
  attributes: Record<string, string[]>;
}

/** Accounts per page when the whole realm is listed (the directory's rebuild). */
export const LIST_PAGE = 5000;
/** Deadline of a token request. */
const TOKEN_TIMEOUT_MS = 5_000;
/** Deadline of an admin call (and of a token exchange). */
const ADMIN_TIMEOUT_MS = 10_000;
/**
 * Users without their attributes: Keycloak's user list takes `briefRepresentation`, which the
 * admin client's `UserQuery` type does not name (it passes every field of a query on).
 */
const BRIEF: { briefRepresentation: boolean } = { briefRepresentation: true };

/**
 * Keycloak's admin REST API with the identity service's own service account (ADR 0008): the
 * calls go through `@keycloak/keycloak-admin-client`; this class keeps what the service needs
 * around them: the service-account token (client-credentials grant, reused until shortly
 * before it expires, a new one after a 401: the library's own `auth()` renews only with a
 * refresh token, which Keycloak does not issue for client credentials), paging, and Keycloak's
 * answers mapped to the service's errors (404 → null/false, 403 on the realm → a distinct
 * error, anything else → 503 IDENTITY_PROVIDER_UNAVAILABLE).
 */
export class KeycloakAdminClient {
  private token: { value: string; expiresAt: number } | undefined;
  private readonly kc: KcAdminClient;

  constructor(private readonly options: KeycloakAdminOptions) {
    this.kc = new KcAdminClient({
      baseUrl: options.url,
      realmName: options.realm,
      timeout: ADMIN_TIMEOUT_MS,
    });
    this.kc.registerTokenProvider({ getAccessToken: () => this.accessToken() });
  }

  private tokenUrl(): string {
    return `${this.options.url}/realms/${this.options.realm}/protocol/openid-connect/token`;
  }

  private async accessToken(): Promise<string> {
    if (this.token && this.token.expiresAt > Date.now() + 10_000) return this.token.value;
    const res = await fetch(this.tokenUrl(), {
      method: 'POST',
      body: new URLSearchParams({
        grant_type: 'client_credentials',
        client_id: this.options.clientId,
        client_secret: this.options.clientSecret,
      }),
      signal: AbortSignal.timeout(TOKEN_TIMEOUT_MS),
    });
    if (!res.ok) throw unavailable(`token request answered ${res.status}`);
    const body = (await res.json()) as { access_token: string; expires_in: number };
    this.token = { value: body.access_token, expiresAt: Date.now() + body.expires_in * 1000 };
    return body.access_token;
  }

  /** An admin API call; a 401 (token revoked, keys rotated, server restarted) gets one retry. */
  private async admin<T>(call: (kc: KcAdminClient) => Promise<T>): Promise<T> {
    try {
      return await call(this.kc);
    } catch (err) {
      if (statusOf(err) !== 401) throw err;
      this.token = undefined;
      return call(this.kc);
    }
  }

  /** The user with this id, or null when Keycloak has none. */
  async findUser(id: string): Promise<KeycloakUser | null> {
    try {
      // findOne answers null for Keycloak's 404
      const user = await this.admin((kc) => kc.users.findOne({ id }));
      return (user as KeycloakUser | undefined) ?? null;
    } catch (err) {
      throw failed(err, 'user lookup');
    }
  }

  /** The user with exactly this email (emails are unique in the realm), or null. */
  async findUserByEmail(email: string): Promise<KeycloakUser | null> {
    try {
      const users = (await this.admin((kc) =>
        kc.users.find({ ...BRIEF, exact: true, email }),
      )) as KeycloakUser[];
      return users.find((u) => u.email?.toLowerCase() === email.toLowerCase()) ?? null;
    } catch (err) {
      throw failed(err, 'user search');
    }
  }

  /**
   * The user whose attribute `name` is exactly `value` (Keycloak's `q` search; `value` is one
   * plain token: no spaces, quotes or backslashes), or null.
   */
  async findUserByAttribute(name: string, value: string): Promise<KeycloakUser | null> {
    try {
      const users = (await this.admin((kc) =>
        kc.users.find({ ...BRIEF, exact: true, q: `${name}:${value}` }),
      )) as KeycloakUser[];
      return users[0] ?? null;
    } catch (err) {
      throw failed(err, 'user search');
    }
  }

  /**
   * Makes an enabled user; its id, or null when Keycloak answered 409: a user with that
   * username or email exists (made meanwhile by a racing call, or the email is taken). The
   * realm takes the email as the username (registrationEmailAsUsername).
   */
  async createUser(user: NewKeycloakUser): Promise<string | null> {
    try {
      const { id } = await this.admin((kc) => kc.users.create({ ...user, enabled: true }));
      return id;
    } catch (err) {
      if (statusOf(err) === 409) return null;
      throw failed(err, 'user create');
    }
  }

  /** Whether the user has a link to the identity provider `alias`. */
  async hasFederatedIdentity(id: string, alias: string): Promise<boolean> {
    try {
      const links = await this.admin((kc) => kc.users.listFederatedIdentities({ id }));
      return links.some((l) => l.identityProvider === alias);
    } catch (err) {
      throw failed(err, 'federated identity lookup');
    }
  }

  /**
   * Links the user to the identity provider `alias` as `userId`/`userName` there; a link that
   * exists already (Keycloak's 409) is left as it is.
   */
  async linkFederatedIdentity(
    id: string,
    alias: string,
    link: { userId: string; userName: string },
  ): Promise<void> {
    try {
      await this.admin((kc) =>
        kc.users.addToFederatedIdentity({
          id,
          federatedIdentityId: alias,
          federatedIdentity: { identityProvider: alias, ...link },
        }),
      );
    } catch (err) {
      if (statusOf(err) === 409) return;
      throw failed(err, 'federated identity link');
    }
  }

  /** Gives the user the realm role (a role they hold already stays as it is). */
  async addRealmRole(id: string, role: string): Promise<void> {
    try {
      const roleId = (await this.admin((kc) => kc.roles.findOneByName({ name: role })))?.id;
      // a realm without the role is a realm imported before it: not transient, but named
      if (!roleId) throw unavailable(`the realm has no role ${role}`);
      await this.admin((kc) =>
        kc.users.addRealmRoleMappings({ id, roles: [{ id: roleId, name: role }] }),
      );
    } catch (err) {
      throw failed(err, 'role mapping');
    }
  }

  /**
   * Every account of the realm (paged through, `pageSize` at a time). Each page costs Keycloak
   * about 0.85 s whatever its size on its dev-file store at 100,000 users (1 user: 858 ms, 500:
   * 0.9-1.2 s, 5,000: 2.8 s), so the pages are big: 100,000 brief users are ~30 MB.
   */
  async listUsers(pageSize = LIST_PAGE): Promise<KeycloakUser[]> {
    return this.pages(pageSize, (first, max) => this.kc.users.find({ ...BRIEF, first, max }));
  }

  /** Ids of the users holding a realm role (e.g. admin). */
  async usersInRole(role: string, pageSize = 500): Promise<Set<string>> {
    const users = await this.pages(pageSize, (first, max) =>
      // a role Keycloak does not have is an error here, not an empty list
      this.kc.roles.findUsersWithRole(
        { name: role, briefRepresentation: true, first, max },
        { catchNotFound: false },
      ),
    );
    return new Set(users.map((u) => u.id));
  }

  /** Whether the user holds the realm role, directly or through a group or composite role. */
  async hasRealmRole(id: string, role: string): Promise<boolean> {
    try {
      const roles = await this.admin((kc) => kc.users.listCompositeRealmRoleMappings({ id }));
      return roles.some((r) => r.name === role);
    } catch (err) {
      if (statusOf(err) === 404) return false;
      throw failed(err, 'role lookup');
    }
  }

  /** Deletes the account; false when Keycloak had none. */
  async deleteUser(id: string): Promise<boolean> {
    try {
      await this.admin((kc) => kc.users.del({ id }));
      return true;
    } catch (err) {
      if (statusOf(err) === 404) return false;
      throw failed(err, 'user delete');
    }
  }

  private async pages(
    pageSize: number,
    page: (first: number, max: number) => Promise<unknown[] | null>,
  ): Promise<KeycloakUser[]> {
    const all: KeycloakUser[] = [];
    for (let first = 0; ; first += pageSize) {
      let users: KeycloakUser[];
      try {
        users = ((await this.admin(() => page(first, pageSize))) ?? []) as KeycloakUser[];
      } catch (err) {
        throw failed(err, 'listing');
      }
      all.push(...users);
      if (users.length < pageSize) return all;
    }
  }

  /**
   * An access token of user `id` for `audience` (the web client, so it carries the API
   * audience like a real sign-in), minted by legacy token exchange with direct naked
   * impersonation. Keycloak allows it only to this service account (realm-management
   * permissions 'admin-impersonating' and the web client's 'token-exchange'; ADR 0008). Not an
   * admin API call: the admin client has no token exchange, so it is a request of our own.
   */
  async impersonationToken(
    id: string,
    audience: string,
  ): Promise<{ accessToken: string; expiresIn: number }> {
    const res = await fetch(this.tokenUrl(), {
      method: 'POST',
      body: new URLSearchParams({
        grant_type: 'urn:ietf:params:oauth:grant-type:token-exchange',
        client_id: this.options.clientId,
        client_secret: this.options.clientSecret,
        requested_subject: id,
        audience,
        requested_token_type: 'urn:ietf:params:oauth:token-type:access_token',
      }),
      signal: AbortSignal.timeout(ADMIN_TIMEOUT_MS),
    });
    if (!res.ok) {
      const body = (await res.json().catch(() => ({}))) as { error_description?: string };
      throw unavailable(
        `token exchange answered ${res.status}${body.error_description ? `: ${body.error_description}` : ''}`,
      );
    }
    const body = (await res.json()) as { access_token: string; expires_in: number };
    return { accessToken: body.access_token, expiresIn: body.expires_in };
  }

  /** Opens or closes Keycloak's own registration page (realm registrationAllowed). */
  async setRegistrationAllowed(allowed: boolean): Promise<void> {
    try {
      // A partial realm representation: Keycloak updates only the fields present.
      await this.admin((kc) =>
        kc.realms.update({ realm: this.options.realm }, { registrationAllowed: allowed }),
      );
    } catch (err) {
      if (statusOf(err) === 403) {
        // Not transient: the realm in Keycloak predates the manage-realm grant (ADR 0008).
        throw new ServiceError({
          status: 503,
          code: 'IDENTITY_PROVIDER_FORBIDDEN',
          message:
            'The identity service may not change the realm (Keycloak answered 403): re-import the realm so its service account has manage-realm.',
        });
      }
      throw failed(err, 'realm update');
    }
  }

  /** Keycloak mails the user a link that verifies the address, leading back to the app. */
  async sendVerifyEmail(id: string, clientId: string, redirectUri: string): Promise<void> {
    try {
      await this.admin((kc) => kc.users.sendVerifyEmail({ id, clientId, redirectUri }));
    } catch (err) {
      throw failed(err, 'verify email');
    }
  }

  /** Keycloak mails the user a link to run these required actions (e.g. UPDATE_PASSWORD). */
  async executeActionsEmail(
    id: string,
    actions: string[],
    clientId: string,
    redirectUri: string,
  ): Promise<void> {
    try {
      await this.admin((kc) =>
        kc.users.executeActionsEmail({ id, actions, clientId, redirectUri, lifespan: 3600 }),
      );
    } catch (err) {
      throw failed(err, 'actions email');
    }
  }
}

/** The HTTP status of Keycloak's answer when the admin client refused it (else undefined). */
function statusOf(err: unknown): number | undefined {
  return err instanceof NetworkError ? err.response.status : undefined;
}

/**
 * A refusal by Keycloak as 503 naming the call and the status; anything else (our own
 * ServiceError, no answer at all) as it was.
 */
function failed(err: unknown, call: string): unknown {
  const status = statusOf(err);
  return status === undefined ? err : unavailable(`${call} answered ${status}`);
}

function unavailable(detail: string) {
  return new ServiceError({
    status: 503,
    code: 'IDENTITY_PROVIDER_UNAVAILABLE',
    message: `The identity provider is not available (${detail}).`,
  });
}
