import { isPurchaseHeld, isSignupAllowed } from './identity';

describe('isSignupAllowed (learner spec §5: true or the string "true")', () => {
  it.each([
    [{ allowSignup: true }, true],
    [{ allowSignup: 'true' as const }, true],
    [{ allowSignup: false as unknown as true }, false],
    [{ allowSignup: 'TRUE' as unknown as true }, false],
    [{ allowSignup: 1 as unknown as true }, false],
    [{}, false],
    [null, false],
    [undefined, false],
  ])('%p -> %p', (status, expected) => expect(isSignupAllowed(status)).toBe(expected));
});

describe('isPurchaseHeld (admin spec §3: true, "true" or 1)', () => {
  it.each([
    [true, true],
    ['true', true],
    [1, true],
    [false, false],
    ['false', false],
    [0, false],
    [null, false],
    ['1', false],
  ])('%p -> %p', (value, expected) => expect(isPurchaseHeld(value)).toBe(expected));
});
