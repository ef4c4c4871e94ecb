import fc from 'fast-check';
import { EMAIL_MESSAGES, normalizeEmail, validateEmail } from './email.validator';

const sut = validateEmail;

describe('validateEmail (learner spec §5 "Email")', () => {
  it('quotes the spec messages', () => {
    expect(EMAIL_MESSAGES.tooLong()).toBe('Email too long. Maximum 254 characters allowed.');
    expect(EMAIL_MESSAGES.invalidEmail).toBe('Please enter a valid email address.');
    expect(EMAIL_MESSAGES.security).toBe('Invalid characters detected in email address.');
  });

  it('passes empty input', () => {
    expect(sut('')).toEqual({ isValid: true, error: null });
  });

  it.each([
    'student@example.com',
    'Student.Name@Example.COM',
    'first+tag@sub.example.co.uk',
    '  padded@example.com  ',
    `${'a'.repeat(64)}@${'b'.repeat(60)}.com`,
  ])('accepts %p', (email) => {
    expect(sut(email)).toEqual({ isValid: true, error: null });
  });

  it.each([
    ['student', 'Please enter a valid email address.'],
    ['student@', 'Please enter a valid email address.'],
    ['student@example', 'Please enter a valid email address.'],
    ['stu dent@example.com', 'Please enter a valid email address.'],
    ['a@b@example.com', 'Please enter a valid email address.'],
    ['   ', 'Please enter a valid email address.'],
    [`${'a'.repeat(64)}@${'b'.repeat(186)}.com`, 'Email too long. Maximum 254 characters allowed.'],
    [
      'student@example.com<script>alert(1)</script>',
      'Invalid characters detected in email address.',
    ],
    ['javascript:alert(1)@example.com', 'Invalid characters detected in email address.'],
    ['"<br>"@example.com', 'Invalid characters detected in email address.'],
  ])('rejects %p with %p', (email, error) => {
    expect(sut(email)).toEqual({ isValid: false, error });
  });
});

describe('normalizeEmail (learner spec §5: trimmed and lowercased before registration)', () => {
  it('trims and lowercases', () => {
    expect(normalizeEmail('  Student.Name@Example.COM \n')).toBe('student.name@example.com');
  });

  it('property: normalizing twice is normalizing once', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'binary', maxLength: 60 }), (x) => {
        expect(normalizeEmail(normalizeEmail(x))).toBe(normalizeEmail(x));
      }),
    );
  });

  it('property: a valid address stays valid once normalized', () => {
    fc.assert(
      fc.property(fc.emailAddress(), fc.constantFrom('', ' ', '\t'), (email, pad) => {
        fc.pre(email.length <= 254 && sut(email).isValid);
        expect(sut(normalizeEmail(pad + email.toUpperCase() + pad)).isValid).toBe(true);
      }),
    );
  });
});
