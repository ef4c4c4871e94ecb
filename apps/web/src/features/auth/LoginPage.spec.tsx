import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { STAGING_RESTRICTED_KEY } from '../../shared/session/local-flags';
import { SIGNED_OUT } from '../../shared/session/session-context';
import {
  currentLocation,
  currentLocationState,
  fakeSession,
  renderApp,
} from '../../test-utils/render-app';

describe('/login', () => {
  it("passes the navigation source 'login' to the dashboard", async () => {
    window.localStorage.setItem('user-logged-in', 'true');
    renderApp({ route: '/login', session: fakeSession() });
    await waitFor(() => expect(currentLocation()).toBe('/dashboard?tab=math'));
    expect(currentLocationState()).toEqual({ source: 'login' });
  });

  it("says 'Staging Access Restricted' after a failed staging check (learner spec §4)", async () => {
    window.sessionStorage.setItem(STAGING_RESTRICTED_KEY, 'true');
    const session = fakeSession({ ...SIGNED_OUT });
    renderApp({ route: '/login', session });
    expect(
      await screen.findByRole('heading', { name: 'Staging Access Restricted' }),
    ).toBeInTheDocument();
    expect(
      screen.getByText(
        'This environment is only for authorised personnel, and your account does not have staging access.',
      ),
    ).toBeInTheDocument();
    expect(session.login).not.toHaveBeenCalled();
    expect(document.title).toBe('Staging Access Restricted | TestPrep');
    await userEvent.click(screen.getByRole('button', { name: 'Sign in with a different account' }));
    expect(session.login).toHaveBeenCalledWith('/dashboard');
    expect(window.sessionStorage.getItem(STAGING_RESTRICTED_KEY)).toBeNull();
  });

  it('shows a translated error when the sign-in page cannot be opened', async () => {
    const session = fakeSession({ ...SIGNED_OUT });
    session.login.mockRejectedValue({ code: 'auth/network-request-failed' });
    renderApp({ route: '/login', session });
    expect(
      await screen.findByText('Network error. Please check your connection and try again.'),
    ).toBeInTheDocument();
  });
});
