/** Issue 28 (ADR 0038): every row of the clinical reference table cites a page, and is sane. */
import { FLUID_ROWS, PIGGYBACK_ROW } from './index';
import { SOURCES } from './index';
import {
  DRIP_ROW,
  DRUG_ROWS as TABLE_ROWS,
  HEPARIN_BAGS,
  HEPARIN_PROTOCOLS,
  HEPARIN_VIALS,
  HOUSEHOLD_ROWS,
  INFUSION_ROWS,
  TABLET_ROWS,
  VIAL_ROWS,
} from './table';
import type { DrugRow } from './types';

const DRUG_ROWS: readonly DrugRow[] = TABLE_ROWS;

const sourced = (s: {
  kind: string;
  title: string;
  url: string;
  accessed: string;
  note: string;
}) => {
  expect(['label', 'guideline', 'reference', 'secondary']).toContain(s.kind);
  expect(s.title.length).toBeGreaterThan(5);
  expect(s.url).toMatch(/^https?:\/\/\S+$/);
  expect(s.accessed).toBe('2026-11-27');
  expect(s.note.length).toBeGreaterThan(20);
};

describe('clinical reference table', () => {
  const rows: {
    source: Parameters<typeof sourced>[0];
    productSource?: Parameters<typeof sourced>[0];
  }[] = [
    ...DRUG_ROWS,
    ...TABLET_ROWS,
    ...INFUSION_ROWS,
    ...VIAL_ROWS,
    ...HEPARIN_PROTOCOLS,
    ...HEPARIN_BAGS,
    ...HEPARIN_VIALS,
    ...HOUSEHOLD_ROWS,
    ...FLUID_ROWS,
    PIGGYBACK_ROW,
    DRIP_ROW,
  ];

  it('cites a source on every row', () => {
    for (const row of rows) {
      sourced(row.source);
      if (row.productSource) sourced(row.productSource);
    }
    for (const f of FLUID_ROWS) sourced(f.rateSource);
    sourced(DRIP_ROW.countSource);
    for (const s of Object.values(SOURCES)) sourced(s);
  });

  it('keeps ranges ordered and ids unique', () => {
    expect(new Set(DRUG_ROWS.map((r) => r.id)).size).toBe(DRUG_ROWS.length);
    for (const r of [...DRUG_ROWS, ...INFUSION_ROWS])
      expect(r.dose.min).toBeLessThanOrEqual(r.dose.max);
    for (const r of DRUG_ROWS) {
      if (r.kg) expect(r.kg.min).toBeLessThanOrEqual(r.kg.max);
      if (r.population === 'neonatal') expect(r.kg?.max ?? 99).toBeLessThanOrEqual(5);
      if (r.population === 'pediatric') expect(r.kg?.min ?? 5).toBeGreaterThanOrEqual(5);
    }
    for (const t of TABLET_ROWS) for (const d of t.doses) expect(d).toBeGreaterThan(0);
  });
});
