import type { UserDeletedEvent, UserPurchasesChangedEvent } from '@examprep/contracts';
import fc from 'fast-check';
import { FakePurchaseViewsRepository } from '../../test/support/fake-purchase-views.repository';
import { PurchasesChangedConsumer, readPurchasesChange } from './purchases-changed.consumer';
import type { UsersService } from './users.service';

const AT = '2026-11-20T10:00:00.000Z';
const fact = (over: Partial<UserPurchasesChangedEvent> = {}): UserPurchasesChangedEvent => ({
  uid: 'u1',
  purchases: { teas_math_qbank: true },
  version: 1,
  at: AT,
  ...over,
});

describe('readPurchasesChange', () => {
  it('reads a fact: uid, version, at, and each product as held or not', () => {
    expect(
      readPurchasesChange(
        fact({
          version: 7,
          purchases: { teas_math_qbank: true, med_dosage_qbank: false } as never,
        }),
      ),
    ).toEqual({
      uid: 'u1',
      purchases: { teas_math_qbank: true, med_dosage_qbank: false },
      version: 7,
      at: new Date(AT),
    });
  });

  it('legacy held values (true, "true", 1) are held; anything else is not', () => {
    const purchases = { a: true, b: 'true', c: 1, d: false, e: 'yes', f: 0, g: null };
    expect(readPurchasesChange(fact({ purchases: purchases as never }))?.purchases).toEqual({
      a: true,
      b: true,
      c: true,
      d: false,
      e: false,
      f: false,
      g: false,
    });
  });

  it('drops keys that are no product id (operators, dotted paths, prototype names)', () => {
    const purchases = JSON.parse(
      '{"$set": true, "a.b": true, "__proto__": true, "constructor": true, "Teas": true, "ok_1": true}',
    );
    const read = readPurchasesChange(fact({ purchases }));
    expect(read?.purchases).toEqual({ ok_1: true });
    expect(Object.getPrototypeOf(read?.purchases)).toBe(Object.prototype);
  });

  it.each([
    ['null', null],
    ['a string', 'x'],
    ['no uid', { ...fact(), uid: undefined }],
    ['an empty uid', fact({ uid: '' })],
    ['a uid that is no string', { ...fact(), uid: { $ne: null } }],
    ['version 0', fact({ version: 0 })],
    ['a negative version', fact({ version: -3 })],
    ['a fractional version', fact({ version: 1.5 })],
    ['a version as text', { ...fact(), version: '3' }],
    ['purchases as a list', { ...fact(), purchases: ['teas_math_qbank'] }],
    ['no purchases', { ...fact(), purchases: null }],
  ])('is null for %s', (_, event) => {
    expect(readPurchasesChange(event)).toBeNull();
  });

  it('a missing or unreadable time is taken as now', () => {
    const before = Date.now();
    const read = readPurchasesChange({ ...fact(), at: 'soon' });
    expect(read?.at.getTime()).toBeGreaterThanOrEqual(before);
  });
});

/** The consumer over the in-memory read model (higher versions only, as the real one). */
function setup() {
  const views = new FakePurchaseViewsRepository();
  const notify = jest.fn();
  const sut = new PurchasesChangedConsumer(views, {
    notify,
  } as unknown as UsersService);
  /** The stored view of u1 without its uid, as the read model holds it. */
  const stored = async () => {
    const view = await views.find('u1');
    return view && { purchases: view.purchases, version: view.version };
  };
  return { sut, views, stored, notify };
}

describe('PurchasesChangedConsumer', () => {
  it('keeps the highest version whatever the order, and tells the user only when it changed', async () => {
    const { sut, stored, notify } = setup();
    await sut.apply(fact({ version: 2, purchases: { b: true } }));
    await sut.apply(fact({ version: 1, purchases: { a: true } }));
    await sut.apply(fact({ version: 3, purchases: { c: true } }));
    await sut.apply(fact({ version: 3, purchases: { c: true } }));
    expect(await stored()).toEqual({ purchases: { c: true }, version: 3 });
    expect(notify.mock.calls).toEqual([['u1'], ['u1']]);
  });

  it('any order and any repetition of the same facts ends at the highest version (property)', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.uniqueArray(fc.integer({ min: 1, max: 50 }), { minLength: 1, maxLength: 8 }),
        fc.array(fc.nat(), { maxLength: 8 }),
        async (versions, repeats) => {
          const { sut, stored } = setup();
          const deliveries = [...versions, ...repeats.map((i) => versions[i % versions.length]!)];
          for (const v of deliveries)
            await sut.apply(fact({ version: v, purchases: { [`p${v}`]: true } }));
          const top = Math.max(...versions);
          expect(await stored()).toEqual({ purchases: { [`p${top}`]: true }, version: top });
        },
      ),
    );
  });

  it('ignores (and acknowledges) a payload that is not a purchases fact', async () => {
    const { sut, views, notify } = setup();
    const applyIfNewer = jest.spyOn(views, 'applyIfNewer');
    await expect(sut.apply({ uid: 'u1' } as never)).resolves.toBeUndefined();
    expect(applyIfNewer).not.toHaveBeenCalled();
    expect(notify).not.toHaveBeenCalled();
  });

  it("drops the user's view when their data is deleted, and tells their streams", async () => {
    const { sut, stored, notify } = setup();
    await sut.apply(fact({ version: 4 }));
    notify.mockClear();
    const deleted: UserDeletedEvent = { uid: 'u1', at: AT };
    await sut.forget(deleted);
    expect(await stored()).toBeNull();
    expect(notify).toHaveBeenCalledWith('u1');
    notify.mockClear();
    await sut.forget(deleted);
    expect(notify).not.toHaveBeenCalled();
  });
});
