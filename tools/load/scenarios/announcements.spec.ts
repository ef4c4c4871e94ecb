import { failedChecks } from './http.js';
import { announcementsChecks, announcementsRequest } from './announcements.js';

const item = {
  id: '6b053d1c222ea89e88f2e855',
  content: 'New: 60+ medication-dosage questions',
  isVisible: true,
  order: 0,
  date: '2026-11-24',
  linkText: '',
  linkUrl: '',
};
const res = (status: number, body: unknown) => ({ status, body: JSON.stringify(body) });

describe('announcements scenario', () => {
  it('reads GET /api/announcements with the learner token', () => {
    expect(announcementsRequest('http://127.0.0.1:13000/', 'tok')).toEqual({
      name: 'announcements',
      method: 'GET',
      url: 'http://127.0.0.1:13000/api/announcements',
      headers: { Accept: 'application/json', Authorization: 'Bearer tok' },
      body: null,
    });
  });

  it('passes a list of visible announcements, also an empty one', () => {
    expect(failedChecks(announcementsChecks, res(200, [item, { ...item, order: 1 }]))).toEqual([]);
    expect(failedChecks(announcementsChecks, res(200, []))).toEqual([]);
  });

  it('fails a hidden announcement, a malformed item, another status or a body that is not JSON', () => {
    expect(failedChecks(announcementsChecks, res(200, [{ ...item, isVisible: false }]))).toEqual([
      'announcements: only visible ones',
    ]);
    expect(failedChecks(announcementsChecks, res(200, [{ ...item, date: '24/11/2026' }]))).toEqual([
      'announcements: a list of announcements',
    ]);
    expect(failedChecks(announcementsChecks, res(429, [item]))).toEqual([
      'announcements: status is 200',
    ]);
    expect(
      failedChecks(announcementsChecks, { status: 200, body: 'Too many requests' }),
    ).toHaveLength(2);
  });
});
