import { IsBoolean, IsInt, Max, Min } from 'class-validator';
import { IsMongoUri, IsNatsUrls, ToBool, ToInt } from '@examprep/nest-kit';

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

  /**
   * Whether checked practice answers are published for the learning engine (issue 29). On by
   * default; off stops the mastery and review queue from learning of practice (the checks go on
   * answering): a switch for an operator whose JetStream is in trouble, and the "without" half
   * of tools/load/practice-check.mjs.
   */
  @ToBool()
  @IsBoolean()
  LEARNING_FACTS: boolean = true;
}
