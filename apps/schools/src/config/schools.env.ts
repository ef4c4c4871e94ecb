import { IsBoolean, IsInt, IsString, IsUrl, Max, Min, MinLength } from 'class-validator';
import { IsMongoUri, IsNatsUrls, ToBool, ToInt } from '@examprep/nest-kit';

/** Every variable the schools service reads (a bad one stops it, naming the variable). */
export class SchoolsEnv {
  /** One NATS URL, or a NATS cluster's, comma-separated (ADR 0029). */
  @IsNatsUrls()
  NATS_URL!: string;

  /** This service's own database; no other service reads it. */
  @IsMongoUri()
  SCHOOLS_MONGODB_URI!: string;

  @ToInt()
  @IsInt()
  @Min(1)
  @Max(65535)
  HEALTH_PORT: number = 3107;

  /** Deadline of a call to another service (identity: an LMS user's account). */
  @ToInt()
  @IsInt()
  @Min(100)
  @Max(9000)
  PEER_TIMEOUT_MS: number = 5000;

  /**
   * The web app's address, which also serves /api: the tool's URLs an LMS is given (login,
   * launch, keys) and the sign-in bridge's issuer are under it (ADR 0040).
   */
  @IsUrl({ require_tld: false, require_protocol: true, protocols: ['http', 'https'] })
  WEB_URL!: string;

  /** Keycloak as browsers reach it: its broker endpoint is the bridge's only redirect URI. */
  @IsUrl({ require_tld: false, require_protocol: true, protocols: ['http', 'https'] })
  KEYCLOAK_PUBLIC_URL!: string;

  @IsString()
  @MinLength(1)
  KEYCLOAK_REALM!: string;

  /** The secret Keycloak's identity provider `lti` authenticates with at the bridge. */
  @IsString()
  @MinLength(16)
  LTI_BRIDGE_CLIENT_SECRET!: string;

  /**
   * Whether LMS URLs may be plain http (the local LMS stand-in on loopback). Off in deployments:
   * a platform's keys and tokens travel only over https.
   */
  @ToBool()
  @IsBoolean()
  LTI_ALLOW_HTTP: boolean = false;
}
