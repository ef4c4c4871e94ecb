import { ANNOUNCEMENT_MESSAGES } from '@examprep/contracts/types';
import {
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
      mapServerFieldErrors({ content: ['content is required.'], date: ['a', 'b'], other: ['x'] }),
    ).toEqual({
      fieldErrors: { content: 'content is required.', date: 'a b' },
      other: ['x'],
    });
  });

  it('formats the date without a time-zone shift', () => {
    expect(formatAnnouncementDate('2026-01-01')).toBe('January 1, 2026');
    expect(formatAnnouncementDate('not a date')).toBe('not a date');
  });
});
