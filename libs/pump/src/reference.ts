/**
 * Clinical reference rows for IV fluids: the bags a ward hangs, the fastest rate each fluid
 * runs at in a question, and the piggybacks hung on a secondary line. They live here, not in
 * libs/generators, because the pump generator must read them and libs/pump may not import
 * libs/generators (which imports libs/pump); the generators' reference index re-exports them,
 * so there is one table with one place per row (ADR 0038).
 */

/**
 * How far a cited page can be trusted (ADR 0038, source policy):
 * - `label`: the drug's prescribing information: DailyMed, FDA (api.fda.gov label or NDC text),
 *   EMA, the manufacturer's PI, or the full FDA label text republished verbatim with its
 *   manufacturer named;
 * - `guideline`: AHA/ACLS, NICE, WHO, ISMP, USP, ASHP, FDA policy, a professional society;
 * - `reference`: NCBI Bookshelf/StatPearls or PubMed, a peer-reviewed journal, BNF, AHFS or
 *   Lexicomp monographs on drugs.com/Medscape, a prescribing reference (MPR), a university or
 *   hospital protocol or drug guide, nursing textbooks on LibreTexts/OpenStax;
 * - `secondary`: anything else (AI-generated answers, aggregators, consumer and coupon sites,
 *   forums, mirrors of unknown provenance). A dosing number may not rest on these alone.
 */
export type SourceKind = 'label' | 'guideline' | 'reference' | 'secondary';

/** Where a row's numbers come from: a page found and read on `accessed`. */
export interface ReferenceSource {
  kind: SourceKind;
  title: string;
  url: string;
  /** ISO date the page was read. */
  accessed: string;
  /** What the page says that the row relies on, in a sentence. */
  note: string;
}

export interface FluidRow {
  /** As questions print it. */
  name: string;
  /** What the fluid is for in a question: maintenance fluids carry dextrose. */
  use: 'isotonic' | 'maintenance';
  /** Bag sizes (mL) on the label's How Supplied table. */
  bagsMl: readonly number[];
  /** Fastest rate (mL/hr) a question gives this fluid. */
  maxRateMlPerHr: number;
  source: ReferenceSource;
  /** Where the rate cap comes from, when it is not on the bag's label. */
  rateSource: ReferenceSource;
}

const ACCESSED = '2026-11-27';

/** NICE CG174: adults' routine maintenance is 25-30 mL/kg/day; a resuscitation bolus is 500 mL. */
const NICE_MAINTENANCE: ReferenceSource = {
  kind: 'reference',
  title:
    'Standards for intravenous fluid choice as per NICE guidelines (BMJ Open Quality, table 1)',
  url: 'http://bmjopenquality.bmj.com/highwire/markup/137873/expansion?width=1000&height=500&iframe=true&postprocessors=highwire_tables%2Chighwire_reclass%2Chighwire_figures%2Chighwire_math%2Chighwire_inline_linked_media%2Chighwire_embed',
  accessed: ACCESSED,
  note: 'Maintenance 25-30 mL/kg/day of water; resuscitation bolus 500 mL of crystalloid. Cap 150 mL/hr = 30 mL/kg/day for a 120 kg adult.',
};

const NICE_RESUSCITATION: ReferenceSource = {
  ...NICE_MAINTENANCE,
  note: 'A resuscitation bolus is 500 mL of crystalloid (0.9% NaCl or Hartmann\u2019s/LR); cap 500 mL/hr, the pump\u2019s own limit (spec: rates 10-500 mL/hr).',
};

const NS_BAGS: ReferenceSource = {
  kind: 'label',
  title:
    'openFDA NDC 0990-7983: Sodium Chloride Injection 0.9% in 250, 500 and 1000 mL bags (ICU Medical)',
  url: 'https://api.fda.gov/drug/ndc.json?search=packaging.package_ndc%3A%220990-7983-02%22',
  accessed: ACCESSED,
  note: 'NDC directory record: sodium chloride "900 mg/100mL"; packages "24 POUCH in 1 CASE / 1 BAG in 1 POUCH / 250 mL in 1 BAG", the same with "500 mL in 1 BAG" and "12 POUCH in 1 CASE / 1 BAG in 1 POUCH / 1000 mL in 1 BAG"; labeler ICU Medical Inc.',
};

const VIAFLEX_DEXTROSE_SALINE: ReferenceSource = {
  kind: 'label',
  title:
    'Dextrose and Sodium Chloride Injection, USP (VIAFLEX, Baxter): How Supplied (FDA label text, republished by RxList)',
  url: 'http://www.rxlist.com/dextrose-5-in-9-sodium-chloride-drug/indications-dosage.htm',
  accessed: ACCESSED,
  note: 'Dextrose-saline injections are supplied in 250, 500 and 1000 mL VIAFLEX containers.',
};

