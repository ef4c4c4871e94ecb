import { isLtiUrl, LTI_LIMITS } from './schools';

describe('isLtiUrl', () => {
  it('takes https URLs', () => {
    expect(isLtiUrl('https://canvas.instructure.com', false)).toBe(true);
    expect(isLtiUrl('https://sso.canvaslms.com/api/lti/security/jwks', false)).toBe(true);
  });

  it('takes plain http only where the service allows it', () => {
    expect(isLtiUrl('http://localhost:3950', false)).toBe(false);
    expect(isLtiUrl('http://localhost:3950', true)).toBe(true);
  });

  it.each([
    [''],
    ['canvas.instructure.com'],
    ['ftp://lms.example/keys'],
    ['javascript:alert(1)'],
    ['https://user:pass@lms.example/'],
    ['https://lms.example/#fragment'],
    [`https://lms.example/${'a'.repeat(LTI_LIMITS.url)}`],
    [42],
    [null],
  ])('refuses %p', (value) => {
    expect(isLtiUrl(value, true)).toBe(false);
  });
});
