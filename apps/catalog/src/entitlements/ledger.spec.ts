import fc from 'fast-check';
import {
  entryKey,
  foldEntries,
  invalidChange,
  orderOutcome,
  paymentChanges,
  purchaseChanges,
  refundChanges,
} from './ledger';

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

describe('a payment for products held already (issue 24)', () => {
  type Keyed = {
    seq: number;
    productId: string;
    action: 'grant' | 'revoke' | 'refund';
    key: string;
  };
  const e = (seq: number, orderId: string | null, productId: string, action: Keyed['action']) => ({
    seq,
    productId,
    action,
    key: orderId ? entryKey(orderId, productId, action) : `admin-${seq}`,
  });

  it('a refund entry changes nothing held', () => {
    expect(foldEntries([e(1, 'o1', 'a', 'grant'), e(2, 'o2', 'a', 'refund')])).toEqual({ a: true });
    expect(foldEntries([e(1, 'o2', 'a', 'refund')])).toEqual({});
  });

  it('paymentChanges: grants what is not held, records a refund for what is', () => {
    const entries = [e(1, null, 'b', 'grant')];
    expect(paymentChanges(entries, 'o1', ['a', 'b'])).toEqual([
      { productId: 'a', action: 'grant' },
      { productId: 'b', action: 'refund' },
    ]);
  });

  it('paymentChanges: a repeat of the same payment decides nothing again', () => {
    const entries = [e(1, 'o1', 'a', 'grant'), e(2, 'o1', 'b', 'refund')];
    expect(paymentChanges(entries, 'o1', ['a', 'b'])).toEqual([]);
    expect(orderOutcome(entries, 'o1', ['a', 'b'])).toEqual({
      granted: ['a'],
      alreadyOwned: ['b'],
    });
  });

  it('a second order for a product granted by the first: refunded, not granted', () => {
    const first = [e(1, 'o1', 'a', 'grant')];
    expect(paymentChanges(first, 'o2', ['a'])).toEqual([{ productId: 'a', action: 'refund' }]);
    // a product revoked since (refunded order) is granted again by a new payment
    expect(paymentChanges([...first, e(2, 'o1', 'a', 'revoke')], 'o2', ['a'])).toEqual([
      { productId: 'a', action: 'grant' },
    ]);
  });

  it('refundChanges: a refund takes back only what that order granted', () => {
    const entries = [e(1, 'o1', 'a', 'grant'), e(2, 'o2', 'a', 'refund'), e(3, 'o2', 'b', 'grant')];
    expect(refundChanges(entries, 'o2', ['a', 'b'])).toEqual([
      { productId: 'b', action: 'revoke' },
    ]);
    expect(refundChanges([...entries, e(4, 'o2', 'b', 'revoke')], 'o2', ['a', 'b'])).toEqual([]);
  });

  it('property: however payments and refunds interleave, a product is granted by at most one order at a time, and every payment is decided once per product', () => {
    const step = fc.record({
      order: fc.constantFrom('o1', 'o2', 'o3'),
      kind: fc.constantFrom('pay' as const, 'refund' as const),
    });
    fc.assert(
      fc.property(fc.array(step, { maxLength: 25 }), (steps) => {
        const entries: Keyed[] = [];
        for (const s of steps) {
          const changes =
            s.kind === 'pay'
              ? paymentChanges(entries, s.order, ['a'])
              : refundChanges(entries, s.order, ['a']);
          for (const c of changes)
            entries.push(e(entries.length + 1, s.order, c.productId, c.action));
          // never two live grants of 'a' (granted and not revoked) from different orders
          const live = ['o1', 'o2', 'o3'].filter(
            (o) =>
              entries.some((x) => x.key === entryKey(o, 'a', 'grant')) &&
              !entries.some((x) => x.key === entryKey(o, 'a', 'revoke')),
          );
          expect(live.length).toBeLessThanOrEqual(1);
          expect(Object.hasOwn(foldEntries(entries), 'a')).toBe(live.length === 1);
        }
        for (const o of ['o1', 'o2', 'o3']) {
          const decided = entries.filter(
            (x) => x.key === entryKey(o, 'a', 'grant') || x.key === entryKey(o, 'a', 'refund'),
          );
          expect(decided.length).toBeLessThanOrEqual(1);
        }
      }),
    );
  });
});
