import { IsInt, Max, Min } from 'class-validator';
import { IsMongoUri, IsNatsUrls, ToInt } from '@examprep/nest-kit';

/** Every variable the qbank service reads (a bad one stops it, naming the variable). */
export class QbankEnv {
  /** One NATS URL, or a NATS cluster's, comma-separated (ADR 0029). */
  @IsNatsUrls()
  NATS_URL!: string;

  /** This service's own database: questions, courses, admin view modes. */
  @IsMongoUri()
  QBANK_MONGODB_URI!: string;

  @ToInt()
  @IsInt()
  @Min(1)
  @Max(65535)
  HEALTH_PORT: number = 3106;

  /**
   * Time-out of this service's calls to the media service (commit of uploads, deletes, the
   * index of existing objects), below the gateway's 10 s so a slow peer answers in time.
   */
  @ToInt()
  @IsInt()
  @Min(100)
  @Max(9000)
  PEER_TIMEOUT_MS: number = 8000;
}
