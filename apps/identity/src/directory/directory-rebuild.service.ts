import {
  Inject,
  Injectable,
  type OnApplicationBootstrap,
  type OnModuleDestroy,
} from '@nestjs/common';
import { rootLogger } from '@examprep/nest-kit';
import { KeycloakAdminClient } from '../keycloak/keycloak-admin.client';
import { type PurchaseView, PurchaseViewsRepository } from '../users/purchase-views.repository';
import type { UserRecord } from '../users/user.schema';
import { UsersRepository } from '../users/users.repository';
import {
  type AccountFacts,
  type DirectoryEntry,
  emptyEntry,
  FACET_BITS,
  facetsOf,
  isListed,
  sameEntry,
  withAccount,
  withStored,
} from './directory-entry';
import { DirectoryRepository, type DirectoryWrite } from './directory.repository';

/** How often the directory is rebuilt from its sources, and how soon after a failed one. */
export const DIRECTORY_REBUILD_OPTIONS = Symbol('DIRECTORY_REBUILD_OPTIONS');
export interface DirectoryRebuildOptions {
  everyMs: number;
  retryMs: number;
  /** Rebuild when the service starts (off in unit specs). */
  atStart: boolean;
}

/** What a rebuild found and changed. */
export interface RebuildReport {
  entries: number;
  written: number;
  removed: number;
  ms: number;
}

const PAGE = 1000;
const WRITE_BATCH = 500;

/** Text order of the store (UTF-8 bytes; ADR 0026), which every stream of the pass is in. */
const byBytes = (a: string, b: string) => Buffer.compare(Buffer.from(a), Buffer.from(b));

/** A source read in `_id` order a page at a time; `head` is its next item's id. */
class Stream<T> {
  private items: T[] = [];
  private i = 0;
  private last: string | undefined;
  private done = false;

  constructor(
    private readonly read: (after: string | undefined) => Promise<T[]>,
    private readonly idOf: (item: T) => string,
  ) {}

  /** The next id (undefined at the end), reading the next page when this one is used up. */
  async head(): Promise<string | undefined> {
    if (this.i >= this.items.length && !this.done) {
      this.items = await this.read(this.last);
      this.i = 0;
      if (this.items.length < PAGE) this.done = true;
      if (this.items.length > 0) this.last = this.idOf(this.items[this.items.length - 1]!);
    }
    const item = this.items[this.i];
    return item === undefined ? undefined : this.idOf(item);
  }

  /** The item with this id when it is next (taken), else undefined. */
  async take(id: string): Promise<T | undefined> {
    if ((await this.head()) !== id) return undefined;
    return this.items[this.i++];
  }
}

/**
 * Rebuilds the user directory from its sources (ADR 0030): when the service starts, every
 * `everyMs`, and when an admin asks (Refresh). One pass in uid order over Keycloak's accounts
 * (read whole: ids, emails, flags), the user documents, the purchase views and the directory
 * itself, a page at a time; an entry is written only where it differs. Then the duplicate flags
 * and the maintained counts are set from what the pass found. Test counts are kept as the
 * entries hold them (they come from the testing service's facts). Accounts, documents or
 * views written around the service (a seeder, a restore, Keycloak's own registration page)
 * reach the list within `everyMs`.
 */
@Injectable()
export class DirectoryRebuild implements OnApplicationBootstrap, OnModuleDestroy {
  private timer: ReturnType<typeof setTimeout> | undefined;
  private running: Promise<RebuildReport> | null = null;
  private stopped = false;

  constructor(
    private readonly repo: DirectoryRepository,
    private readonly users: UsersRepository,
    private readonly views: PurchaseViewsRepository,
    private readonly keycloak: KeycloakAdminClient,
    @Inject(DIRECTORY_REBUILD_OPTIONS) private readonly options: DirectoryRebuildOptions,
  ) {}

  onApplicationBootstrap(): void {
    if (this.options.atStart) this.schedule(0);
    else this.schedule(this.options.everyMs);
  }

  onModuleDestroy(): void {
    this.stopped = true;
    clearTimeout(this.timer);
  }

  private schedule(ms: number): void {
    if (this.stopped) return;
    clearTimeout(this.timer);
    this.timer = setTimeout(() => {
      this.rebuild().then(
        () => this.schedule(this.options.everyMs),
        () => this.schedule(this.options.retryMs),
      );
    }, ms);
    this.timer.unref();
  }

