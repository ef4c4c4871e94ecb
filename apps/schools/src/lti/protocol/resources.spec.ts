import { customOf, type LinkedResource, pathOf, resourceOf } from './resources';

describe('linked resources', () => {
  const resources: LinkedResource[] = [
    { kind: 'dashboard' },
    {
      kind: 'test',
      productId: 'teas_math_qbank',
      includeId: 'teas_math_qbank_practice',
      mode: 'practice',
    },
    { kind: 'test', productId: 'med_dosage_qbank', includeId: 'med_dosage_qbank', mode: 'full' },
    { kind: 'workbook', productId: 'teas_math_workbook' },
    { kind: 'infinite' },
    { kind: 'pump' },
  ];

  it.each(resources)('reads back what it wrote: %p', (resource) => {
    expect(resourceOf(customOf(resource))).toEqual(resource);
  });

  it.each([
    [{}],
    [{ examprep_kind: 'test', examprep_product: 'teas_math_qbank', examprep_mode: 'full' }],
    [
      {
        examprep_kind: 'test',
        examprep_product: '../admin',
        examprep_include: 'x',
        examprep_mode: 'full',
      },
    ],
    [
      {
        examprep_kind: 'test',
        examprep_product: 'a',
        examprep_include: 'b',
        examprep_mode: 'exam',
      },
    ],
    [{ examprep_kind: 'workbook', examprep_product: 'A B' }],
    [{ examprep_kind: 'admin' }],
  ])('opens the dashboard for what is not ours or not valid: %p', (custom) => {
    expect(resourceOf(custom)).toEqual({ kind: 'dashboard' });
  });

  it('gives each resource its app path', () => {
    expect(pathOf({ kind: 'pump' }, null)).toBe('/simulations');
    expect(pathOf({ kind: 'infinite' }, null)).toBe('/infinite-qbank');
    expect(pathOf({ kind: 'workbook', productId: 'teas_math_workbook' }, null)).toBe(
      '/workbook/teas_math_workbook',
    );
    const test = { kind: 'test', productId: 'p', includeId: 'i', mode: 'full' } as const;
    expect(pathOf(test, 'p-1:link/1')).toBe('/lti/assignment/p-1%3Alink%2F1');
    expect(pathOf(test, null)).toBe('/dashboard');
    expect(pathOf({ kind: 'dashboard' }, 'p-1:link')).toBe('/dashboard');
  });
});
