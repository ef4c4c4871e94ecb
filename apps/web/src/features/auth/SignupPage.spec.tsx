import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { fakeResponse, mockFetch } from '../../test-utils/mock-fetch';
import { currentLocation, fakeSession, renderApp } from '../../test-utils/render-app';
import { SIGNED_OUT } from '../../shared/session/session-context';

const UNAVAILABLE =
  'Sign Ups Are Temporarily Unavailable. This may be due to maintenance or updates. Please check back later.';

const visitor = () => fakeSession({ ...SIGNED_OUT });

describe('/signup (learner spec §2 Sign-up)', () => {
  it('asks GET /api/allow-signup without a token, showing a loading state', async () => {
    let answer: (r: Response) => void = () => undefined;
    const { calls } = mockFetch(
      () =>
        new Promise<Response>((resolve) => {
          answer = resolve;
        }),
    );
    const session = visitor();
    renderApp({ route: '/signup', session });
    expect(await screen.findByText('Checking whether sign-up is open…')).toBeInTheDocument();
    expect(calls[0]).toMatchObject({ url: '/api/allow-signup', method: 'GET' });
    expect(calls[0].headers.Authorization).toBeUndefined();
    answer(fakeResponse(200, { allowSignup: true }));
    expect(await screen.findByText('Taking you to the sign-up form…')).toBeInTheDocument();
    await waitFor(() => expect(session.register).toHaveBeenCalledWith('/signup/complete'));
    expect(session.register).toHaveBeenCalledTimes(1);
    await userEvent.click(screen.getByRole('button', { name: 'Continue to sign up' }));
    expect(session.register).toHaveBeenCalledTimes(2);
  });

  it("opens the form for allowSignup 'true' (the string)", async () => {
    mockFetch(() => fakeResponse(200, { allowSignup: 'true' }));
    const session = visitor();
    renderApp({ route: '/signup', session });
    await waitFor(() => expect(session.register).toHaveBeenCalledWith('/signup/complete'));
  });

  it.each([
    ['closed', () => fakeResponse(200, { allowSignup: false })],
    ['any other value', () => fakeResponse(200, { allowSignup: 'yes' })],
    ['a failed check', () => fakeResponse(503, { message: 'down' })],
  ])('says sign-ups are unavailable when %s', async (_label, answer) => {
    mockFetch(answer);
    const session = visitor();
    renderApp({ route: '/signup', session });
    expect(await screen.findByText(UNAVAILABLE)).toBeInTheDocument();
    expect(session.register).not.toHaveBeenCalled();
    expect(screen.getByRole('link', { name: 'Log in' })).toHaveAttribute('href', '/login');
  });

  it('shows the error when the identity provider cannot be reached', async () => {
    mockFetch(() => fakeResponse(200, { allowSignup: true }));
    const session = visitor();
    session.register.mockRejectedValueOnce({ code: 'auth/network-request-failed' });
    renderApp({ route: '/signup', session });
    expect(
      await screen.findByText('Network error. Please check your connection and try again.'),
    ).toBeInTheDocument();
  });

  it('sends signed-in users to the dashboard', async () => {
    mockFetch(() => fakeResponse(200, { allowSignup: true }));
    window.localStorage.setItem('user-logged-in', 'true');
    renderApp({ route: '/signup', session: fakeSession() });
    await waitFor(() => expect(currentLocation()).toBe('/dashboard?tab=math'));
  });
});
