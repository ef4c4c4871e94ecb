// The first page after an accepted LMS launch (issue 30, ADR 0040), without the app: it only
// sends the browser to Keycloak's identity provider `lti` (the launch's ticket is a cookie for
// the bridge), so a launch boots the app once, on its target, instead of twice. A browser where
// someone signed in to the app goes to the app's /lti/start instead, which signs them out first.
import Keycloak from 'keycloak-js';
import { createApiClient } from '../shared/api/api-client';
import { fetchPublicConfig } from '../shared/config/public-config';
import { LTI_START_MESSAGES as T, safeAppPath } from '../features/schools/lti-start';
import { isSignedInHere, rememberNavigationSource } from '../shared/session/local-flags';
import { SCHOOL_IDP } from '../shared/session/school-idp';

async function start(): Promise<void> {
  const to = safeAppPath(new URLSearchParams(window.location.search).get('to'));
  if (isSignedInHere()) {
    window.location.replace(`/lti/start?to=${encodeURIComponent(to)}`);
    return;
  }
  const config = await fetchPublicConfig(createApiClient());
  const kc = new Keycloak(config.keycloak);
  await kc.init({ pkceMethod: 'S256', checkLoginIframe: false });
  rememberNavigationSource('login');
  await kc.login({
    redirectUri: `${window.location.origin}${to}`,
    idpHint: SCHOOL_IDP,
    prompt: 'login',
  });
}

start().catch(() => {
  const status = document.getElementById('lti-start-status');
  if (!status) return;
  status.setAttribute('role', 'alert');
  status.textContent = `${T.failed} ${T.reopen}`;
});
