import { IsEmail, IsInt, IsString, IsUrl, Matches, Max, Min } from 'class-validator';
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

  /** The web app's address: the study reminder's links (the plan, the unsubscribe page) point there. */
  @IsUrl({ require_tld: false, require_protocol: true, protocols: ['http', 'https'] })
  WEB_URL!: string;

  /**
   * Where study reminders are sent from (issue 29): an SMTP URL, `smtp://host:port` or
   * `smtps://user:password@host:465` (a secret in production). Empty: no reminders are sent (the
   * learner's choice is kept, and the service says so once in its log).
   */
  @IsString()
  @Matches(/^$|^smtps?:\/\/\S+$/, { message: 'SMTP_URL must be empty or smtp://… / smtps://…' })
  SMTP_URL: string = '';

  /** The reminders' From address. */
  @IsEmail({ require_tld: false })
  MAIL_FROM: string = 'no-reply@examprep.local';

  /** The hour (UTC) from which each day's reminders go out. */
  @ToInt()
  @IsInt()
  @Min(0)
  @Max(23)
  REMINDER_HOUR_UTC: number = 14;

  /** How often a replica looks for reminders still to send (each is claimed once per day). */
  @ToInt()
  @IsInt()
  @Min(1000)
  @Max(3_600_000)
  REMINDER_SWEEP_MS: number = 300_000;
}
