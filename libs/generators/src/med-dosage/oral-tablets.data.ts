// Data of the oral-tablets generator (oral-tablets.ts): oral tablets with their strengths and
// largest single doses. The numbers are clinical reference values; a change here changes the
// generated questions. Strengths and doses come from the clinical reference table (reference/,
// ADR 0038): a dose is one the source gives, made of one or two whole tablets.

import { TABLET_ROWS, TABLETS_PER_DOSE } from './reference';

export type MassUnit = 'g' | 'mg' | 'mcg';

/** Micrograms in one of each mass unit. */
export const MCG_PER: Record<MassUnit, number> = { g: 1_000_000, mg: 1000, mcg: 1 };

export interface TabletDrug {
  drug: string;
  unit: MassUnit;
  strengths: readonly number[];
  /** Single doses ordered (in `unit`), the reference row's. */
  doses: readonly number[];
  /** Largest single dose ordered (in `unit`). */
  maxDose: number;
  /** No reference row says which tablets are scored: whole tablets only. */
  scored: boolean;
  sig: string;
  /** Another unit the prescriber may write the order in. */
  orderUnit?: MassUnit;
}

/** Oral tablets with their marketed strengths and usual doses, from the reference table. */
export const TABLET_DRUGS: readonly TabletDrug[] = TABLET_ROWS.map((row) => ({
  drug: row.drug,
  unit: row.unit,
  strengths: row.strengths,
  doses: row.doses,
  maxDose: Math.max(...row.doses),
  scored: false,
  sig: row.sig,
  ...('orderUnit' in row && { orderUnit: row.orderUnit }),
}));

/** Tablets per dose: one or two whole tablets. */
export const ORAL_TABLET_RANGES = {
  tablets: [...TABLETS_PER_DOSE],
  maxTablets: Math.max(...TABLETS_PER_DOSE),
} as const;

/** Every (strength, tablets) of a drug whose dose is one the row orders. */
export function tabletChoices(drug: TabletDrug): { have: number; tablets: number }[] {
  return drug.strengths.flatMap((have) =>
    ORAL_TABLET_RANGES.tablets
      .filter((tablets) => drug.doses.some((d) => Math.abs(d - have * tablets) < 1e-9))
      .map((tablets) => ({ have, tablets })),
  );
}
