import {
  IsBoolean,
  IsIn,
  IsInt,
  IsOptional,
  IsString,
  IsUrl,
  Max,
  Min,
  MinLength,
} from 'class-validator';
import { IsNatsUrls, ToBool, ToInt, ToList } from '@examprep/nest-kit';
import { ServiceNames, type ServiceName } from '@examprep/contracts';

const url = { require_tld: false, require_protocol: true } as const;

/** Every variable the gateway reads, validated once at start (a bad one stops the process). */
export class GatewayEnv {
  /** 0 picks a free port (tests). */
  @ToInt()
  @IsInt()
  @Min(0)
  @Max(65535)
  PORT: number = 3000;

  @IsString()
  HOST: string = '0.0.0.0';

  /** One NATS URL, or a NATS cluster's, comma-separated (ADR 0029). */
  @IsNatsUrls()
  NATS_URL!: string;

  /** Time-out of every call to a service; below the web app's 15 s. */
  @ToInt()
  @IsInt()
  @Min(100)
  @Max(14_000)
  RPC_TIMEOUT_MS: number = 10_000;

  /**
   * The PDF routes (ADR 0020 §4): the object store must answer the gateway's read of a located
   * PDF within this, and never stall longer mid-body; else 503 STORAGE_UNAVAILABLE (before the
   * headers) or the response ends.
   */
  @ToInt()
  @IsInt()
  @Min(100)
  @Max(60_000)
  STORAGE_TIMEOUT_MS: number = 10_000;

  /** Issuer of access tokens, exactly as in their `iss` claim. */
  @IsUrl({ ...url, protocols: ['http', 'https'] })
  OIDC_ISSUER!: string;

  /** Where the gateway fetches the realm's keys (an in-cluster URL may differ from the issuer). */
  @IsOptional()
  @IsUrl({ ...url, protocols: ['http', 'https'] })
  OIDC_JWKS_URL?: string;

  @IsString()
  @MinLength(1)
  OIDC_AUDIENCE: string = 'examprep-api';

  @ToList()
  @IsIn(
    ['RS256', 'RS384', 'RS512', 'PS256', 'PS384', 'PS512', 'ES256', 'ES384', 'ES512', 'EdDSA'],
    { each: true },
  )
  OIDC_ALGORITHMS: string[] = ['RS256'];

  /** Keycloak as the browser reaches it, for GET /api/public-config. */
  @IsUrl({ ...url, protocols: ['http', 'https'] })
  KEYCLOAK_PUBLIC_URL!: string;

  @IsString()
  @MinLength(1)
  KEYCLOAK_REALM: string = 'examprep';

  @IsString()
  @MinLength(1)
  KEYCLOAK_WEB_CLIENT_ID: string = 'web';

  @IsString()
  @MinLength(1)
  PRODUCT_NAME: string = 'NurseMath Prep';

  @IsString()
  @MinLength(3)
  SUPPORT_EMAIL: string = 'support@nursemath.example';

  @ToBool()
  @IsBoolean()
  STAGING: boolean = false;

  @ToBool()
  @IsBoolean()
  MAINTENANCE_ENABLED: boolean = false;

  @IsString()
  MAINTENANCE_MESSAGE: string = 'We are making improvements and will be back shortly.';

  @IsOptional()
  @IsString()
  MAINTENANCE_EXPECTED_COMPLETION?: string;

  /** Services /readyz asks (reported, not required); only ServiceNames, the ones that exist. */
  @ToList()
  @IsIn([...ServiceNames], { each: true })
  DOWNSTREAM_SERVICES: ServiceName[] = ['announcements'];

  /** Requests per minute per signed-in user (or per address when anonymous). */
  @ToInt()
  @IsInt()
  @Min(1)
  RATE_LIMIT_PER_MINUTE: number = 600;

  /** Multiplies the per-route limits (sign-in-adjacent and costly calls); 1 in production. */
  @ToInt()
  @IsInt()
  @Min(1)
  @Max(1000)
  RATE_LIMIT_SCALE: number = 1;

  /**
   * Trust X-Forwarded-For from every proxy in front of the gateway: the client is the leftmost
   * address, right only behind a proxy that overwrites the header (ingress-nginx).
   */
  @ToBool()
  @IsBoolean()
  TRUST_PROXY: boolean = false;

  /**
   * The number of proxies in front of the gateway, when set (it overrides TRUST_PROXY): the
   * client is the address the outermost of them saw, read from the right of X-Forwarded-For,
   * whether they overwrite the header or append to it (Envoy-based Gateway API implementations
   * append, leaving what the client sent in front). http/trust-proxy.ts.
   */
  @IsOptional()
  @ToInt()
  @IsInt()
  @Min(1)
  @Max(10)
  TRUST_PROXY_HOPS?: number;

  @ToList()
  @IsUrl({ ...url, protocols: ['http', 'https'] }, { each: true })
  CORS_ORIGINS: string[] = [];

  /**
   * 'production' (the container images set it) keeps the OpenAPI document off unless
   * OPENAPI_ENABLED says otherwise. Unset counts as production: nothing is exposed by omission.
   */
  @IsIn(['production', 'development', 'test'])
  NODE_ENV: 'production' | 'development' | 'test' = 'production';

  /**
   * Serve the OpenAPI document (/api/docs, /api/docs-json, /api/docs-yaml; http/openapi-document.ts).
   * Unset: on unless NODE_ENV is production. The local profiles set true (the web client's
   * generated types, schemathesis and the route specs read the document); k8s sets false: it
   * lists every route, the admin ones included, to anyone who asks.
   */
  @IsOptional()
  @ToBool()
  @IsBoolean()
  OPENAPI_ENABLED?: boolean;
}
