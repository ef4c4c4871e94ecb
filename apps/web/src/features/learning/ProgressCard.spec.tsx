import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { fakeResponse, mockFetch } from '../../test-utils/mock-fetch';
import { currentLocation, renderApp } from '../../test-utils/render-app';
import { EMPTY_SUMMARY, SUMMARY } from './learning-fixtures';
import { ProgressCard } from './ProgressCard';

function serve(answer: () => Response) {
  return mockFetch((call) =>
    call.url.startsWith('/api/learning/summary')
      ? answer()
      : fakeResponse(404, { message: `unexpected ${call.url}` }),
  );
}

const card = () => screen.getByRole('region', { name: 'Your progress' });

describe('ProgressCard', () => {
  it('shows the reviews due today with a button to start them, and the 5 weakest topics', async () => {
    serve(() => fakeResponse(200, SUMMARY));
    renderApp({ route: '/dashboard' }, <ProgressCard />);
    expect(await screen.findByText('3 reviews due today')).toBeInTheDocument();
    expect(screen.getByText('31 answers so far')).toBeInTheDocument();
    const list = within(card()).getByRole('list', { name: 'Your weakest topics' });
    const items = within(list).getAllByRole('listitem');
    expect(items).toHaveLength(5);
    expect(items[0]).toHaveTextContent('Fractions (TEAS Math)Needs work');
    expect(items[2]).toHaveTextContent('IV flow rate (Med Dosage)Developing');
    expect(screen.queryByText(/Sixth topic/)).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'See my readiness' })).toHaveAttribute(
      'href',
      '/readiness',
    );
    expect(screen.getByRole('link', { name: 'Practise my weak spots' })).toHaveAttribute(
      'href',
      '/infinite-qbank?mode=weak-spots',
    );
    // the reviews start in the course with the most due (med_dosage: 2 of 3)
    await userEvent.click(screen.getByRole('link', { name: 'Start reviews' }));
    expect(currentLocation()).toBe('/infinite-qbank?mode=weak-spots&course=med_dosage');
  });

  it('offers no Start reviews when none is due', async () => {
    serve(() => fakeResponse(200, { ...SUMMARY, dueReviews: 0, weakSpots: [] }));
    renderApp({ route: '/dashboard' }, <ProgressCard />);
    expect(await screen.findByText('No reviews due today')).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Start reviews' })).not.toBeInTheDocument();
    expect(
      screen.getByText('No weak spots with enough answers yet: keep practising to find them.'),
    ).toBeInTheDocument();
  });

  it('says how to start when there are no answers yet', async () => {
    serve(() => fakeResponse(200, EMPTY_SUMMARY));
    renderApp({ route: '/dashboard' }, <ProgressCard />);
    expect(
      await screen.findByText('Answer questions in the Infinite QBank to see your progress.'),
    ).toBeInTheDocument();
    expect(
      screen.getByRole('link', { name: 'Start practising in the Infinite QBank' }),
    ).toHaveAttribute('href', '/infinite-qbank');
  });

  it('takes an odd answer for an error instead of breaking the dashboard', async () => {
    serve(() => fakeResponse(200, { ok: true }));
    renderApp({ route: '/dashboard' }, <ProgressCard />);
    expect(await screen.findByText('Your progress could not be loaded.')).toBeInTheDocument();
    expect(screen.getByText('An unexpected error occurred. Please try again.')).toBeInTheDocument();
    // a quiet notice: the dashboard's alerts are for the dashboard's own failures
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('shows loading, then an error with Try Again that reads again', async () => {
    let fail = true;
    serve(() =>
      fail
        ? fakeResponse(503, { message: 'The testing service is not available.' })
        : fakeResponse(200, SUMMARY),
    );
    renderApp({ route: '/dashboard' }, <ProgressCard />);
    expect(screen.getByText('Loading your progress…')).toBeInTheDocument();
    expect(await screen.findByText('Your progress could not be loaded.')).toBeInTheDocument();
    fail = false;
    await userEvent.click(screen.getByRole('button', { name: 'Try Again' }));
    expect(await screen.findByText('3 reviews due today')).toBeInTheDocument();
  });
});
