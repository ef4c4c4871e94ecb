import { type Course, type CoursesResponse } from '@examprep/contracts/types';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { fakeResponse, mockFetch, type FetchCall } from '../../../test-utils/mock-fetch';
import { fakeSession, renderApp } from '../../../test-utils/render-app';
import CourseTopicManagerPage from './CourseTopicManagerPage';

const topic = (
  key: string,
  name: string,
  over: Partial<{ hasGenerator: boolean; free: boolean; available: boolean }> = {},
) => ({ key, name, hasGenerator: true, free: false, available: false, ...over });

function courses(): Record<string, Course> {
  return {
    med_dosage: {
      id: 'med_dosage',
      name: 'Med Dosage',
      objectives: {
        '10': {
          name: 'Heparin',
          section: 'Infusions',
          topics: [topic('heparin_drip', 'Heparin Drip', { available: true })],
        },
        '2': {
          name: 'Oral Medications',
          section: 'Dosage',
          topics: [topic('oral_tablets', 'Oral Tablets', { free: true, available: true })],
        },
        '1.10': { name: 'Later', section: 'Basics', topics: [] },
        '1.2': {
          name: 'Metric Conversions',
          section: 'Basics',
          topics: [
            topic('metric_conversions', 'Metric Conversions'),
            topic('household', 'Household Units', { hasGenerator: false }),
          ],
        },
      },
    },
    teas: {
      id: 'teas',
      name: 'TEAS Math',
      objectives: {
        '1': {
          name: 'Numbers',
          section: 'Algebra',
          topics: [topic('fractions', 'Fractions', { free: true })],
        },
      },
    },
  };
}

type Handler = (call: FetchCall) => Response | Promise<Response> | undefined;

function serve(patch?: Handler, list: () => Response | Promise<Response> = () => ok()) {
  return mockFetch((call) => {
    if (call.method === 'GET' && call.url === '/api/courses') return list();
    const answer = patch?.(call);
    if (answer) return answer;
    return fakeResponse(500, { message: 'unexpected call' });
  });
}

const ok = (map = courses()) =>
  fakeResponse(200, { success: true, courses: map } satisfies CoursesResponse);

const courseCalls = (calls: FetchCall[]) => calls.filter((c) => c.url === '/api/courses');

function renderPage(isAdmin = true) {
  return renderApp(
    { route: '/course-topic-manager', session: fakeSession({ isAdmin }) },
    <CourseTopicManagerPage />,
  );
}

const loaded = () => screen.findByRole('heading', { level: 2, name: 'Med Dosage' });
const freeBox = (name: string) => screen.getByRole('checkbox', { name: `Free ${name}` });
const availableBox = (name: string) => screen.getByRole('checkbox', { name: `Available ${name}` });
const objectiveTitles = () =>
  screen.queryAllByRole('heading', { level: 3 }).map((h) => h.textContent);
const topicNames = () =>
  screen
    .queryAllByRole('checkbox', { name: /^Free / })
    .map((b) => b.getAttribute('aria-label')?.replace(/^Free /, ''));

