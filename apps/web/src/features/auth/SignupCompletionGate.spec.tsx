import { act, screen, waitFor } from '@testing-library/react';
import { currentLocation, fakeSession, renderApp } from '../../test-utils/render-app';

const SUCCESS =
  "Signup successful! Please verify your email inbox. If you don't see it, check your spam/junk folder.";

afterEach(() => jest.useRealTimers());

describe('every sign-up ends on the completion screen (learner spec §2, §4)', () => {
  it.each(['/dashboard', '/dashboard?tab=design', '/updates', '/', '/login', '/signup'])(
    'a sign-up that came back to %s shows the spec sequence, then the dashboard after 2 s',
    async (route) => {
      jest.useFakeTimers({ advanceTimers: true });
      const session = fakeSession({ emailVerified: false, signupPending: true });
      const created = await session.registerUser();
      session.registerUser.mockClear();
      // like the session: the document exists once create-user answered
      session.registerUser.mockImplementation(async () => {
        session.signupPending = false;
        return created;
      });
      renderApp({ route, session });
      await waitFor(() => expect(currentLocation()).toBe('/signup/complete'));
      expect(await screen.findByText(SUCCESS)).toBeInTheDocument();
      expect(screen.getByText('Creating account... one moment...')).toBeInTheDocument();
      expect(session.registerUser).toHaveBeenCalledTimes(1);
      act(() => jest.advanceTimersByTime(2_000));
      await waitFor(() => expect(currentLocation()).toBe('/dashboard'));
      expect(await screen.findByText('Thanks for signing up!')).toBeInTheDocument();
      expect(session.registerUser).toHaveBeenCalledTimes(1);
    },
  );

  it('leaves every other signed-in user where they are', async () => {
    const session = fakeSession({ signupPending: false });
    renderApp({ route: '/updates', session });
    expect(await screen.findByRole('heading', { level: 1 })).toBeInTheDocument();
    expect(currentLocation()).toBe('/updates');
    expect(session.registerUser).not.toHaveBeenCalled();
  });
});
