// POST /api/check-product-access {productId} as a signed-in learner (learner spec §7): what
// every product page and every test start asks before it opens anything. The answer is
// {authorized}; free products (price 0) are open to everyone, an alias is checked as the
// product it names (teas_math_qbank_full/_practice -> teas_math_qbank, med_dosage_simulations
// -> med_dosage_qbank), anything else is open when the learner holds it (ADR 0018).
import { headers, isObject, json, trimBase } from './http.js';

/** @typedef {import('./http.js').LoadRequest} LoadRequest */
/** @typedef {import('./http.js').Checks} Checks */

/**
 * Ids checked as another product (learner spec §7). The same table as libs/contracts
 * PRODUCT_ACCESS_ALIASES; this module may not import it (k6 runs it), its spec keeps them equal.
 * @type {Readonly<Record<string, string>>}
 */
export const ACCESS_ALIASES = Object.freeze({
  teas_math_qbank_full: 'teas_math_qbank',
  teas_math_qbank_practice: 'teas_math_qbank',
  med_dosage_simulations: 'med_dosage_qbank',
});

/**
 * Why a product is expected open or closed for the learner.
 * @typedef {'free' | 'owned' | 'unowned' | 'alias of owned' | 'alias of unowned'} AccessKind
 */

/**
 * One product id with the answer the learner must get.
 * @typedef {object} AccessCase
 * @property {string} productId
 * @property {AccessKind} kind
 * @property {boolean} expected
 */

/**
 * @param {string} baseUrl
 * @param {string | null} token
 * @param {string} productId
 * @returns {LoadRequest}
 */
export function productAccessRequest(baseUrl, token, productId) {
  return {
    name: 'check-product-access',
    method: 'POST',
    url: `${trimBase(baseUrl)}/api/check-product-access`,
    headers: headers(token, { 'Content-Type': 'application/json' }),
    body: JSON.stringify({ productId }),
  };
}

/** @param {unknown} body */
const authorizedOf = (body) =>
  isObject(body) && typeof body.authorized === 'boolean' && Object.keys(body).length === 1
    ? body.authorized
    : undefined;

/**
 * The checks of one answer; with `expected`, also that it is the learner's answer for the
 * product the request named (k6 and our vegeta runs know which one they sent).
 * @param {boolean} [expected]
 * @returns {Checks}
 */
export function productAccessChecks(expected) {
  /** @type {Checks} */
  const checks = {
    'check-product-access: status is 200': (r) => r.status === 200,
    'check-product-access: {authorized: boolean}': (r) => authorizedOf(json(r)) !== undefined,
  };
  if (expected !== undefined)
    checks['check-product-access: the answer expected for the product'] = (r) =>
      authorizedOf(json(r)) === expected;
  return checks;
}

/** @param {unknown} v  held purchase values (admin spec §3): true, 'true' or 1 */
const isHeld = (v) => v === true || v === 'true' || v === 1;

/**
 * What the learner must be answered for each product of the catalogue and each alias, from
 * the public catalogue (GET /api/products: price 0 = free) and the learner's own purchases
 * (GET /api/me), read before the run.
 * @param {unknown} productsBody  parsed GET /api/products
 * @param {unknown} meBody        parsed GET /api/me
 * @returns {AccessCase[]}
 */
export function accessCases(productsBody, meBody) {
  const products =
    isObject(productsBody) && Array.isArray(productsBody.products) ? productsBody.products : [];
  if (products.length === 0) throw new Error('the catalogue (GET /api/products) has no products');
  const purchases = isObject(meBody) && isObject(meBody.purchases) ? meBody.purchases : {};
  /** @type {Map<string, number>} */
  const prices = new Map();
  for (const p of products)
    if (isObject(p) && typeof p.id === 'string' && typeof p.price === 'number')
      prices.set(p.id, p.price);
  /** @param {string} id */
  const holds = (id) =>
    Object.prototype.hasOwnProperty.call(purchases, id) && isHeld(purchases[id]);
  /** @type {AccessCase[]} */
  const cases = [];
  for (const [productId, price] of prices) {
    if (price === 0) cases.push({ productId, kind: 'free', expected: true });
    else if (holds(productId)) cases.push({ productId, kind: 'owned', expected: true });
    else cases.push({ productId, kind: 'unowned', expected: false });
  }
  for (const productId of Object.keys(ACCESS_ALIASES)) {
    const target = ACCESS_ALIASES[productId];
    if (!prices.has(target)) continue;
    const open = prices.get(target) === 0 || holds(target);
    cases.push({ productId, kind: open ? 'alias of owned' : 'alias of unowned', expected: open });
  }
  return cases;
}

/**
 * The cases to send: those of `ids` (in that order; an id the catalogue does not know is an
 * error), or all of them.
 * @param {AccessCase[]} cases
 * @param {string[]} [ids]
 * @returns {AccessCase[]}
 */
export function pickCases(cases, ids) {
  if (!ids || ids.length === 0) return cases;
  return ids.map((id) => {
    const c = cases.find((x) => x.productId === id);
    if (!c) throw new Error(`${id} is neither a product of the catalogue nor an access alias`);
    return c;
  });
}

/**
 * @param {string} baseUrl
 * @param {string | null} token
 * @returns {LoadRequest}
 */
export function meRequest(baseUrl, token) {
  return {
    name: 'me',
    method: 'GET',
    url: `${trimBase(baseUrl)}/api/me`,
    headers: headers(token),
    body: null,
  };
}

/**
 * @param {string} baseUrl
 * @returns {LoadRequest}
 */
export function productsRequest(baseUrl) {
  return {
    name: 'products',
    method: 'GET',
    url: `${trimBase(baseUrl)}/api/products`,
    headers: headers(null),
    body: null,
  };
}
