import {
  holdsProduct,
  isFreeProduct,
  type IncludeEntry,
  type Product,
  type ProductSection,
  type ProductType,
  type TestMode,
} from '@examprep/contracts/types';

type Purchases = Record<string, unknown> | undefined;

/**
 * The dashboard's view of ownership: free (price 0) or held in the session's purchases
 * (aliases resolved, held values true/'true'/1). Only what the dashboard shows: the page an
 * include opens asks the server again (check-product-access), which stays authoritative.
 */
export function canAccess(product: Pick<Product, 'id' | 'price'>, purchases: Purchases): boolean {
  return isFreeProduct(product) || holdsProduct(purchases, product.id);
}

/** What one include's button does on a product card (learner spec §2 Product cards). */
export type IncludeAction =
  /** Access Now: a route of the app. */
  | { kind: 'open'; to: string }
  /** Access Now of a test include: the start flow (unfinished test? continue / start new; else create). */
  | { kind: 'start-test'; mode: TestMode }
  /** Download: the file of the include's link. */
  | { kind: 'download'; path: string }
  /** Preview: the simulation include of a product the user does not own. */
  | { kind: 'preview'; to: string }
  /** Grey and disabled: a paid product the user does not own. */
  | { kind: 'locked' }
  /** An online path that is not built: 'Online access for {category} will be implemented next!' */
  | { kind: 'unfinished' };

/**
 * One include's button: Access Now (owned or free) opens the include's page (test → the
 * start flow of learner spec §4 Starting a test, workbook → /workbook/{productId}, simulation →
 * /simulations, infinite → /infinite-qbank); Download for a download include; Preview for the
 * simulation include when not owned (/simulations shows its preview notice); locked otherwise.
 * An include whose page cannot be told (a test without a mode, an unknown kind) is unfinished.
 */
export function includeAction(
  product: Pick<Product, 'id' | 'price'>,
  include: IncludeEntry,
  purchases: Purchases,
): IncludeAction {
  const owned = canAccess(product, purchases);
  if (!owned) {
    return include.kind === 'simulation'
      ? { kind: 'preview', to: '/simulations' }
      : { kind: 'locked' };
  }
  switch (include.kind) {
    case 'test':
      return include.mode ? { kind: 'start-test', mode: include.mode } : { kind: 'unfinished' };
    case 'workbook':
      return { kind: 'open', to: `/workbook/${encodeURIComponent(product.id)}` };
    case 'simulation':
      return { kind: 'open', to: '/simulations' };
    case 'infinite':
      return { kind: 'open', to: '/infinite-qbank' };
    case 'download':
      return include.link ? { kind: 'download', path: include.link } : { kind: 'unfinished' };
    default:
      return { kind: 'unfinished' };
  }
}

/** Products of one dashboard tab and section, in the server's order. */
export function productsOf(
  products: readonly Product[],
  type: ProductType,
  section?: ProductSection,
): Product[] {
  const list = products.filter(
    (p) => p.type === type && (section === undefined || p.section === section),
  );
  // One section: by its dashboard order. A whole tab keeps the server's type/section/order.
  return section === undefined ? list : list.sort((a, b) => a.order - b.order);
}

/** True for the Infinite QBank product (its own accordion section, not a TEAS card). */
export function isInfiniteProduct(product: Pick<Product, 'includes'>): boolean {
  return product.includes.kind.length > 0 && product.includes.kind.every((k) => k === 'infinite');
}

/** Paid products of a tab: what can be bought (learner spec §9: $20 each). */
export function paidProducts(products: readonly Product[], type: ProductType): Product[] {
  return productsOf(products, type).filter((p) => p.price > 0);
}

/** Whole dollars (Product.price) to integer cents (pricing module). */
export function priceCents(product: Pick<Product, 'price'>): number {
  return Math.round(product.price * 100);
}
