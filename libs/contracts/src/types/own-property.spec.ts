import fc from 'fast-check';
import { hasOwnKey, ownValue } from './own-property';

/** Every name an object inherits, plus '__proto__' (an accessor of Object.prototype). */
const prototypeKey = fc.constantFrom(...Object.getOwnPropertyNames(Object.prototype), '__proto__');

describe('ownValue / hasOwnKey', () => {
  const table: Record<string, number> = { a: 1, '1.2': 2 };

  it('finds own keys', () => {
    expect(ownValue(table, 'a')).toBe(1);
    expect(ownValue(table, '1.2')).toBe(2);
    expect(hasOwnKey(table, 'a')).toBe(true);
  });

  it('never answers a name of Object.prototype', () => {
    fc.assert(
      fc.property(prototypeKey, (key) => {
        expect(ownValue(table, key)).toBeUndefined();
        expect(hasOwnKey(table, key)).toBe(false);
      }),
    );
  });

  it('answers a name of Object.prototype when it is an own key of the data', () => {
    fc.assert(
      fc.property(prototypeKey, fc.integer(), (key, value) => {
        const own = Object.fromEntries([[key, value]]) as Record<string, number>;
        expect(ownValue(own, key)).toBe(value);
      }),
    );
  });

  it('is undefined for any key missing from the table, and for no table', () => {
    fc.assert(
      fc.property(fc.string(), (key) => {
        fc.pre(key !== 'a' && key !== '1.2');
        expect(ownValue(table, key)).toBeUndefined();
        expect(ownValue(undefined, key)).toBeUndefined();
        expect(ownValue(null, key)).toBeUndefined();
      }),
    );
  });
});
