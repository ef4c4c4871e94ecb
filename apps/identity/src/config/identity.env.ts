import { IsInt, IsString, IsUrl, Matches, Max, Min, MinLength } from 'class-validator';
import { IsMongoUri, IsNatsUrls, ToInt } from '@examprep/nest-kit';

const url = { require_tld: false, require_protocol: true } as const;

/** Every variable the identity service reads (a bad one stops it, naming the variable). */
export class IdentityEnv {
  /** One NATS URL, or a NATS cluster's, comma-separated (ADR 0029). */
  @IsNatsUrls()
  NATS_URL!: string;

  /** This service's own database; no other service reads it. */
  @IsMongoUri()
  IDENTITY_MONGODB_URI!: string;

  @ToInt()
  @IsInt()
  @Min(1)
  @Max(65535)
  HEALTH_PORT: number = 3102;

  /** Keycloak as this service reaches it (admin API and token endpoint). */
  @IsUrl({ ...url, protocols: ['http', 'https'] })
  KEYCLOAK_URL!: string;

  @IsString()
  @MinLength(1)
  KEYCLOAK_REALM: string = 'examprep';

  /** Confidential client with a service account (realm-management: view/query/manage users). */
  @IsString()
  @MinLength(1)
  KEYCLOAK_CLIENT_ID: string = 'identity-service';

  @IsString()
  @MinLength(1)
  KEYCLOAK_CLIENT_SECRET!: string;

  /** The browser client: mails from Keycloak lead back to it. */
  @IsString()
  @MinLength(1)
  KEYCLOAK_WEB_CLIENT_ID: string = 'web';

  /** The web app's address, where verification and reset links return to. */
  @IsUrl({ ...url, protocols: ['http', 'https'] })
  WEB_URL!: string;

  /**
   * How often the admin user list's directory is rebuilt from Keycloak and the database
   * (ADR 0030): accounts made outside the app (Keycloak's own registration, a seeder) appear
   * within this time, or at once with the list's Refresh.
   */
  @ToInt()
  @IsInt()
  @Min(10_000)
  USER_DIRECTORY_REBUILD_MS: number = 3_600_000;

  /** Shown on the dashboard after a correct contact-challenge answer (learner spec §2, §4). */
  @Matches(/^\+?[0-9][0-9 ().-]{2,30}$/, {
    message: 'CONTACT_BUSINESS_NUMBER must be a phone number (digits, spaces, + ( ) . -).',
  })
  CONTACT_BUSINESS_NUMBER!: string;
}
