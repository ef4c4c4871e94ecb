import fc from 'fast-check';
import { heldPurchases, toUserDocument } from './user.schema';

describe('user document mapping', () => {
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

  it('maps the stored record to the API shape with defaults', () => {
    expect(
      toUserDocument({
        _id: 'u1',
        email: 'a@b.c',
        purchases: { x: 1 },
        defaultDashboard: undefined as never,
        infiniteQbankGenerations: undefined as never,
        createdAt: new Date('2026-01-02T03:04:05Z'),
      }),
    ).toEqual({
      uid: 'u1',
      email: 'a@b.c',
      purchases: { x: true },
      defaultDashboard: 'math',
      infiniteQbankGenerations: 0,
      createdAt: '2026-01-02T03:04:05.000Z',
    });
  });
});
