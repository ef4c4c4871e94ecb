import type { Course, InfiniteCoursesResponse } from '@examprep/contracts/types';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { fakeResponse, mockFetch, type FetchCall } from '../../test-utils/mock-fetch';
import { renderApp } from '../../test-utils/render-app';
import InfiniteQbankPage from '../qbank/InfiniteQbankPage';
import { question } from './learning-fixtures';

const TEAS: Course = {
  id: 'teas_math',
  name: 'TEAS Math',
  objectives: {
    '1': {
      name: 'Fractions and decimals',
      section: 'Numbers and Algebra',
      topics: [{ key: 't_fr', name: 'Fractions', hasGenerator: true, free: true, available: true }],
    },
  },
};

function server(batch: (call: FetchCall) => Response) {
  return mockFetch((call) => {
    const path = call.url.split('?')[0];
    if (path === '/api/infiniteqbank/courses') {
      const body: InfiniteCoursesResponse = { courses: [TEAS], viewMode: null };
      return fakeResponse(200, body);
    }
    if (path === '/api/learning/weak-spots' && call.method === 'POST') return batch(call);
    if (path === '/api/infiniteqbank/check') {
      return fakeResponse(200, { correct: false, correctAnswer: ['1'], explanation: 'Half of 2.' });
    }
    return fakeResponse(404, { message: `unexpected ${call.method} ${call.url}` });
  });
}

describe('Practise my weak spots (/infinite-qbank?mode=weak-spots)', () => {
  it('is linked from the Infinite QBank page', async () => {
    server(() => fakeResponse(200, { questions: [], reviewIds: [], siblingIds: [] }));
    renderApp({ route: '/infinite-qbank' }, <InfiniteQbankPage />);
    expect(await screen.findByRole('link', { name: 'Practise my weak spots' })).toHaveAttribute(
      'href',
      '/infinite-qbank?mode=weak-spots',
    );
  });

  it('runs a course’s batch in the QBank’s question card, marks reviews, and Next batch continues', async () => {
    const { calls } = server(() =>
      fakeResponse(200, {
        questions: [question(1), question(2), question(3)],
        reviewIds: ['t_fr~1', 't_fr~2'],
        siblingIds: ['t_fr~2'],
      }),
    );
    renderApp({ route: '/infinite-qbank?mode=weak-spots' }, <InfiniteQbankPage />);
    await userEvent.click(
      await screen.findByRole('button', { name: 'Practise my weak spots: TEAS Math' }),
    );
    const weak = calls.filter((c) => c.url.startsWith('/api/learning/weak-spots'));
    expect(weak.map((c) => c.body)).toEqual([{ course: 'teas_math' }]);

    let card = await screen.findByRole('article');
    expect(within(card).getByRole('heading', { name: 'Question 1 of 3' })).toBeInTheDocument();
    expect(within(card).getByText('Topic: Fractions')).toBeInTheDocument();
    expect(within(card).getByTestId('qbank-note')).toHaveTextContent(
      'Review: you missed this question before',
    );
    expect(screen.getByText('Batch 1 · 2 reviews in this batch')).toBeInTheDocument();

    await userEvent.click(within(card).getAllByRole('radio')[0]);
    await userEvent.click(within(card).getByRole('button', { name: 'Check Answer' }));
    expect(await screen.findByTestId('qbank-result')).toHaveTextContent('Incorrect.');
    // the review's answer says it is one (it reviews the card, issue 29)
    const checks = () => calls.filter((c) => c.url.startsWith('/api/infiniteqbank/check'));
    expect(checks()[0].body).toEqual({ id: 't_fr~1', answer: ['0.5'], review: true });
    expect(screen.getByTestId('weak-spots-score')).toHaveTextContent('Score: 0 of 1 correct');
    await userEvent.click(within(card).getByRole('button', { name: 'Next question' }));

    // a sibling of a missed item: the same idea with new numbers
    card = screen.getByRole('article');
    expect(within(card).getByRole('heading', { name: 'Question 2 of 3' })).toBeInTheDocument();
    expect(within(card).getByTestId('qbank-note')).toHaveTextContent(
      'Review: the same idea as a question you missed, with new numbers',
    );
    await userEvent.click(within(card).getAllByRole('radio')[1]);
    await userEvent.click(within(card).getByRole('button', { name: 'Check Answer' }));
    await within(card).findByTestId('qbank-result');
    expect(checks()[1].body).toEqual({ id: 't_fr~2', answer: ['1'], review: true });
    await userEvent.click(within(card).getByRole('button', { name: 'Next question' }));

    card = screen.getByRole('article');
    expect(within(card).getByRole('heading', { name: 'Question 3 of 3' })).toBeInTheDocument();
    expect(within(card).queryByTestId('qbank-note')).not.toBeInTheDocument();
    await userEvent.click(within(card).getAllByRole('radio')[1]);
    await userEvent.click(within(card).getByRole('button', { name: 'Check Answer' }));
    await within(card).findByTestId('qbank-result');
    expect(checks()[2].body).toEqual({ id: 't_fr~3', answer: ['1.5'] });
    await userEvent.click(within(card).getByRole('button', { name: 'Next batch' }));
    expect(await screen.findByText('Batch 2 · 2 reviews in this batch')).toBeInTheDocument();
    expect(screen.getByTestId('weak-spots-score')).toHaveTextContent('Score: 0 of 3 correct');
    expect(calls.filter((c) => c.url.startsWith('/api/learning/weak-spots'))).toHaveLength(2);
  });

  it('a course in the link (Start reviews) starts its batch on arrival', async () => {
    const { calls } = server(() =>
      fakeResponse(200, { questions: [question(1)], reviewIds: ['t_fr~1'], siblingIds: [] }),
    );
    renderApp(
      { route: '/infinite-qbank?mode=weak-spots&course=med_dosage' },
      <InfiniteQbankPage />,
    );
    expect(await screen.findByRole('article')).toBeInTheDocument();
    const weak = calls.filter((c) => c.url.startsWith('/api/learning/weak-spots'));
    expect(weak.map((c) => c.body)).toEqual([{ course: 'med_dosage' }]);
  });

  it('shows a failed batch with Try Again', async () => {
    let fail = true;
    server(() =>
      fail
        ? fakeResponse(503, { message: 'Could not load practice questions. Please try again.' })
        : fakeResponse(200, { questions: [question(3)], reviewIds: [], siblingIds: [] }),
    );
    renderApp({ route: '/infinite-qbank?mode=weak-spots' }, <InfiniteQbankPage />);
    await userEvent.click(
      await screen.findByRole('button', { name: 'Practise my weak spots: Med Dosage' }),
    );
    expect(await screen.findByText('Your practice could not be loaded.')).toBeInTheDocument();
    fail = false;
    await userEvent.click(screen.getByRole('button', { name: 'Try Again' }));
    expect(await screen.findByRole('heading', { name: 'Question 1 of 1' })).toBeInTheDocument();
    expect(screen.getByText('Batch 1 · No reviews in this batch')).toBeInTheDocument();
  });
});
