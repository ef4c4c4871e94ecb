import { type Course } from '@examprep/contracts/types';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { LOGGED_IN_FLAG_KEY } from '../../shared/session/local-flags';
import { fakeResponse, mockFetch } from '../../test-utils/mock-fetch';
import { CATALOG } from '../../test-utils/products';
import { currentLocation, renderApp } from '../../test-utils/render-app';

const COURSE: Course = {
  id: 'med_dosage',
  name: 'Med Dosage',
  objectives: {
    '1': {
      name: 'IV',
      section: 'Unit 1',
      topics: [{ key: 'iv', name: 'IV', hasGenerator: true, free: true, available: true }],
    },
  },
};

function serveCourses(response: () => Response) {
  return mockFetch((call) => {
    if (call.url === '/api/infiniteqbank/courses') return response();
    if (call.url === '/api/products') return fakeResponse(200, { products: CATALOG });
    // the progress card (issue 29) of a learner without answers: no alert of its own
    if (call.url === '/api/learning/summary') {
      return fakeResponse(200, { courses: [], dueReviews: 0, answers: 0, weakSpots: [] });
    }
    return fakeResponse(404, { message: 'not here' });
  });
}

const coursesCalled = (calls: { url: string }[]) =>
  calls.some((c) => c.url === '/api/infiniteqbank/courses');

describe('dashboard: Infinite QBank section of Math Products (learner spec §2 Math tab)', () => {
  // The welcome modal is tested in its own spec.
  beforeEach(() => window.localStorage.setItem(LOGGED_IN_FLAG_KEY, 'true'));

  it('advertises the free open beta when a course is on offer and leads to /infinite-qbank', async () => {
    serveCourses(() => fakeResponse(200, { courses: [COURSE], viewMode: null }));
    renderApp({ route: '/dashboard?tab=math' });
    const section = await screen.findByRole('region', { name: 'Infinite QBank' });
    expect(section).toHaveTextContent('Free · open beta');
    // It is a section of the Math Products accordion, beside the product sections.
    expect(screen.getByRole('heading', { level: 2, name: 'Math Products' })).toBeInTheDocument();
    expect(await screen.findByRole('region', { name: 'TEAS Math Products' })).toBeInTheDocument();
    await userEvent.click(screen.getByRole('link', { name: 'Open the Infinite QBank' }));
    await waitFor(() => expect(currentLocation()).toBe('/infinite-qbank'));
  });

  it('is hidden when no course is open for this user', async () => {
    const { calls } = serveCourses(() => fakeResponse(200, { courses: [], viewMode: null }));
    renderApp({ route: '/dashboard?tab=math' });
    await screen.findByRole('heading', { level: 1, name: 'Your Math Dashboard' });
    await waitFor(() => expect(coursesCalled(calls)).toBe(true));
    await new Promise((r) => setTimeout(r, 0));
    expect(screen.queryByRole('region', { name: 'Infinite QBank' })).not.toBeInTheDocument();
  });

  it('is hidden, and no error is shown, when the call fails', async () => {
    const { calls } = serveCourses(() =>
      fakeResponse(503, { message: 'The question bank service is not available.' }),
    );
    renderApp({ route: '/dashboard?tab=math' });
    await screen.findByRole('heading', { level: 1, name: 'Your Math Dashboard' });
    await waitFor(() => expect(coursesCalled(calls)).toBe(true));
    await new Promise((r) => setTimeout(r, 0));
    expect(screen.queryByRole('region', { name: 'Infinite QBank' })).not.toBeInTheDocument();
    expect(screen.queryByText(/question bank service/)).not.toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('is not on the design tab', async () => {
    const { calls } = serveCourses(() => fakeResponse(200, { courses: [COURSE], viewMode: null }));
    renderApp({ route: '/dashboard?tab=design' });
    await screen.findByRole('heading', { level: 1, name: 'Your Design and Droid Dashboard' });
    expect(screen.queryByRole('region', { name: 'Infinite QBank' })).not.toBeInTheDocument();
    expect(coursesCalled(calls)).toBe(false);
  });
});
