import { Injectable } from '@nestjs/common';
import type { AdminUserFilters, Page } from '@examprep/contracts';
import { KeyedMutex, rootLogger } from '@examprep/nest-kit';
import { KeycloakAdminClient } from '../keycloak/keycloak-admin.client';
import { PurchaseViewsRepository } from '../users/purchase-views.repository';
import { UsersRepository } from '../users/users.repository';
import {
  type AccountFacts,
  type DirectoryEntry,
  emailFilterOf,
  emptyEntry,
  FACET_COMBINATIONS,
  facetEqualities,
  facetsMatch,
  facetsOf,
  isListed,
  sameEntry,
  type StoredFacts,
  withAccount,
  withStored,
  withTests,
} from './directory-entry';
import { DirectoryRepository } from './directory.repository';

/** A page of the list with its counts (AdminUsersPage before the rows are shaped). */
export interface DirectoryPage extends Page<DirectoryEntry> {
  total: number;
  /** Null when no maintained count answers the filters (an email filter). */
  matching: number | null;
}

/**
 * The admin user list's read model (ADR 0030): one entry per user in auth or the database,
 * changed as its sources change — the user document and purchase view (`storedChanged`, after
 * every write of them here), the account (`accountChanged`: registration, an admin's delete;
 * the rest by the periodic rebuild, DirectoryRebuild) and the test count
 * (`events.user.testsCounted`). Each change of an entry adjusts the maintained counts of its
 * facets and the duplicate flags of its email. One user's changes run in turn in this process
 * (the counts' `$inc`s are atomic in the store: MongoDB, and our FerretDB build since its
 * update-safety patch, ADR 0028); across replicas a lost race between two changes of one user
 * is set right by the next rebuild.
 */
/** A user's document and purchase view as read (StoredFacts, with the records' own types). */
export interface StoredRead {
  doc: Awaited<ReturnType<UsersRepository['findById']>>;
  view: Awaited<ReturnType<PurchaseViewsRepository['find']>>;
}

@Injectable()
export class UserDirectory {
  private readonly turns = new KeyedMutex();

  constructor(
    private readonly repo: DirectoryRepository,
    private readonly users: UsersRepository,
    private readonly views: PurchaseViewsRepository,
    private readonly keycloak: KeycloakAdminClient,
  ) {}

  /** After the user's document or purchase view was written or removed. */
  async storedChanged(uid: string, read?: StoredFacts): Promise<void> {
    const { doc, view } = read ?? (await this.readStored(uid));
    await this.change(uid, (e) => withStored(e, { doc, view }));
  }

  /** The user's document and purchase view as stored now. */
  async readStored(uid: string): Promise<StoredRead> {
    const [doc, view] = await Promise.all([this.users.findById(uid), this.views.find(uid)]);
    return { doc, view };
  }

  /** After the account was created, changed or deleted (null). */
  async accountChanged(uid: string, account: AccountFacts | null): Promise<void> {
    await this.change(uid, (e) => withAccount(e, account));
  }

  /**
   * The testing service's count of the user's tests; an older or repeated version changes
   * nothing. A user the directory has no entry for is looked up first (a count of someone
   * neither in auth nor in the database is not kept). Whether it was applied.
   */
  async testsCounted(uid: string, tests: number, version: number): Promise<boolean> {
    let applied = false;
    let unknown = false;
    const apply = (e: DirectoryEntry) => {
      // an entry the store holds is listed (change removes the others): not listed, not held
      if (!isListed(e)) {
        unknown = true;
        return e;
      }
      if (version <= e.testsVersion) return e;
      applied = true;
      return withTests(e, tests, version);
    };
    // one read of the entry in the usual case; a user it has no entry for is looked up first
    await this.change(uid, apply);
    if (!unknown) return applied;
    await this.lookUp(uid);
    unknown = false;
    await this.change(uid, apply);
    return applied;
  }

  /** Everything about one user from the sources: their document, purchase view and account. */
  async lookUp(uid: string): Promise<void> {
    const [doc, view, account] = await Promise.all([
      this.users.findById(uid),
      this.views.find(uid),
      this.keycloak.findUser(uid),
    ]);
    const isAdmin = account ? await this.keycloak.hasRealmRole(uid, 'admin') : false;
    await this.change(uid, (e) =>
      withStored(
        withAccount(
          e,
          account
            ? { email: account.email ?? '', emailVerified: account.emailVerified === true, isAdmin }
            : null,
        ),
        { doc, view },
      ),
    );
  }

  /** A page of the list under the filters, with the maintained counts. */
  async page(
    filters: AdminUserFilters,
    cursor: string | undefined,
    limit: number,
  ): Promise<DirectoryPage> {
    const email = emailFilterOf(filters.email);
    const [page, counts] = await Promise.all([
      this.repo.page({ equalities: facetEqualities(filters), email }, cursor, limit),
      this.repo.counts(),
    ]);
    let total = 0;
    let matching = 0;
    for (const [facets, n] of counts) {
      if (n <= 0 || facets < 0 || facets >= FACET_COMBINATIONS) continue;
      total += n;
      if (facetsMatch(facets, filters)) matching += n;
    }
    return { ...page, total, matching: email === null ? matching : null };
  }

  /**
   * One user's entry changed by `fn` (in turn with their other changes in this process): stored
   * or removed (neither in auth nor in the database), the counts of its facets moved, and the
   * duplicate flags of its old and new email set again.
   */
  private async change(uid: string, fn: (entry: DirectoryEntry) => DirectoryEntry): Promise<void> {
    const emails = await this.turns.run(uid, async () => {
      const before = await this.repo.get(uid);
      const after = fn(before ?? emptyEntry(uid));
      if (before !== null && sameEntry(before, after)) return [];
      if (!isListed(after)) {
        if (before !== null && (await this.repo.remove(uid)))
          await this.repo.bump(facetsOf(before), -1);
        return before !== null ? [before.email] : [];
      }
      await this.repo.put(after);
      const [was, is] = [before === null ? null : facetsOf(before), facetsOf(after)];
      if (was !== is) {
        if (was !== null) await this.repo.bump(was, -1);
        await this.repo.bump(is, 1);
      }
      if (before !== null && before.email === after.email) return [];
      return [before?.email, after.email];
    });
    for (const email of new Set(emails)) if (email) await this.markDuplicates(email);
  }

  /** Sets `duplicate` on the entries of one email: true when more than one has it. */
  private async markDuplicates(email: string): Promise<void> {
    const same = await this.repo.withEmail(email);
    const duplicate = same.length > 1;
    for (const e of same) {
      if (e.duplicate === duplicate) continue;
      await this.change(e._id, (x) => (x.email === email ? { ...x, duplicate } : x));
    }
  }

  /** Runs a change and logs instead of failing (callers whose own work is already done). */
  async quietly(what: string, uid: string, work: () => Promise<void>): Promise<void> {
    try {
      await work();
    } catch (err) {
      rootLogger().warn(
        { err, uid },
        `user directory: ${what} not applied (the next rebuild will)`,
      );
    }
  }
}
