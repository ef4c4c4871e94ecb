import { DownloadsRepository } from '../../src/delivery/downloads.repository';

/** An in-memory DownloadsRepository for unit specs: one entry per counted download. */
export class FakeDownloadsRepository implements DownloadsRepository {
  readonly docs = new Map<string, { uid: string; productId: string; at: Date }>();
  private n = 0;

  async countSince(uid: string, productId: string, since: Date): Promise<number> {
    return [...this.docs.values()].filter(
      (d) => d.uid === uid && d.productId === productId && d.at > since,
    ).length;
  }

  async add(uid: string, productId: string, at: Date): Promise<string> {
    const id = String(++this.n);
    this.docs.set(id, { uid, productId, at });
    return id;
  }

  async remove(uid: string, downloadId: string): Promise<void> {
    if (this.docs.get(downloadId)?.uid === uid) this.docs.delete(downloadId);
  }

  async removeUser(uid: string): Promise<number> {
    const before = this.docs.size;
    for (const [id, d] of this.docs) if (d.uid === uid) this.docs.delete(id);
    return before - this.docs.size;
  }
}
