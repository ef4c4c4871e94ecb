import { ServiceError } from '@examprep/nest-kit';
import { classifyStorageError, storageFailure } from './storage-errors';

const named = (name: string, extra: object = {}) => Object.assign(new Error(name), { name, ...extra });

describe('S3 error mapping', () => {
  it.each([
    [named('NotFound', { $metadata: { httpStatusCode: 404 } })],
    [named('NoSuchKey')],
    [named('NoSuchBucket')],
    [named('Unknown', { $metadata: { httpStatusCode: 404 } })],
  ])('a missing object is 404 %#', (err) => {
    expect(classifyStorageError(err)).toBe('notFound');
    expect(storageFailure(err).payload).toEqual({
      status: 404,
      code: 'NOT_FOUND',
      message: 'The file was not found.',
    });
  });

  it.each([
    [Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:1'), { code: 'ECONNREFUSED' })],
    [named('TimeoutError')],
    [named('AbortError')],
    [named('RequestTimeout')],
    [named('InternalError', { $metadata: { httpStatusCode: 500 } })],
    [named('SlowDown', { $metadata: { httpStatusCode: 503 } })],
    [named('AccessDenied', { $metadata: { httpStatusCode: 403 } })],
    [undefined],
    ['a string'],
  ])('anything else is 503 STORAGE_UNAVAILABLE, never a 500 %#', (err) => {
    expect(classifyStorageError(err)).toBe('unavailable');
    expect(storageFailure(err).payload).toEqual({
      status: 503,
      code: 'STORAGE_UNAVAILABLE',
      message: 'File storage is unavailable right now. Please try again in a minute.',
    });
  });

  it('a ServiceError passes through', () => {
    const e = ServiceError.forbidden('x');
    expect(storageFailure(e)).toBe(e);
  });
});
