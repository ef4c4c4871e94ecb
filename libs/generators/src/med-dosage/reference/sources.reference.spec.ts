/**
 * Issue 28 (ADR 0038, source policy): the pages the clinical reference table cites. No page is on
 * the blocklist of AI-generated answers, aggregators, coupon and consumer sites and forums, and
 * every dosing row (doses, maxima, intervals, infusion caps) rests on a label, a guideline or a
 * reference. The sources and rows not yet upgraded are named below, one by one: each must still
 * be what it is said to be (a secondary page), so the lists only shrink, and nothing else may
 * slip in.
 */
import {
  DRUG_ROWS,
  FLUID_ROWS,
  HEPARIN_PROTOCOLS,
  INFUSION_ROWS,
  PIGGYBACK_ROW,
  SOURCES,
  TABLET_ROWS,
  type ReferenceSource,
} from './index';

/** Hosts whose pages a nurse educator would not sign (issue 28 review). */
const BLOCKLIST = [
  'droracle.ai',
  'rx-index.ru',
  'answercult.com',
  'allnurses.com',
  'philly.com',
  'pharmacy-near-me.com',
  'symclub.org',
  'azkurs.org',
  'getreliefresponsibly.com',
  'themeditary.com',
  'edrugswiki.com',
  'seniorhealthcarematters.com',
  'mimsdev.com',
  'perks.optum.com',
  'singlecare.com',
  'wellrx.com',
  'recallguide.org',
  'sterilemate.com',
  'docslib.org',
  'dataemia.com',
  'opicalc.com',
  'newmedicalterms.com',
];

const KINDS = ['label', 'guideline', 'reference', 'secondary'];

/**
 * Sources (keys of SOURCES) still to be replaced by a label, guideline or reference page that
 * states the same numbers. Remove a key when its page is replaced; add none.
 */
const PENDING_SOURCES = new Set([
  'localEpi',
  'cefazolinVials',
  'digoxin',
  'furosemide',
  'levothyroxine',
  'acetaminophen',
  'icuDilutions',
  'ashpConcentrations',
  'dexamethasone',
  'ceftriaxonePed',
  'ceftriaxoneIv',
  'ceftriaxoneIm',
  'amoxicillinSuspension',
  'dropCount',
]);

/** Fluid rows whose bag source is still a secondary page (pump reference). */
const PENDING_FLUIDS = new Set<string>([]);

/** Non-dosing conventions kept on a secondary page on purpose (the note says why). */
const SECONDARY_CONVENTIONS = new Set(['household']);

/** Dosing rows whose dose still rests on a secondary page only (drug row ids, tablet drugs). */
const PENDING_DOSING_ROWS = new Set([
  'dexamethasone-croup',
  'ceftriaxone-iv-pediatric',
  'digoxin-po-solution',
  'tablets:digoxin',
  'tablets:furosemide',
  'tablets:levothyroxine',
  'tablets:acetaminophen',
]);

const blocklisted = (s: ReferenceSource): boolean => {
  const host = new URL(s.url).hostname.replace(/^www\./, '');
  return BLOCKLIST.some((d) => host === d || host.endsWith(`.${d}`));
};

const fluidSources = FLUID_ROWS.flatMap((f) => [
  { key: `fluid:${f.name}`, name: f.name, source: f.source as ReferenceSource },
  { key: `fluid-rate:${f.name}`, name: f.name, source: f.rateSource as ReferenceSource },
]);

describe('clinical reference sources (source policy)', () => {
  it('classifies every page by kind', () => {
    const all: ReferenceSource[] = [
      ...Object.values(SOURCES),
      ...fluidSources.map((f) => f.source),
      PIGGYBACK_ROW.source,
    ];
    for (const s of all) expect(KINDS).toContain(s.kind);
  });

  it('cites no page on the blocklist, outside the named pending replacements', () => {
    const offenders = Object.entries(SOURCES)
      .filter(([key, s]) => blocklisted(s) && !PENDING_SOURCES.has(key))
      .map(([key, s]) => `${key}: ${s.url}`);
    for (const f of fluidSources)
      if (blocklisted(f.source) && !PENDING_FLUIDS.has(f.name))
        offenders.push(`${f.key}: ${f.source.url}`);
    if (blocklisted(PIGGYBACK_ROW.source)) offenders.push(`piggyback: ${PIGGYBACK_ROW.source.url}`);
    expect(offenders).toEqual([]);
  });

  it('keeps a secondary page only where it is named as pending or as a convention', () => {
    const secondary = Object.entries(SOURCES)
      .filter(([, s]) => s.kind === 'secondary')
      .map(([key]) => key)
      .filter((key) => !PENDING_SOURCES.has(key) && !SECONDARY_CONVENTIONS.has(key));
    expect(secondary).toEqual([]);
    for (const key of SECONDARY_CONVENTIONS) {
      const s = SOURCES[key as keyof typeof SOURCES];
      expect(blocklisted(s)).toBe(false);
      expect(s.note).toMatch(/kept although secondary/i);
    }
  });

  it('names only pending sources that exist and are still secondary (the list only shrinks)', () => {
    for (const key of PENDING_SOURCES) {
      const s = (SOURCES as Record<string, ReferenceSource | undefined>)[key];
      expect({ key, kind: s?.kind }).toEqual({ key, kind: 'secondary' });
    }
    for (const name of PENDING_FLUIDS) {
      const row = FLUID_ROWS.find((f) => f.name === name);
      expect({ name, kind: row?.source.kind }).toEqual({ name, kind: 'secondary' });
    }
  });

  it('rests every dosing row on a label, guideline or reference page', () => {
    const dosing: { id: string; source: ReferenceSource }[] = [
      ...DRUG_ROWS.map((r) => ({ id: r.id as string, source: r.source as ReferenceSource })),
      ...TABLET_ROWS.map((t) => ({ id: `tablets:${t.drug}`, source: t.source as ReferenceSource })),
      ...INFUSION_ROWS.map((r) => ({
        id: `infusion:${r.drug} ${r.bagAmount} ${r.bagUnit}`,
        source: r.source as ReferenceSource,
      })),
      ...HEPARIN_PROTOCOLS.map((p) => ({
        id: `heparin:${p.name}`,
        source: p.source as ReferenceSource,
      })),
      ...FLUID_ROWS.map((f) => ({
        id: `fluid-rate:${f.name}`,
        source: f.rateSource as ReferenceSource,
      })),
      { id: 'piggyback', source: PIGGYBACK_ROW.source },
    ];
    const unsourced = dosing
      .filter((d) => d.source.kind === 'secondary' && !PENDING_DOSING_ROWS.has(d.id))
      .map((d) => `${d.id}: ${d.source.url}`);
    expect(unsourced).toEqual([]);
    const ids = new Set(dosing.map((d) => d.id));
    for (const id of PENDING_DOSING_ROWS) {
      expect(ids.has(id)).toBe(true);
      expect({ id, kind: dosing.find((d) => d.id === id)?.source.kind }).toEqual({
        id,
        kind: 'secondary',
      });
    }
  });
});
