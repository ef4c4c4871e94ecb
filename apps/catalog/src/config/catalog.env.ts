import { IsIn, IsInt, IsOptional, IsString, IsUrl, Matches, Max, Min } from 'class-validator';
import { IsMongoUri, IsNatsUrls, ToInt } from '@examprep/nest-kit';

/** Every variable the catalog service reads (a bad one stops it, naming the variable). */
export class CatalogEnv {
  /** One NATS URL, or a NATS cluster's, comma-separated (ADR 0029). */
  @IsNatsUrls()
  NATS_URL!: string;

  /** This service's own database; no other service reads it. */
  @IsMongoUri()
  CATALOG_MONGODB_URI!: string;

  @ToInt()
  @IsInt()
  @Min(1)
  @Max(65535)
  HEALTH_PORT: number = 3103;

  /**
   * Time-out of this service's calls to other services (the identity service, before an admin
   * changes a user's purchases), below the gateway's 10 s so a slow peer answers in time.
   */
  @ToInt()
  @IsInt()
  @Min(100)
  @Max(9000)
  PEER_TIMEOUT_MS: number = 8000;

  /** 'production' refuses the local test checkout and the fault hook. */
  @IsIn(['production', 'development', 'test'])
  NODE_ENV: 'production' | 'development' | 'test' = 'production';

  /** Stripe secret key: test mode (sk_test_…) or live. Against stripe-mock any sk_test_ key. */
  @IsString()
  @Matches(/^(sk|rk)_(test|live)_[A-Za-z0-9]+$/, {
    message: 'STRIPE_SECRET_KEY must be a Stripe secret key (sk_test_… or sk_live_…).',
  })
  STRIPE_SECRET_KEY!: string;

  /**
   * Where the Stripe SDK sends its calls. Unset: Stripe itself (api.stripe.com). Set to
   * stripe-mock locally and in tests; only then is the local test checkout offered.
   */
  @IsOptional()
  @IsUrl({ require_tld: false, require_protocol: true, protocols: ['http', 'https'] })
  STRIPE_API_URL?: string;

  /** The webhook endpoint's signing secret (whsec_…): every delivery is verified with it. */
  @IsString()
  @Matches(/^whsec_[A-Za-z0-9+/=_-]+$/, {
    message: 'STRIPE_WEBHOOK_SECRET must be a webhook signing secret (whsec_…).',
  })
  STRIPE_WEBHOOK_SECRET!: string;

  /** The web app's origin: Checkout's success and cancel URLs and the local test checkout. */
  @IsUrl({ require_tld: false, require_protocol: true, protocols: ['http', 'https'] })
  WEB_URL!: string;

  /**
   * Local test checkout only: where its signed webhook is delivered (the gateway's
   * POST /api/stripe/webhook), exactly as Stripe would.
   */
  @IsOptional()
  @IsUrl({ require_tld: false, require_protocol: true, protocols: ['http', 'https'] })
  CHECKOUT_WEBHOOK_URL?: string;

  /**
   * Fault tests only (refused when NODE_ENV is production): 'after-record' kills the process
   * with SIGKILL after a paid order is recorded and before its facts are published.
   */
  @IsOptional()
  @IsIn(['after-record'])
  CATALOG_FAULT?: 'after-record';
}
