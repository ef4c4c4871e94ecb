import { PRODUCT_ACCESS_ALIASES } from '@examprep/contracts/types';
import { failedChecks } from './http.js';
import {
  ACCESS_ALIASES,
  accessCases,
  pickCases,
  productAccessChecks,
  productAccessRequest,
} from './product-access.js';

const res = (status: number, body: unknown) => ({ status, body: JSON.stringify(body) });
const product = (id: string, price: number) => ({ id, price, name: id });
const catalogue = {
  products: [
    product('infinite_qbank', 0),
    product('teas_math_qbank', 20),
    product('med_dosage_qbank', 20),
    product('premium_3d_assets', 20),
  ],
};

describe('check-product-access scenario', () => {
  it('posts the product id as JSON with the learner token', () => {
    expect(productAccessRequest('http://127.0.0.1:13000/', 'tok', 'teas_math_qbank_full')).toEqual({
      name: 'check-product-access',
      method: 'POST',
      url: 'http://127.0.0.1:13000/api/check-product-access',
      headers: {
        Accept: 'application/json',
        Authorization: 'Bearer tok',
        'Content-Type': 'application/json',
      },
      body: '{"productId":"teas_math_qbank_full"}',
    });
  });

  it('has the aliases of libs/contracts, no more and no fewer', () => {
    expect(new Map(Object.entries(ACCESS_ALIASES))).toEqual(PRODUCT_ACCESS_ALIASES);
  });

  it('passes {authorized: boolean}; with an expected answer, only that answer', () => {
    expect(failedChecks(productAccessChecks(), res(200, { authorized: false }))).toEqual([]);
    expect(failedChecks(productAccessChecks(true), res(200, { authorized: true }))).toEqual([]);
    expect(failedChecks(productAccessChecks(true), res(200, { authorized: false }))).toEqual([
      'check-product-access: the answer expected for the product',
    ]);
    expect(failedChecks(productAccessChecks(false), res(200, { authorized: true }))).toEqual([
      'check-product-access: the answer expected for the product',
    ]);
  });

  it('fails another status, a non-boolean answer, extra fields or a body that is not JSON', () => {
    expect(failedChecks(productAccessChecks(), res(429, { authorized: true }))).toEqual([
      'check-product-access: status is 200',
    ]);
    for (const body of [{ authorized: 'true' }, { authorized: true, purchases: {} }, {}, [true]])
      expect(failedChecks(productAccessChecks(true), res(200, body))).toEqual([
        'check-product-access: {authorized: boolean}',
        'check-product-access: the answer expected for the product',
      ]);
    expect(failedChecks(productAccessChecks(), { status: 200, body: 'oops' })).toEqual([
      'check-product-access: {authorized: boolean}',
    ]);
  });

  it('expects free products open, held ones (true, "true" or 1) open, aliases as their product', () => {
    const cases = accessCases(catalogue, {
      uid: 'u1',
      purchases: { teas_math_qbank: true, med_dosage_qbank: false, premium_3d_assets: 'false' },
    });
    expect(cases).toEqual([
      { productId: 'infinite_qbank', kind: 'free', expected: true },
      { productId: 'teas_math_qbank', kind: 'owned', expected: true },
      { productId: 'med_dosage_qbank', kind: 'unowned', expected: false },
      { productId: 'premium_3d_assets', kind: 'unowned', expected: false },
      { productId: 'teas_math_qbank_full', kind: 'alias of owned', expected: true },
      { productId: 'teas_math_qbank_practice', kind: 'alias of owned', expected: true },
      { productId: 'med_dosage_simulations', kind: 'alias of unowned', expected: false },
    ]);
    const legacy = accessCases(catalogue, { purchases: { med_dosage_qbank: 1 } });
    expect(legacy.find((c) => c.productId === 'med_dosage_simulations')).toMatchObject({
      expected: true,
    });
    expect(
      accessCases(catalogue, { purchases: { med_dosage_qbank: 'true' } }).find(
        (c) => c.productId === 'med_dosage_qbank',
      ),
    ).toMatchObject({ kind: 'owned', expected: true });
  });

  it('a learner without purchases (the seeded one) gets free products only', () => {
    const cases = accessCases(catalogue, { purchases: {} });
    expect(cases.filter((c) => c.expected).map((c) => c.productId)).toEqual(['infinite_qbank']);
  });

  it('counts own keys only: an inherited or prototype key is not a purchase', () => {
    const purchases = JSON.parse('{"__proto__": {"teas_math_qbank": true}}');
    const cases = accessCases(catalogue, { purchases });
    expect(cases.find((c) => c.productId === 'teas_math_qbank')).toMatchObject({
      expected: false,
    });
  });

  it('refuses an empty catalogue; picks the named ids in order and refuses unknown ones', () => {
    expect(() => accessCases({ products: [] }, {})).toThrow(/has no products/);
    const cases = accessCases(catalogue, { purchases: {} });
    expect(pickCases(cases, ['med_dosage_simulations', 'infinite_qbank'])).toEqual([
      { productId: 'med_dosage_simulations', kind: 'alias of unowned', expected: false },
      { productId: 'infinite_qbank', kind: 'free', expected: true },
    ]);
    expect(pickCases(cases, [])).toBe(cases);
    expect(() => pickCases(cases, ['nope'])).toThrow(
      'nope is neither a product of the catalogue nor an access alias',
    );
  });
});
