import { holdsProduct, type Product } from '@examprep/contracts/types';

/** Admin spec §3, §9: only products priced above 0 are offered in the purchases editor. */
export function editableProducts(products: readonly Product[]): Product[] {
  return products.filter((p) => p.price > 0);
}

/** The ids the user holds now among `products` (held values true, 'true' or 1). */
export function heldIds(
  products: readonly Product[],
  purchases: Record<string, unknown>,
): Set<string> {
  return new Set(products.filter((p) => holdsProduct(purchases, p.id)).map((p) => p.id));
}

export interface PurchasesDiff {
  add: Product[];
  remove: Product[];
}

/** Admin spec §4: the products to add and to remove; both empty means 'No changes made.' */
export function diffPurchases(
  products: readonly Product[],
  held: ReadonlySet<string>,
  chosen: ReadonlySet<string>,
): PurchasesDiff {
  return {
    add: products.filter((p) => chosen.has(p.id) && !held.has(p.id)),
    remove: products.filter((p) => !chosen.has(p.id) && held.has(p.id)),
  };
}

export function hasChanges(diff: PurchasesDiff): boolean {
  return diff.add.length > 0 || diff.remove.length > 0;
}

/** The body's purchases map (admin spec §7): every editable product id -> owned. */
export function purchasesPayload(
  products: readonly Product[],
  chosen: ReadonlySet<string>,
): Record<string, boolean> {
  return Object.fromEntries(products.map((p) => [p.id, chosen.has(p.id)]));
}