  /** One rebuild at a time: a call while one runs gets that one's report. */
  rebuild(): Promise<RebuildReport> {
    if (this.running) return this.running;
    this.running = this.pass()
      .then(
        (report) => {
          rootLogger().info(report, 'user directory rebuilt');
          return report;
        },
        (err: unknown) => {
          rootLogger().error({ err }, 'user directory not rebuilt');
          throw err;
        },
      )
      .finally(() => {
        this.running = null;
      });
    return this.running;
  }

  private async pass(): Promise<RebuildReport> {
    const started = Date.now();
    const [accounts, admins] = await Promise.all([
      this.keycloak.listUsers(),
      this.keycloak.usersInRole('admin'),
    ]);
    const accountOf = new Map<string, AccountFacts>(
      accounts.map((a) => [
        a.id,
        {
          email: a.email ?? '',
          emailVerified: a.emailVerified === true,
          isAdmin: admins.has(a.id),
        },
      ]),
    );
    const accountIds = [...accountOf.keys()].sort(byBytes);
    let nextAccount = 0;
    const docs = new Stream<UserRecord>(
      (after) => this.users.pageById(after, PAGE),
      (d) => d._id,
    );
    const views = new Stream<PurchaseView>(
      (after) => this.views.pageById(after, PAGE),
      (v) => v.uid,
    );
    const entries = new Stream<DirectoryEntry>(
      (after) => this.repo.scan(after, PAGE),
      (e) => e._id,
    );

    // what the pass keeps per listed entry: its email, facets without the duplicate bit, flag
    const found = new Map<string, { email: string; facets: number; duplicate: boolean }>();
    const emailCount = new Map<string, number>();
    let writes: DirectoryWrite[] = [];
    const written = new Set<string>();
    let removed = 0;
    const flush = async (force = false) => {
      if (writes.length === 0 || (!force && writes.length < WRITE_BATCH)) return;
      const batch = writes;
      writes = [];
      await this.repo.write(batch);
    };

    let previous: string | undefined;
    for (;;) {
      const heads = [
        accountIds[nextAccount],
        await docs.head(),
        await views.head(),
        await entries.head(),
      ].filter((h): h is string => h !== undefined);
      if (heads.length === 0) break;
      const uid = heads.reduce((min, h) => (byBytes(h, min) < 0 ? h : min));
      if (previous !== undefined && byBytes(uid, previous) <= 0) {
        // the store's order is not the byte order this merge needs: stop before writing wrong
        throw new Error(`user directory rebuild: ids out of order (${previous} then ${uid})`);
      }
      previous = uid;
      const account =
        accountIds[nextAccount] === uid ? accountOf.get(accountIds[nextAccount++]!) : undefined;
      const [doc, view, existing] = [
        await docs.take(uid),
        await views.take(uid),
        await entries.take(uid),
      ];
      const desired = withStored(withAccount(existing ?? emptyEntry(uid), account ?? null), {
        doc: doc ?? null,
        view: view ?? null,
      });
      if (!isListed(desired)) {
        if (existing) {
          writes.push({ remove: uid });
          removed++;
        }
      } else {
        found.set(uid, {
          email: desired.email,
          facets: facetsOf(desired) & ~FACET_BITS.duplicate,
          duplicate: desired.duplicate,
        });
        if (desired.email) emailCount.set(desired.email, (emailCount.get(desired.email) ?? 0) + 1);
        if (!existing || !sameEntry(existing, desired)) {
          writes.push({ put: desired });
          written.add(uid);
        }
      }
      await flush();
    }
    await flush(true);

    // duplicate flags from the whole pass, then the counts
    const counts = new Map<number, number>();
    for (const [uid, f] of found) {
      const duplicate = (emailCount.get(f.email) ?? 0) > 1;
      if (duplicate !== f.duplicate) {
        const entry = await this.repo.get(uid);
        if (entry && entry.email === f.email) {
          writes.push({ put: { ...entry, duplicate } });
          written.add(uid);
        }
      }
      const facets = f.facets | (duplicate ? FACET_BITS.duplicate : 0);
      counts.set(facets, (counts.get(facets) ?? 0) + 1);
      await flush();
    }
    await flush(true);
    await this.repo.setCounts(counts);
    return { entries: found.size, written: written.size, removed, ms: Date.now() - started };
  }
}
