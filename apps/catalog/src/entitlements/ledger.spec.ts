import fc from 'fast-check';
import {
  entryKey,
  foldEntries,
  invalidChange,
  licenceBy,
  licenceGrantChanges,
  licenceKey,
  licenceRevokeChanges,
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
    expect(invalidChange('u1', [{ productId: 'a', action: 'grant', key: '' }], meta)).toBe('key');
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

describe('a seat of a school licence (ADR 0040)', () => {
  type Keyed = {
    seq: number;
    productId: string;
    action: 'grant' | 'revoke' | 'refund';
    key: string;
  };
  const seat1 = { licenceId: 'lic_1', uid: 'u1', seat: 1 };
  const seat2 = { ...seat1, seat: 2 };
  const other = { licenceId: 'lic_2', uid: 'u1', seat: 1 };
  /** Appends the changes as the service records them (a key recorded before is skipped). */
  function record(
    entries: Keyed[],
    changes: { productId: string; action: Keyed['action']; key?: string }[],
  ) {
    const out = [...entries];
    for (const c of changes) {
      const key = c.key ?? `admin-${out.length + 1}`;
      if (out.some((e) => e.key === key)) continue;
      out.push({ seq: out.length + 1, productId: c.productId, action: c.action, key });
    }
    return out;
  }
  const admin = (entries: Keyed[], productId: string, action: 'grant' | 'revoke') =>
    record(entries, [{ productId, action }]);

  it('keys each entry by licence, learner, seat, product and action', () => {
    expect(licenceKey(seat1, 'teas_math_qbank', 'grant')).toBe(
      'licence:lic_1:u1:1:teas_math_qbank:grant',
    );
    expect(licenceKey(seat2, 'teas_math_qbank', 'revoke')).toBe(
      'licence:lic_1:u1:2:teas_math_qbank:revoke',
    );
  });

  it('taking a seat grants the products not held; a product held (paid, admin, another licence) is left alone', () => {
    let entries = admin([], 'b', 'grant');
    entries = record(entries, licenceGrantChanges(entries, other, ['c']));
    expect(licenceGrantChanges(entries, seat1, ['a', 'b', 'c', 'a'])).toEqual([
      { productId: 'a', action: 'grant', key: 'licence:lic_1:u1:1:a:grant' },
    ]);
  });

  it('a redelivered seat grants nothing again, even after the product was revoked', () => {
    let entries = record([], licenceGrantChanges([], seat1, ['a']));
    expect(licenceGrantChanges(entries, seat1, ['a'])).toEqual([]);
    entries = admin(entries, 'a', 'revoke');
    expect(licenceGrantChanges(entries, seat1, ['a'])).toEqual([]);
    // a later seat of the same licence is its own
    expect(licenceGrantChanges(entries, seat2, ['a'])).toEqual([
      { productId: 'a', action: 'grant', key: 'licence:lic_1:u1:2:a:grant' },
    ]);
  });

  it('releasing revokes what the seat granted, once; nothing it did not grant', () => {
    let entries = admin([], 'b', 'grant');
    entries = record(entries, licenceGrantChanges(entries, seat1, ['a', 'b']));
    const release = licenceRevokeChanges(entries, seat1);
    expect(release).toEqual([
      { productId: 'a', action: 'revoke', key: 'licence:lic_1:u1:1:a:revoke' },
    ]);
    entries = record(entries, release);
    expect(foldEntries(entries)).toEqual({ b: true });
    expect(licenceRevokeChanges(entries, seat1)).toEqual([]);
    // another seat's release takes nothing
    expect(licenceRevokeChanges(entries, seat2)).toEqual([]);
  });

  it('releasing hands a product over to another seat held whose licence has it (keyed and by that seat), once', () => {
    let entries = record([], licenceGrantChanges([], seat1, ['a', 'b']));
    const heir = { seat: other, productIds: ['a', 'c'] };
    const release = licenceRevokeChanges(entries, seat1, [
      { seat: seat1, productIds: ['a'] },
      heir,
    ]);
    expect(release).toEqual([
      {
        productId: 'a',
        action: 'grant',
        key: licenceKey(other, 'a', 'grant'),
        by: licenceBy(other.licenceId),
      },
      { productId: 'b', action: 'revoke', key: 'licence:lic_1:u1:1:b:revoke' },
    ]);
    entries = record(entries, release);
    expect(foldEntries(entries)).toEqual({ a: true });
    // redelivered: nothing is held by seat 1 any more
    expect(licenceRevokeChanges(entries, seat1, [heir])).toEqual([]);
    // the heir's own release takes it back
    expect(licenceRevokeChanges(entries, other)).toEqual([
      { productId: 'a', action: 'revoke', key: licenceKey(other, 'a', 'revoke') },
    ]);
  });

  it('a product revoked and given again by an admin since the seat granted it stays at release', () => {
    let entries = record([], licenceGrantChanges([], seat1, ['a', 'b']));
    entries = admin(admin(entries, 'a', 'revoke'), 'a', 'grant');
    expect(licenceRevokeChanges(entries, seat1)).toEqual([
      { productId: 'b', action: 'revoke', key: 'licence:lic_1:u1:1:b:revoke' },
    ]);
  });

  it('a payment for a product the seat holds is a refund entry (paid twice, ADR 0023), and the release still revokes it', () => {
    let entries = record([], licenceGrantChanges([], seat1, ['a']));
    const payment = paymentChanges(entries, 'o1', ['a']);
    expect(payment).toEqual([{ productId: 'a', action: 'refund' }]);
    entries = [...entries, { seq: 2, productId: 'a', action: 'refund', key: 'o1:a:refund' }];
    expect(licenceRevokeChanges(entries, seat1)).toEqual([
      { productId: 'a', action: 'revoke', key: 'licence:lic_1:u1:1:a:revoke' },
    ]);
  });

  const product = fc.constantFrom('a', 'b', 'c', 'd');
  const before = fc.array(
    fc.record({ productId: product, action: fc.constantFrom('grant' as const, 'revoke' as const) }),
    { maxLength: 12 },
  );
  const history = (steps: { productId: string; action: 'grant' | 'revoke' }[]) =>
    steps.reduce<Keyed[]>((entries, s) => admin(entries, s.productId, s.action), []);

  it('property: take then release returns the learner to exactly what they held, and never touches a product held before', () => {
    fc.assert(
      fc.property(before, fc.array(product, { maxLength: 4 }), (steps, products) => {
        const start = history(steps);
        const held = foldEntries(start);
        const grants = licenceGrantChanges(start, seat1, products);
        for (const c of grants) expect(Object.hasOwn(held, c.productId)).toBe(false);
        const taken = record(start, grants);
        expect(foldEntries(taken)).toEqual(
          foldEntries([...start, ...products.map((p, i) => g(100 + i, p))]),
        );
        const revokes = licenceRevokeChanges(taken, seat1);
        for (const c of revokes) expect(Object.hasOwn(held, c.productId)).toBe(false);
        expect(foldEntries(record(taken, revokes))).toEqual(held);
      }),
    );
  });

  it('property: redelivered takes and releases, in any order and with other seats between, record each seat change once', () => {
    const step = fc.record({
      seat: fc.constantFrom(seat1, seat2, other),
      kind: fc.constantFrom('take' as const, 'release' as const, 'admin' as const),
      productId: product,
    });
    fc.assert(
      fc.property(fc.array(step, { maxLength: 30 }), (steps) => {
        let entries: Keyed[] = [];
        for (const s of steps) {
          const changes =
            s.kind === 'take'
              ? licenceGrantChanges(entries, s.seat, ['a', 'b', s.productId])
              : s.kind === 'release'
                ? licenceRevokeChanges(entries, s.seat)
                : [{ productId: s.productId, action: 'grant' as const }];
          const next = record(entries, changes);
          // a repeat of the same fact right after records nothing
          if (s.kind !== 'admin') {
            const again =
              s.kind === 'take'
                ? licenceGrantChanges(next, s.seat, ['a', 'b', s.productId])
                : licenceRevokeChanges(next, s.seat);
            expect(again).toEqual([]);
          }
          entries = next;
        }
        // every key at most once; a seat revokes only what it granted
        const keys = entries.map((e) => e.key);
        expect(new Set(keys).size).toBe(keys.length);
        for (const e of entries.filter((x) => x.key.endsWith(':revoke')))
          expect(keys).toContain(e.key.replace(/:revoke$/, ':grant'));
      }),
    );
  });
});
