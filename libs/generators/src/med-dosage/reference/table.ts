/**
 * The clinical reference table (ADR 0038): every drug dose, product strength, protocol cap,
 * drip set and household measure a Med Dosage generator may draw. Each row cites the page its
 * numbers come from (sources.ts). Fluids and piggybacks live in libs/pump (reference.ts) and
 * are re-exported by index.ts. Generators derive their ranges from these rows; the reference
 * property specs check 10,000 items per topic against them.
 */
import { S } from './sources';
import type {
  DrugRow,
  DripRow,
  HeparinProtocolRow,
  HouseholdRow,
  ProductRow,
  TabletRow,
} from './types';

/** Epinephrine: mg/mL on every label since the FDA change; the ratio is the legacy name. */
export const EPINEPHRINE = {
  /** 1 mg/mL, formerly 1:1,000; 0.1 mg/mL, formerly 1:10,000. */
  strengths: [
    { mgPerMl: 1, ratio: 1000 },
    { mgPerMl: 0.1, ratio: 10_000 },
  ],
  strengthSource: S.fdaRatio,
} as const;

export const DRUG_ROWS = [
  {
    id: 'epinephrine-im-anaphylaxis-adult',
    drug: 'epinephrine',
    route: 'IM',
    population: 'adult',
    indication: 'anaphylaxis',
    dose: { unit: 'mg', basis: 'dose', min: 0.3, max: 0.5, maxPerDose: 0.5 },
    intervalsHr: [],
    strengths: [{ amount: 1, unit: 'mg', perMl: 1, form: 'injection' }],
    source: S.epiLabel,
  },
  {
    id: 'epinephrine-im-anaphylaxis-pediatric',
    drug: 'epinephrine',
    route: 'IM',
    population: 'pediatric',
    indication: 'anaphylaxis',
    dose: { unit: 'mg', basis: 'kg/dose', min: 0.01, max: 0.01, maxPerDose: 0.3 },
    intervalsHr: [],
    kg: { min: 10, max: 30 },
    strengths: [{ amount: 1, unit: 'mg', perMl: 1, form: 'injection' }],
    source: S.epiLabel,
  },
  {
    id: 'epinephrine-iv-arrest-adult',
    drug: 'epinephrine',
    route: 'IV',
    population: 'adult',
    indication: 'cardiac arrest',
    dose: { unit: 'mg', basis: 'dose', min: 1, max: 1, maxPerDose: 1 },
    intervalsHr: [],
    strengths: [{ amount: 0.1, unit: 'mg', perMl: 1, form: 'prefilled syringe' }],
    source: S.acls,
    productSource: S.fdaRatio,
  },
  {
    id: 'lidocaine-local',
    drug: 'lidocaine',
    route: 'local',
    population: 'adult',
    indication: 'local infiltration',
    dose: { unit: 'mg', basis: 'dose', min: 5, max: 300, maxPerDose: 300 },
    intervalsHr: [],
    strengths: [
      { amount: 10, unit: 'mg', perMl: 1, form: '1% solution' },
      { amount: 20, unit: 'mg', perMl: 1, form: '2% solution' },
    ],
    source: S.lidocaine,
    productSource: S.lidocaineTable,
  },
  {
    id: 'lidocaine-epinephrine-local',
    drug: 'lidocaine with epinephrine',
    route: 'local',
    population: 'adult',
    indication: 'local infiltration',
    dose: { unit: 'mg', basis: 'dose', min: 5, max: 500, maxPerDose: 500 },
    intervalsHr: [],
    strengths: [
      { amount: 10, unit: 'mg', perMl: 1, form: '1% with epinephrine 1:100,000 or 1:200,000' },
    ],
    source: S.lidocaine,
    productSource: S.localEpi,
  },
  {
    id: 'magnesium-sulfate-iv',
    drug: 'magnesium sulfate',
    route: 'IV',
    population: 'adult',
    dose: { unit: 'g', basis: 'dose', min: 1, max: 4, maxPerDose: 5 },
    intervalsHr: [],
    strengths: [{ amount: 500, unit: 'mg', perMl: 1, form: '50% solution' }],
    source: S.magnesium,
  },
  {
    id: 'calcium-gluconate-iv',
    drug: 'calcium gluconate',
    route: 'IV',
    population: 'adult',
    dose: { unit: 'g', basis: 'dose', min: 1, max: 4 },
    intervalsHr: [],
    strengths: [{ amount: 100, unit: 'mg', perMl: 1, form: '10% solution' }],
    source: S.calciumGluconate,
  },
  {
    id: 'amoxicillin-po-q8',
    drug: 'amoxicillin',
    route: 'PO',
    population: 'pediatric',
    dose: { unit: 'mg', basis: 'kg/day', min: 40, max: 50 },
    intervalsHr: [8],
    kg: { min: 5, max: 40 },
    strengths: [],
    source: S.idwiki,
  },
  {
    id: 'amoxicillin-po-q12',
    drug: 'amoxicillin',
    route: 'PO',
    population: 'pediatric',
    dose: { unit: 'mg', basis: 'kg/day', min: 45, max: 90, maxPerDay: 4000 },
    intervalsHr: [12],
    kg: { min: 5, max: 40 },
    strengths: [],
    source: S.pedAbx,
  },
  {
    id: 'cephalexin-po',
    drug: 'cephalexin',
    route: 'PO',
    population: 'pediatric',
    dose: { unit: 'mg', basis: 'kg/day', min: 25, max: 100 },
    intervalsHr: [6],
    kg: { min: 5, max: 40 },
    strengths: [],
    source: S.idwiki,
  },
  {
    id: 'cefdinir-po',
    drug: 'cefdinir',
    route: 'PO',
    population: 'pediatric',
    dose: { unit: 'mg', basis: 'kg/day', min: 14, max: 14, maxPerDay: 600 },
    intervalsHr: [12, 24],
    kg: { min: 5, max: 42 },
    strengths: [
      { amount: 125, unit: 'mg', perMl: 5, form: 'oral suspension' },
      { amount: 250, unit: 'mg', perMl: 5, form: 'oral suspension' },
    ],
    source: S.cefdinir,
  },
  {
    id: 'clindamycin-po',
    drug: 'clindamycin',
    route: 'PO',
    population: 'pediatric',
    dose: { unit: 'mg', basis: 'kg/day', min: 30, max: 40 },
    intervalsHr: [6, 8],
    kg: { min: 5, max: 40 },
    strengths: [],
    source: S.pedMeds,
  },
  {
    id: 'clindamycin-iv',
    drug: 'clindamycin',
    route: 'IV',
    population: 'pediatric',
    dose: { unit: 'mg', basis: 'kg/day', min: 30, max: 40 },
    intervalsHr: [6, 8],
    kg: { min: 5, max: 40 },
    strengths: [],
    source: S.pedMeds,
  },
  {
    id: 'ampicillin-iv',
    drug: 'ampicillin',
    route: 'IV',
    population: 'pediatric',
    dose: { unit: 'mg', basis: 'kg/day', min: 100, max: 200, maxPerDose: 2000 },
    intervalsHr: [6],
    kg: { min: 5, max: 40 },
    strengths: [],
    source: S.idwiki,
  },
  {
    id: 'cefazolin-iv',
    drug: 'cefazolin',
    route: 'IV',
    population: 'pediatric',
    dose: { unit: 'mg', basis: 'kg/day', min: 75, max: 150, maxPerDose: 2000, maxPerDay: 6000 },
    intervalsHr: [8],
    kg: { min: 5, max: 80 },
    strengths: [{ amount: 100, unit: 'mg', perMl: 1, form: 'reconstituted solution' }],
    source: S.idwiki,
    productSource: S.cefazolinVials,
  },
  {
    id: 'gentamicin-iv-child',
    drug: 'gentamicin',
    route: 'IV',
    population: 'pediatric',
    dose: { unit: 'mg', basis: 'kg/day', min: 6, max: 7.5 },
    intervalsHr: [8],
    kg: { min: 5, max: 40 },
    strengths: [{ amount: 10, unit: 'mg', perMl: 1, form: 'pediatric injection' }],
    source: S.gentamicin,
    productSource: S.gentamicinVials,
  },
  {
    id: 'gentamicin-iv-neonate',
    drug: 'gentamicin',
    route: 'IV',
    population: 'neonatal',
    indication: 'first week of life',
    dose: { unit: 'mg', basis: 'kg/day', min: 5, max: 5 },
    intervalsHr: [12],
    kg: { min: 2.5, max: 4 },
    strengths: [{ amount: 10, unit: 'mg', perMl: 1, form: 'pediatric injection' }],
    source: S.gentamicin,
    productSource: S.gentamicinVials,
  },
] as const satisfies readonly DrugRow[];

