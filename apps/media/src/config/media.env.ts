import { IsIn, IsInt, IsString, IsUrl, Matches, Max, Min, MinLength } from 'class-validator';
import { IsMongoUri, IsNatsUrls, ToInt } from '@examprep/nest-kit';

const BUCKET = /^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/;

/** Every variable the media service reads (a bad one stops it, naming the variable). */
export class MediaEnv {
  /** One NATS URL, or a NATS cluster's, comma-separated (ADR 0029). */
  @IsNatsUrls()
  NATS_URL!: string;

  /** This service's own database (uploads, workbooks, download counts); no other service reads it. */
  @IsMongoUri()
  MEDIA_MONGODB_URI!: string;

  @ToInt()
  @IsInt()
  @Min(1)
  @Max(65535)
  HEALTH_PORT: number = 3105;

  /** Time-out of this service's calls to the catalog (access) and the testing service. */
  @ToInt()
  @IsInt()
  @Min(100)
  @Max(9000)
  PEER_TIMEOUT_MS: number = 5000;

  /** The S3 endpoint this service (and the gateway's PDF proxy) reaches, e.g. http://s3:9000. */
  @IsUrl({ require_tld: false, require_protocol: true, protocols: ['http', 'https'] })
  S3_ENDPOINT!: string;

  /**
   * The S3 endpoint browsers reach: presigned URLs for browsers are signed for this host (the
   * Host header is part of the signature). Same as S3_ENDPOINT when both are one address.
   */
  @IsUrl({ require_tld: false, require_protocol: true, protocols: ['http', 'https'] })
  S3_PUBLIC_ENDPOINT!: string;

  @IsString()
  @Matches(/^[a-z0-9-]{2,32}$/)
  S3_REGION: string = 'us-east-1';

  @IsString()
  @MinLength(3)
  S3_ACCESS_KEY!: string;

  @IsString()
  @MinLength(8)
  S3_SECRET_KEY!: string;

  /** Question images and videos (Images/, VideoSolutions/) and staged uploads. */
  @Matches(BUCKET)
  S3_MEDIA_BUCKET: string = 'examprep-media';

  /** Workbooks (Workbooks/), downloads (Downloads/) and stamped copies. */
  @Matches(BUCKET)
  S3_WORKBOOKS_BUCKET: string = 'examprep-workbooks';

  /** 'path' for versitygw/MinIO-style servers, 'virtual' for AWS S3 host-style addressing. */
  @IsIn(['path', 'virtual'])
  S3_ADDRESSING: 'path' | 'virtual' = 'path';
}
