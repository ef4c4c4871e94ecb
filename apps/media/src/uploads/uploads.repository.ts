import type { UploadRecord } from '../records/media.schemas';

/**
 * The queries of the announced uploads (collection uploads, `_id` = upload id), written by
 * admins' question saves. The port the service injects; MongoUploadsRepository is the real one.
 */
export abstract class UploadsRepository {
  abstract insert(upload: UploadRecord): Promise<void>;

  /** The announced upload (lean), or null. */
  abstract findById(uploadId: string): Promise<UploadRecord | null>;

  /** Forgets the upload (committed or refused). */
  abstract remove(uploadId: string): Promise<void>;

  /** Forgets every upload announced before `cutoff` (the staging sweep). */
  abstract removeOlderThan(cutoff: Date): Promise<void>;
}
