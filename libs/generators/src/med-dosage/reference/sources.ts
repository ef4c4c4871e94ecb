/**
 * The pages the reference table cites, one constant per page, each read with the search tool on
 * the date in `accessed` (ADR 0038). A row cites the page whose text carries its numbers; the
 * note says which sentence that is.
 */
import type { ReferenceSource } from '@examprep/pump';

export type { ReferenceSource };

const accessed = '2026-11-27';
const src = (title: string, url: string, note: string): ReferenceSource => ({
  title,
  url,
  accessed,
  note,
});

export const S = {
  acls: src(
    'Adrenaline (Epinephrine) Dosage in Adult CPR (droracle.ai, citing the 2020 AHA guidelines)',
    'https://www.droracle.ai/articles/326516/what-is-the-recommended-dose-of-adrenaline-epinephrine-in',
    'Adult cardiac arrest: 1 mg IV/IO every 3-5 minutes; high-dose epinephrine is not recommended.',
  ),
  fdaRatio: src(
    'FDA: Single Entity Injectable Drug Products (archived fda.gov page)',
    'https://public4.pagefreezer.com:443/content/FDA/16-06-2022T13:39/https://www.fda.gov/drugs/information-drug-class/single-entity-injectable-drug-products',
    'Ratio strengths are removed from single-entity injectables: epinephrine 1:1,000 is labeled 1 mg/mL and 1:10,000 is 0.1 mg/mL.',
  ),
  epiLabel: src(
    'DailyMed: EPINEPHRINE injection 1 mg/mL (American Regent)',
    'https://dailymed.nlm.nih.gov/dailymed/drugInfo.cfm?setid=6add7604-71f6-4d8a-9447-17ad01fa839d',
    'Anaphylaxis, adults and children 30 kg or more: 0.3 to 0.5 mg IM into the anterolateral thigh every 5 to 10 minutes; 1 mg/mL ampule.',
  ),
  lidocaine: src(
    'Lidocaine Hydrochloride Prescribing Information (PrescriberPoint)',
    'https://prescriberpoint.com/therapies/lidocaine-hydrochloride-27b6ef5',
    'Without epinephrine: at most 4.5 mg/kg and in general no more than 300 mg total; with epinephrine: 7 mg/kg and no more than 500 mg.',
  ),
  lidocaineTable: src(
    'Lidocaine Hydrochloride and Epinephrine Injection: Dosage and Administration (Pfizer)',
    'https://www.pfizermedicalinformation.com/lidocaine-hydrochloride/dosage-admin',
    'Percutaneous infiltration: 0.5 or 1% solution, 1 to 60 mL, 5 to 300 mg; dental: 2%, 1 to 5 mL, 20 to 100 mg.',
  ),
  localEpi: src(
    'Epinephrine injection (Anakit) dosage, from RxList',
    'http://www.seniorhealthcarematters.com/drug/7-3134/anakit',
    'Epinephrine 1:100,000 (0.01 mg/mL) to 1:20,000 (0.05 mg/mL) is the usual concentration employed with local anesthetics.',
  ),
  magnesium: src(
    'Magnesium sulfate: dosage and standard dilutions (label text, NewMedicalTerms)',
    'https://www.newmedicalterms.com/dilution/magnesium-sulfate/',
    'Mild deficiency: 1 g (2 mL of the 50% solution) IM every 6 hours; standard dilutions 1-4 g; eclampsia loading 4-5 g.',
  ),
  calciumGluconate: src(
    'Calcium Gluconate Injection Dosage for Hypocalcemia (droracle.ai, from the label)',
    'https://www.droracle.ai/articles/226980/what-is-the-dosage-and-administration-of-calcium-gluconate',
    '10% calcium gluconate: 1-2 g (10-20 mL) IV for mild and 2-4 g for moderate to severe hypocalcemia.',
  ),
  heparinVte: src(
    'Durham VA Medical Center: Weight-Based Heparin Nomogram, DVT/PE Protocol',
    'https://azkurs.org/dvtpe-protocol-obtain-baseline-labs.html',
    'Bolus 80 units/kg (max 10,000 units); infusion 18 units/kg/hr (max initial rate 2,000 units/hr); heparin supplied as 25,000 units/250 mL D5W.',
  ),
  heparinAcs: src(
    'Heparin Dosing for STEMI (droracle.ai, citing ACC/AHA guidelines)',
    'https://www.droracle.ai/articles/332979/what-is-the-recommended-heparin-anticoagulant-bolus-and-infusion',
    'STEMI: 60 U/kg IV bolus (maximum 4,000 U), then 12 U/kg/hour (maximum 1,000 U/hour).',
  ),
  heparinBags40: src(
    'Heparin Sodium in 5% Dextrose Injection (Hospira) prescribing information',
    'https://www.drugs-library.com/drugs/heparin-sodium_32436896.html',
    '20,000 USP units/500 mL (40 units/mL) or 25,000 USP units/500 mL (50 units/mL) in 5% dextrose.',
  ),
  heparinBags100: src(
    'Heparin Sodium and Dextrose (Hospira) prescribing information',
    'https://drugs-library.com/drugs/heparin-sodium-and-dextrose.html',
    '12,500 units/250 mL (50 units/mL), 10,000 units/100 mL or 25,000 units/250 mL (100 units/mL).',
  ),
  heparinVial: src(
    'DailyMed archive: Heparin Sodium Injection, USP (Hospira)',
    'http://dailymed.nlm.nih.gov/dailymed/archives/fdaDrugInfo.cfm?archiveid=14750',
    'Heparin Sodium Injection, USP is available in concentrations of 1,000, 5,000 and 10,000 USP units per mL, for IV or deep subcutaneous use.',
  ),
  idwiki: src(
    'IDWiki: Pediatric dosing of antimicrobials',
    'https://idwiki.org/index.php?oldid=2962&title=Pediatric_dosing_of_antimicrobials',
    'Infants and children: ampicillin IV 100-200 mg/kg/day q6h (max 2 g/dose); amoxicillin 40-50 mg/kg/day q8h, 80-90 q8h; cefazolin 75-150 mg/kg/day q8h (max 2 g/dose); cephalexin 25-100 mg/kg/day qid.',
  ),
  pedAbx: src(
    'Pediatric Antibiotic Dosing in Community-Acquired Infections (droracle.ai)',
    'https://www.droracle.ai/articles/633700/what-are-the-typical-doses-of-commonly-used-pediatric',
    'Children over 3 months: amoxicillin 45 mg/kg/day q12h, or 90 mg/kg/day q12h (max 4 g/day); under 3 months max 30 mg/kg/day.',
  ),
  pedMeds: src(
    'Common Pediatric Medications and Dosages (droracle.ai)',
    'https://www.droracle.ai/articles/808502/what-are-the-most-common-medications-and-their-dosages',
    'Clindamycin IV 40 mg/kg/day divided q6-8h; PO 30-40 mg/kg/day in 3-4 doses.',
  ),
  cefdinir: src(
    'Cefdinir for oral suspension label (Orchidpharma)',
    'https://www.recallguide.org/manufacturer/orchidpharma-inc/',
    '6 months-12 years: 14 mg/kg/day (7 mg/kg q12h or 14 mg/kg q24h), max 600 mg/day; 125 mg/5 mL and 250 mg/5 mL.',
  ),
  gentamicin: src(
    'Gentamicin Inj (MPR / empr.com)',
    'https://www.empr.com/drug/gentamicin-inj/',
    'Children: 2-2.5 mg/kg every 8 hours; premature and infants under 1 week: 2.5 mg/kg every 12 hours.',
  ),
  gentamicinVials: src(
    'Gentamicin sulfate pediatric monograph (WellRx)',
    'https://www.wellrx.com/gentamicin%2520sulfate/pediactric-monographs/',
    'Concentrated solutions (10 mg/mL and 40 mg/mL) may be diluted for IV infusion.',
  ),
  cefazolinVials: src(
    'Cefazolin sodium pediatric monograph (WellRx)',
    'https://www.wellrx.com/cefazolin%2520sodium-dextrose/pediactric-monographs',
    'Reconstitute the 10 g vial with 96 mL to yield 100 mg/mL (or 45 mL for 200 mg/mL).',
  ),
  digoxin: src(
    'Digoxin Dosing and Usage for Heart Conditions (droracle.ai, citing ACC/AHA)',
    'https://www.droracle.ai/articles/660572/what-is-the-recommended-dosage-and-usage-of-digoxin',
    'Maintenance 0.25 mg daily (<70 y), 0.125 mg (older or renal impairment), 0.0625 mg (marked impairment); rarely exceed 0.25 mg daily.',
  ),
  digoxinTablets: src(
    'openFDA NDC 69238-1991 and 0115-9822: digoxin tablets 125 mcg and 250 mcg',
    'https://api.fda.gov/drug/ndc.json?search=packaging.package_ndc%3A%2269238-1991-1%22',
    'Digoxin tablets are listed at 125 ug and 250 ug strengths.',
  ),
  lisinopril: src(
    'Recommended Dosage of Lisinopril for Adults with Hypertension (droracle.ai, from the label)',
    'https://www.droracle.ai/articles/443124/what-is-the-recommended-dose-of-lisinopril-angiotensin-converting-enzyme',
    'Initial 10 mg once daily (5 mg with diuretics, 2.5 mg on dialysis); usual 20-40 mg once daily.',
  ),
  lisinoprilTablets: src(
    'Lisinopril oral tablets dosage (Optum Perks, medically reviewed)',
    'https://perks.optum.com/blog/lisinopril-tablet-dosage',
    'Tablets of 2.5, 5, 10, 20, 30 and 40 mg.',
  ),
  carvedilol: src(
    'Beta-Blocker Dosing for Heart Failure and Hypertension (droracle.ai)',
    'https://www.droracle.ai/articles/534788/what-are-the-typical-doses-of-carvedilol-beta-blocker',
    'Carvedilol: start 3.125 mg twice daily, titrate 6.25, 12.5, 25 mg twice daily (hypertension max 25 mg twice daily).',
  ),
  furosemide: src(
    'Furosemide Dosage (TheMediTary, label text)',
    'https://themeditary.com/dosage-information/furosemide-dosage-488.html',
    'Edema, oral: initial dose 20 to 80 mg once; IV/IM 20 to 40 mg once.',
  ),
  furosemideTablets: src(
    'Furosemide administration: forms and strengths (SymClub)',
    'https://symclub.org/en/topic-discussion-furosemide-administration-forms-strengths-usage-and-additional-details',
    'Oral tablets in 20 mg, 40 mg and 80 mg; usual adult edema dose 20 to 80 mg.',
  ),
  levothyroxine: src(
    'Levothyroxine Available Doses for Prescription (droracle.ai)',
    'https://www.droracle.ai/articles/767527/what-are-the-available-doses-of-levothyroxine-t4-for',
    'Tablets 25, 50, 75, 88, 100, 112, 125, 137, 150, 175, 200, 300 mcg; most patients need 100-150 mcg daily; elderly start 25-50 mcg.',
  ),
  acetaminophen: src(
    'Adult acetaminophen dosage chart (Get Relief Responsibly, CHPA)',
    'https://getreliefresponsibly.com/use-pain-medicine-safely/adult-acetaminophen-dosing',
    'Regular strength 325 mg: 2 pills every 4 to 6 hours; extra strength 500 mg: 2 pills every 6 hours; daily limit 4,000 mg.',
  ),
  vimDrips: src(
    'Virginia Internal Medicine book: Critical care drips',
    'https://www.vim-book.org/critical-care/critical-care-drips/',
    'Norepinephrine 1-100 mcg/min; phenylephrine 40-360 mcg/min; epinephrine 1-40 mcg/min; dopamine 2-20 and dobutamine 2.5-20 mcg/kg/min; propofol 5-150 mcg/kg/min; dexmedetomidine 0.1-1.5 mcg/kg/h.',
  ),
  icuDilutions: src(
    'ICU Drug Dilutions for Infusion (droracle.ai)',
    'https://www.droracle.ai/articles/736561/what-are-the-recommended-dilutions-and-infusion-rates-for',
    'Norepinephrine and epinephrine 4-16 mg in 250 mL (16-64 mcg/mL); dopamine 400-800 mg in 250 mL (1,600-3,200 mcg/mL); norepinephrine initial 0.05-0.1 mcg/kg/min.',
  ),
  norepinephrine: src(
    'Norepinephrine 16 mg in 250 mL: concentration and titration (droracle.ai)',
    'https://www.droracle.ai/articles/724902/what-is-the-dosing-and-titration-for-a-critically',
    'The standard adult concentration is 16 mcg/mL (4 mg in 250 mL D5W); start at 8-12 mcg/min.',
  ),
  dobutamine: src(
    'Dobutamine in 5% Dextrose Injection: Dosage and Administration (Pfizer)',
    'https://www.pfizermedicalinformation.com/en-us/dobutamine-0/dosage-admin',
    'Premixed at 500, 1,000, 2,000 and 4,000 mg/L; usual rates 2-20 mcg/kg/min, rarely up to 40.',
  ),
  nitroglycerin: src(
    'Nitroglycerin in 5% Dextrose Injection (Baxter) prescribing information',
    'https://drugs-library.com/drugs/nitroglycerin-in-dextrose_457a026c.html',
    '25 mg, 50 mg or 100 mg in 250 mL: 100, 200 or 400 mcg/mL.',
  ),
  nitroglycerinDose: src(
    'Starting Nitroglycerin Infusion: Practical Dosing Guide (droracle.ai)',
    'https://www.droracle.ai/articles/633905/what-is-the-starting-dose-of-nitroglycerin-ntg-in',
    'Start at 5-10 mcg/min and titrate; standard maximum 200 mcg/min.',
  ),
  diltiazem: src(
    'Diltiazem hydrochloride injection: Dosage and Administration (Pfizer)',
    'https://pfizermedicalinformation.com/en-us/diltiazem/dosage-admin',
    'Infusion starts at 10 mg/h (some patients 5 mg/h) and may rise in 5 mg/h steps to 15 mg/h.',
  ),
  ashpConcentrations: src(
    'ASHP Standardize 4 Safety: adult continuous IV infusion standard concentrations v1.01',
    'https://docslib.org/doc/8732101/standardized-concentrations-adult-continuous-iv-infusions-version-1-01',
    'Standard concentrations include diltiazem 1 mg/mL (125 mg in 125 mL) dosed in mg/hour.',
  ),
  amiodarone: src(
    'Nexterone (amiodarone premixed) dosage (Drugs.com, from the label)',
    'http://drugs.com/dosage/nexterone.html',
    '360 mg/200 mL (1.8 mg/mL) at 1 mg/min for 6 hours, then 0.5 mg/min.',
  ),
  esmolol: src(
    'Esmolol (Brevibloc) IV guide (Galway University Hospitals)',
    'https://medinfogalway.ie/index.php/node/2806/printable/print',
    'Brevibloc 2,500 mg in 250 mL (10 mg/mL); maintenance 50-200 mcg/kg/min, exceptionally up to 300.',
  ),
  propofol: src(
    'Propofol Infusion Starting Dose (droracle.ai, from the label)',
    'https://www.droracle.ai/articles/601636/what-is-the-recommended-starting-dose-for-a-propofol',
    'ICU sedation: start 5 mcg/kg/min, most patients need 5-50 mcg/kg/min; propofol is 10 mg/mL.',
  ),
  litfl: src(
    'LITFL: Drug Infusion Doses',
    'https://litfl.com/drug-infusion-doses/',
    'Dexmedetomidine 4 mcg/mL, maintenance 0.2-1 mcg/kg/h; insulin 1 unit/mL at 0.1 units/kg/h for DKA.',
  ),
  nicardipine: src(
    'Nicardipine hydrochloride injection label (RecallGuide)',
    'https://recallguide.org/drug/nicardipine-hydrochloride',
    '25 mg diluted to 250 mL (0.1 mg/mL); start 5 mg/hr, increase by 2.5 mg/hr to at most 15 mg/hr.',
  ),
  insulin: src(
    'Insulin infusion rate calculator for DKA (OpiCalc, ADA protocol)',
    'https://www.opicalc.com/calculators/Endocrinology/insulin-infusion-rate-calculator-dka',
    'ADA: 0.1 U/kg/hr after a bolus or 0.14 U/kg/hr alone; reduce to 0.02-0.05 U/kg/hr when glucose reaches 200 mg/dL.',
  ),
  insulinBag: src(
    'Insulin Regular Regimen for Adult DKA (droracle.ai)',
    'https://www.droracle.ai/articles/877818/what-is-the-recommended-insulin-regular-human-insulin-regimen',
    '100 units of regular insulin in 100 mL of 0.9% sodium chloride (1 unit/mL).',
  ),
  phenylephrine: src(
    'Phenylephrine (Neosynephrine) standard dilutions (GlobalRPh)',
    'https://globalrph.com/dilution/neosynephrine-phenylephrine/',
    'Standard dilution 25 mg in 250 mL (0.1 mg/mL).',
  ),
  phenylephrineDose: src(
    'Phenylephrine preparation (emed.ie)',
    'http://emed.ie/Pharmacology/Phenylephrine.php',
    'Continuous infusion: initial maximum 180 mcg/min, adjusted to 30-60 mcg/min.',
  ),
  acetaminophenPed: src(
    'Acetaminophen Pediatric Dosing (droracle.ai)',
    'https://www.droracle.ai/articles/868055/what-is-the-weightbased-dosing-guideline-for-acetaminophen-in',
    '10-15 mg/kg per dose every 4-6 hours, at most 75 mg/kg/day and 4,000 mg/day.',
  ),
  acetaminophenLiquid: src(
    'Acetaminophen Dosing (Needham Pediatrics)',
    'https://www.needhampediatrics.com/acetaminophen-dosing.html',
    'All acetaminophen liquid now sold is 160 mg/5 mL (32 mg/mL).',
  ),
  ibuprofenPed: src(
    'Ibuprofen Dosing for Children (droracle.ai)',
    'https://www.droracle.ai/articles/496430/what-is-the-recommended-dose-of-ibuprofen-nonsteroidal-anti-inflammatory',
    '10 mg/kg every 6-8 hours, at most 40 mg/kg/day; from 6 months and 5-6 kg; over 40 kg adult dosing.',
  ),
  ibuprofenLiquid: src(
    "Children's ibuprofen dosage, forms and strengths (SingleCare)",
    'https://www.singlecare.com/prescription/childrens-ibuprofen/dosage',
    "Children's ibuprofen oral suspension is 100 mg per 5 mL.",
  ),
  vancomycinPed: src(
    'Vancomycin Dosing in Pediatric Patients (droracle.ai)',
    'https://www.droracle.ai/articles/467476/what-is-the-recommended-dosing-regimen-for-vancomycin-in',
    'Infants and children: 15 mg/kg IV every 6 hours (60 mg/kg/day); moderate infections 40-60 mg/kg/day every 6-8 hours.',
  ),
  vancomycinVial: src(
    'Vancomycin (Celovan) dosage and reconstitution (MIMS)',
    'https://uat.mimsdev.com/malaysia/drug/info/celovan/dosage',
    'Dissolve 500 mg in 10 mL of sterile water to give 50 mg/mL.',
  ),
  dexamethasone: src(
    'Dexamethasone Dosing for Croup (droracle.ai, AAP)',
    'https://www.droracle.ai/articles/649545/what-is-the-recommended-dosing-for-dexamethasone-corticosteroid-in',
    'A single dose of 0.6 mg/kg (maximum 16 mg) PO, IM or IV; 16 mg is a 4 mL volume (4 mg/mL injection).',
  ),
  ceftriaxonePed: src(
    'Ceftriaxone (Xtenda) dosage (MIMS)',
    'https://uat.mimsdev.com/philippines/drug/info/xtenda/dosage',
    'Children: 50-75 mg/kg/day once daily (or divided every 12 hours), not more than 2 g a day.',
  ),
  ceftriaxoneIv: src(
    'Ceftriaxone (Oncef) reconstitution (MIMS)',
    'https://uat.mimsdev.com/philippines/drug/info/oncef/caution',
    'For IV injection, 1 g is dissolved in 10 mL of sterile water (100 mg/mL).',
  ),
  ceftriaxoneIm: src(
    'Lidocaine dilution for IM ceftriaxone (droracle.ai, from the FDA label table)',
    'https://www.droracle.ai/articles/863756/how-much-preservativefree-1-lidocaine-can-be-added-to',
    '500 mg vial + 1.0 mL 1% lidocaine = 350 mg/mL; 1 g vial + 2.1 mL = 350 mg/mL (3.6 mL = 250 mg/mL).',
  ),
  cefazolinIm: src(
    'Cefazolin for Injection: reconstitution table (label, MedLibrary)',
    'https://medlibrary.org/lib/rx/meds/cefazolin-25/page/3/',
    'Sterile water: 500 mg vial + 2 mL = 225 mg/mL; 1 g vial + 2.5 mL = 330 mg/mL (IM, IV bolus or infusion).',
  ),
  ampicillinIm: src(
    'Ampicillin for Injection: directions for use (label, MedLibrary)',
    'https://medlibrary.org/lib/rx/meds/ampicillin-20/page/4/',
    'Intramuscular: 500 mg + 1.8 mL and 1 g + 3.5 mL of sterile water give 250 mg/mL.',
  ),
  methylprednisolone: src(
    'Solu-Medrol (methylprednisolone sodium succinate) description (RxList copy)',
    'http://rx-index.ru/m/1700-methylprednisolone-sodium-succinate-solu-medrol.html',
    '125 mg Act-O-Vial: each 2 mL (when mixed) contains 125 mg methylprednisolone (62.5 mg/mL).',
  ),
  acyclovir: src(
    'DailyMed archive: Acyclovir for Injection USP (Bedford)',
    'http://www.dailymed.nlm.nih.gov/dailymed/archives/fdaDrugInfo.cfm?archiveid=2429',
    'The 500 mg or 1,000 mg vial with 10 or 20 mL of sterile water gives 50 mg/mL.',
  ),
  penicillinG: src(
    'Penicillin G preparation (AdventHealth Kansas City antimicrobial guide, Firstline)',
    'https://app.firstline.org/en/clients/236-adventhealth-kansas-city/antimicrobials/13025',
    '5 million unit vial + 8.2 mL = 500,000 units/mL; + 3.2 mL = 1,000,000 units/mL.',
  ),
  amoxicillinSuspension: src(
    'How Amoxicillin Oral Suspension Is Supplied (droracle.ai, from the label)',
    'https://www.droracle.ai/articles/875683/how-is-amoxicillin-oral-suspension-supplied',
    '125 mg/5 mL and 250 mg/5 mL, each in 80, 100 and 150 mL bottles.',
  ),
  amoxicillinDose: src(
    'Amoxicillin Suspension dosage (eDrugsWiki, label table)',
    'http://edrugswiki.com/drug/amoxicillin-suspension',
    'Adults: 250-500 mg every 8 hours or 500-875 mg every 12 hours; children 20-45 mg/kg/day.',
  ),
  digoxinSolution: src(
    'Digoxin oral solution 0.05 mg/mL, NDC 66689-327 (VistaPharm)',
    'https://pharmacy-near-me.com/drug/digoxin-66689-327/',
    'Digoxin 0.05 mg/mL oral solution in a 60 mL glass bottle.',
  ),
  household: src(
    'Safety Standards Needed for Measuring Liquid Medications (ISMP founder, Philly.com)',
    'http://www.philly.com/philly/blogs/healthcare/Safety-Standards-Needed-for-Measuring-Liquid-Medications----.html?c=r',
    'A tablespoonful contains about a half ounce, or 15 mL, while a teaspoonful is about 5 mL.',
  ),
  mlOnly: src(
    'Choosing Wisely (ASHP): oral liquid medications in mL (AAFP)',
    'https://www.aafp.org/pubs/afp/collections/choosing-wisely/341.html',
    'Errors and deaths have occurred with teaspoon/tablespoon doses; administer oral liquids in mL only.',
  ),
  openRnDrip: src(
    'Open RN Nursing Skills 5.14: IV Infusion by Gravity',
    'https://med.libretexts.org/Bookshelves/Nursing/Nursing_Skills_(OpenRN)/05%3A_Math_Calculations/5.14%3A_IV_Infusion_by_Gravity',
    'Macrodrip tubing is 10, 15 or 20 drops per mL, for general IV solutions to adults; microdrip is 60 drops per mL, for small precise amounts; the nurse counts the drops per minute.',
  ),
  dropCount: src(
    'Why does an IV drop into the drip chamber (AnswerCult, nurse answer)',
    'https://answercult.com/question/eli5-why-does-an-iv-drop-into-that-capsule-thats-half-full-of-iv-and-half-air/answer/76940',
    'We use the drops to set the rate: one drop per second (60 gtt/min) is counted at the chamber. Secondary source: no primary text on a countable maximum was found.',
  ),
} as const;
