import { INTENDED_PRODUCT_TYPE_KEY } from '@examprep/contracts/types';
import {
  clearIntendedType,
  dashboardPath,
  readIntendedType,
  redirectDelayMs,
} from './payment-result';

describe('payment result rules (learner spec §4 Checkout, §9)', () => {
  it('redirects after 6 s, or 12 s after a success with an intended type while purchases load', () => {
    expect(redirectDelayMs({ success: true, intended: 'math', purchasesLoaded: false })).toBe(
      12_000,
    );
    expect(redirectDelayMs({ success: true, intended: 'math', purchasesLoaded: true })).toBe(6_000);
    expect(redirectDelayMs({ success: true, intended: null, purchasesLoaded: false })).toBe(6_000);
    expect(redirectDelayMs({ success: false, intended: 'design', purchasesLoaded: false })).toBe(
      6_000,
    );
  });

  it('reads only math or design from session storage, and clears it', () => {
    expect(readIntendedType()).toBeNull();
    sessionStorage.setItem(INTENDED_PRODUCT_TYPE_KEY, 'design');
    expect(readIntendedType()).toBe('design');
    sessionStorage.setItem(INTENDED_PRODUCT_TYPE_KEY, 'admin');
    expect(readIntendedType()).toBeNull();
    clearIntendedType();
    expect(sessionStorage.getItem(INTENDED_PRODUCT_TYPE_KEY)).toBeNull();
  });

  it('leads to the intended tab, else math', () => {
    expect(dashboardPath('design')).toBe('/dashboard?tab=design');
    expect(dashboardPath(null)).toBe('/dashboard?tab=math');
  });
});