/** Primary fluids on a pump or by gravity. One bag each: a VTBI never exceeds the largest bag. */
export const FLUID_ROWS = [
  {
    name: '0.9% sodium chloride',
    use: 'isotonic',
    bagsMl: [250, 500, 1000],
    maxRateMlPerHr: 500,
    source: NS_BAGS,
    rateSource: NICE_RESUSCITATION,
  },
  {
    name: "lactated Ringer's solution",
    use: 'isotonic',
    bagsMl: [1000],
    maxRateMlPerHr: 500,
    source: {
      kind: 'label',
      title:
        "openFDA NDC 0264-7500: Lactated Ringer's Injection, 1000 mL container (B. Braun Medical)",
      url: 'https://api.fda.gov/drug/ndc.json?search=packaging.package_ndc%3A%220264-7500-10%22',
      accessed: ACCESSED,
      note: 'NDC directory record: brand Lactated Ringers (sodium chloride 0.6 g, sodium lactate 0.31 g, potassium chloride 0.03 g, calcium chloride 0.02 g per 100 mL); package "12 CONTAINER in 1 CASE (0264-7500-00) / 1000 mL in 1 CONTAINER"; labeler B. Braun Medical Inc. The table keeps the 1 L bag only.',
    },
    rateSource: NICE_RESUSCITATION,
  },
  {
    name: 'D5W',
    use: 'maintenance',
    bagsMl: [250, 500, 1000],
    maxRateMlPerHr: 150,
    source: {
      kind: 'label',
      title: 'Heparin Sodium in 5% Dextrose Injection (Pfizer): dosage table',
      url: 'https://www.pfizermedical.com/heparin-inj-5/highlights',
      accessed: ACCESSED,
      note: 'Doses are given "in 50 to 100 mL of 5% Dextrose Injection" and "in 1000 mL of 5% Dextrose Injection": the page states the 1,000 mL D5W bag; the 250 and 500 mL sizes are not on it and follow the VIAFLEX dextrose-saline sizes (a label of its own, cited on that row).',
    },
    rateSource: NICE_MAINTENANCE,
  },
  {
    name: 'D5 0.45% sodium chloride',
    use: 'maintenance',
    bagsMl: [250, 500, 1000],
    maxRateMlPerHr: 150,
    source: VIAFLEX_DEXTROSE_SALINE,
    rateSource: NICE_MAINTENANCE,
  },
  {
    name: "D5 lactated Ringer's",
    use: 'maintenance',
    bagsMl: [1000],
    maxRateMlPerHr: 150,
    source: {
      kind: 'label',
      title:
        "DailyMed archive: Lactated Ringer's and 5% Dextrose Injection, USP in VIAFLEX (Baxter)",
      url: 'https://dailymed.nlm.nih.gov/dailymed/archives/fdaDrugInfo.cfm?archiveid=74916',
      accessed: ACCESSED,
      note: 'Single-dose VIAFLEX container; values are given per liter (180 kcal/L); the table keeps the 1 L bag only.',
    },
    rateSource: NICE_MAINTENANCE,
  },
] as const satisfies readonly FluidRow[];

export type FluidName = (typeof FLUID_ROWS)[number]['name'];

export interface PiggybackRow {
  /** Volumes (mL) of the secondary bag. */
  volumesMl: readonly number[];
  /** Infusion times (minutes). */
  minutes: readonly number[];
  /** Fastest secondary rate (mL/hr). */
  maxRateMlPerHr: number;
  source: ReferenceSource;
}

/** IV antibiotic piggybacks: 50-100 mL over 30-60 minutes (at most 100 mL in 30 min). */
export const PIGGYBACK_ROW: PiggybackRow = {
  volumesMl: [50, 100],
  minutes: [30, 40, 45, 60],
  maxRateMlPerHr: 200,
  source: {
    kind: 'reference',
    title: 'Cefazolin: intermittent intravenous infusion (Galway University Hospitals IV guide)',
    url: 'https://medinfogalway.ie/node/2852/printable/print',
    accessed: ACCESSED,
    note: 'Add the dose to 100 mL and give over 30 to 60 minutes; a 50 mL infusion may be used. 100 mL in 30 min = 200 mL/hr.',
  },
};

/** The row of a fluid by name (throws on a name outside the table). */
export function fluidRow(name: string): (typeof FLUID_ROWS)[number] {
  const row = FLUID_ROWS.find((f) => f.name === name);
  if (!row) throw new Error(`no fluid row for ${name}`);
  return row;
}

/** Largest bag of a fluid: the most a single VTBI may be. */
export const maxBagMl = (name: string): number => Math.max(...fluidRow(name).bagsMl);
