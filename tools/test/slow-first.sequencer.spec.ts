import path from 'node:path';

/** The sequencer's view of a test file: its path, size and project (no timing cache). */
interface FakeTest {
  path: string;
  duration?: number;
  context: { config: { cache: boolean }; hasteFS: { getSize: (file: string) => number } };
}
type Sequencer = new (options: unknown) => { sort: (tests: FakeTest[]) => FakeTest[] };

// the module is CommonJS for Jest's config loader; its types are these
// eslint-disable-next-line @typescript-eslint/no-require-imports
const SlowFirst = require('./slow-first.sequencer.cjs') as Sequencer;
// eslint-disable-next-line @typescript-eslint/no-require-imports
const JestSequencer = require('@jest/test-sequencer').default as { prototype: object };

const ROOT = path.resolve(__dirname, '..', '..');
const SIZES: Record<string, number> = {
  'apps/web/src/app/router.spec.tsx': 9_000,
  'libs/generators/src/lint/registry-teas-a.spec.ts': 200,
  'apps/qbank/src/questions/questions.service.spec.ts': 20_000,
  'libs/generators/src/med-dosage/reference/dosing.reference.spec.ts': 5_000,
  'tools/k8s/validate.spec.ts': 15_000,
  'libs/generators/src/lint/registry-med-dosage-a.spec.ts': 300,
};
const context = {
  config: { cache: false },
  hasteFS: { getSize: (file: string) => SIZES[path.relative(ROOT, file)] ?? 0 },
};
const tests = (): FakeTest[] =>
  Object.keys(SIZES).map((file) => ({ path: path.join(ROOT, file), context }));
const order = (sorted: FakeTest[]) => sorted.map((t) => path.relative(ROOT, t.path));

describe('slow-first sequencer (unit tier order)', () => {
  afterEach(() => jest.restoreAllMocks());

  it('starts the named slow files first on a fresh clone, slowest first, the rest by size', () => {
    expect(order(new SlowFirst({}).sort(tests()))).toEqual([
      'tools/k8s/validate.spec.ts',
      'libs/generators/src/lint/registry-med-dosage-a.spec.ts',
      'libs/generators/src/lint/registry-teas-a.spec.ts',
      'libs/generators/src/med-dosage/reference/dosing.reference.spec.ts',
      'apps/qbank/src/questions/questions.service.spec.ts',
      'apps/web/src/app/router.spec.tsx',
    ]);
  });

  it("keeps Jest's order, longest first, once Jest has timed the files", () => {
    const seconds: Record<string, number> = {
      'apps/web/src/app/router.spec.tsx': 7,
      'libs/generators/src/lint/registry-teas-a.spec.ts': 12,
      'apps/qbank/src/questions/questions.service.spec.ts': 1,
      'libs/generators/src/med-dosage/reference/dosing.reference.spec.ts': 2,
      'tools/k8s/validate.spec.ts': 5,
      'libs/generators/src/lint/registry-med-dosage-a.spec.ts': 16,
    };
    jest
      .spyOn(JestSequencer.prototype as { time: (t: FakeTest) => number }, 'time')
      .mockImplementation((t) => seconds[path.relative(ROOT, t.path)]);
    expect(order(new SlowFirst({}).sort(tests()))).toEqual([
      'libs/generators/src/lint/registry-med-dosage-a.spec.ts',
      'libs/generators/src/lint/registry-teas-a.spec.ts',
      'apps/web/src/app/router.spec.tsx',
      'tools/k8s/validate.spec.ts',
      'libs/generators/src/med-dosage/reference/dosing.reference.spec.ts',
      'apps/qbank/src/questions/questions.service.spec.ts',
    ]);
  });
});
