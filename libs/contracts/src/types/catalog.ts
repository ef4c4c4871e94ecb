/**
 * Catalog shapes shared by web and services (learner spec §3 Product, §6, §7, §8; admin spec
 * §2.8, §3, §4). The include model (what each include opens) is ADR 0018.
 */
import { hasOwnKey } from './own-property';
import { type Purchases } from './identity';
import { isPurchaseHeld } from './purchases';

export const PRODUCT_TYPES = ['math', 'design'] as const;
export type ProductType = (typeof PRODUCT_TYPES)[number];

export const PRODUCT_SECTIONS = ['med dosage', 'teas', '3d', 'android'] as const;
export type ProductSection = (typeof PRODUCT_SECTIONS)[number];

export const PRODUCT_CATEGORIES = ['qbank', 'workbook', 'pdf'] as const;
export type ProductCategory = (typeof PRODUCT_CATEGORIES)[number];

/** What one include opens (ADR 0018). */
export const INCLUDE_KINDS = ['test', 'workbook', 'download', 'simulation', 'infinite'] as const;
export type IncludeKind = (typeof INCLUDE_KINDS)[number];

/** Test modes (learner spec §3 Test): full = 'Check As You Go'; practice = 'Practice Test'. */
export const TEST_MODES = ['full', 'practice'] as const;
export type TestMode = (typeof TEST_MODES)[number];
export const TEST_MODE_LABELS: Record<TestMode, string> = {
  full: 'Check As You Go',
  practice: 'Practice Test',
};

/** The questions a test include draws from: a stored qbank course, and how many per test. */
export interface QuestionPool {
  /** qbank course name (e.g. 'TEAS Math QBank'). */
  course: string;
  /** Questions in one test (all of the pool when it is smaller). */
  questionCount: number;
}

/**
 * A product's includes, in the spec's shape of parallel arrays (index i of every array is
 * include i), plus three arrays of ours saying what each include opens (ADR 0018): `kind`,
 * `mode` (tests only, else null) and `pool` (tests only, else null). Use `includeEntries`
 * to read them as objects.
 */
export interface ProductIncludes {
  name: string[];
  description: string[];
  id: string[];
  link: string[];
  linkText: string[];
  course: string;
  instructions: string[];
  kind: IncludeKind[];
  mode: (TestMode | null)[];
  pool: (QuestionPool | null)[];
}

/** One include as an object (index i of the parallel arrays). */
export interface IncludeEntry {
  index: number;
  id: string;
  name: string;
  description: string;
  link: string;
  linkText: string;
  instructions: string;
  kind: IncludeKind;
  mode: TestMode | null;
  pool: QuestionPool | null;
}

/** Learner spec §3 Product. `price` is in whole US dollars; 0 means free. */
export interface Product {
  id: string;
  docId: string;
  name: string;
  description: string;
  price: number;
  type: ProductType;
  section: ProductSection;
  category: ProductCategory;
  available: { online: boolean; download: boolean };
  instructions: string;
  includes: ProductIncludes;
  /** Order on the dashboard within its section (ours). */
  order: number;
}

/** GET /api/products */
export interface ProductsResponse {
  products: Product[];
}

export function includeEntries(product: Pick<Product, 'includes'>): IncludeEntry[] {
  const inc = product.includes;
  return inc.id.map((id, index) => ({
    index,
    id,
    name: inc.name[index] ?? '',
    description: inc.description[index] ?? '',
    link: inc.link[index] ?? '',
    linkText: inc.linkText[index] ?? '',
    instructions: inc.instructions[index] ?? '',
    kind: inc.kind[index] ?? 'download',
    mode: inc.mode[index] ?? null,
    pool: inc.pool[index] ?? null,
  }));
}

export function isFreeProduct(product: Pick<Product, 'price'>): boolean {
  return product.price === 0;
}

/**
 * Learner spec §7 check-product-access: ids that are checked as another product. Every other
 * id is checked as itself.
 */