export type DrugRowId = (typeof DRUG_ROWS)[number]['id'];

/** The row with `id` (throws on an id outside the table: a typo must fail the build's tests). */
export function drugRow(id: DrugRowId): DrugRow {
  const row = DRUG_ROWS.find((r) => r.id === id);
  if (!row) throw new Error(`no drug row ${id}`);
  return row;
}

/** Oral tablets: whole tablets of a marketed strength, at a dose the source gives. */
export const TABLET_ROWS = [
  {
    drug: 'digoxin',
    unit: 'mg',
    strengths: [0.125, 0.25],
    doses: [0.125, 0.25],
    sig: 'PO daily',
    orderUnit: 'mcg',
    source: S.digoxin,
    productSource: S.digoxinTablets,
  },
  {
    drug: 'lisinopril',
    unit: 'mg',
    strengths: [2.5, 5, 10, 20, 30, 40],
    doses: [2.5, 5, 10, 20, 40],
    sig: 'PO daily',
    source: S.lisinopril,
    productSource: S.lisinoprilTablets,
  },
  {
    drug: 'carvedilol',
    unit: 'mg',
    strengths: [3.125, 6.25, 12.5, 25],
    doses: [3.125, 6.25, 12.5, 25],
    sig: 'PO twice daily with food',
    source: S.carvedilol,
    productSource: S.carvedilol,
  },
  {
    drug: 'furosemide',
    unit: 'mg',
    strengths: [20, 40, 80],
    doses: [20, 40, 80],
    sig: 'PO daily',
    source: S.furosemide,
    productSource: S.furosemideTablets,
  },
  {
    drug: 'levothyroxine',
    unit: 'mcg',
    strengths: [25, 50, 75, 88, 100, 112, 125, 137, 150, 175, 200],
    doses: [25, 50, 75, 88, 100, 112, 125, 137, 150, 175, 200],
    sig: 'PO daily before breakfast',
    orderUnit: 'mg',
    source: S.levothyroxine,
    productSource: S.levothyroxine,
  },
  {
    drug: 'acetaminophen',
    unit: 'mg',
    strengths: [325, 500],
    doses: [325, 500, 650, 1000],
    sig: 'PO every 6 hours as needed for pain',
    orderUnit: 'g',
    source: S.acetaminophen,
    productSource: S.acetaminophen,
  },
] as const satisfies readonly TabletRow[];