describe('/course-topic-manager', () => {
  it("lists courses with their objectives sorted numerically, titled '{section} - {name}'", async () => {
    const { calls } = serve();
    renderPage();
    expect(
      screen.getByRole('heading', { level: 1, name: 'Course Topic Manager' }),
    ).toBeInTheDocument();
    expect(document.title).toBe('Course Topic Manager | TestPrep');
    expect(screen.getByRole('status')).toHaveTextContent('Loading courses...');
    await loaded();
    expect(courseCalls(calls)[0].headers.Authorization).toBe('Bearer test-token');
    expect(screen.getAllByRole('heading', { level: 2 }).map((h) => h.textContent)).toEqual([
      'Filters',
      'Med Dosage',
      'TEAS Math',
    ]);
    expect(objectiveTitles()).toEqual([
      'Basics - Metric Conversions',
      'Basics - Later',
      'Dosage - Oral Medications',
      'Infusions - Heparin',
      'Algebra - Numbers',
    ]);
    expect(screen.getByText('No topics yet.')).toBeInTheDocument();
    expect(screen.getByText('4 topics · 2 available · 1 free')).toBeInTheDocument();
  });

  it('marks generators; topics without one cannot be switched', async () => {
    serve();
    renderPage();
    await loaded();
    const row = freeBox('Metric Conversions').closest('li') as HTMLElement;
    expect(within(row).getByText('Generator')).toBeInTheDocument();
    expect(freeBox('Metric Conversions')).toBeEnabled();
    expect(freeBox('Oral Tablets')).toBeChecked();
    expect(availableBox('Oral Tablets')).toBeChecked();
    const noGen = freeBox('Household Units').closest('li') as HTMLElement;
    expect(within(noGen).getByText('No generator')).toBeInTheDocument();
    expect(freeBox('Household Units')).toBeDisabled();
    expect(availableBox('Household Units')).toBeDisabled();
    expect(freeBox('Household Units')).toHaveAccessibleDescription(
      'This topic has no generator, so it cannot be made free or available.',
    );
  });

  it('filters by availability, pricing and search; Clear All Filters', async () => {
    serve();
    const u = userEvent.setup();
    renderPage();
    await loaded();
    const availability = screen.getByLabelText('Availability');
    expect(
      within(availability)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['All', 'Available Only', 'Unavailable Only']);
    expect(
      within(screen.getByLabelText('Pricing'))
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['All', 'Free Only', 'Paid Only']);

    await u.selectOptions(availability, 'available');
    expect(topicNames()).toEqual(['Oral Tablets', 'Heparin Drip']);
    await u.selectOptions(screen.getByLabelText('Pricing'), 'paid');
    expect(topicNames()).toEqual(['Heparin Drip']);
    await u.selectOptions(availability, 'unavailable');
    expect(topicNames()).toEqual(['Metric Conversions', 'Household Units']);
    await u.selectOptions(screen.getByLabelText('Pricing'), 'free');
    expect(topicNames()).toEqual(['Fractions']);
    expect(screen.queryByRole('heading', { name: 'Med Dosage' })).not.toBeInTheDocument();

    await u.click(screen.getByRole('button', { name: 'Clear All Filters' }));
    expect(topicNames()).toHaveLength(5);
    await u.type(screen.getByLabelText('Search'), 'heparin');
    expect(topicNames()).toEqual(['Heparin Drip']);
    await u.clear(screen.getByLabelText('Search'));
    await u.type(screen.getByLabelText('Search'), 'zzz');
    expect(screen.getByText('No topics match the current filters.')).toBeInTheDocument();
    await u.click(screen.getByRole('button', { name: 'Clear All Filters' }));
    expect(screen.getByLabelText('Search')).toHaveValue('');
    expect(screen.getByRole('button', { name: 'Clear All Filters' })).toBeDisabled();
  });

  it('toggles optimistically, disables the topic while saving and keeps the saved value', async () => {
    let release: () => void = () => undefined;
    const { calls } = serve((call) => {
      if (call.method !== 'PATCH') return undefined;
      return new Promise<Response>((resolve) => {
        const saved = courses();
        saved.med_dosage.objectives['1.2'].topics[0].free = true;
        release = () => resolve(fakeResponse(200, saved.med_dosage));
      });
    });
    const u = userEvent.setup();
    renderPage();
    await loaded();
    await u.click(freeBox('Metric Conversions'));
    expect(freeBox('Metric Conversions')).toBeChecked();
    expect(freeBox('Metric Conversions')).toBeDisabled();
    expect(availableBox('Metric Conversions')).toBeDisabled();
    expect(freeBox('Oral Tablets')).toBeEnabled();
    const row = freeBox('Metric Conversions').closest('li') as HTMLElement;
    expect(within(row).getByRole('status')).toHaveTextContent('Saving…');
    expect(calls.filter((c) => c.method === 'PATCH')).toEqual([
      expect.objectContaining({
        url: '/api/courses/med_dosage/topics/metric_conversions',
        body: { objective: '1.2', free: true },
      }),
    ]);
    release();
    await waitFor(() => expect(freeBox('Metric Conversions')).toBeEnabled());
    expect(freeBox('Metric Conversions')).toBeChecked();
    expect(courseCalls(calls)).toHaveLength(1);
    expect(screen.getByText('4 topics · 2 available · 2 free')).toBeInTheDocument();
  });

  it('on failure rolls the flag back, refetches the courses and says why', async () => {
    let refetch: (() => void) | null = null;
    let gets = 0;
    const { calls } = serve(
      (call) =>
        call.method === 'PATCH'
          ? fakeResponse(409, {
              code: 'NO_GENERATOR',
              message: 'This topic has no generator, so it cannot be made free or available.',
            })
          : undefined,
      () => {
        gets += 1;
        if (gets === 1) return ok();
        // The refetch is held, to see the rollback happen before it.
        return new Promise<Response>((resolve) => {
          const fresh = courses();
          fresh.teas.objectives['1'].topics[0].available = true;
          refetch = () => resolve(ok(fresh));
        });
      },
    );
    const u = userEvent.setup();
    renderPage();
    await loaded();
    await u.click(availableBox('Metric Conversions'));
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent(
      'Could not update Metric Conversions: This topic has no generator, so it cannot be made free or available.',
    );
    expect(availableBox('Metric Conversions')).not.toBeChecked();
    await waitFor(() => expect(courseCalls(calls)).toHaveLength(2));
    expect(refetch).not.toBeNull();
    refetch!();
    await waitFor(() => expect(availableBox('Fractions')).toBeChecked());
    expect(availableBox('Metric Conversions')).toBeEnabled();
  });

  it("says 'Failed to load courses from API.' and retries", async () => {
    let fail = true;
    serve(undefined, () => (fail ? fakeResponse(503, { message: 'Service unavailable' }) : ok()));
    const u = userEvent.setup();
    renderPage();
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Failed to load courses from API.');
    expect(alert).toHaveTextContent('Service unavailable');
    fail = false;
    await u.click(within(alert).getByRole('button', { name: 'Try Again' }));
    await loaded();
  });

  it('says so when there are no courses', async () => {
    serve(undefined, () => ok({}));
    renderPage();
    expect(await screen.findByText('No courses found.')).toBeInTheDocument();
  });

  it("shows 'Access Denied - This feature is only available to administrators.' to non-admins", async () => {
    const { calls } = serve();
    renderPage(false);
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Access Denied - This feature is only available to administrators.',
    );
    expect(calls).toHaveLength(0);
  });
});
