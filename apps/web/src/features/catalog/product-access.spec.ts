import { includeEntries } from '@examprep/contracts/types';
import { CATALOG, catalogProduct, product } from '../../test-utils/products';
import {
  canAccess,
  includeAction,
  isInfiniteProduct,
  paidProducts,
  priceCents,
  productsOf,
} from './product-access';

const qbank = catalogProduct('teas_math_qbank');
const med = catalogProduct('med_dosage_qbank');

describe('canAccess (the dashboard view of ownership)', () => {
  it('free products (price 0) are always accessible', () => {
    expect(canAccess(catalogProduct('teas_math_sample_qbank'), {})).toBe(true);
    expect(canAccess(catalogProduct('teas_math_sample_qbank'), undefined)).toBe(true);
  });

  it.each([true, 'true', 1])('a purchase held as %p grants the product', (value) => {
    expect(canAccess(qbank, { teas_math_qbank: value })).toBe(true);
  });

  it.each([false, 'false', 0, null, 'yes'])('a purchase valued %p does not', (value) => {
    expect(canAccess(qbank, { teas_math_qbank: value })).toBe(false);
  });

  it('an inherited key is not a purchase (own keys only)', () => {
    const purchases = Object.create({ teas_math_qbank: true }) as Record<string, unknown>;
    expect(canAccess(qbank, purchases)).toBe(false);
  });

  it('another product does not grant this one', () => {
    expect(canAccess(qbank, { med_dosage_qbank: true })).toBe(false);
  });
});

describe('includeAction (learner spec §2 product cards)', () => {
  const [full, practice] = includeEntries(qbank);
  const [medTest, simulation] = includeEntries(med);

  it("owned test includes start a test in the include's mode (learner spec §4 Starting a test)", () => {
    const purchases = { teas_math_qbank: true };
    expect(includeAction(qbank, full!, purchases)).toEqual({ kind: 'start-test', mode: 'full' });
    expect(includeAction(qbank, practice!, purchases)).toEqual({
      kind: 'start-test',
      mode: 'practice',
    });
  });

  it('unowned paid includes are locked, except the simulation, which is a Preview', () => {
    expect(includeAction(qbank, full!, {})).toEqual({ kind: 'locked' });
    expect(includeAction(med, medTest!, {})).toEqual({ kind: 'locked' });
    expect(includeAction(med, simulation!, {})).toEqual({ kind: 'preview', to: '/simulations' });
  });

  it('Access Now on the owned simulation include goes to /simulations', () => {
    expect(includeAction(med, simulation!, { med_dosage_qbank: true })).toEqual({
      kind: 'open',
      to: '/simulations',
    });
  });

  it('workbooks open /workbook/{productId}; the Infinite QBank /infinite-qbank', () => {
    const workbook = catalogProduct('teas_math_workbook');
    expect(
      includeAction(workbook, includeEntries(workbook)[0]!, { teas_math_workbook: true }),
    ).toEqual({ kind: 'open', to: '/workbook/teas_math_workbook' });
    const infinite = catalogProduct('infinite_qbank');
    expect(includeAction(infinite, includeEntries(infinite)[0]!, {})).toEqual({
      kind: 'open',
      to: '/infinite-qbank',
    });
  });

  it('download includes of free products offer the file', () => {
    const conversions = catalogProduct('med_dosage_conversions');
    expect(includeAction(conversions, includeEntries(conversions)[1]!, {})).toEqual({
      kind: 'download',
      path: 'Downloads/med-dosage-conversions.pdf',
    });
  });

  it('an include whose page cannot be told is unfinished, not a guess', () => {
    const odd = product({
      id: 'odd',
      price: 0,
      includes: [
        { id: 'a', name: 'A test without a mode', kind: 'test', mode: null },
        { id: 'b', name: 'A download without a file', kind: 'download' },
      ],
    });
    const [a, b] = includeEntries(odd);
    expect(includeAction(odd, a!, {})).toEqual({ kind: 'unfinished' });
    expect(includeAction(odd, b!, {})).toEqual({ kind: 'unfinished' });
  });
});

describe('catalogue helpers', () => {
  it('productsOf keeps one tab and section in dashboard order', () => {
    expect(productsOf(CATALOG, 'math', 'med dosage').map((p) => p.id)).toEqual([
      'med_dosage_conversions',
      'med_dosage_qbank',
    ]);
    expect(productsOf(CATALOG, 'design').every((p) => p.type === 'design')).toBe(true);
  });

  it('paidProducts lists the products priced above 0 of a tab', () => {
    expect(paidProducts(CATALOG, 'math').map((p) => p.id)).toEqual([
      'teas_math_workbook',
      'teas_math_qbank',
      'med_dosage_qbank',
    ]);
  });

  it('isInfiniteProduct tells the Infinite QBank from TEAS cards', () => {
    expect(isInfiniteProduct(catalogProduct('infinite_qbank'))).toBe(true);
    expect(isInfiniteProduct(qbank)).toBe(false);
  });

  it('priceCents turns whole dollars into cents', () => {
    expect(priceCents({ price: 20 })).toBe(2_000);
    expect(priceCents({ price: 0 })).toBe(0);
  });
});
