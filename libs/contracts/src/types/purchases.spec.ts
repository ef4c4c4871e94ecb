import fc from 'fast-check';
import { effectivePurchases, heldPurchases, isPurchaseHeld } from './purchases';

describe('isPurchaseHeld (admin spec §3: true, "true" or 1)', () => {
  it.each([
    [true, true],
    ['true', true],
    [1, true],
    [false, false],
    ['false', false],
    [0, false],
    [null, false],
    ['1', false],
  ])('%p -> %p', (value, expected) => expect(isPurchaseHeld(value)).toBe(expected));
});

describe('heldPurchases (admin spec §3: true, "true" or 1 are held)', () => {
  it('keeps only held purchases, as true', () => {
    expect(heldPurchases({ a: true, b: 'true', c: 1, d: false, e: 'yes', f: 0 })).toEqual({
      a: true,
      b: true,
      c: true,
    });
    expect(heldPurchases(undefined)).toEqual({});
  });

  it('a stored product key named after Object.prototype stays plain data', () => {
    const prototypeKey = fc.constantFrom(
      ...Object.getOwnPropertyNames(Object.prototype),
      '__proto__',
    );
    fc.assert(
      fc.property(prototypeKey, fc.constantFrom(true, 'true', 1, false), (key, value) => {
        const stored = Object.fromEntries([
          [key, value],
          ['teas_math_qbank', true],
        ]);
        const held = heldPurchases(stored);
        expect(Object.getPrototypeOf(held)).toBe(Object.prototype);
        expect(Object.hasOwn(held, key)).toBe(value !== false);
        expect(held.teas_math_qbank).toBe(true);
        expect(JSON.parse(JSON.stringify(held))).toEqual(held);
      }),
    );
  });
});

describe('effectivePurchases (ledger view over legacy values)', () => {
  it('the ledger decides every product it names; legacy held values count for the others', () => {
    expect(
      effectivePurchases(
        { a: true, b: 'true', c: 1, d: false, e: true },
        { a: false, d: true, f: true, g: false },
      ),
    ).toEqual({ b: true, c: true, d: true, e: true, f: true });
  });

  it('without a ledger view it is the held legacy values; without a document, the view', () => {
    expect(effectivePurchases({ a: 1, b: 0 }, undefined)).toEqual({ a: true });
    expect(effectivePurchases(undefined, { a: true, b: false })).toEqual({ a: true });
    expect(effectivePurchases(undefined, undefined)).toEqual({});
  });

  it('holds exactly: ledger-held, or legacy-held and not named by the ledger (property)', () => {
    const value = fc.constantFrom<unknown>(true, 'true', 1, false, 0, 'yes', null);
    const key = fc.constantFrom('a', 'b', 'c', 'd', '__proto__', 'constructor', 'toString');
    const map = fc.dictionary(key, value);
    fc.assert(
      fc.property(map, map, (legacy, ledger) => {
        const out = effectivePurchases(legacy, ledger);
        expect(Object.getPrototypeOf(out)).toBe(Object.prototype);
        for (const k of new Set([...Object.keys(legacy), ...Object.keys(ledger)])) {
          const held = Object.hasOwn(ledger, k)
            ? [true, 'true', 1].includes(ledger[k] as never)
            : [true, 'true', 1].includes(legacy[k] as never);
          expect(Object.hasOwn(out, k)).toBe(held);
          if (held) expect(out[k]).toBe(true);
        }
      }),
    );
  });
});
