import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { fakeResponse, mockFetch } from '../../test-utils/mock-fetch';
import { fakeSession, renderApp } from '../../test-utils/render-app';
import VerifyEmailPage, { verificationVariant } from './VerifyEmailPage';

const SENT =
  "Verification email sent. Please check your inbox. If you don't see it, check your spam/junk folder.";

function renderVerify(source?: string) {
  const session = fakeSession({ emailVerified: false });
  renderApp({
    route: '/dashboard',
    session,
    routeState: source === undefined ? undefined : { source },
  });
  return session;
}

describe('verification screen (learner spec §2)', () => {
  it.each([
    ['signup', 'Thanks for signing up!'],
    ['login', 'Welcome back!'],
    [undefined, 'Please verify your email first'],
  ])('variant for source %p: %s', async (source, heading) => {
    renderVerify(source);
    expect(await screen.findByRole('heading', { name: 'Verify your email' })).toBeInTheDocument();
    expect(screen.getByText(heading)).toBeInTheDocument();
  });

  it('the three variants have distinct texts', () => {
    expect(verificationVariant({ source: 'signup' })).toBe('signup');
    expect(verificationVariant({ source: 'login' })).toBe('login');
    expect(verificationVariant({ source: 'other' })).toBe('other');
    expect(verificationVariant(null)).toBe('other');
  });

  it("Resend Verification Email reads 'Sending...' while busy, then the spec text", async () => {
    let answer: (r: Response) => void = () => undefined;
    const { calls } = mockFetch(
      () =>
        new Promise<Response>((resolve) => {
          answer = resolve;
        }),
    );
    renderVerify('signup');
    await userEvent.click(await screen.findByRole('button', { name: 'Resend Verification Email' }));
    expect(screen.getByRole('button', { name: 'Sending...' })).toBeDisabled();
    expect(calls[0]).toMatchObject({ url: '/api/resend-verification', method: 'POST' });
    expect(calls[0].headers.Authorization).toBe('Bearer test-token');
    answer(fakeResponse(200, { sent: true }));
    expect(await screen.findByText(SENT)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Resend Verification Email' })).toBeEnabled();
  });

  it.each([
    [
      401,
      { code: 'UNAUTHENTICATED', message: 'Authentication required.' },
      'You must be logged in.',
    ],
    [
      400,
      { code: 'ALREADY_VERIFIED', message: 'Your email is already verified.' },
      'Your email is already verified.',
    ],
    [
      504,
      { code: 'GATEWAY_TIMEOUT', message: 'The service did not answer in time.' },
      'The service did not answer in time.',
    ],
  ])('a %s shows %p', async (status, body, text) => {
    mockFetch(() => fakeResponse(status, { error: 'x', ...body }));
    renderVerify();
    await userEvent.click(await screen.findByRole('button', { name: 'Resend Verification Email' }));
    expect(await screen.findByText(text)).toBeInTheDocument();
  });

  it.each([
    ['already verified', { emailVerified: true }, 'Your email is already verified.'],
    ['signed out', { status: 'signed-out' as const, user: null }, 'You must be logged in.'],
  ])('the shared validator refuses a resend when %s, without calling', async (_l, over, text) => {
    const { calls } = mockFetch(() => fakeResponse(200, { sent: true }));
    renderApp({ route: '/x', session: fakeSession(over) }, <VerifyEmailPage />);
    await userEvent.click(screen.getByRole('button', { name: 'Resend Verification Email' }));
    expect(await screen.findByText(text)).toBeInTheDocument();
    expect(calls).toHaveLength(0);
  });

  it('I Have Verified - Refresh Page forces a token refresh; sign out is offered', async () => {
    const session = renderVerify('login');
    const card = await screen.findByRole('region', { name: 'Verify your email' });
    await userEvent.click(
      within(card).getByRole('button', { name: 'I Have Verified - Refresh Page' }),
    );
    expect(session.refresh).toHaveBeenCalled();
    expect(await screen.findByText(/not verified yet/)).toBeInTheDocument();
    await userEvent.click(
      within(card).getByRole('button', { name: 'Sign out and use different email' }),
    );
    expect(session.logout).toHaveBeenCalled();
  });
});
