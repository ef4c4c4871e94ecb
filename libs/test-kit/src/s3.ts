// The local S3 server (versitygw, ADR 0010) through the AWS SDK v3, configured the way the
// product's media code talks to S3: path-style addressing, checksums only when required (else
// the SDK signs an empty-body checksum into presigned PUT URLs that a browser upload breaks).
import { S3Client } from '@aws-sdk/client-s3';
import { infraConfig, type InfraProfile } from './config';

/** An S3 client for the local S3 server of `profile` (default: test). Call `destroy()` after. */
export function s3Client(profile: InfraProfile = 'test'): S3Client {
  const c = infraConfig(profile).s3;
  return new S3Client({
    endpoint: c.endpoint,
    region: c.region,
    forcePathStyle: true,
    credentials: { accessKeyId: c.accessKey, secretAccessKey: c.secretKey },
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
  });
}
