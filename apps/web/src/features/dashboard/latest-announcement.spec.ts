import type { Announcement } from '@examprep/contracts/types';
import { latestVisibleAnnouncement } from './latest-announcement';

const a = (id: string, date: string, over: Partial<Announcement> = {}): Announcement => ({
  id,
  content: id,
  isVisible: true,
  order: 0,
  date,
  linkText: '',
  linkUrl: '',
  ...over,
});

describe('latestVisibleAnnouncement (learner spec §2 welcome modal)', () => {
  it('takes the newest visible one by date, whatever the list order', () => {
    expect(
      latestVisibleAnnouncement([
        a('old', '2024-01-01'),
        a('hidden', '2025-12-31', { isVisible: false }),
        a('new', '2025-06-01', { order: 5 }),
        a('mid', '2025-03-01'),
      ])?.id,
    ).toBe('new');
  });

  it('breaks a date tie by order', () => {
    expect(
      latestVisibleAnnouncement([
        a('b', '2025-01-01', { order: 2 }),
        a('a', '2025-01-01', { order: 1 }),
      ])?.id,
    ).toBe('a');
  });

  it('is null without visible announcements', () => {
    expect(latestVisibleAnnouncement([])).toBeNull();
    expect(latestVisibleAnnouncement([a('h', '2025-01-01', { isVisible: false })])).toBeNull();
  });
});
