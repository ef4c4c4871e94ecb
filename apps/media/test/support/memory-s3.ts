import type { MediaBucketRole } from '@examprep/contracts';
import { MediaEnv } from '../../src/config/media.env';
import { S3Service } from '../../src/storage/s3.service';

/** A media configuration for unit specs (nothing is reached at these addresses). */
export function specEnv(): MediaEnv {
  return Object.assign(new MediaEnv(), {
    NATS_URL: 'nats://127.0.0.1:1',
    MEDIA_MONGODB_URI: 'mongodb://127.0.0.1:1/media',
    S3_ENDPOINT: 'http://127.0.0.1:1',
    S3_PUBLIC_ENDPOINT: 'http://127.0.0.1:1',
    S3_ACCESS_KEY: 'spec-key',
    S3_SECRET_KEY: 'spec-secret',
  });
}

interface StoredObject {
  bytes: Uint8Array;
  contentType: string | undefined;
  lastModified: Date;
}

/**
 * The S3Service with its object operations kept in memory (`objects`, by `role:key`): presigned
 * GETs and PUTs, HEAD, first bytes, whole GETs and PUTs, copy, delete, list.
 */
export function memoryS3() {
  const s3 = new S3Service(specEnv());
  const objects = new Map<string, StoredObject>();
  const at = (role: MediaBucketRole, key: string) => `${role}:${key}`;
  jest.spyOn(s3, 'presignPut').mockImplementation(async (role, key) => ({
    url: `http://s3.spec/${role}/${key}?signed`,
    headers: {},
  }));
  jest
    .spyOn(s3, 'presignGet')
    .mockImplementation(async (role, key) => `http://s3.spec/${role}/${key}?signed`);
  jest.spyOn(s3, 'head').mockImplementation(async (role, key) => {
    const o = objects.get(at(role, key));
    return o
      ? {
          size: o.bytes.length,
          contentType: o.contentType,
          etag: `"${o.bytes.length}"`,
          lastModified: o.lastModified,
        }
      : null;
  });
  jest
    .spyOn(s3, 'firstBytes')
    .mockImplementation(async (role, key, n) => objects.get(at(role, key))!.bytes.slice(0, n));
  jest.spyOn(s3, 'getBytes').mockImplementation(async (role, key) => {
    const o = objects.get(at(role, key));
    if (!o) throw new Error(`no object ${key}`);
    return o.bytes;
  });
  jest.spyOn(s3, 'putBytes').mockImplementation(async (role, key, bytes, contentType) => {
    objects.set(at(role, key), { bytes, contentType, lastModified: new Date() });
  });
  jest.spyOn(s3, 'copy').mockImplementation(async (role, from, to, contentType) => {
    const o = objects.get(at(role, from))!;
    objects.set(at(role, to), { ...o, contentType, lastModified: new Date() });
  });
  jest.spyOn(s3, 'delete').mockImplementation(async (role, key) => {
    objects.delete(at(role, key));
  });
  jest.spyOn(s3, 'list').mockImplementation(async (role, prefix) =>
    [...objects.entries()]
      .filter(([k]) => k.startsWith(at(role, prefix)))
      .map(([k, o]) => ({
        key: k.slice(role.length + 1),
        size: o.bytes.length,
        lastModified: o.lastModified,
      })),
  );
  /** Stores an object as a browser's PUT (or an earlier run) left it. */
  const put = (role: MediaBucketRole, key: string, bytes: Uint8Array, lastModified = new Date()) =>
    objects.set(at(role, key), { bytes, contentType: undefined, lastModified });
  return { s3, objects, put, at };
}
