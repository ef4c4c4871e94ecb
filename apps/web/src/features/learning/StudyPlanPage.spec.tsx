import { LEARNING_MESSAGES, type StudyPlan } from '@examprep/contracts/types';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { fakeResponse, mockFetch, type FetchCall } from '../../test-utils/mock-fetch';
import { renderApp } from '../../test-utils/render-app';
import { addDays, utcToday } from './study-plan-form';
import { STUDY_PLAN_MESSAGES as T } from './study-plan.messages';
import StudyPlanPage from './StudyPlanPage';

const EXAM = addDays(utcToday(), 30);
const SETTINGS = { examDate: EXAM, minutesPerDay: 25, reminders: true };
const PLAN: StudyPlan = {
  examDate: EXAM,
  daysLeft: 30,
  minutesPerDay: 25,
  focus: [
    {
      course: 'TEAS Math',
      objective: 'fractions',
      name: 'Fractions',
      share: 0.625,
      level: 'needs-work',
    },
    { course: 'TEAS Math', objective: 'ratios', name: 'Ratios', share: 0.375, level: 'not-enough' },
  ],
  days: [
    {
      date: utcToday(),
      blocks: [
        {
          kind: 'review',
          course: '',
          objective: null,
          name: 'Review missed items',
          minutes: 6,
          questions: 4,
        },
        {
          kind: 'practice',
          course: 'TEAS Math',
          objective: 'fractions',
          name: 'Fractions',
          minutes: 15,
          questions: 10,
        },
      ],
    },
    {
      date: addDays(utcToday(), 1),
      blocks: [
        {
          kind: 'practice',
          course: 'TEAS Math',
          objective: 'ratios',
          name: 'Ratios',
          minutes: 25,
          questions: 16,
        },
      ],
    },
  ],
  summary:
    'Your exam is in 30 days. Today: 6 minutes reviewing 4 missed items, then 19 minutes of practice.',
};

const realFetch = window.fetch;
afterEach(() => {
  window.fetch = realFetch;
});

function serve(get: () => unknown, put?: (call: FetchCall) => Response) {
  return mockFetch((call) => {
    if (call.url !== '/api/learning/plan') return fakeResponse(500, { message: 'unexpected' });
    if (call.method === 'GET') return fakeResponse(200, get());
    if (call.method === 'PUT' && put) return put(call);
    return fakeResponse(500, { message: 'unexpected' });
  });
}

const renderPage = () => renderApp({ route: '/study-plan' }, <StudyPlanPage />);

