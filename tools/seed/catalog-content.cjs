// Catalog seed content (issue #11): the real catalogue of learner spec §9 (Product table,
// sample sizes) in the product shape of learner spec §3, with the include model of ADR 0018
// (kind / mode / pool per include), and the demo coupons. Data, not code: the catalog service
// reads these documents; nothing else writes them. apps/catalog/src/products/catalog-seed.spec.ts
// checks every product against the contracts.
'use strict';

/** The stored qbank course names the tests draw from (tools/seed/qbank-content.cjs SETS). */
const POOLS = {
  teasQbank: { course: 'TEAS Math QBank', questionCount: 204 },
  teasPractice: { course: 'TEAS Math Practice Test', questionCount: 38 },
  teasSample: { course: 'TEAS Math Sample QBank', questionCount: 15 },
  medQbank: { course: 'Med Dosage QBank', questionCount: 66 },
  medSample: { course: 'Med Dosage Sample QBank', questionCount: 10 },
  medConversions: { course: 'Med Dosage Conversions', questionCount: 20 },
};

/**
 * One include as an object; `includes()` turns a list of them into the spec's parallel arrays
 * (index i of every array is include i).
 */
function include(entry) {
  return {
    name: entry.name,
    description: entry.description,
    id: entry.id,
    link: entry.link ?? '',
    linkText: entry.linkText ?? (entry.kind === 'download' ? 'Download' : 'Access Now'),
    instructions: entry.instructions ?? '',
    kind: entry.kind,
    mode: entry.mode ?? null,
    pool: entry.pool ?? null,
  };
}

function includes(course, entries) {
  const list = entries.map(include);
  const column = (key) => list.map((e) => e[key]);
  return {
    name: column('name'),
    description: column('description'),
    id: column('id'),
    link: column('link'),
    linkText: column('linkText'),
    course,
    instructions: column('instructions'),
    kind: column('kind'),
    mode: column('mode'),
    pool: column('pool'),
  };
}

const FULL_TEST =
  'Check As You Go: answer a question, check it, and read the worked explanation before the next one.';
const PRACTICE_TEST =
  'Practice Test: answers are saved as you go and checked when you submit the whole test.';

