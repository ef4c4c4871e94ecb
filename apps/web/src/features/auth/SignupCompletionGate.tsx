import { Navigate, Outlet, useLocation } from 'react-router-dom';
import { useSession } from '../../shared/session/session-context';
import { SIGNUP_COMPLETE_PATH } from './auth.messages';

/**
 * Learner spec §2/§4: every sign-up ends on the sign-up completion screen, whichever way the
 * learner reached the identity provider's sign-up form. Keycloak returns to the address the
 * sign-in started with (often /dashboard, from the login page's 'Sign up' link); while the
 * session says a sign-up still lacks its user document, every route leads to /signup/complete.
 */
export function SignupCompletionGate() {
  const { status, signupPending } = useSession();
  const { pathname } = useLocation();
  if (status === 'signed-in' && signupPending && pathname !== SIGNUP_COMPLETE_PATH) {
    return <Navigate to={SIGNUP_COMPLETE_PATH} replace />;
  }
  return <Outlet />;
}
