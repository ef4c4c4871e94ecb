import {
  accessProductId,
  holdsProduct,
  includeEntries,
  isFreeProduct,
  PRODUCT_ACCESS_ALIASES,
  SIMULATIONS_PRODUCT_ID,
} from './catalog';

describe('product access rules (learner spec §6, §7; admin spec §3)', () => {
  it('maps the spec aliases and nothing else', () => {
    expect(Object.fromEntries(PRODUCT_ACCESS_ALIASES)).toEqual({
      teas_math_qbank_full: 'teas_math_qbank',
      teas_math_qbank_practice: 'teas_math_qbank',
      med_dosage_simulations: 'med_dosage_qbank',
    });
    expect(accessProductId('med_dosage_qbank')).toBe('med_dosage_qbank');
    expect(accessProductId('teas_math_workbook')).toBe('teas_math_workbook');
    expect(SIMULATIONS_PRODUCT_ID).toBe('med_dosage_qbank');
  });

  it('holds a purchase whose value is true, "true" or 1, and nothing else', () => {
    const held = [true, 'true', 1];
    const notHeld = [false, 'false', 0, 2, '1', 'yes', null, undefined, {}, []];
    for (const v of held)
      expect(holdsProduct({ teas_math_qbank: v }, 'teas_math_qbank')).toBe(true);
    for (const v of notHeld)
      expect(holdsProduct({ teas_math_qbank: v }, 'teas_math_qbank')).toBe(false);
  });

  it('checks an alias against the product it names', () => {
    expect(holdsProduct({ teas_math_qbank: true }, 'teas_math_qbank_practice')).toBe(true);
    expect(holdsProduct({ med_dosage_qbank: 1 }, 'med_dosage_simulations')).toBe(true);
    expect(holdsProduct({ teas_math_qbank_full: true }, 'teas_math_qbank_full')).toBe(false);
  });

  it('reads own keys only (ADR 0012)', () => {
    expect(holdsProduct({}, 'constructor')).toBe(false);
    expect(holdsProduct({}, '__proto__')).toBe(false);
    expect(holdsProduct(undefined, 'teas_math_qbank')).toBe(false);
  });

  it('price 0 is free', () => {
    expect(isFreeProduct({ price: 0 })).toBe(true);
    expect(isFreeProduct({ price: 20 })).toBe(false);
  });

  it('zips the include arrays into entries', () => {
    const entries = includeEntries({
      includes: {
        name: ['Check As You Go', 'Practice Test'],
        description: ['All questions', '38 questions'],
        id: ['teas_math_qbank_full', 'teas_math_qbank_practice'],
        link: ['', ''],
        linkText: ['Start', 'Start'],
        course: 'TEAS Math',
        instructions: ['a', 'b'],
        kind: ['test', 'test'],
        mode: ['full', 'practice'],
        pool: [
          { course: 'TEAS Math QBank', questionCount: 204 },
          { course: 'TEAS Math Practice Test', questionCount: 38 },
        ],
      },
    });
    expect(entries[1]).toEqual({
      index: 1,
      id: 'teas_math_qbank_practice',
      name: 'Practice Test',
      description: '38 questions',
      link: '',
      linkText: 'Start',
      instructions: 'b',
      kind: 'test',
      mode: 'practice',
      pool: { course: 'TEAS Math Practice Test', questionCount: 38 },
    });
  });
});
