import type { AdminUserRow, LearningSummary, Readiness } from '@examprep/contracts/types';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { fakeResponse, mockFetch } from '../../../test-utils/mock-fetch';
import { fakeSession, renderApp } from '../../../test-utils/render-app';
import { USER_LEARNING_MESSAGES as L } from './user-learning.messages';
import UserGradebookModal from './UserGradebookModal';

const BOB: AdminUserRow = {
  uid: 'u-bob',
  email: 'bob@example.com',
  emailVerified: true,
  isAdmin: false,
  inAuth: true,
  inDatabase: true,
  premium: false,
  purchases: {},
  qbankGenerations: 0,
  tests: 0,
};

const SUMMARY: LearningSummary = {
  courses: [
    {
      course: 'TEAS Math',
      name: 'TEAS Math',
      objectives: [
        {
          key: 'fractions',
          name: 'Fractions',
          section: 'Numbers and Algebra',
          level: 'developing',
          p: 0.62,
          low: 0.5,
          high: 0.73,
          answers: 14,
          correct: 9,
          lastAt: '2026-11-27T10:00:00.000Z',
          topics: [],
        },
      ],
    },
  ],
  dueReviews: 3,
  dueByCourse: { teas_math: 3, med_dosage: 0 },
  answers: 14,
  weakSpots: [],
};

const READINESS: Readiness = {
  teas: {
    enough: false,
    scoredItems: 34,
    predicted: 0,
    low: 0,
    high: 0,
    percent: 0,
    percentLow: 0,
    percentHigh: 0,
    sections: [],
    answers: 14,
    lastAt: '2026-11-27T10:00:00.000Z',
    summary: 'Answer more questions to get a predicted score.',
  },
  medDosage: [],
  trend: [],
};

const realFetch = window.fetch;
afterEach(() => {
  window.fetch = realFetch;
});

function renderModal() {
  const { calls } = mockFetch((call) => {
    if (call.url === '/api/admin/user-learning?uid=u-bob')
      return fakeResponse(200, { summary: SUMMARY, readiness: READINESS });
    if (call.url === '/api/admin/user-tests?uid=u-bob') return fakeResponse(200, { tests: [] });
    if (call.url === '/api/gradebook?userId=u-bob') return fakeResponse(200, { tests: [] });
    return fakeResponse(500, { message: `unexpected ${call.url}` });
  });
  renderApp(
    {
      route: '/user-list',
      session: fakeSession({ isAdmin: true, user: { uid: 'u-admin', email: 'admin@x.test' } }),
    },
    <UserGradebookModal user={BOB} onClose={() => undefined} />,
  );
  return calls;
}

describe("View Gradebook's Learning tab", () => {
  it('reads the learning data only when the tab opens, and shows mastery and readiness', async () => {
    const calls = renderModal();
    const dialog = await screen.findByRole('dialog');
    const tab = within(dialog).getByRole('tab', { name: L.tabLearning });
    expect(within(dialog).getByRole('tab', { name: L.tabGradebook })).toHaveAttribute(
      'aria-selected',
      'true',
    );
    expect(calls.some((c) => c.url.startsWith('/api/admin/user-learning'))).toBe(false);

    await userEvent.click(tab);
    const view = await within(dialog).findByTestId('user-learning');
    expect(view).toHaveTextContent(L.adminView(BOB.email));
    expect(view).toHaveTextContent(L.totals(14, 3));
    expect(view).toHaveTextContent(READINESS.teas.summary);
    const table = within(view).getByRole('region', { name: 'TEAS Math: mastery by objective' });
    expect(within(table).getByRole('rowheader', { name: 'Fractions' })).toBeInTheDocument();
    expect(calls.filter((c) => c.url === '/api/admin/user-learning?uid=u-bob')).toHaveLength(1);
    // read-only: nothing to change or practise from here
    expect(within(view).queryByRole('textbox')).toBeNull();
  });
});
