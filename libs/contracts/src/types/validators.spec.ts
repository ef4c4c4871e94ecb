import fc from 'fast-check';
import { isIsoDate, isSafeLinkUrl } from './validators';

describe('isIsoDate', () => {
  it.each(['2024-01-31', '2024-02-29', '1999-12-01'])('accepts %s', (d) =>
    expect(isIsoDate(d)).toBe(true),
  );
  it.each([
    '2023-02-29',
    '2024-13-01',
    '2024-1-01',
    '24-01-01',
    '2024-01-32',
    '',
    ' 2024-01-01',
    42,
    null,
  ])('refuses %p', (d) => expect(isIsoDate(d)).toBe(false));
  it('agrees with Date for every day of a range of years', () => {
    fc.assert(
      fc.property(
        fc.date({ min: new Date('1900-01-01'), max: new Date('2200-12-31'), noInvalidDate: true }),
        (d) => {
          expect(isIsoDate(d.toISOString().slice(0, 10))).toBe(true);
        },
      ),
    );
  });
});

describe('isSafeLinkUrl', () => {
  it.each(['https://example.com', 'http://example.com/a?b=c#d', '/updates', '/dashboard?tab=math'])(
    'accepts %s',
    (u) => expect(isSafeLinkUrl(u)).toBe(true),
  );
  it.each([
    'javascript:alert(1)',
    'JaVaScRiPt:alert(1)',
    'data:text/html,<script>alert(1)</script>',
    '//evil.example',
    '/\\evil.example',
    'ftp://example.com',
    'example.com',
    'not a url',
    'https://',
    '',
  ])('refuses %s', (u) => expect(isSafeLinkUrl(u)).toBe(false));
});
