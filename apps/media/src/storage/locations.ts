import { createHash, randomBytes } from 'node:crypto';
import type { MediaBucketRole, ParsedMediaPath } from '@examprep/contracts';

/** Where an object lives: its bucket (by role) and key. */
export interface ObjectLocation {
  role: MediaBucketRole;
  key: string;
}

/**
 * A parsed path's bucket and key: question media in the media bucket, workbooks and downloads
 * in the workbooks bucket; the key is the path itself (admin spec §3, learner spec §7).
 */
export function locationOf(path: ParsedMediaPath): ObjectLocation {
  return { role: path.bucket, key: path.path };
}

/** Staged uploads: staging/{uploadId} in the media bucket. */
export const STAGING_PREFIX = 'staging/';
export function stagingKey(uploadId: string): string {
  return `${STAGING_PREFIX}${uploadId}`;
}

/** 24 lowercase letters and digits (UPLOAD_ID_PATTERN), from a CSPRNG. */
export function newUploadId(): string {
  const alphabet = 'abcdefghijklmnopqrstuvwxyz0123456789';
  const bytes = randomBytes(24);
  let id = '';
  // 252 = 7 * 36: no modulo bias from the bytes kept
  for (let i = 0; id.length < 24; i++) {
    const b = i < bytes.length ? bytes[i]! : randomBytes(1)[0]!;
    if (b < 252) id += alphabet[b % 36];
  }
  return id;
}

/** A user's stamped copies: Stamped/{uid}/ in the workbooks bucket. */
export function stampedPrefix(uid: string): string {
  return `Stamped/${uid}/`;
}

/**
 * The stamped copy of a workbook for an email: keyed by the original's ETag and the email, so a
 * new edition of the workbook (new ETag) or another email makes a new copy.
 */
export function stampedKey(uid: string, etag: string, email: string): string {
  const h = createHash('sha256').update(`${etag}${email}`).digest('hex').slice(0, 32);
  return `${stampedPrefix(uid)}${h}.pdf`;
}

/** The Content-Type of a workbook-bucket file by its extension. */
export function contentTypeOfPath(path: string): string {
  const ext = path.slice(path.lastIndexOf('.') + 1).toLowerCase();
  return (
    {
      pdf: 'application/pdf',
      zip: 'application/zip',
      png: 'image/png',
      jpg: 'image/jpeg',
      mp4: 'video/mp4',
    }[ext] ?? 'application/octet-stream'
  );
}

/** The last segment of a path (the name a download is saved under). */
export function baseName(path: string): string {
  return path.slice(path.lastIndexOf('/') + 1);
}
