import { CATALOG } from '../../../test-utils/products';
import {
  diffPurchases,
  editableProducts,
  hasChanges,
  heldIds,
  purchasesPayload,
} from './purchases-diff';

const paid = editableProducts(CATALOG);
const ids = (list: { id: string }[]) => list.map((p) => p.id);

describe('purchases editor rules (admin spec §2.8, §3, §4)', () => {
  it('offers only the products priced above 0', () => {
    expect(ids(paid)).toEqual([
      'teas_math_workbook',
      'teas_math_qbank',
      'med_dosage_qbank',
      'premium_3d_assets',
      'premium_android_stuff',
    ]);
  });

  it("reads held values true, 'true' and 1; own keys only", () => {
    const purchases = Object.assign(Object.create({ premium_3d_assets: true }) as object, {
      teas_math_qbank: 'true',
      med_dosage_qbank: 1,
      teas_math_workbook: false,
    });
    expect([...heldIds(paid, purchases)]).toEqual(['teas_math_qbank', 'med_dosage_qbank']);
  });

  it('lists what to add and what to remove', () => {
    const held = new Set(['teas_math_qbank', 'med_dosage_qbank']);
    const chosen = new Set(['teas_math_qbank', 'premium_3d_assets']);
    const diff = diffPurchases(paid, held, chosen);
    expect(ids(diff.add)).toEqual(['premium_3d_assets']);
    expect(ids(diff.remove)).toEqual(['med_dosage_qbank']);
    expect(hasChanges(diff)).toBe(true);
  });

  it("no difference: nothing to do ('No changes made.')", () => {
    const held = new Set(['teas_math_qbank']);
    expect(hasChanges(diffPurchases(paid, held, new Set(held)))).toBe(false);
  });

  it('sends every editable product with its owned flag', () => {
    expect(purchasesPayload(paid, new Set(['teas_math_qbank']))).toEqual({
      teas_math_workbook: false,
      teas_math_qbank: true,
      med_dosage_qbank: false,
      premium_3d_assets: false,
      premium_android_stuff: false,
    });
  });
});
