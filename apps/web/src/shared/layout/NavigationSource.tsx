import { useEffect, useState, type ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router-dom';
import { clearNavigationSource, readNavigationSource } from '../session/local-flags';
import { useSession } from '../session/session-context';

/**
 * Back from the identity provider the browser loads the app afresh, so the router state of
 * learner spec §2 (the dashboard's navigation source, login or signup) is gone. The session
 * remembered it before leaving; on the first signed-in render the current location is
 * replaced by itself with `state.source` set, before any page renders.
 */
export function useNavigationSourceRedirect(): ReactNode {
  const { status } = useSession();
  const location = useLocation();
  const [done, setDone] = useState(false);
  const source = status === 'signed-in' && !done ? readNavigationSource() : null;

  useEffect(() => {
    if (status !== 'signed-in' || done) return;
    clearNavigationSource();
    setDone(true);
  }, [status, done]);

  if (!source) return null;
  const previous =
    typeof location.state === 'object' && location.state !== null ? location.state : {};
  // No hash: the router may still hold the identity provider's response fragment
  // (#state=...&code=...), which keycloak-js has already removed from the address bar.
  return (
    <Navigate
      to={{ pathname: location.pathname, search: location.search }}
      replace
      state={{ ...previous, source }}
    />
  );
}
