import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ApiError } from '../../shared/api/api-client';
import { SIGNED_OUT } from '../../shared/session/session-context';
import {
  currentLocation,
  currentLocationState,
  fakeSession,
  renderApp,
} from '../../test-utils/render-app';

const SUCCESS =
  "Signup successful! Please verify your email inbox. If you don't see it, check your spam/junk folder.";

afterEach(() => jest.useRealTimers());

describe('/signup/complete (learner spec §4 sign-up flow)', () => {
  it("'Creating Account...', then the success text and 'Creating account... one moment...', then /dashboard after 2 s", async () => {
    jest.useFakeTimers({ advanceTimers: true });
    let finish: () => void = () => undefined;
    const session = fakeSession({ emailVerified: false, signupPending: true });
    session.registerUser.mockImplementation(
      () =>
        new Promise((resolve) => {
          finish = () => {
            // like the session: the sign-up is complete once the document exists
            session.signupPending = false;
            resolve({ uid: 'user-1' });
          };
        }),
    );
    renderApp({ route: '/signup/complete', session });
    expect(await screen.findByText('Creating Account...')).toBeInTheDocument();
    expect(session.registerUser).toHaveBeenCalledTimes(1);
    await act(async () => finish());
    expect(await screen.findByText(SUCCESS)).toBeInTheDocument();
    expect(screen.getByText('Creating account... one moment...')).toBeInTheDocument();
    act(() => jest.advanceTimersByTime(1_900));
    expect(currentLocation()).toBe('/signup/complete');
    act(() => jest.advanceTimersByTime(200));
    // unverified users see the verification screen there, so no tab is added
    await waitFor(() => expect(currentLocation()).toBe('/dashboard'));
    expect(currentLocationState()).toEqual({ source: 'signup' });
    // unverified: the verification screen, signup variant
    expect(await screen.findByText('Thanks for signing up!')).toBeInTheDocument();
  });

  it('shows EMAIL_ALREADY_EXISTS with the spec text and retries without losing anything', async () => {
    const session = fakeSession({ emailVerified: false, signupPending: true });
    session.registerUser
      .mockRejectedValueOnce(new ApiError(409, 'EMAIL_ALREADY_EXISTS', 'taken'))
      .mockResolvedValueOnce({ uid: 'user-1' });
    renderApp({ route: '/signup/complete', session });
    expect(
      await screen.findByText(
        'An account with this email already exists. Please log in instead or use a different email.',
      ),
    ).toBeInTheDocument();
    expect(screen.getByText('We could not finish creating your account.')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Try Again' }));
    expect(await screen.findByText(/Signup successful!/)).toBeInTheDocument();
    expect(session.registerUser).toHaveBeenCalledTimes(2);
  });

  it('offers to sign out and use a different email after a failure', async () => {
    const session = fakeSession({ emailVerified: false, signupPending: true });
    session.registerUser.mockRejectedValue(
      new ApiError(403, 'FORBIDDEN', 'Signups are currently disabled.'),
    );
    renderApp({ route: '/signup/complete', session });
    expect(await screen.findByText('Signups are currently disabled.')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Sign out and use different email' }));
    expect(session.logout).toHaveBeenCalled();
  });

  it('sends a sign-in that was not a sign-up to the dashboard without creating anything', async () => {
    // an existing account that chose 'Log in' on the sign-up form comes back here too
    const session = fakeSession({ signupPending: false });
    renderApp({ route: '/signup/complete', session });
    await waitFor(() => expect(currentLocation()).toBe('/dashboard'));
    expect(currentLocationState()).toEqual({ source: 'login' });
    expect(session.registerUser).not.toHaveBeenCalled();
    expect(screen.queryByText(SUCCESS)).not.toBeInTheDocument();
  });

  it('never tells a verified account to verify: the document is made, then the dashboard (issue 24 #10a)', async () => {
    const session = fakeSession({ emailVerified: true, signupPending: true });
    renderApp({ route: '/signup/complete', session });
    await waitFor(() => expect(currentLocation()).toBe('/dashboard'));
    expect(session.registerUser).toHaveBeenCalledTimes(1);
    expect(screen.queryByText(/Please verify your email inbox/)).not.toBeInTheDocument();
    expect(screen.queryByText('Thanks for signing up!')).not.toBeInTheDocument();
  });

  it('asks a signed-out visitor to log in, returning here', async () => {
    const session = fakeSession({ ...SIGNED_OUT });
    renderApp({ route: '/signup/complete', session });
    await userEvent.click(await screen.findByRole('button', { name: 'Log in' }));
    expect(session.login).toHaveBeenCalledWith('/signup/complete');
    expect(session.registerUser).not.toHaveBeenCalled();
  });
});
