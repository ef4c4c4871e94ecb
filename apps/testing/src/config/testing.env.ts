import { IsInt, Max, Min } from 'class-validator';
import { IsMongoUri, IsNatsUrls, ToInt } from '@examprep/nest-kit';

/** Every variable the testing service reads (a bad one stops it, naming the variable). */
export class TestingEnv {
  /** One NATS URL, or a NATS cluster's, comma-separated (ADR 0029). */
  @IsNatsUrls()
  NATS_URL!: string;

  /** This service's own database; no other service reads it. */
  @IsMongoUri()
  TESTING_MONGODB_URI!: string;

  @ToInt()
  @IsInt()
  @Min(1)
  @Max(65535)
  HEALTH_PORT: number = 3104;

  /**
   * Time-out of this service's own calls to the catalog (products, access) and the qbank
   * (the question draw), below the gateway's 10 s so a slow peer answers 504 in time.
   */
  @ToInt()
  @IsInt()
  @Min(100)
  @Max(9000)
  PEER_TIMEOUT_MS: number = 5000;
}
