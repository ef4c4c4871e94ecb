import { customOf, type LinkedResource, pathOf, resourceOf } from './resources';

describe('linked resources', () => {
  const resources: LinkedResource[] = [
    { kind: 'dashboard' },
    { kind: 'test', productId: 'teas_math_qbank', mode: 'practice' },
    { kind: 'test', productId: 'med_dosage_qbank', mode: 'full' },
    { kind: 'workbook', productId: 'teas_math_workbook' },
    { kind: 'infinite', course: 'teas_math' },
    { kind: 'pump' },
  ];

  it.each(resources)('reads back what it wrote: %p', (resource) => {
    expect(resourceOf(customOf(resource))).toEqual(resource);
  });

  it.each([
    [{}],
    [{ examprep_kind: 'test', examprep_product: 'teas_math_qbank' }],
    [{ examprep_kind: 'test', examprep_product: '../admin', examprep_mode: 'full' }],
    [{ examprep_kind: 'workbook', examprep_product: 'A B' }],
    [{ examprep_kind: 'infinite', examprep_course: 'x/../../y' }],
    [{ examprep_kind: 'admin' }],
  ])('opens the dashboard for what is not ours or not valid: %p', (custom) => {
    expect(resourceOf(custom)).toEqual({ kind: 'dashboard' });
  });

  it('gives each resource its app path', () => {
    expect(pathOf({ kind: 'pump' }, null)).toBe('/simulations');
    expect(pathOf({ kind: 'infinite', course: 'teas_math' }, null)).toBe(
      '/infinite-qbank?course=teas_math',
    );
    expect(pathOf({ kind: 'workbook', productId: 'teas_math_workbook' }, null)).toBe(
      '/workbook/teas_math_workbook',
    );
    expect(pathOf({ kind: 'test', productId: 'teas_math_qbank', mode: 'full' }, 'p-1:link/1')).toBe(
      '/lti/assignment/p-1%3Alink%2F1',
    );
    expect(pathOf({ kind: 'dashboard' }, 'p-1:link')).toBe('/dashboard');
  });
});
