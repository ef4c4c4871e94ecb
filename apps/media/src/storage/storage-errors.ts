import { ErrorCodes, MEDIA_MESSAGES } from '@examprep/contracts';
import { ServiceError } from '@examprep/nest-kit';

/** What an S3 failure is, as this service answers it. */
export type StorageFailureKind = 'notFound' | 'unavailable';

const NOT_FOUND_NAMES = new Set(['NotFound', 'NoSuchKey', 'NoSuchBucket']);

/**
 * Classifies an error of the AWS SDK: a missing object or bucket is 'notFound'; everything
 * else (connection refused, reset, DNS, time-outs, aborts, 5xx, throttling, refused
 * credentials: the store cannot do what we ask right now) is 'unavailable'.
 */
export function classifyStorageError(err: unknown): StorageFailureKind {
  const e = (err ?? {}) as {
    name?: string;
    Code?: string;
    $metadata?: { httpStatusCode?: number };
  };
  if (
    NOT_FOUND_NAMES.has(e.name ?? '') ||
    NOT_FOUND_NAMES.has(e.Code ?? '') ||
    e.$metadata?.httpStatusCode === 404
  ) {
    return 'notFound';
  }
  return 'unavailable';
}

export function isStorageNotFound(err: unknown): boolean {
  return classifyStorageError(err) === 'notFound';
}

/** 503 STORAGE_UNAVAILABLE with the sentence of ADR 0020. */
export function storageUnavailable(): ServiceError {
  return new ServiceError({
    status: 503,
    code: ErrorCodes.STORAGE_UNAVAILABLE,
    message: MEDIA_MESSAGES.storageUnavailable,
  });
}

/** The ServiceError an S3 failure answers: 404 'The file was not found.' or 503. */
export function storageFailure(err: unknown): ServiceError {
  if (err instanceof ServiceError) return err;
  return classifyStorageError(err) === 'notFound'
    ? ServiceError.notFound(MEDIA_MESSAGES.notFound)
    : storageUnavailable();
}
