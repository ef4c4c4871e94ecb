import { type ReactNode } from 'react';
import { Navigate, Outlet, useLocation } from 'react-router-dom';
import { passesVerification } from '@examprep/contracts/types';
import { useSession } from '../session/session-context';
import { Loading } from './Loading';

/**
 * Learner spec §2 protected-route rule: while the session loads 'Loading...'; not logged in
 * goes to /login; logged in, non-admin and email not verified shows the verification screen
 * (admins are exempt); an admin-only route for a non-admin redirects to the dashboard.
 */
export function ProtectedRoute({
  adminOnly = false,
  verifyEmail,
  children,
}: {
  adminOnly?: boolean;
  /** The verification screen (from the auth feature). */
  verifyEmail: ReactNode;
  children?: ReactNode;
}) {
  const session = useSession();
  const location = useLocation();
  if (session.status === 'loading') return <Loading />;
  if (session.status === 'signed-out') {
    return (
      <Navigate to="/login" replace state={{ from: `${location.pathname}${location.search}` }} />
    );
  }
  // the one rule of the gateway and the services too (admins are exempt)
  if (!passesVerification(session)) return <>{verifyEmail}</>;
  if (adminOnly && !session.isAdmin) return <Navigate to="/dashboard" replace />;
  return <>{children ?? <Outlet />}</>;
}
