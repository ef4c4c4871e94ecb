import { CAPTCHA_CODES, CAPTCHA_MESSAGES, type CaptchaChallenge } from '@examprep/contracts/types';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { fakeResponse, mockFetch, type FetchCall } from '../../test-utils/mock-fetch';
import { renderApp } from '../../test-utils/render-app';
import { ContactChallenge } from './ContactChallenge';

const FIRST: CaptchaChallenge = {
  challengeId: '11111111-1111-4111-8111-111111111111',
  question: 'What is 7 + 5?',
  expiresIn: 300,
};
const SECOND: CaptchaChallenge = {
  challengeId: '22222222-2222-4222-8222-222222222222',
  question: 'What is 6 × 3?',
  expiresIn: 300,
};

/** Issue answers the challenges in turn; verify answers `verify(call)`. */
function serve(verify: (call: FetchCall) => Response, challenges = [FIRST, SECOND]) {
  let next = 0;
  return mockFetch((call) => {
    if (call.url === '/api/captcha/issue') return fakeResponse(201, challenges[next++]);
    if (call.url === '/api/captcha/verify') return verify(call);
    return fakeResponse(500, { error: 'unexpected call' });
  });
}

async function openChallenge(question = FIRST.question) {
  renderApp({ route: '/dashboard' }, <ContactChallenge />);
  await userEvent.click(screen.getByRole('button', { name: 'Contact' }));
  return screen.findByRole('textbox', { name: question });
}

describe('ContactChallenge', () => {
  it('issues a challenge on Contact, then shows the business number after a correct answer', async () => {
    const { calls } = serve(() => fakeResponse(200, { businessNumber: '+1-555-010-0199' }));
    const input = await openChallenge();
    expect(input).toHaveFocus();
    expect(screen.getByText(/This question expires in 5 minutes\./)).toBeInTheDocument();
    await userEvent.type(input, '12');
    await userEvent.click(screen.getByRole('button', { name: 'Verify' }));

    const result = await screen.findByRole('status');
    expect(result).toHaveTextContent('Our business number: +1-555-010-0199');
    expect(screen.getByRole('link', { name: '+1-555-010-0199' })).toHaveAttribute(
      'href',
      'tel:+15550100199',
    );
    expect(calls.map((c) => [c.method, c.url])).toEqual([
      ['POST', '/api/captcha/issue'],
      ['POST', '/api/captcha/verify'],
    ]);
    expect(calls[1].body).toEqual({ challengeId: FIRST.challengeId, answer: '12' });
  });

  it('keeps Verify disabled while the answer is empty or not digits, with the validator message', async () => {
    const { calls } = serve(() => fakeResponse(200, { businessNumber: 'x' }));
    const input = await openChallenge();
    const verify = screen.getByRole('button', { name: 'Verify' });
    expect(verify).toBeDisabled();
    await userEvent.type(input, '1a');
    expect(verify).toBeDisabled();
    expect(input).toHaveAttribute('aria-invalid', 'true');
    expect(input).toHaveAccessibleDescription(
      expect.stringContaining('Please enter numbers only.'),
    );
    await userEvent.clear(input);
    await userEvent.type(input, '12345678901');
    expect(input).toHaveAccessibleDescription(
      expect.stringContaining('Input too long. Maximum 10 characters allowed.'),
    );
    await userEvent.type(input, '{Enter}');
    expect(calls.filter((c) => c.url === '/api/captcha/verify')).toHaveLength(0);
    await userEvent.clear(input);
    await userEvent.type(input, '12');
    expect(verify).toBeEnabled();
  });

  it("shows the server's incorrect-answer message and a new question (the old one is used up)", async () => {
    serve(() =>
      fakeResponse(400, {
        error: 'Bad Request',
        code: CAPTCHA_CODES.INCORRECT,
        message: CAPTCHA_MESSAGES.incorrect,
      }),
    );
    const input = await openChallenge();
    await userEvent.type(input, '13');
    await userEvent.click(screen.getByRole('button', { name: 'Verify' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Incorrect answer. Please try again.',
    );
    const next = await screen.findByRole('textbox', { name: SECOND.question });
    expect(next).toHaveValue('');
    expect(screen.getByRole('alert')).toHaveTextContent(CAPTCHA_MESSAGES.incorrect);
  });

  it('shows the expired message with a new question', async () => {
    serve(() =>
      fakeResponse(410, {
        error: 'Gone',
        code: CAPTCHA_CODES.EXPIRED,
        message: CAPTCHA_MESSAGES.expired,
      }),
    );
    const input = await openChallenge();
    await userEvent.type(input, '12');
    await userEvent.click(screen.getByRole('button', { name: 'Verify' }));
    expect(await screen.findByRole('textbox', { name: SECOND.question })).toBeInTheDocument();
    expect(screen.getByRole('alert')).toHaveTextContent(CAPTCHA_MESSAGES.expired);
  });

  it("replaces a failed verify ('Failed to verify') with 'Something went wrong. Please refresh and try again.' and keeps the question", async () => {
    serve(() =>
      fakeResponse(503, {
        error: 'Service Unavailable',
        code: 'SERVICE_UNAVAILABLE',
        message: 'No identity service is answering.',
      }),
    );
    const input = await openChallenge();
    await userEvent.type(input, '12');
    await userEvent.click(screen.getByRole('button', { name: 'Verify' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Something went wrong. Please refresh and try again.',
    );
    expect(screen.getByRole('textbox', { name: FIRST.question })).toHaveValue('12');
    expect(screen.getByRole('button', { name: 'Verify' })).toBeEnabled();
  });

  it("falls back to 'Please try again.' when the refusal carries no message of ours (rate limit)", async () => {
    serve(() =>
      fakeResponse(429, {
        error: 'Too Many Requests',
        code: 'RATE_LIMITED',
        message: 'ThrottlerException: Too Many Requests',
      }),
    );
    const input = await openChallenge();
    await userEvent.type(input, '12');
    await userEvent.click(screen.getByRole('button', { name: 'Verify' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(/^Please try again\.$/);
  });

  it("says 'Unable to start verification. Please refresh and try again.' when issuing fails", async () => {
    mockFetch(() => fakeResponse(500, { error: 'Internal Server Error', code: 'INTERNAL' }));
    renderApp({ route: '/dashboard' }, <ContactChallenge />);
    await userEvent.click(screen.getByRole('button', { name: 'Contact' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Unable to start verification. Please refresh and try again.',
    );
    // Contact stays available to try again
    await waitFor(() => expect(screen.getByRole('button', { name: 'Contact' })).toBeEnabled());
  });
});
