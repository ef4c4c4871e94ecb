import {
  clearStoredDashboard,
  DEFAULT_DASHBOARD_STORAGE_KEY,
  readStoredDashboard,
  resolveDefaultDashboard,
  storeDashboard,
} from './default-dashboard';

describe('default dashboard (learner spec §2: user default, else stored, else math)', () => {
  it.each([
    ['design', 'math', 'design'],
    ['math', 'design', 'math'],
    [null, 'design', 'design'],
    [undefined, 'math', 'math'],
    [null, null, 'math'],
  ] as const)('user %p, stored %p -> %s', (user, stored, expected) => {
    expect(resolveDefaultDashboard(user, stored)).toBe(expected);
  });

  it(`keeps the value under '${DEFAULT_DASHBOARD_STORAGE_KEY}' and ignores unknown values`, () => {
    expect(readStoredDashboard()).toBeNull();
    storeDashboard('design');
    expect(window.localStorage.getItem('user-default-dashboard')).toBe('design');
    expect(readStoredDashboard()).toBe('design');
    window.localStorage.setItem('user-default-dashboard', 'garden');
    expect(readStoredDashboard()).toBeNull();
    clearStoredDashboard();
    expect(window.localStorage.getItem('user-default-dashboard')).toBeNull();
  });
});