/** Learner spec §3 Product, plus `order` (position on the dashboard within its section). */
const PRODUCTS = [
  // ---- TEAS Math
  {
    id: 'teas_math_sample_qbank',
    name: 'TEAS Math Sample QBank',
    description: '15 free TEAS Math questions with worked explanations: try the QBank first.',
    price: 0,
    type: 'math',
    section: 'teas',
    category: 'qbank',
    available: { online: true, download: false },
    instructions: 'Free for every signed-in learner. Start the test from the button below.',
    order: 0,
    includes: includes(POOLS.teasSample.course, [
      {
        id: 'teas_math_sample_qbank',
        name: 'TEAS Math Sample Test',
        description: '15 questions, checked as you go.',
        instructions: FULL_TEST,
        kind: 'test',
        mode: 'full',
        pool: POOLS.teasSample,
      },
    ]),
  },
  {
    id: 'teas_math_workbook',
    name: 'TEAS Math Workbook',
    description:
      '1000+ TEAS Math questions with video explanations, online and as a PDF stamped with your email.',
    price: 20,
    type: 'math',
    section: 'teas',
    category: 'workbook',
    available: { online: true, download: true },
    instructions:
      'Work through the chapters online and watch the videos, or download your stamped PDF copy.',
    order: 1,
    includes: includes('', [
      {
        id: 'teas_math_workbook',
        name: 'TEAS Math Workbook',
        description: '1000+ questions with video explanations.',
        link: '/workbook/teas_math_workbook',
        instructions: 'Opens the workbook: chapters, questions and their videos.',
        kind: 'workbook',
      },
    ]),
  },
  {
    id: 'teas_math_qbank',
    name: 'TEAS Math QBank',
    description:
      "200+ TEAS Math questions with worked explanations, as 'Check As You Go' tests and a 38-question Practice Test.",
    price: 20,
    type: 'math',
    section: 'teas',
    category: 'qbank',
    available: { online: true, download: false },
    instructions: 'Take the whole QBank checking as you go, or the 38-question Practice Test.',
    order: 2,
    includes: includes(POOLS.teasQbank.course, [
      {
        id: 'teas_math_qbank_full',
        name: 'TEAS Math QBank: Check As You Go',
        description: '200+ questions; check each answer and read its explanation as you go.',
        instructions: FULL_TEST,
        kind: 'test',
        mode: 'full',
        pool: POOLS.teasQbank,
      },
      {
        id: 'teas_math_qbank_practice',
        name: 'TEAS Math Practice Test',
        description: '38 questions, like the real test; scored when you submit.',
        instructions: PRACTICE_TEST,
        kind: 'test',
        mode: 'practice',
        pool: POOLS.teasPractice,
      },
    ]),
  },
  {
    id: 'infinite_qbank',
    name: 'Infinite QBank',
    description:
      'Unlimited auto-generated TEAS Math and Med Dosage questions by course, objective and topic. Free in open beta.',
    price: 0,
    type: 'math',
    section: 'teas',
    category: 'qbank',
    available: { online: true, download: false },
    instructions:
      'Choose a course, an objective and a topic, then generate as many questions as you like.',
    order: 3,
    includes: includes('', [
      {
        id: 'infinite_qbank',
        name: 'Infinite QBank (open beta)',
        description: 'Unlimited generated questions with step-by-step answers.',
        link: '/infinite-qbank',
        instructions: 'Opens the Infinite QBank.',
        kind: 'infinite',
      },
    ]),
  },
  // ---- Med Dosage
  {
    id: 'med_dosage_sample_qbank',
    name: 'Med Dosage Sample QBank',
    description:
      '10 free medication-dosage questions with worked explanations: try the QBank first.',
    price: 0,
    type: 'math',
    section: 'med dosage',
    category: 'qbank',
    available: { online: true, download: false },
    instructions: 'Free for every signed-in learner. Start the test from the button below.',
    order: 0,
    includes: includes(POOLS.medSample.course, [
      {
        id: 'med_dosage_sample_qbank',
        name: 'Med Dosage Sample Test',
        description: '10 questions, checked as you go.',
        instructions: FULL_TEST,
        kind: 'test',
        mode: 'full',
        pool: POOLS.medSample,
      },
    ]),
  },
  {
    id: 'med_dosage_conversions',
    name: 'Med Dosage Conversions',
    description:
      'Free unit-conversion practice for dosage math: 20 questions and a conversion chart (PDF).',
    price: 0,
    type: 'math',
    section: 'med dosage',
    category: 'pdf',
    available: { online: true, download: true },
    instructions: 'Practise conversions online, or download the chart to keep beside you.',
    order: 1,
    includes: includes(POOLS.medConversions.course, [
      {
        id: 'med_dosage_conversions',
        name: 'Med Dosage Conversions Test',
        description: '20 conversion questions, checked as you go.',
        instructions: FULL_TEST,
        kind: 'test',
        mode: 'full',
        pool: POOLS.medConversions,
      },
      {
        id: 'med_dosage_conversions_pdf',
        name: 'Conversion Chart (PDF)',
        description: 'The units and conversion factors of dosage math on one page.',
        link: 'Downloads/med-dosage-conversions.pdf',
        instructions: 'Downloads the PDF.',
        kind: 'download',
      },
    ]),
  },
  {
    id: 'med_dosage_workbook',
    name: 'Med Dosage Workbook',
    description:
      '250+ medication-dosage questions with video explanations, online and as a PDF stamped with your email.',
    price: 20,
    type: 'math',
    section: 'med dosage',
    category: 'workbook',
    available: { online: true, download: true },
    instructions:
      'Work through the chapters online and watch the videos, or download your stamped PDF copy.',
    order: 2,
    includes: includes('', [
      {
        id: 'med_dosage_workbook',
        name: 'Med Dosage Workbook',
        description: '250+ questions with video explanations.',
        link: '/workbook/med_dosage_workbook',
        instructions: 'Opens the workbook: chapters, questions and their videos.',
        kind: 'workbook',
      },
    ]),
  },
  {
    id: 'med_dosage_qbank',
    name: 'Med Dosage QBank',
    description:
      '60+ medication-dosage questions with worked explanations (no videos), plus the IV infusion-pump simulator.',
    price: 20,
    type: 'math',
    section: 'med dosage',
    category: 'qbank',
    available: { online: true, download: false },
    instructions: 'Take the QBank checking as you go, and practise pump settings in the simulator.',
    order: 3,
    includes: includes(POOLS.medQbank.course, [
      {
        // the spec's access table checks 'med_dosage_qbank' as itself (learner spec §7)
        id: 'med_dosage_qbank',
        name: 'Med Dosage QBank: Check As You Go',
        description: '60+ questions; check each answer and read its explanation as you go.',
        instructions: FULL_TEST,
        kind: 'test',
        mode: 'full',
        pool: POOLS.medQbank,
      },
      {
        id: 'med_dosage_simulations',
        name: 'IV Pump Simulations',
        description: 'Single and dual infusion-pump problems: rate, VTBI and time.',
        link: '/simulations',
        instructions: 'Opens the pump simulator; without the QBank it runs as a preview.',
        kind: 'simulation',
      },
    ]),
  },
  // ---- Design: 3D
  {
    id: 'free_3d_assets',
    name: 'Free 3D Assets',
    description: 'A free pack of 3D models and textures to download.',
    price: 0,
    type: 'design',
    section: '3d',
    category: 'pdf',
    available: { online: false, download: true },
    instructions: 'Download the archive and unzip it.',
    order: 0,
    includes: includes('', [
      {
        id: 'free_3d_assets',
        name: 'Free 3D Assets (ZIP)',
        description: 'Models and textures.',
        link: 'Downloads/free-3d-assets.zip',
        instructions: 'Downloads the ZIP archive.',
        kind: 'download',
      },
    ]),
  },
  {
    id: 'premium_3d_assets',
    name: 'Premium 3D Assets',
    description: 'The full pack of 3D models, textures and materials to download.',
    price: 20,
    type: 'design',
    section: '3d',
    category: 'pdf',
    available: { online: false, download: true },
    instructions: 'Download the archive and unzip it.',
    order: 1,
    includes: includes('', [
      {
        id: 'premium_3d_assets',
        name: 'Premium 3D Assets (ZIP)',
        description: 'Models, textures and materials.',
        link: 'Downloads/premium-3d-assets.zip',
        instructions: 'Downloads the ZIP archive.',
        kind: 'download',
      },
    ]),
  },
  // ---- Design: Android
  {
    id: 'free_android_stuff',
    name: 'Free Android Stuff',
    description: 'Free Android resources (icons, layouts and sample code) to download.',
    price: 0,
    type: 'design',
    section: 'android',
    category: 'pdf',
    available: { online: false, download: true },
    instructions: 'Download the archive and unzip it.',
    order: 0,
    includes: includes('', [
      {
        id: 'free_android_stuff',
        name: 'Free Android Stuff (ZIP)',
        description: 'Icons, layouts and sample code.',
        link: 'Downloads/free-android-stuff.zip',
        instructions: 'Downloads the ZIP archive.',
        kind: 'download',
      },
    ]),
  },
  {
    id: 'premium_android_stuff',
    name: 'Premium Android Stuff',
    description:
      'The full set of Android resources (icons, layouts, components and sample apps) to download.',
    price: 20,
    type: 'design',
    section: 'android',
    category: 'pdf',
    available: { online: false, download: true },
    instructions: 'Download the archive and unzip it.',
    order: 1,
    includes: includes('', [
      {
        id: 'premium_android_stuff',
        name: 'Premium Android Stuff (ZIP)',
        description: 'Icons, layouts, components and sample apps.',
        link: 'Downloads/premium-android-stuff.zip',
        instructions: 'Downloads the ZIP archive.',
        kind: 'download',
      },
    ]),
  },
].map((p) => ({ ...p, docId: p.id }));

/**
 * Demo coupons (collection `coupons`, _id = the code in upper case; codes match
 * case-insensitively). Exactly one of percentOff / amountOffCents; expiresAt null = no end.
 */
const COUPONS = [
  { _id: 'NURSE10', percentOff: 10, expiresAt: null, active: true },
  { _id: 'WELCOME5', amountOffCents: 500, expiresAt: null, active: true },
  {
    _id: 'EXPIRED2025',
    percentOff: 25,
    expiresAt: new Date('2025-12-31T23:59:59.999Z'),
    active: true,
  },
];

module.exports = { PRODUCTS, COUPONS, POOLS };
