// k6: a signed-in learner's product pages ask whether they may open a product:
// POST /api/check-product-access {productId}, over a mix of the catalogue's products and the
// access aliases, each answer checked against what the learner must get (free: true; held,
// or an alias of a held product: true; else false), read once in setup from GET /api/products
// and the learner's GET /api/me.
//   k6 run -e BASE_URL=https://app.example.com -e TOKEN=... [-e PROFILE=smoke|load|stress]
//          [-e RATE=500] [-e DURATION=5m] [-e PRODUCT_IDS=teas_math_qbank,infinite_qbank]
//          tools/load/k6/product-access.js
// Smoke: 5 requests/s; load: 500 requests/s; p95 < 25 ms, no failed request, no failed check
// (issue 11's goal). See tools/load/README.md "Load testing with k6".
import http from 'k6/http';
import { accessToken } from './lib/auth.js';
import { baseUrl, loadOptions } from './lib/profile.js';
import { send } from './lib/send.js';
import {
  accessCases,
  meRequest,
  pickCases,
  productAccessChecks,
  productAccessRequest,
  productsRequest,
} from '../scenarios/product-access.js';

/** @typedef {import('../scenarios/product-access.js').AccessCase} AccessCase */
/** @typedef {import('../scenarios/http.js').LoadRequest} LoadRequest */

export const options = loadOptions(
  { load: 500, smoke: 5 },
  { 'check-product-access': 25 },
  { errors: 'none' },
);

/**
 * A setup read (outside the thresholds' request names).
 * @param {LoadRequest} req
 */
function read(req) {
  const res = http.request(req.method, req.url, null, {
    headers: req.headers,
    tags: { name: req.name },
  });
  if (res.status !== 200) throw new Error(`${req.url} answered ${res.status}: ${String(res.body)}`);
  return res.json();
}

/**
 * Once: the products to ask for and the answer each must get.
 * @returns {AccessCase[]}
 */
export function setup() {
  const base = baseUrl();
  const ids = (__ENV.PRODUCT_IDS || '')
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
  return pickCases(
    accessCases(read(productsRequest(base)), read(meRequest(base, accessToken()))),
    ids,
  );
}

/** @param {AccessCase[]} cases */
export default function (cases) {
  const c = cases[Math.floor(Math.random() * cases.length)];
  send(
    productAccessRequest(baseUrl(), accessToken(), c.productId),
    productAccessChecks(c.expected),
  );
}
