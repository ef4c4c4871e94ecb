import {
  type Actor,
  isPurchaseHeld,
  type Product,
  Subjects,
  type UserPurchasesAnswer,
} from '@examprep/contracts';
import type { NatsRpcClient } from '@examprep/nest-kit';

/**
 * One-off import of purchases written straight onto user documents before the ledger existed
 * (values true, 'true' or 1; admin spec §3) into the catalog's entitlement ledger (ADR 0018),
 * so that access checks, /api/me and the admin list agree. Each grant is an admin entry by
 * MIGRATION_ACTOR. Running it again changes nothing (only products not yet held are added).
 */
export const MIGRATION_ACTOR: Actor = {
  uid: 'system-legacy-purchases-import',
  email: 'legacy-purchases-import@system',
  isAdmin: true,
  emailVerified: true,
};

export interface LegacyUser {
  uid: string;
  purchases: Record<string, unknown> | undefined;
}

export interface ImportReport {
  users: number;
  granted: number;
  /** Held keys that are not products priced above 0 (free products need no grant). */
  skipped: string[];
}

/** The products a legacy map holds that the ledger should grant (paid catalogue products). */
export function legacyGrants(
  purchases: Record<string, unknown> | undefined,
  paidIds: ReadonlySet<string>,
): { grant: string[]; skip: string[] } {
  const grant: string[] = [];
  const skip: string[] = [];
  for (const [id, value] of Object.entries(purchases ?? {})) {
    if (!isPurchaseHeld(value)) continue;
    (paidIds.has(id) ? grant : skip).push(id);
  }
  return { grant, skip };
}

export async function importLegacyPurchases(
  rpc: Pick<NatsRpcClient, 'request'>,
  users: AsyncIterable<LegacyUser> | Iterable<LegacyUser>,
): Promise<ImportReport> {
  const { products } = await rpc.request(Subjects.catalog.listProducts, { actor: null });
  const paid = new Set(products.filter((p: Product) => p.price > 0).map((p: Product) => p.id));
  const report: ImportReport = { users: 0, granted: 0, skipped: [] };
  for await (const user of users) {
    const { grant, skip } = legacyGrants(user.purchases, paid);
    report.skipped.push(...skip.map((id) => `${user.uid}:${id}`));
    if (grant.length === 0) continue;
    const current: UserPurchasesAnswer = await rpc.request(Subjects.catalog.userPurchases, {
      actor: MIGRATION_ACTOR,
      uid: user.uid,
    });
    const missing = grant.filter((id) => !current.purchases[id]);
    if (missing.length === 0) continue;
    const purchases: Record<string, boolean> = { ...current.purchases };
    for (const id of missing) purchases[id] = true;
    await rpc.request(Subjects.catalog.updateUserPurchases, {
      actor: MIGRATION_ACTOR,
      input: { uid: user.uid, purchases },
    });
    report.users++;
    report.granted += missing.length;
  }
  return report;
}
