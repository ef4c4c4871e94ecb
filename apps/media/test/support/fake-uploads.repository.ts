import type { UploadRecord } from '../../src/records/media.schemas';
import { UploadsRepository } from '../../src/uploads/uploads.repository';

/** An in-memory UploadsRepository for unit specs: unique upload ids, copies on every read. */
const copy = (u: UploadRecord): UploadRecord => ({ ...u, createdAt: new Date(u.createdAt) });

export class FakeUploadsRepository implements UploadsRepository {
  readonly docs = new Map<string, UploadRecord>();

  async insert(upload: UploadRecord): Promise<void> {
    if (this.docs.has(upload._id))
      throw Object.assign(new Error('E11000 duplicate key'), { code: 11000 });
    this.docs.set(upload._id, copy(upload));
  }

  async findById(uploadId: string): Promise<UploadRecord | null> {
    const u = this.docs.get(uploadId);
    return u ? copy(u) : null;
  }

  async remove(uploadId: string): Promise<void> {
    this.docs.delete(uploadId);
  }

  async removeOlderThan(cutoff: Date): Promise<void> {
    for (const [id, u] of this.docs) if (u.createdAt < cutoff) this.docs.delete(id);
  }
}