export const PRODUCT_ACCESS_ALIASES: ReadonlyMap<string, string> = new Map([
  ['teas_math_qbank_full', 'teas_math_qbank'],
  ['teas_math_qbank_practice', 'teas_math_qbank'],
  ['med_dosage_simulations', 'med_dosage_qbank'],
]);

/** The product whose ownership decides access to `productId` (aliases resolved). */
export function accessProductId(productId: string): string {
  return PRODUCT_ACCESS_ALIASES.get(productId) ?? productId;
}

/** The product that holds the pump simulation (learner spec §7 check-simulations-access). */
export const SIMULATIONS_PRODUCT_ID = 'med_dosage_qbank';

/**
 * Whether a purchases map (values true, 'true' or 1 are held; admin spec §3) holds `productId`
 * after aliases. Own keys only (ADR 0012).
 */
export function holdsProduct(purchases: Record<string, unknown> | undefined, productId: string) {
  const id = accessProductId(productId);
  return !!purchases && hasOwnKey(purchases, id) && isPurchaseHeld(purchases[id]);
}

/** The spec's product and checkout texts (learner spec §2, §8; admin spec §8): sentences. */
export const CATALOG_MESSAGES = {
  loadMath: 'Failed to load math products. Please try again later.',
  loadPurchaseOptions: 'Failed to load purchase options. Please try again later.',
  loadDesign: 'Failed to load design products. Please try again later.',
  productNotFound: 'Product not found. Please try again.',
  noAccess: 'You do not have access to this product.',
  purchaseToAccess: 'Purchase this product to access its features and content.',
  onlineNotYet: (category: string) => `Online access for ${category} will be implemented next!`,
  selectAtLeastOne: 'Please select at least one product to purchase.',
  agreeToTerms: 'Please agree to the terms and conditions.',
  invalidCoupon: 'Invalid coupon code. Please check the code and try again.',
  productProblem: 'There was an issue with the selected products. Please try again.',
  checkoutFailed: 'Unable to process checkout. Please try again or contact support.',
  purchaseErrorFallback: 'There was an error processing your purchase. Please try again.',
  paymentSuccessful: 'Payment successful!',
  noCharges: 'No charges were made.',
  noChangesMade: 'No changes made.',
  purchasesUpdated: 'Purchases updated.',
  purchasesUpdateFailed: 'Failed to update purchases.',
  // a payment for products the learner already owned (two open checkouts, both paid)
  alreadyOwnedRefunded: (names: string, amount: string) =>
    `You already owned ${names}, so we refunded ${amount} of this payment to your card. Refunds take 5–10 business days to appear on your statement.`,
  alreadyOwnedRefunding: (names: string, amount: string) =>
    `You already owned ${names}, so ${amount} of this payment is being refunded to your card.`,
  resultPending: 'Thank you! Your purchase is being added to your account.',
  resultGranted: 'Thank you! Your purchase has been added to your account.',
} as const;

/** The spec's titles, labels and hints of the product screens (quoted exactly; not sentences). */
export const CATALOG_LABELS = {
  purchaseRequired: 'Purchase Required',
  invalidCouponTitle: 'Invalid Coupon Code',
  purchaseErrorTitle: 'Purchase Error',
  bundleHint: '$5 off per additional item',
  paymentCanceled: 'Payment canceled',
  /** The payment result page's title when the whole payment went back (products owned already). */
  paymentRefunded: 'Payment refunded',
  goToDashboardNow: 'Go to dashboard now',
  accessNow: 'Access Now',
  download: 'Download',
  preview: 'Preview',
  tryAgain: 'Try Again',
  savePurchases: 'Save Changes',
  confirmAndSave: 'Confirm & Save',
} as const;

/** POST /api/check-product-access, GET /api/check-simulations-access */
export interface ProductAccessInput {
  productId: string;
}
export interface ProductAccessAnswer {
  authorized: boolean;
}

