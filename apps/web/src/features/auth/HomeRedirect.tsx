import { useEffect } from 'react';
import { Navigate, useSearchParams } from 'react-router-dom';
import { Loading } from '../../shared/layout/Loading';
import { useSession } from '../../shared/session/session-context';
import { homeTarget, storeMarketingParams } from './home-redirect';

/** Route `/` (learner spec §2). */
export function HomeRedirect() {
  const session = useSession();
  const [params] = useSearchParams();
  const signedIn = session.status === 'signed-in';

  useEffect(() => {
    if (session.status !== 'loading') storeMarketingParams(params, signedIn);
  }, [params, session.status, signedIn]);

  if (session.status === 'loading') return <Loading />;
  return <Navigate to={homeTarget(session)} replace />;
}
