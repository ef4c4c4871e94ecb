import { safeAppPath } from './lti-start';

describe('safeAppPath', () => {
  it.each([
    ['/dashboard', '/dashboard'],
    ['/infinite-qbank?course=teas_math', '/infinite-qbank?course=teas_math'],
    ['/lti/assignment/abc%3A1', '/lti/assignment/abc%3A1'],
  ])('keeps the app path %s', (input, out) => {
    expect(safeAppPath(input)).toBe(out);
  });

  it.each([
    [null],
    [''],
    ['dashboard'],
    ['//evil.example/x'],
    ['/\\evil.example'],
    ['https://evil.example/'],
    ['javascript:alert(1)'],
  ])('opens the dashboard instead of %s', (input) => {
    expect(safeAppPath(input)).toBe('/dashboard');
  });
});