describe('/study-plan', () => {
  it('shows the empty state and an empty form before any plan', async () => {
    serve(() => ({ settings: null, plan: null }));
    renderPage();
    expect(screen.getByText(T.loading)).toBeInTheDocument();
    expect(await screen.findByText(T.empty)).toBeInTheDocument();
    expect(screen.getByLabelText(T.examDate)).toHaveValue('');
    expect(screen.getByLabelText(T.minutesPerDay)).toHaveValue('30');
    expect(screen.getByRole('checkbox', { name: T.reminders })).not.toBeChecked();
    expect(screen.getByRole('checkbox', { name: T.reminders })).toHaveAccessibleDescription(
      T.remindersHint,
    );
    expect(screen.getByLabelText(T.examDate)).toHaveAttribute('min', utcToday());
    expect(document.title).toBe('Study plan | TestPrep');
  });

  it('saves with PUT and shows the plan: days left, focus, the next days and the summary', async () => {
    const { calls } = serve(
      () => ({ settings: null, plan: null }),
      () => fakeResponse(200, { settings: SETTINGS, plan: PLAN }),
    );
    renderPage();
    const date = await screen.findByLabelText(T.examDate);
    await userEvent.type(date, EXAM);
    const minutes = screen.getByLabelText(T.minutesPerDay);
    await userEvent.clear(minutes);
    await userEvent.type(minutes, '25');
    await userEvent.click(screen.getByRole('checkbox', { name: T.reminders }));
    await userEvent.click(screen.getByRole('button', { name: T.save }));

    expect(await screen.findByRole('status')).toHaveTextContent(T.saved);
    const put = calls.find((c) => c.method === 'PUT');
    expect(put?.body).toEqual(SETTINGS);
    expect(screen.getByText(T.daysLeft(30))).toBeInTheDocument();
    expect(screen.getByText(PLAN.summary)).toBeInTheDocument();
    const focus = screen.getByRole('region', { name: T.focusCaption });
    const rows = within(focus).getAllByRole('row').slice(1);
    expect(rows.map((r) => r.textContent)).toEqual([
      'Fractions63%Needs work',
      'Ratios38%Not enough answers yet',
    ]);
    expect(screen.getByText('Review 4 missed questions · 6 min')).toBeInTheDocument();
    expect(screen.getByText('Practise Fractions · 15 min · ~10 questions')).toBeInTheDocument();
    expect(screen.getByText('Practise Ratios · 25 min · ~16 questions')).toBeInTheDocument();
  });

  it('checks the limits in the browser: no request, the message beside the field, focus on it', async () => {
    const { calls } = serve(() => ({ settings: SETTINGS, plan: PLAN }));
    renderPage();
    const minutes = await screen.findByLabelText(T.minutesPerDay);
    await userEvent.clear(minutes);
    await userEvent.type(minutes, '3');
    await userEvent.click(screen.getByRole('button', { name: T.save }));
    expect(minutes).toHaveAttribute('aria-invalid', 'true');
    expect(minutes).toHaveAccessibleDescription(
      `${T.minutesHint} ${LEARNING_MESSAGES.minutesPerDay}`,
    );
    expect(minutes).toHaveFocus();
    expect(calls.filter((c) => c.method === 'PUT')).toHaveLength(0);
  });

  it("keeps what was typed when the server refuses it, and shows the server's field error", async () => {
    serve(
      () => ({ settings: SETTINGS, plan: PLAN }),
      () =>
        fakeResponse(400, {
          code: 'VALIDATION_FAILED',
          message: LEARNING_MESSAGES.examDate,
          fields: { examDate: [LEARNING_MESSAGES.examDate] },
        }),
    );
    renderPage();
    const minutes = await screen.findByLabelText(T.minutesPerDay);
    await userEvent.clear(minutes);
    await userEvent.type(minutes, '40');
    await userEvent.click(screen.getByRole('button', { name: T.save }));
    const date = screen.getByLabelText(T.examDate);
    await waitFor(() => expect(date).toHaveAttribute('aria-invalid', 'true'));
    expect(date).toHaveAccessibleDescription(`${T.examDateHint} ${LEARNING_MESSAGES.examDate}`);
    expect(date).toHaveFocus();
    expect(screen.getByRole('alert')).toHaveTextContent(T.fixFields);
    expect(minutes).toHaveValue('40');
    expect(date).toHaveValue(EXAM);
    expect(screen.getByRole('checkbox', { name: T.reminders })).toBeChecked();
  });

  it('says a failed save that names no field, keeping the form', async () => {
    serve(
      () => ({ settings: SETTINGS, plan: PLAN }),
      () => fakeResponse(503, { message: 'The service is busy.' }),
    );
    renderPage();
    await userEvent.click(await screen.findByRole('button', { name: T.save }));
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent(T.saveFailed);
    expect(alert).toHaveTextContent('The service is busy.');
    expect(screen.getByLabelText(T.minutesPerDay)).toHaveValue('25');
  });

  it('shows a failed load with Try Again', async () => {
    let fail = true;
    mockFetch(() =>
      fail
        ? fakeResponse(500, { message: 'Boom' })
        : fakeResponse(200, { settings: null, plan: null }),
    );
    renderPage();
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent(T.loadFailed);
    fail = false;
    await userEvent.click(within(alert).getByRole('button', { name: T.tryAgain }));
    expect(await screen.findByText(T.empty)).toBeInTheDocument();
  });
});
