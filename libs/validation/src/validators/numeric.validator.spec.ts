import fc from 'fast-check';
import { KEYPAD_MAX_LENGTH, PUMP_TIME_MAX_LENGTH } from '../limits';
import { NUMERIC_MESSAGES, validateNumeric } from './numeric.validator';

const sut = validateNumeric;

describe('validateNumeric (learner spec §5 "Numeric")', () => {
  it('quotes the spec messages', () => {
    expect(NUMERIC_MESSAGES.tooLong()).toBe('Input too long. Maximum 10 characters allowed.');
    expect(NUMERIC_MESSAGES.notNumeric).toBe('Please enter numbers only.');
    expect(NUMERIC_MESSAGES.security).toBe(
      'Invalid characters detected. Please enter numbers only.',
    );
  });

  it('passes empty input', () => {
    expect(sut('')).toEqual({ isValid: true, error: null });
  });

  it.each(['0', '7', '42', '0012', '1234567890'])('accepts %p', (value) => {
    expect(sut(value)).toEqual({ isValid: true, error: null });
  });

  it.each([
    ['12345678901', 'Input too long. Maximum 10 characters allowed.'],
    ['-1', 'Please enter numbers only.'],
    ['1.5', 'Please enter numbers only.'],
    ['1e3', 'Please enter numbers only.'],
    [' 12', 'Please enter numbers only.'],
    ['١٢', 'Please enter numbers only.'],
    ['<br>', 'Invalid characters detected. Please enter numbers only.'],
    ['<script>1</script>', 'Invalid characters detected. Please enter numbers only.'],
  ])('rejects %p with %p', (value, error) => {
    expect(sut(value)).toEqual({ isValid: false, error });
  });

  it('checks pump inputs with their own limits (2 and 4 digits)', () => {
    expect(sut('12', PUMP_TIME_MAX_LENGTH).isValid).toBe(true);
    expect(sut('123', PUMP_TIME_MAX_LENGTH).error).toBe(
      'Input too long. Maximum 2 characters allowed.',
    );
    expect(sut('1234', KEYPAD_MAX_LENGTH).isValid).toBe(true);
    expect(sut('12345', KEYPAD_MAX_LENGTH).error).toBe(
      'Input too long. Maximum 4 characters allowed.',
    );
  });

  describe('properties', () => {
    it('any digit string of length 1..10 passes', () => {
      fc.assert(
        fc.property(fc.stringMatching(/^[0-9]{1,10}$/), (digits) => {
          expect(sut(digits)).toEqual({ isValid: true, error: null });
        }),
      );
    });

    it('any digit string of length 11 or more fails with the length message', () => {
      fc.assert(
        fc.property(fc.stringMatching(/^[0-9]{11,40}$/), (digits) => {
          expect(sut(digits)).toEqual({
            isValid: false,
            error: 'Input too long. Maximum 10 characters allowed.',
          });
        }),
      );
    });

    it('any short string with a non-digit fails', () => {
      fc.assert(
        fc.property(
          fc.string({ minLength: 1, maxLength: 10 }).filter((s) => /[^0-9]/.test(s)),
          (s) => {
            expect(sut(s).isValid).toBe(false);
          },
        ),
      );
    });
  });
});
