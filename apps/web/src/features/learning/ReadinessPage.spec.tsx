import type { LearningSummary, Readiness } from '@examprep/contracts/types';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { fakeResponse, mockFetch } from '../../test-utils/mock-fetch';
import { renderApp } from '../../test-utils/render-app';
import { EMPTY_SUMMARY, NOT_ENOUGH_READINESS, READINESS, SUMMARY } from './learning-fixtures';

function server(readiness: () => Response, summary: LearningSummary = SUMMARY) {
  return mockFetch((call) => {
    const path = call.url.split('?')[0];
    if (path === '/api/learning/readiness') return readiness();
    if (path === '/api/learning/summary') return fakeResponse(200, summary);
    return fakeResponse(404, { message: `unexpected ${call.url}` });
  });
}
const ok = (r: Readiness) => () => fakeResponse(200, r);

describe('/readiness', () => {
  it('is a signed-in route with its title', async () => {
    server(ok(READINESS));
    renderApp({ route: '/readiness' });
    expect(await screen.findByRole('heading', { level: 1, name: 'Readiness' })).toBeInTheDocument();
    expect(document.title).toBe('Readiness | TestPrep');
  });

  it('shows the TEAS Math prediction with its range, the sections and the evidence', async () => {
    server(ok(READINESS));
    renderApp({ route: '/readiness' });
    const teas = await screen.findByRole('region', { name: 'TEAS Math' });
    expect(within(teas).getByTestId('teas-headline')).toHaveTextContent(
      'About 26 of 34 (76 %), likely 23–29',
    );
    expect(within(teas).getAllByTestId('interval-bar')).toHaveLength(3);
    expect(within(teas).getByText(READINESS.teas.summary)).toBeInTheDocument();
    const sections = within(teas).getAllByTestId('teas-section');
    expect(sections[0]).toHaveTextContent('Numbers and Algebraabout 14 of 18, likely 12–16');
    expect(sections[1]).toHaveTextContent('Measurement and Dataabout 12 of 16, likely 10–13');
    expect(sections[0]).toHaveTextContent(/Based on 16 answers, the latest/);
  });

  it('says "Not enough answers yet" honestly, without a bar', async () => {
    server(ok(NOT_ENOUGH_READINESS));
    renderApp({ route: '/readiness' });
    const teas = await screen.findByRole('region', { name: 'TEAS Math' });
    expect(within(teas).getByTestId('teas-headline')).toHaveTextContent('Not enough answers yet');
    expect(within(teas).queryByTestId('interval-bar')).not.toBeInTheDocument();
    expect(within(teas).getAllByText('Not enough answers yet (2 so far)')).toHaveLength(2);
    expect(screen.getByText('No Med Dosage families yet.')).toBeInTheDocument();
    expect(
      screen.getByText('No scores yet: take a test or keep practising to start your trend.'),
    ).toBeInTheDocument();
  });

  it('lists Med Dosage families and each objective’s level with its range', async () => {
    server(ok(READINESS));
    renderApp({ route: '/readiness' });
    const med = await screen.findByRole('region', { name: 'Med Dosage by topic family' });
    expect(within(med).getByTestId('med-family')).toHaveTextContent(
      'IV TherapyNot enough answers yet21–79 %',
    );
    const table = screen.getByRole('table', { name: 'TEAS Math: mastery by objective' });
    const rows = within(table).getAllByRole('row');
    expect(rows.map((r) => r.textContent)).toEqual([
      'ObjectiveLevel (likely range)Answers',
      'Numbers and Algebra',
      expect.stringMatching(
        /^Fractions and decimalsDeveloping \(55–80 %\)12 \(last Nov \d+(, 2026)?\)$/,
      ),
      'Measurement and Data',
      expect.stringMatching(
        /^Units of measureNot enough answers yet \(20–80 %\)2 \(last Nov \d+(, 2026)?\)$/,
      ),
    ]);
    expect(
      within(table).getByRole('columnheader', { name: 'Numbers and Algebra' }),
    ).toHaveAttribute('scope', 'colgroup');
  });

  it('gives the trend as a table for screen readers, and shows it with "Show as table"', async () => {
    server(ok(READINESS));
    renderApp({ route: '/readiness' });
    const trend = await screen.findByRole('region', { name: 'Score trend' });
    expect(
      within(trend).getByText(
        'The chart shows 1 graded test and 2 estimates; “Show as table” lists them.',
      ),
    ).toBeInTheDocument();
    const hidden = within(trend).getByRole('table', {
      name: 'Score trend: graded tests and estimates over time',
    });
    expect(within(hidden).getAllByRole('row')).toHaveLength(4);
    expect(within(hidden).getAllByRole('row')[1]).toHaveTextContent('TEAS MathGraded test62 %—');
    expect(within(hidden).getAllByRole('row')[3]).toHaveTextContent('Estimate76 %68–85 %');
    const toggle = within(trend).getByRole('button', { name: 'Show as table' });
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    await userEvent.click(toggle);
    expect(within(trend).getByRole('button', { name: 'Show as chart' })).toHaveAttribute(
      'aria-expanded',
      'true',
    );
    expect(within(trend).queryByTestId('trend-chart')).not.toBeInTheDocument();
    expect(
      within(trend).getByRole('region', {
        name: 'Score trend: graded tests and estimates over time',
      }),
    ).toBeInTheDocument();
  });

  it('invites a learner without answers to the Infinite QBank', async () => {
    server(ok(NOT_ENOUGH_READINESS), EMPTY_SUMMARY);
    renderApp({ route: '/readiness' });
    expect(
      await screen.findByText(/Answer questions in the Infinite QBank to see your progress\./),
    ).toBeInTheDocument();
  });

  it('shows an error with Try Again', async () => {
    let fail = true;
    server(() =>
      fail ? fakeResponse(503, { message: 'Service down.' }) : fakeResponse(200, READINESS),
    );
    renderApp({ route: '/readiness' });
    expect(await screen.findByText('Your readiness could not be loaded.')).toBeInTheDocument();
    fail = false;
    await userEvent.click(screen.getByRole('button', { name: 'Try Again' }));
    expect(await screen.findByTestId('teas-headline')).toBeInTheDocument();
  });
});
