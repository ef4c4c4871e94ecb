import { ANNOUNCEMENT_MESSAGES } from '@examprep/contracts/types';
import {
  announcementExcerpt,
  emptyFormValues,
  formatAnnouncementDate,
  mapServerFieldErrors,
  todayIso,
  toAnnouncementInput,
  validateAnnouncementForm,
  type AnnouncementFormValues,
} from './announcement-form';

const valid: AnnouncementFormValues = {
  date: '2026-11-22',
  content: 'New questions are live.',
  linkText: '',
  linkUrl: '',
  order: '0',
  isVisible: true,
};

describe('announcement form rules (admin spec §5)', () => {
  it('starts with today, order 0 and visible', () => {
    expect(emptyFormValues('2026-01-02')).toEqual({ ...valid, date: '2026-01-02', content: '' });
    expect(todayIso(new Date(2026, 0, 5, 23, 59))).toBe('2026-01-05');
  });

  it('accepts a complete form', () => {
    expect(validateAnnouncementForm(valid)).toEqual({});
    expect(
      validateAnnouncementForm({ ...valid, linkUrl: 'https://example.com/x', order: '-2' }),
    ).toEqual({});
    expect(validateAnnouncementForm({ ...valid, linkUrl: '/dashboard?tab=math' })).toEqual({});
  });

  it('requires content', () => {
    expect(validateAnnouncementForm({ ...valid, content: '  \n ' }).content).toBe(
      ANNOUNCEMENT_MESSAGES.contentRequired,
    );
  });

  it.each(['', '2026-02-30', '22/11/2026', '2026-1-5'])('refuses the date %p', (date) => {
    expect(validateAnnouncementForm({ ...valid, date }).date).toBe(
      ANNOUNCEMENT_MESSAGES.dateRequired,
    );
  });

  it.each(['javascript:alert(1)', 'data:text/html,x', '//evil.example', 'example.com'])(
    'refuses the link %p',
    (linkUrl) => {
      expect(validateAnnouncementForm({ ...valid, linkUrl }).linkUrl).toBe(
        ANNOUNCEMENT_MESSAGES.linkUrlInvalid,
      );
    },
  );

  it.each(['1.5', '', 'abc', '1e3', '99999999999999999999'])('refuses the order %p', (order) => {
    expect(validateAnnouncementForm({ ...valid, order }).order).toBe(
      ANNOUNCEMENT_MESSAGES.orderInteger,
    );
  });

  it('trims and converts the values for the request', () => {
    expect(
      toAnnouncementInput({
        ...valid,
        content: '  Hi\n there ',
        linkText: ' Go ',
        linkUrl: ' /updates ',
        order: ' 3 ',
      }),
    ).toEqual({
      date: '2026-11-22',
      content: 'Hi\n there',
      linkText: 'Go',
      linkUrl: '/updates',
      order: 3,
      isVisible: true,
    });
  });

  it('maps server field errors onto the form fields', () => {
    expect(
      mapServerFieldErrors({ content: ['Content is required.'], date: ['a', 'b'], other: ['x'] }),
    ).toEqual({
      fieldErrors: { content: 'Content is required.', date: 'a b' },
      other: ['x'],
    });
  });

  it("writes every problem as a sentence ('Content is required.'), naming the field's label", () => {
    const errors = validateAnnouncementForm({
      date: 'tomorrow',
      content: '',
      linkText: 'x'.repeat(201),
      linkUrl: 'ftp://example.com',
      order: 'first',
      isVisible: true,
    });
    expect(errors).toEqual({
      date: 'Date is required and must be a date in YYYY-MM-DD format.',
      content: 'Content is required.',
      linkText: 'Link Text must be at most 200 characters.',
      linkUrl: 'Link URL must be a URL (http:// or https://, or a path starting with /).',
      order: 'Order must be an integer.',
    });
    expect(
      validateAnnouncementForm({
        ...valid,
        content: 'x'.repeat(10_001),
        linkUrl: `/${'a'.repeat(2048)}`,
      }),
    ).toEqual({
      content: 'Content must be at most 10,000 characters.',
      linkUrl: 'Link URL must be at most 2,048 characters.',
    });
  });

  it('names an announcement by its first words on one line, cut at a word', () => {
    expect(announcementExcerpt('Short news.', 60)).toBe('Short news.');
    expect(announcementExcerpt('  Line one\n\n line   two ', 60)).toBe('Line one line two');
    expect(announcementExcerpt('New Med Dosage questions are live for everyone', 20)).toBe(
      'New Med Dosage…',
    );
    expect(announcementExcerpt('x'.repeat(30), 10)).toBe(`${'x'.repeat(10)}…`);
  });

  it('formats the date without a time-zone shift', () => {
    expect(formatAnnouncementDate('2026-01-01')).toBe('January 1, 2026');
    expect(formatAnnouncementDate('not a date')).toBe('not a date');
  });
});
