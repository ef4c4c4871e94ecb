import { type Dashboard, DEFAULT_DASHBOARD } from '@examprep/contracts';
import type { UserRecord } from '../../src/users/user.schema';
import { type NewUser, UsersRepository } from '../../src/users/users.repository';

/** The store's text order (UTF-8 bytes). */
const byBytes = (a: string, b: string) => Buffer.compare(Buffer.from(a), Buffer.from(b));
const normalEmail = (email: string) => email.trim().toLowerCase();
/** A copy as a lean read answers it (Dates are never changed in place). */
const copy = (doc: UserRecord): UserRecord => ({ ...doc, purchases: { ...doc.purchases } });

/**
 * An in-memory UsersRepository for unit specs: the unique `_id` and email of the collection,
 * the schema's defaults (email trimmed and lower-cased), copies on every read (lean).
 */
export class FakeUsersRepository implements UsersRepository {
  readonly docs = new Map<string, UserRecord>();

  constructor(docs: Partial<UserRecord>[] = []) {
    for (const d of docs) this.put(d);
  }

  /** Stores a document as it is (a fixture, or another call's write). */
  put(doc: Partial<UserRecord>): void {
    const stored = { purchases: {}, ...doc } as UserRecord;
    this.docs.set(stored._id, stored);
  }

  async findById(uid: string): Promise<UserRecord | null> {
    const doc = this.docs.get(uid);
    return doc ? copy(doc) : null;
  }

  async exists(uid: string): Promise<boolean> {
    return this.docs.has(uid);
  }

  async emailTakenByOther(uid: string, email: string): Promise<boolean> {
    const wanted = normalEmail(email);
    return [...this.docs.values()].some((d) => d._id !== uid && d.email === wanted);
  }

  async insert(uid: string, user: NewUser): Promise<UserRecord | null> {
    const email = normalEmail(user.email);
    if (this.docs.has(uid) || [...this.docs.values()].some((d) => d.email === email)) return null;
    const now = new Date();
    const doc: UserRecord = {
      _id: uid,
      email,
      purchases: { ...user.purchases },
      defaultDashboard: user.defaultDashboard ?? DEFAULT_DASHBOARD,
      infiniteQbankGenerations: 0,
      createdAt: now,
      updatedAt: now,
    };
    this.docs.set(uid, doc);
    return copy(doc);
  }

  async setDefaultDashboard(uid: string, dashboard: Dashboard): Promise<void> {
    const doc = this.docs.get(uid);
    // every write sets updatedAt, as the schema's timestamps do
    if (doc) Object.assign(doc, { defaultDashboard: dashboard, updatedAt: new Date() });
  }

  async addGenerations(uid: string, count: number): Promise<boolean> {
    const doc = this.docs.get(uid);
    if (!doc) return false;
    doc.infiniteQbankGenerations = (doc.infiniteQbankGenerations ?? 0) + count;
    doc.updatedAt = new Date();
    return true;
  }

  async pageById(after: string | undefined, limit: number): Promise<UserRecord[]> {
    return [...this.docs.values()]
      .filter((d) => after === undefined || byBytes(d._id, after) > 0)
      .sort((a, b) => byBytes(a._id, b._id))
      .slice(0, limit)
      .map((d) => copy(d));
  }

  async remove(uid: string): Promise<void> {
    this.docs.delete(uid);
  }
}
