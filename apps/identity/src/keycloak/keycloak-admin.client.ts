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

  /** The user with this id, or null when Keycloak has none. */
  async findUser(id: string): Promise<KeycloakUser | null> {
    const res = await this.f(
      `${this.options.url}/admin/realms/${this.options.realm}/users/${encodeURIComponent(id)}`,
      {
        headers: { authorization: `Bearer ${await this.accessToken()}` },
        signal: AbortSignal.timeout(5_000),
      },
    );
    if (res.status === 404) return null;
    if (!res.ok) throw unavailable(`user lookup answered ${res.status}`);
    return (await res.json()) as KeycloakUser;
  }
}

function unavailable(detail: string) {
  return new ServiceError({
    status: 503,
    code: 'IDENTITY_PROVIDER_UNAVAILABLE',
    message: `The identity provider is not available (${detail}).`,
  });
}
