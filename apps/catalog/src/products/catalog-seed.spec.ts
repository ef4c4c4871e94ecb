// The seeded catalogue (tools/seed/catalog-content.cjs) against the contracts: learner spec §3
// (every product field), §7 (aliases), §9 (product table, sample sizes, $20), admin spec §3
// (premium ids) and the include model of ADR 0018.
import {
  accessProductId,
  INCLUDE_KINDS,
  includeEntries,
  PREMIUM_PRODUCT_IDS,
  PRODUCT_ACCESS_ALIASES,
  PRODUCT_CATEGORIES,
  PRODUCT_ID_PATTERN,
  PRODUCT_SECTIONS,
  PRODUCT_TYPES,
  type Product,
  SIMULATIONS_PRODUCT_ID,
  TEST_MODES,
} from '@examprep/contracts';
// tools/seed is data, not a project: this spec is where the catalogue it seeds gets checked
// eslint-disable-next-line @nx/enforce-module-boundaries
import { COUPONS, POOLS, PRODUCTS } from '../../../../tools/seed/catalog-content.cjs';

const byId = new Map(PRODUCTS.map((p) => [p.id, p]));
const product = (id: string): Product => {
  const p = byId.get(id);
  if (!p) throw new Error(`no product ${id}`);
  return p;
};

const PRODUCT_KEYS = [
  'id',
  'docId',
  'name',
  'description',
  'price',
  'type',
  'section',
  'category',
  'available',
  'instructions',
  'includes',
  'order',
].sort();
const INCLUDE_ARRAYS = [
  'name',
  'description',
  'id',
  'link',
  'linkText',
  'instructions',
  'kind',
  'mode',
  'pool',
] as const;

