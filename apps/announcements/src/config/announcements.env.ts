import { IsInt, IsUrl, Max, Min } from 'class-validator';
import { IsMongoUri, ToInt } from '@examprep/nest-kit';

/** Every variable the announcements service reads (a bad one stops it, naming the variable). */
export class AnnouncementsEnv {
  @IsUrl({ require_tld: false, require_protocol: true, protocols: ['nats', 'tls'] })
  NATS_URL!: string;

  /** This service's own database; no other service reads it. */
  @IsMongoUri()
  ANNOUNCEMENTS_MONGODB_URI!: string;

  @ToInt()
  @IsInt()
  @Min(1)
  @Max(65535)
  HEALTH_PORT: number = 3101;
}
