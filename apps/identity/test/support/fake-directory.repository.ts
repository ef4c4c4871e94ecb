import type { Page } from '@examprep/contracts';
import {
  DIRECTORY_ORDER,
  type DirectoryEntry,
  emailMatches,
} from '../../src/directory/directory-entry';
import {
  type DirectoryQuery,
  DirectoryRepository,
  type DirectoryWrite,
} from '../../src/directory/directory.repository';

/** The store's text order (UTF-8 bytes). */
const byBytes = (a: string, b: string) => Buffer.compare(Buffer.from(a), Buffer.from(b));
const copy = (e: DirectoryEntry): DirectoryEntry => ({ ...e, purchases: { ...e.purchases } });

/** An in-memory DirectoryRepository for unit specs: the same order, filters and counts. */
export class FakeDirectoryRepository implements DirectoryRepository {
  readonly entries = new Map<string, DirectoryEntry>();
  readonly countsByFacets = new Map<number, number>();

  async get(uid: string): Promise<DirectoryEntry | null> {
    const e = this.entries.get(uid);
    return e ? copy(e) : null;
  }

  async put(entry: DirectoryEntry): Promise<void> {
    this.entries.set(entry._id, copy(entry));
  }

  async remove(uid: string): Promise<boolean> {
    return this.entries.delete(uid);
  }

  async page(
    query: DirectoryQuery,
    cursor: string | undefined,
    limit: number,
  ): Promise<Page<DirectoryEntry>> {
    const rows = [...this.entries.values()].filter(
      (e) =>
        Object.entries(query.equalities).every(
          ([field, value]) => e[field as keyof DirectoryEntry] === value,
        ) && emailMatches(e, query.email),
    );
    const page = DIRECTORY_ORDER.pageOf(rows, cursor, limit);
    return { items: page.items.map(copy), next: page.next };
  }

  async withEmail(email: string): Promise<DirectoryEntry[]> {
    return [...this.entries.values()].filter((e) => e.email === email).map(copy);
  }

  async scan(after: string | undefined, limit: number): Promise<DirectoryEntry[]> {
    return [...this.entries.values()]
      .filter((e) => after === undefined || byBytes(e._id, after) > 0)
      .sort((a, b) => byBytes(a._id, b._id))
      .slice(0, limit)
      .map(copy);
  }

  async write(changes: DirectoryWrite[]): Promise<void> {
    for (const c of changes) {
      if ('put' in c) await this.put(c.put);
      else await this.remove(c.remove);
    }
  }

  async bump(facets: number, by: number): Promise<void> {
    this.countsByFacets.set(facets, (this.countsByFacets.get(facets) ?? 0) + by);
  }

  async counts(): Promise<Map<number, number>> {
    return new Map(this.countsByFacets);
  }

  async setCounts(counts: Map<number, number>): Promise<void> {
    for (const facets of this.countsByFacets.keys()) this.countsByFacets.set(facets, 0);
    for (const [facets, n] of counts) this.countsByFacets.set(facets, n);
  }
}
