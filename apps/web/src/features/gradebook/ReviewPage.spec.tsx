import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { fakeResponse, mockFetch } from '../../test-utils/mock-fetch';
import { currentLocation, fakeSession, renderApp } from '../../test-utils/render-app';
import { question, view } from './gradebook-fixtures';

const realFetch = window.fetch;
afterEach(() => {
  window.fetch = realFetch;
});

const ID = 'AAAAAAAAAAAAAAAAAAA1';

describe('/review-test/:testId (learner spec §2 Review)', () => {
  it('shows the score summary, the breakdown, and walks the questions to the last one', async () => {
    const { calls } = mockFetch((call) =>
      call.url.startsWith('/api/tests/') ? fakeResponse(200, view()) : fakeResponse(200, []),
    );
    renderApp({ route: `/review-test/${ID}` });
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Test Review: TEAS Math Sample QBank' }),
    ).toBeInTheDocument();
    expect(calls[0].url).toBe(`/api/tests/${ID}`);
    expect(screen.getByTestId('review-score')).toHaveTextContent('33%');
    expect(
      screen.getByRole('table', {
        name: 'Correct, incorrect and unanswered questions per objective',
      }),
    ).toBeInTheDocument();

    // the navigator: green correct, red incorrect, black unanswered (navigatorMarker('review'))
    const nav = screen.getByRole('navigation', { name: 'Questions' });
    const markers = within(nav).getAllByRole('button');
    expect(markers.map((b) => b.getAttribute('data-marker'))).toEqual(['green', 'red', 'black']);
    expect(markers[1]).toHaveAccessibleName('Question 2: incorrect, flagged');
    expect(markers[0]).toHaveAttribute('aria-current', 'step');

    // question 1: correct
    expect(screen.getByRole('heading', { name: 'Question 1 of 3' })).toBeInTheDocument();
    expect(screen.getByText('This is the first question')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Previous' })).toBeDisabled();
    expect(screen.getByTestId('review-your-answer')).toHaveTextContent('3/4');
    expect(screen.getByTestId('review-correct-answer')).toHaveTextContent('3/4');
    expect(screen.getByRole('heading', { name: 'Explanation' })).toBeInTheDocument();
    expect(document.querySelector('.katex')).not.toBeNull();
    expect(screen.queryByTestId('review-misconception')).not.toBeInTheDocument();

    // question 2: wrong, with the named misconception
    await userEvent.click(screen.getByRole('button', { name: 'Next' }));
    expect(screen.getByRole('heading', { name: 'Question 2 of 3' })).toHaveFocus();
    expect(screen.getByTestId('review-your-answer')).toHaveTextContent('1/3');
    expect(screen.getByTestId('review-correct-answer')).toHaveTextContent('1/2');
    expect(screen.getByTestId('review-misconception')).toHaveTextContent(
      'Common mistake: you compared the denominators instead of the fractions',
    );
    expect(screen.getByText('Flagged for review')).toBeInTheDocument();

    // question 3: the last one, unanswered
    await userEvent.click(screen.getByRole('button', { name: 'Next' }));
    expect(screen.getByText('This is the last question in review mode')).toBeInTheDocument();
    expect(screen.getByTestId('review-your-answer')).toHaveTextContent('No answer');
    expect(screen.getByTestId('review-correct-answer')).toHaveTextContent('2000');
    expect(screen.queryByRole('button', { name: 'Next' })).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Back to Dashboard' }));
    await waitFor(() => expect(currentLocation()).toBe('/dashboard?tab=math'));
  });

  it('shows the question image, the explanation image and the video through signed URLs (loading first)', async () => {
    const media = question({
      questionImage: 'Images/AB12-que.png',
      explanationImage: 'Images/AB12-exp.png',
      video: 'VideoSolutions/AB12-vid.mp4',
    });
    let release: () => void = () => undefined;
    const gate = new Promise<void>((r) => (release = r));
    const { calls } = mockFetch(async (call) => {
      if (call.url.startsWith('/api/tests/'))
        return fakeResponse(200, view({ questions: [media] }));
      if (!call.url.startsWith('/api/getSignedUrl')) return fakeResponse(200, []);
      await gate;
      const path = decodeURIComponent(call.url.split('path=')[1]);
      return fakeResponse(200, {
        signedUrl: `https://s3.test/${path}`,
        expiresAt: '2999-01-01T00:00:00Z',
      });
    });
    renderApp({ route: `/review-test/${ID}` });
    await screen.findByRole('heading', { name: 'Question 1 of 1' });
    expect(await screen.findAllByText('Loading image…')).toHaveLength(2);
    expect(screen.getByText('Loading video…')).toBeInTheDocument();
    release();
    expect(await screen.findByRole('img', { name: 'Figure for question 1' })).toHaveAttribute(
      'src',
      'https://s3.test/Images/AB12-que.png',
    );
    const exp = screen.getByRole('img', { name: 'Explanation figure' });
    expect(exp).toHaveAttribute('src', 'https://s3.test/Images/AB12-exp.png');
    expect(exp).toHaveStyle({ maxHeight: '250px' });
    const video = document.querySelector('video');
    expect(video).toHaveAttribute('src', 'https://s3.test/VideoSolutions/AB12-vid.mp4');
    expect(video).toHaveAttribute('controls');
    expect(video).toHaveAttribute('preload', 'metadata');
    expect(calls.filter((c) => c.url.startsWith('/api/getSignedUrl'))).toHaveLength(3);
  });

  it('the navigator jumps to a question', async () => {
    mockFetch(() => fakeResponse(200, view()));
    renderApp({ route: `/review-test/${ID}` });
    await userEvent.click(await screen.findByRole('button', { name: 'Question 3: unanswered' }));
    expect(screen.getByRole('heading', { name: 'Question 3 of 3' })).toHaveFocus();
    await userEvent.click(screen.getByRole('button', { name: 'Previous' }));
    expect(screen.getByRole('heading', { name: 'Question 2 of 3' })).toBeInTheDocument();
  });

  it("shows 'Try the Full QBank!' on sample products to learners only", async () => {
    mockFetch(() => fakeResponse(200, view()));
    const learner = renderApp({ route: `/review-test/${ID}` });
    const card = await screen.findByTestId('try-full-qbank');
    expect(within(card).getByRole('heading', { name: 'Try the Full QBank!' })).toBeInTheDocument();
    expect(within(card).getByRole('link')).toHaveAttribute('href', '/dashboard?tab=math');
    learner.unmount();

    renderApp({
      route: `/review-test/${ID}`,
      session: fakeSession({ isAdmin: true, user: { uid: 'user-1', email: 'a@x.test' } }),
    });
    await screen.findByTestId('review-score');
    expect(screen.queryByTestId('try-full-qbank')).not.toBeInTheDocument();
  });

  it('shows no sample card on a full product', async () => {
    mockFetch(() => fakeResponse(200, view({ productId: 'teas_math_qbank' })));
    renderApp({ route: `/review-test/${ID}` });
    await screen.findByTestId('review-score');
    expect(screen.queryByTestId('try-full-qbank')).not.toBeInTheDocument();
  });

  it("sends ?userId= for admins and shows the 'Admin View' banner on another user's test", async () => {
    const { calls } = mockFetch(() => fakeResponse(200, view({ userId: 'learner-9' })));
    renderApp({
      route: `/review-test/${ID}?userId=learner-9`,
      session: fakeSession({ isAdmin: true, user: { uid: 'admin-1', email: 'a@x.test' } }),
    });
    expect(await screen.findByTestId('admin-view')).toHaveTextContent('Admin View');
    expect(calls[0].url).toBe(`/api/tests/${ID}?userId=learner-9`);
  });

  it('never sends ?userId= for learners', async () => {
    const { calls } = mockFetch(() => fakeResponse(200, view()));
    renderApp({ route: `/review-test/${ID}?userId=learner-9` });
    await screen.findByTestId('review-score');
    expect(calls[0].url).toBe(`/api/tests/${ID}`);
    expect(screen.queryByTestId('admin-view')).not.toBeInTheDocument();
  });

  it("answers 404 with 'Test not found.' and a way back", async () => {
    mockFetch(() => fakeResponse(404, { code: 'NOT_FOUND', message: 'Test not found.' }));
    renderApp({ route: `/review-test/${ID}` });
    expect(await screen.findByRole('alert')).toHaveTextContent('Test not found.');
    expect(screen.getByRole('link', { name: 'Back to Gradebook' })).toHaveAttribute(
      'href',
      '/gradebook',
    );
  });

  it("a malformed id answers like an unknown one ('Test not found.'), without asking the server", async () => {
    const { calls } = mockFetch(() =>
      fakeResponse(400, {
        code: 'VALIDATION_FAILED',
        message: 'The testId field must be a test id (20 letters and digits).',
      }),
    );
    renderApp({ route: '/review-test/qa-no-such-test' });
    expect(await screen.findByRole('alert')).toHaveTextContent('Test not found.');
    expect(screen.getByRole('link', { name: 'Back to Gradebook' })).toBeInTheDocument();
    expect(calls.filter((c) => c.url.startsWith('/api/tests/'))).toHaveLength(0);
    expect(screen.queryByRole('button', { name: 'Try Again' })).not.toBeInTheDocument();
  });

  it("a 400 for the id answers 'Test not found.', not the server's text with Try Again", async () => {
    mockFetch(() =>
      fakeResponse(400, {
        code: 'VALIDATION_FAILED',
        message: 'The testId field must be a test id (20 letters and digits).',
      }),
    );
    renderApp({ route: `/review-test/${ID}` });
    expect(await screen.findByRole('alert')).toHaveTextContent('Test not found.');
    expect(screen.queryByText(/The testId field/)).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Try Again' })).not.toBeInTheDocument();
  });

  it('says an unfinished test has not been submitted yet, with a way to continue it', async () => {
    mockFetch(() =>
      fakeResponse(200, view({ completed: false, finalScore: null, objectives: null })),
    );
    renderApp({ route: `/review-test/${ID}` });
    expect(await screen.findByText('This test has not been submitted yet.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Continue Test' })).toHaveAttribute(
      'href',
      `/test/full/${ID}`,
    );
    expect(screen.queryByTestId('review-question')).not.toBeInTheDocument();
  });

  it('offers a retry when the read fails', async () => {
    let fail = true;
    mockFetch(() =>
      fail ? fakeResponse(503, { message: 'Service unavailable' }) : fakeResponse(200, view()),
    );
    renderApp({ route: `/review-test/${ID}` });
    expect(await screen.findByText('Service unavailable')).toBeInTheDocument();
    fail = false;
    await userEvent.click(screen.getByRole('button', { name: 'Try Again' }));
    expect(await screen.findByTestId('review-score')).toHaveTextContent('33%');
  });
});
