import {
  type IncludeKind,
  type Product,
  type ProductIncludes,
  type QuestionPool,
  type TestMode,
} from '@examprep/contracts/types';

interface IncludeSpec {
  id: string;
  name: string;
  kind: IncludeKind;
  description?: string;
  link?: string;
  mode?: TestMode | null;
  pool?: QuestionPool | null;
}

/** The spec's parallel include arrays from a list of includes. */
export function includesOf(entries: IncludeSpec[], course = ''): ProductIncludes {
  return {
    name: entries.map((e) => e.name),
    description: entries.map((e) => e.description ?? `${e.name} description`),
    id: entries.map((e) => e.id),
    link: entries.map((e) => e.link ?? ''),
    linkText: entries.map((e) => (e.kind === 'download' ? 'Download' : 'Access Now')),
    course,
    instructions: entries.map(() => ''),
    kind: entries.map((e) => e.kind),
    mode: entries.map((e) => e.mode ?? null),
    pool: entries.map((e) => e.pool ?? null),
  };
}

export function product(
  fields: Partial<Omit<Product, 'includes'>> & { id: string; includes?: IncludeSpec[] },
): Product {
  const { includes, ...rest } = fields;
  return {
    docId: fields.id,
    name: fields.id,
    description: `${fields.id} description`,
    price: 20,
    type: 'math',
    section: 'teas',
    category: 'qbank',
    available: { online: true, download: false },
    instructions: '',
    order: 0,
    ...rest,
    includes: includesOf(
      includes ?? [{ id: fields.id, name: fields.id, kind: 'test', mode: 'full' }],
    ),
  };
}

/** A catalogue shaped like the seeded one (tools/seed/catalog-content.cjs), smaller. */
export const CATALOG: Product[] = [
  product({
    id: 'teas_math_sample_qbank',
    name: 'TEAS Math Sample QBank',
    price: 0,
    order: 0,
    includes: [
      { id: 'teas_math_sample_qbank', name: 'TEAS Math Sample Test', kind: 'test', mode: 'full' },
    ],
  }),
  product({
    id: 'teas_math_workbook',
    name: 'TEAS Math Workbook',
    category: 'workbook',
    order: 1,
    includes: [{ id: 'teas_math_workbook', name: 'TEAS Math Workbook', kind: 'workbook' }],
  }),
  product({
    id: 'teas_math_qbank',
    name: 'TEAS Math QBank',
    order: 2,
    includes: [
      {
        id: 'teas_math_qbank_full',
        name: 'TEAS Math QBank: Check As You Go',
        kind: 'test',
        mode: 'full',
      },
      {
        id: 'teas_math_qbank_practice',
        name: 'TEAS Math Practice Test',
        kind: 'test',
        mode: 'practice',
      },
    ],
  }),
  product({
    id: 'infinite_qbank',
    name: 'Infinite QBank',
    price: 0,
    order: 3,
    includes: [{ id: 'infinite_qbank', name: 'Infinite QBank (open beta)', kind: 'infinite' }],
  }),
  product({
    id: 'med_dosage_conversions',
    name: 'Med Dosage Conversions',
    price: 0,
    section: 'med dosage',
    category: 'pdf',
    order: 1,
    includes: [
      {
        id: 'med_dosage_conversions',
        name: 'Med Dosage Conversions Test',
        kind: 'test',
        mode: 'full',
      },
      {
        id: 'med_dosage_conversions_pdf',
        name: 'Conversion Chart (PDF)',
        kind: 'download',
        link: 'Downloads/med-dosage-conversions.pdf',
      },
    ],
  }),
  product({
    id: 'med_dosage_qbank',
    name: 'Med Dosage QBank',
    section: 'med dosage',
    order: 3,
    includes: [
      {
        id: 'med_dosage_qbank',
        name: 'Med Dosage QBank: Check As You Go',
        kind: 'test',
        mode: 'full',
      },
      { id: 'med_dosage_simulations', name: 'IV Pump Simulations', kind: 'simulation' },
    ],
  }),
  product({
    id: 'free_3d_assets',
    name: 'Free 3D Assets',
    price: 0,
    type: 'design',
    section: '3d',
    category: 'pdf',
    available: { online: false, download: true },
    includes: [
      {
        id: 'free_3d_assets',
        name: 'Free 3D Assets (ZIP)',
        kind: 'download',
        link: 'Downloads/free-3d-assets.zip',
      },
    ],
  }),
  product({
    id: 'premium_3d_assets',
    name: 'Premium 3D Assets',
    type: 'design',
    section: '3d',
    category: 'pdf',
    order: 1,
    available: { online: false, download: true },
    includes: [
      {
        id: 'premium_3d_assets',
        name: 'Premium 3D Assets (ZIP)',
        kind: 'download',
        link: 'Downloads/premium-3d-assets.zip',
      },
    ],
  }),
  product({
    id: 'premium_android_stuff',
    name: 'Premium Android Stuff',
    type: 'design',
    section: 'android',
    category: 'pdf',
    order: 1,
    available: { online: false, download: true },
    includes: [
      {
        id: 'premium_android_stuff',
        name: 'Premium Android Stuff (ZIP)',
        kind: 'download',
        link: 'Downloads/premium-android-stuff.zip',
      },
    ],
  }),
];

export function catalogProduct(id: string): Product {
  const found = CATALOG.find((p) => p.id === id);
  if (!found) throw new Error(`no test product ${id}`);
  return found;
}