/** Tablets per dose: one or two whole tablets (no source here says which tablets are scored). */
export const TABLETS_PER_DOSE = [1, 2] as const;

export const HEPARIN_PROTOCOLS = [
  {
    name: 'VTE',
    bolusUnitsPerKg: 80,
    maxBolusUnits: 10_000,
    infusionUnitsPerKgHr: 18,
    maxInfusionUnitsPerHr: 2000,
    source: S.heparinVte,
  },
  {
    name: 'ACS',
    bolusUnitsPerKg: 60,
    maxBolusUnits: 4000,
    infusionUnitsPerKgHr: 12,
    maxInfusionUnitsPerHr: 1000,
    source: S.heparinAcs,
  },
] as const satisfies readonly HeparinProtocolRow[];

/** Premixed heparin in D5W. */
export const HEPARIN_BAGS = [
  { units: 25_000, ml: 250, source: S.heparinBags100 },
  { units: 25_000, ml: 500, source: S.heparinBags40 },
  { units: 20_000, ml: 500, source: S.heparinBags40 },
  { units: 12_500, ml: 250, source: S.heparinBags100 },
] as const satisfies readonly ProductRow[];

/** Heparin vials for the bolus (units per 1 mL). */
export const HEPARIN_VIALS = [
  { units: 1000, ml: 1, source: S.heparinVial },
  { units: 5000, ml: 1, source: S.heparinVial },
] as const satisfies readonly ProductRow[];

export const DRIP_ROW: DripRow = {
  dropFactors: [10, 15, 20, 60],
  microdrip: 60,
  countableGttPerMin: { min: 15, max: 60 },
  source: S.openRnDrip,
  countSource: S.dropCount,
};

export const HOUSEHOLD_ROWS = [
  { unit: 'tsp', ml: 5, maxDoseMl: 15, source: S.household },
  { unit: 'tbsp', ml: 15, maxDoseMl: 30, source: S.household },
] as const satisfies readonly HouseholdRow[];
