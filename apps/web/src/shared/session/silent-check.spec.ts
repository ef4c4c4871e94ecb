import { clearSignedInHere, markSignedInHere } from './local-flags';
import { silentCheckNeeded } from './silent-check';

describe('silentCheckNeeded', () => {
  afterEach(() => clearSignedInHere());

  it('looks for a session as the app starts', () => {
    expect(silentCheckNeeded({ pathname: '/dashboard', hash: '' })).toBe(true);
  });

  it('not on the return from Keycloak with a code (keycloak-js exchanges it)', () => {
    expect(
      silentCheckNeeded({ pathname: '/simulations', hash: '#state=s&session_state=x&code=c' }),
    ).toBe(false);
    expect(silentCheckNeeded({ pathname: '/simulations', hash: '#state=s' })).toBe(true);
  });

  it('on an LMS launch only where someone signed in to the app here (to sign them out first)', () => {
    expect(silentCheckNeeded({ pathname: '/lti/start', hash: '' })).toBe(false);
    markSignedInHere();
    expect(silentCheckNeeded({ pathname: '/lti/start', hash: '' })).toBe(true);
  });
});
