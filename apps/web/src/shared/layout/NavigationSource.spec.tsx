import { screen, waitFor } from '@testing-library/react';
import { NAVIGATION_SOURCE_KEY } from '../session/local-flags';
import { currentLocationState, fakeSession, renderApp } from '../../test-utils/render-app';

function remember(source: string, at = Date.now()) {
  window.sessionStorage.setItem(NAVIGATION_SOURCE_KEY, JSON.stringify({ source, at }));
}

describe('navigation source after the identity provider (learner spec §2 dashboard state)', () => {
  it.each([
    ['login', 'Welcome back!'],
    ['signup', 'Thanks for signing up!'],
  ])('puts back source %s once signed in', async (source, heading) => {
    remember(source);
    renderApp({ route: '/dashboard', session: fakeSession({ emailVerified: false }) });
    expect(await screen.findByText(heading)).toBeInTheDocument();
    expect(currentLocationState()).toEqual({ source });
    await waitFor(() => expect(window.sessionStorage.getItem(NAVIGATION_SOURCE_KEY)).toBeNull());
  });

  it('ignores a stale one (the sign-in page was left open for over 30 minutes)', async () => {
    remember('login', Date.now() - 31 * 60_000);
    renderApp({ route: '/dashboard', session: fakeSession({ emailVerified: false }) });
    expect(await screen.findByText('Please verify your email first')).toBeInTheDocument();
    await waitFor(() => expect(window.sessionStorage.getItem(NAVIGATION_SOURCE_KEY)).toBeNull());
  });
});
