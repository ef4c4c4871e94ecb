import { fillLimit, invalid, VALID } from './validation-result';

describe('validation result helpers', () => {
  it('VALID carries no error and cannot be changed', () => {
    expect(VALID).toEqual({ isValid: true, error: null });
    expect(Object.isFrozen(VALID)).toBe(true);
  });

  it('invalid carries the message', () => {
    expect(invalid('Please enter numbers only.')).toEqual({
      isValid: false,
      error: 'Please enter numbers only.',
    });
  });

  it.each([
    [500, 'Answer too long. Maximum 500 characters allowed.'],
    [2000, 'Answer too long. Maximum 2,000 characters allowed.'],
    [10000, 'Answer too long. Maximum 10,000 characters allowed.'],
  ])('fills {n} with %d', (n, expected) => {
    expect(fillLimit('Answer too long. Maximum {n} characters allowed.', n)).toBe(expected);
  });
});
