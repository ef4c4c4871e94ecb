// keycloak.v2's session checks, without inline scripts: the template passes the values as data
// attributes of <body>. authChecker.js comes from the parent theme (resources fall back to it).
import { checkAuthSession, startSessionPolling } from './authChecker.js';

const { ssoLoginUrl, authSessionHash } = document.body.dataset;

if (ssoLoginUrl) {
  // another tab logged in: continue there instead of showing a stale login form
  startSessionPolling(ssoLoginUrl);
}
if (authSessionHash) {
  // the auth session changed in another tab: reload so the form posts to the current one
  checkAuthSession(authSessionHash);
}