describe('seeded catalogue', () => {
  it('has unique product ids in the product id format', () => {
    expect(byId.size).toBe(PRODUCTS.length);
    for (const p of PRODUCTS) {
      expect(p.id).toMatch(PRODUCT_ID_PATTERN);
      expect(p.docId).toBe(p.id);
    }
  });

  it.each(PRODUCTS.map((p) => [p.id, p] as const))('%s has every field of the spec', (_, p) => {
    expect(Object.keys(p).sort()).toEqual(PRODUCT_KEYS);
    expect(p.name.trim()).not.toBe('');
    expect(p.description.trim()).not.toBe('');
    expect(p.instructions.trim()).not.toBe('');
    expect(Number.isInteger(p.price) && p.price >= 0).toBe(true);
    expect(PRODUCT_TYPES).toContain(p.type);
    expect(PRODUCT_SECTIONS).toContain(p.section);
    expect(PRODUCT_CATEGORIES).toContain(p.category);
    expect(p.available).toEqual({
      online: expect.any(Boolean),
      download: expect.any(Boolean),
    });
    expect(p.available.online || p.available.download).toBe(true);
    expect(Number.isInteger(p.order)).toBe(true);
    expect(typeof p.includes.course).toBe('string');
    // design is 3d/android, math is teas/med dosage
    expect(['3d', 'android'].includes(p.section)).toBe(p.type === 'design');
  });

  it.each(PRODUCTS.map((p) => [p.id, p] as const))(
    '%s has parallel include arrays of one length, each include complete',
    (_, p) => {
      const n = p.includes.id.length;
      expect(n).toBeGreaterThan(0);
      for (const key of INCLUDE_ARRAYS) expect(p.includes[key]).toHaveLength(n);
      for (const e of includeEntries(p)) {
        expect(e.id).toMatch(PRODUCT_ID_PATTERN);
        expect(e.name.trim()).not.toBe('');
        expect(e.description.trim()).not.toBe('');
        expect(e.linkText.trim()).not.toBe('');
        expect(INCLUDE_KINDS).toContain(e.kind);
        if (e.kind === 'test') {
          expect(TEST_MODES).toContain(e.mode);
          expect(e.pool).toEqual({ course: expect.any(String), questionCount: expect.any(Number) });
          expect(e.pool!.questionCount).toBeGreaterThan(0);
          expect(p.available.online).toBe(true);
        } else {
          expect(e.mode).toBeNull();
          expect(e.pool).toBeNull();
        }
        if (e.kind === 'workbook') expect(e.link).toBe(`/workbook/${p.id}`);
        if (e.kind === 'simulation') expect(e.link).toBe('/simulations');
        if (e.kind === 'infinite') expect(e.link).toBe('/infinite-qbank');
        if (e.kind === 'download') {
          expect(e.link).toMatch(/^Downloads\/[a-z0-9-]+\.(zip|pdf)$/);
          expect(p.available.download).toBe(true);
        }
      }
    },
  );

  it('gives every include an id no other product uses, which an access check resolves to its product when paid', () => {
    const owners = new Map<string, string>();
    for (const p of PRODUCTS)
      for (const id of p.includes.id) {
        expect(owners.has(id) && owners.get(id) !== p.id).toBe(false);
        owners.set(id, p.id);
        // a paid product's include opens only for its owners: check-product-access(include id)
        if (p.price > 0) expect(accessProductId(id)).toBe(p.id);
      }
  });

  it('resolves every alias of learner spec §7 to a product that has it as an include', () => {
    for (const [alias, target] of PRODUCT_ACCESS_ALIASES) {
      expect(product(target).includes.id).toContain(alias);
    }
    expect(product(SIMULATIONS_PRODUCT_ID).includes.kind).toContain('simulation');
  });

  it('sells the four premium products and the two premium design packs at $20 (spec §9)', () => {
    for (const id of [...PREMIUM_PRODUCT_IDS, 'premium_3d_assets', 'premium_android_stuff'])
      expect(product(id).price).toBe(20);
    expect(
      PRODUCTS.filter((p) => p.price > 0)
        .map((p) => p.id)
        .sort(),
    ).toEqual([...PREMIUM_PRODUCT_IDS, 'premium_3d_assets', 'premium_android_stuff'].sort());
  });

  it('says the numbers of the spec product table', () => {
    expect(product('teas_math_workbook').description).toMatch(/1000\+ .*video/);
    expect(product('teas_math_qbank').description).toMatch(/200\+/);
    expect(product('med_dosage_workbook').description).toMatch(/250\+ .*video/);
    expect(product('med_dosage_qbank').description).toMatch(/60\+ .*no videos/);
    expect(product('infinite_qbank').description).toMatch(/Unlimited.*open beta/);
    expect(product('infinite_qbank').price).toBe(0);
  });

  it('draws the tests from the seeded qbank sets with the spec sizes', () => {
    const pools = new Map(
      PRODUCTS.flatMap((p) => includeEntries(p))
        .filter((e) => e.kind === 'test')
        .map((e) => [e.id, e]),
    );
    expect(pools.get('teas_math_qbank_full')).toMatchObject({
      mode: 'full',
      pool: { course: 'TEAS Math QBank', questionCount: 204 },
    });
    expect(pools.get('teas_math_qbank_practice')).toMatchObject({
      mode: 'practice',
      pool: { course: 'TEAS Math Practice Test', questionCount: 38 },
    });
    expect(pools.get('med_dosage_qbank')).toMatchObject({
      mode: 'full',
      pool: { course: 'Med Dosage QBank', questionCount: 66 },
    });
    expect(pools.get('teas_math_sample_qbank')?.pool).toEqual({
      course: 'TEAS Math Sample QBank',
      questionCount: 15,
    });
    expect(pools.get('med_dosage_sample_qbank')?.pool).toEqual({
      course: 'Med Dosage Sample QBank',
      questionCount: 10,
    });
    expect(pools.get('med_dosage_conversions')?.pool?.course).toBe('Med Dosage Conversions');
    // practice tests are TEAS only (learner spec §4 Starting a test)
    expect([...pools.values()].filter((e) => e.mode === 'practice').map((e) => e.id)).toEqual([
      'teas_math_qbank_practice',
    ]);
  });

  it('names pools that the qbank seed fills, with their sizes', () => {
    // eslint-disable-next-line @typescript-eslint/no-require-imports, @nx/enforce-module-boundaries
    const { SETS } = require('../../../../tools/seed/qbank-content.cjs') as {
      SETS: Record<string, { course: string; count: number }>;
    };
    const seeded = new Map(Object.values(SETS).map((s) => [s.course, s.count]));
    for (const pool of Object.values(POOLS))
      expect(seeded.get(pool.course)).toBe(pool.questionCount);
  });

  it('seeds the free samples and the design side', () => {
    for (const id of [
      'teas_math_sample_qbank',
      'med_dosage_sample_qbank',
      'med_dosage_conversions',
      'infinite_qbank',
      'free_3d_assets',
      'free_android_stuff',
    ])
      expect(product(id).price).toBe(0);
    expect(
      PRODUCTS.filter((p) => p.type === 'design')
        .map((p) => p.id)
        .sort(),
    ).toEqual([
      'free_3d_assets',
      'free_android_stuff',
      'premium_3d_assets',
      'premium_android_stuff',
    ]);
  });

  it('seeds the demo coupons: two working, one expired', () => {
    const now = new Date('2026-06-01T00:00:00Z');
    const byCode = new Map(COUPONS.map((c) => [c._id, c]));
    expect([...byCode.keys()].sort()).toEqual(['EXPIRED2025', 'NURSE10', 'WELCOME5']);
    for (const c of COUPONS) {
      expect(c._id).toMatch(/^[A-Z0-9]{1,32}$/);
      expect((c.percentOff === undefined) !== (c.amountOffCents === undefined)).toBe(true);
    }
    expect(byCode.get('NURSE10')).toMatchObject({ percentOff: 10, active: true, expiresAt: null });
    expect(byCode.get('WELCOME5')).toMatchObject({
      amountOffCents: 500,
      active: true,
      expiresAt: null,
    });
    expect(byCode.get('EXPIRED2025')!.expiresAt!.getTime()).toBeLessThan(now.getTime());
    expect(byCode.get('EXPIRED2025')!.expiresAt!.toISOString().slice(0, 10)).toBe('2025-12-31');
  });
});