/** POST /api/create-checkout-session */
export interface CheckoutSessionInput {
  /** Product ids, each once; prices come from the catalogue, never from the browser. */
  products: string[];
  /** Optional; '' or absent means none. */
  couponCode?: string;
}
export interface CheckoutSessionAnswer {
  /** The Checkout Session id. */
  id: string;
  intendedProductType: ProductType;
  /** Where the browser goes to pay: Stripe's hosted page, or the local test checkout. */
  url: string;
}

/** The session storage key of the intended product type (learner spec §4 Checkout). */
export const INTENDED_PRODUCT_TYPE_KEY = 'intendedProductType';
/** Payment result page redirects (learner spec §4, §9). */
export const PAYMENT_REDIRECT_MS = 6_000;
export const PAYMENT_REDIRECT_WAITING_MS = 12_000;

/** Where a grant or revocation came from. */
export const ENTITLEMENT_SOURCES = ['payment', 'admin', 'refund', 'licence'] as const;
export type EntitlementSource = (typeof ENTITLEMENT_SOURCES)[number];

export const ENTITLEMENT_ACTIONS = ['grant', 'revoke', 'refund'] as const;
export type EntitlementAction = (typeof ENTITLEMENT_ACTIONS)[number];

/** One kept entry of the entitlement ledger (nothing is overwritten without one). */
export interface EntitlementEntry {
  /** Monotonic per user. */
  seq: number;
  uid: string;
  productId: string;
  /**
   * grant and revoke change what the user holds; refund records a payment for a product the
   * user already held, refunded automatically, and changes nothing held.
   */
  action: EntitlementAction;
  source: EntitlementSource;
  /** Who or what: an admin's email, or 'stripe'. */
  by: string;
  /** ISO 8601 */
  at: string;
  orderId: string | null;
}

/** POST /api/update-user-purchases (admin spec §7). */
export interface UpdateUserPurchasesInput {
  uid: string;
  /** Product id -> owned; products priced above 0 only. */
  purchases: Record<string, boolean>;
}
export interface UserPurchasesAnswer {
  uid: string;
  purchases: Purchases;
  /**
   * Newest first: one page of the grants and revocations (ADR 0026; GET
   * /api/admin/user-purchases sends the next page's address as the Link header).
   */
  history: EntitlementEntry[];
}

/** The local test checkout (dev/test only): what the page shows. */
export interface DevCheckoutView {
  sessionId: string;
  email: string;
  lines: { productId: string; name: string; amountCents: number }[];
  subtotalCents: number;
  discountCents: number;
  discountLabel: string | null;
  totalCents: number;
  currency: 'usd';
  status: OrderStatus;
  successUrl: string;
  cancelUrl: string;
}
export interface DevCheckoutResult {
  /** Where the browser goes next. */
  redirectUrl: string;
}

/** Checkout Session ids: Stripe's (cs_test_…, cs_live_…) and the local test checkout's. */
export const CHECKOUT_SESSION_ID_PATTERN = /^cs_[A-Za-z0-9_]{8,200}$/;

/**
 * GET /api/checkout-sessions/{sessionId} (beyond the spec): what became of the learner's own
 * payment, for the payment result page. `pending` until the payment provider's notice has been
 * fulfilled; `alreadyOwned` lists the products the learner held before this payment arrived:
 * their part of it is refunded automatically (`refund`).
 */
export interface CheckoutResult {
  sessionId: string;
  status: 'pending' | 'paid' | 'refunded' | 'canceled' | 'failed';
  intendedProductType: ProductType;
  /** The products of the order, by name, in order. */
  products: { id: string; name: string }[];
  /** What was charged, in cents. */
  totalCents: number;
  /** Products held before this payment arrived: not granted again, their part refunded. */
  alreadyOwned: { id: string; name: string }[];
  /** The automatic refund of `alreadyOwned`, once decided. */
  refund: { amountCents: number; state: 'pending' | 'done' } | null;
}

export const ORDER_STATUSES = [
  'open',
  'awaiting_payment',
  'paid',
  'failed',
  'canceled',
  'refunded',
] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number];
