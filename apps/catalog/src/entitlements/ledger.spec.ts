import fc from 'fast-check';
import { entryKey, foldEntries, heldOnly, invalidChange, purchaseChanges } from './ledger';

type Entry = { seq: number; productId: string; action: 'grant' | 'revoke' };
const g = (seq: number, productId: string): Entry => ({ seq, productId, action: 'grant' });
const r = (seq: number, productId: string): Entry => ({ seq, productId, action: 'revoke' });

describe('foldEntries', () => {
  it('holds what was granted and not revoked after', () => {
    expect(foldEntries([g(1, 'a'), g(2, 'b'), r(3, 'a')])).toEqual({ b: true });
    expect(foldEntries([g(1, 'a'), r(2, 'a'), g(3, 'a')])).toEqual({ a: true });
    expect(foldEntries([])).toEqual({});
  });

  it('folds in seq order, not in the order given', () => {
    expect(foldEntries([r(5, 'a'), g(2, 'a')])).toEqual({});
    expect(foldEntries([g(9, 'a'), r(4, 'a')])).toEqual({ a: true });
  });

  it('ignores a revoke of what is not held and a second grant', () => {
    expect(foldEntries([r(1, 'a'), g(2, 'b'), g(3, 'b')])).toEqual({ b: true });
  });

  it('is independent of the order the entries are listed in (property)', () => {
    const entry = fc.record({
      productId: fc.constantFrom('a', 'b', 'c'),
      action: fc.constantFrom('grant' as const, 'revoke' as const),
    });
    fc.assert(
      fc.property(fc.array(entry, { maxLength: 30 }), fc.integer(), (list, shuffleSeed) => {
        const entries = list.map((e, i) => ({ ...e, seq: i + 1 }));
        const shuffled = [...entries].sort(
          (x, y) => ((x.seq * 7919 + shuffleSeed) % 31) - ((y.seq * 7919 + shuffleSeed) % 31),
        );
        expect(foldEntries(shuffled)).toEqual(foldEntries(entries));
        // the last entry of a product decides
        for (const id of ['a', 'b', 'c']) {
          const last = entries.filter((e) => e.productId === id).pop();
          expect(Object.hasOwn(foldEntries(entries), id)).toBe(last?.action === 'grant');
        }
      }),
    );
  });
});

describe('entryKey', () => {
  it('is the same for the same order, product and action: recording twice is a duplicate', () => {
    expect(entryKey('ord_1', 'teas_math_qbank', 'grant')).toBe('ord_1:teas_math_qbank:grant');
    expect(entryKey('ord_1', 'teas_math_qbank', 'revoke')).toBe('ord_1:teas_math_qbank:revoke');
  });

  it('is fresh each time without an order (admin edits are each their own entry)', () => {
    expect(entryKey(null, 'a', 'grant')).not.toBe(entryKey(null, 'a', 'grant'));
  });
});

describe('purchaseChanges', () => {
  it('grants the wanted products not held and revokes the unwanted ones held', () => {
    expect(
      purchaseChanges(
        { a: true, b: 'true', c: 1, d: false },
        { a: true, b: false, d: true, e: false },
      ),
    ).toEqual([
      { productId: 'b', action: 'revoke' },
      { productId: 'd', action: 'grant' },
    ]);
  });

  it('changes nothing when nothing differs, and leaves unnamed products alone', () => {
    expect(purchaseChanges({ a: true, z: true }, { a: true })).toEqual([]);
    expect(purchaseChanges(undefined, { a: false })).toEqual([]);
  });

  it('does not see inherited names as held', () => {
    expect(purchaseChanges({}, { constructor: true, toString: false })).toEqual([
      { productId: 'constructor', action: 'grant' },
    ]);
  });
});

describe('heldOnly', () => {
  it('keeps held values (true, "true", 1) as true and drops the rest', () => {
    expect(heldOnly({ a: true, b: 'true', c: 1, d: false, e: 0, f: 'yes' })).toEqual({
      a: true,
      b: true,
      c: true,
    });
    expect(heldOnly(undefined)).toEqual({});
  });
});

describe('invalidChange', () => {
  const meta = { source: 'admin' as const, by: 'admin@examprep.test', orderId: null };
  it('accepts a well-formed change', () => {
    expect(invalidChange('u1', [{ productId: 'teas_math_qbank', action: 'grant' }], meta)).toBe(
      null,
    );
  });
  it('names what is malformed', () => {
    expect(invalidChange('', [], meta)).toBe('uid');
    expect(invalidChange('u1', [], { ...meta, source: 'gift' as never })).toBe('source');
    expect(invalidChange('u1', [], { ...meta, by: '' })).toBe('by');
    expect(invalidChange('u1', [], { ...meta, orderId: '' })).toBe('orderId');
    expect(invalidChange('u1', [{ productId: 'a.b', action: 'grant' }], meta)).toBe('productId');
    expect(invalidChange('u1', [{ productId: '$gt', action: 'grant' }], meta)).toBe('productId');
    expect(invalidChange('u1', [{ productId: 'a', action: 'give' as never }], meta)).toBe('action');
  });
});
