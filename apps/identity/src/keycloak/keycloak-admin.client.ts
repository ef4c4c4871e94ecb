import { ServiceError } from '@examprep/nest-kit';

export interface KeycloakAdminOptions {
  url: string;
  realm: string;
  clientId: string;
  clientSecret: string;
  fetch?: typeof fetch;
}

export interface KeycloakUser {
  id: string;
  email?: string;
  emailVerified?: boolean;
  enabled?: boolean;
}

/**
 * Keycloak's admin REST API with the identity service's own service account
 * (client-credentials grant; the token is reused until shortly before it expires).
 */
export class KeycloakAdminClient {
  private token: { value: string; expiresAt: number } | undefined;

  constructor(private readonly options: KeycloakAdminOptions) {}

  private get f() {
    return this.options.fetch ?? fetch;
  }

  private async accessToken(): Promise<string> {
    if (this.token && this.token.expiresAt > Date.now() + 10_000) return this.token.value;
    const res = await this.f(
      `${this.options.url}/realms/${this.options.realm}/protocol/openid-connect/token`,
      {
        method: 'POST',
        body: new URLSearchParams({
          grant_type: 'client_credentials',
          client_id: this.options.clientId,
          client_secret: this.options.clientSecret,
        }),
        signal: AbortSignal.timeout(5_000),
      },
    );
    if (!res.ok) throw unavailable(`token request answered ${res.status}`);
    const body = (await res.json()) as { access_token: string; expires_in: number };
    this.token = { value: body.access_token, expiresAt: Date.now() + body.expires_in * 1000 };
    return body.access_token;
  }

  private async admin(path: string, init: RequestInit = {}): Promise<Response> {
    return this.f(`${this.options.url}/admin/realms/${this.options.realm}${path}`, {
      ...init,
      headers: {
        authorization: `Bearer ${await this.accessToken()}`,
        ...(init.body ? { 'content-type': 'application/json' } : {}),
      },
      signal: AbortSignal.timeout(10_000),
    });
  }

  /** The user with this id, or null when Keycloak has none. */
  async findUser(id: string): Promise<KeycloakUser | null> {
    const res = await this.admin(`/users/${encodeURIComponent(id)}`);
    if (res.status === 404) return null;
    if (!res.ok) throw unavailable(`user lookup answered ${res.status}`);
    return (await res.json()) as KeycloakUser;
  }

  /** The user with exactly this email (emails are unique in the realm), or null. */
  async findUserByEmail(email: string): Promise<KeycloakUser | null> {
    const q = new URLSearchParams({ exact: 'true', briefRepresentation: 'true', email });
    const res = await this.admin(`/users?${q}`);
    if (!res.ok) throw unavailable(`user search answered ${res.status}`);
    const users = (await res.json()) as KeycloakUser[];
    return users.find((u) => u.email?.toLowerCase() === email.toLowerCase()) ?? null;
  }

  /** Keycloak mails the user a link that verifies the address, leading back to the app. */
  async sendVerifyEmail(id: string, clientId: string, redirectUri: string): Promise<void> {
    const q = new URLSearchParams({ client_id: clientId, redirect_uri: redirectUri });
    const res = await this.admin(`/users/${encodeURIComponent(id)}/send-verify-email?${q}`, {
      method: 'PUT',
    });
    if (!res.ok) throw unavailable(`verify email answered ${res.status}`);
  }

  /** Keycloak mails the user a link to run these required actions (e.g. UPDATE_PASSWORD). */
  async executeActionsEmail(
    id: string,
    actions: string[],
    clientId: string,
    redirectUri: string,
  ): Promise<void> {
    const q = new URLSearchParams({
      client_id: clientId,
      redirect_uri: redirectUri,
      lifespan: '3600',
    });
    const res = await this.admin(`/users/${encodeURIComponent(id)}/execute-actions-email?${q}`, {
      method: 'PUT',
      body: JSON.stringify(actions),
    });
    if (!res.ok) throw unavailable(`actions email answered ${res.status}`);
  }
}

function unavailable(detail: string) {
  return new ServiceError({
    status: 503,
    code: 'IDENTITY_PROVIDER_UNAVAILABLE',
    message: `The identity provider is not available (${detail}).`,
  });
}
