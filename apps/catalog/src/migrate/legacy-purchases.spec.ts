import { Subjects } from '@examprep/contracts';
import { importLegacyPurchases, legacyGrants, MIGRATION_ACTOR } from './legacy-purchases';

const paid = new Set(['teas_math_qbank', 'med_dosage_workbook']);

describe('legacy purchases import', () => {
  it('grants held values (true, "true", 1) of paid products and skips the rest', () => {
    expect(
      legacyGrants(
        {
          teas_math_qbank: 'true',
          med_dosage_workbook: 1,
          teas_math_sample_qbank: true,
          gone_product: true,
          teas_math_workbook: false,
        },
        paid,
      ),
    ).toEqual({
      grant: ['teas_math_qbank', 'med_dosage_workbook'],
      skip: ['teas_math_sample_qbank', 'gone_product'],
    });
    expect(legacyGrants(undefined, paid)).toEqual({ grant: [], skip: [] });
  });

  it('adds only what the ledger does not hold yet, as the migration admin', async () => {
    const calls: [string, unknown][] = [];
    const ledger: Record<string, Record<string, boolean>> = { u2: { teas_math_qbank: true } };
    const rpc = {
      request: jest.fn(async (subject: string, data: Record<string, unknown>) => {
        calls.push([subject, data]);
        if (subject === Subjects.catalog.listProducts)
          return {
            products: [
              { id: 'teas_math_qbank', price: 20 },
              { id: 'med_dosage_workbook', price: 20 },
              { id: 'teas_math_sample_qbank', price: 0 },
            ],
          };
        if (subject === Subjects.catalog.userPurchases)
          return { uid: data.uid, purchases: ledger[data.uid as string] ?? {}, history: [] };
        return { uid: '', purchases: {}, history: [] };
      }),
    };
    const report = await importLegacyPurchases(rpc as never, [
      { uid: 'u1', purchases: { teas_math_qbank: 1 } },
      { uid: 'u2', purchases: { teas_math_qbank: true } },
      { uid: 'u3', purchases: { teas_math_sample_qbank: 'true' } },
    ]);
    expect(report).toEqual({ users: 1, granted: 1, skipped: ['u3:teas_math_sample_qbank'] });
    const updates = calls.filter(([s]) => s === Subjects.catalog.updateUserPurchases);
    expect(updates).toEqual([
      [
        Subjects.catalog.updateUserPurchases,
        { actor: MIGRATION_ACTOR, input: { uid: 'u1', purchases: { teas_math_qbank: true } } },
      ],
    ]);
  });
});
