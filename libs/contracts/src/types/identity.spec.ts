import { isSignupAllowed } from './identity';

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
