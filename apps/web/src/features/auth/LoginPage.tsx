import Button from 'react-bootstrap/Button';
import { useEffect, useRef, useState } from 'react';
import { Navigate } from 'react-router-dom';
import { ErrorState } from '../../shared/layout/ErrorState';
import { Loading } from '../../shared/layout/Loading';
import { useDocumentTitle } from '../../shared/layout/use-document-title';
import { useSession } from '../../shared/session/session-context';
import { AUTH_MESSAGES } from './auth.messages';

/**
 * /login: the email/password form is the identity provider's themed login page (DESIGN §4),
 * so this route sends the browser there at once; signed-in users go to the dashboard.
 */
export default function LoginPage() {
  useDocumentTitle(AUTH_MESSAGES.signInTitle);
  const session = useSession();
  const { status, signingOut, initError, login } = session;
  const started = useRef(false);
  const [error, setError] = useState<string | null>(null);

  const startLogin = () => {
    setError(null);
    login('/dashboard').catch((err: unknown) => {
      setError(err instanceof Error ? err.message : AUTH_MESSAGES.signInUnavailable);
    });
  };

  useEffect(() => {
    if (status !== 'signed-out' || signingOut || initError || started.current) return;
    started.current = true;
    login('/dashboard').catch((err: unknown) => {
      setError(err instanceof Error ? err.message : AUTH_MESSAGES.signInUnavailable);
    });
  }, [status, signingOut, initError, login]);

  if (status === 'loading') return <Loading />;
  if (status === 'signed-in')
    return <Navigate to="/dashboard" replace state={{ source: 'login' }} />;
  if (signingOut) return <Loading label={AUTH_MESSAGES.signingOut} />;
  if (initError) {
    return (
      <ErrorState
        message={AUTH_MESSAGES.signInUnavailable}
        detail={initError}
        retryLabel="Retry"
        onRetry={() => window.location.reload()}
      />
    );
  }
  return (
    <section className="text-center py-5 mx-auto app-narrow" aria-labelledby="login-title">
      <h1 id="login-title" className="h3">
        {AUTH_MESSAGES.signInTitle}
      </h1>
      <p role="status">{AUTH_MESSAGES.redirecting}</p>
      {error ? (
        <p className="text-danger" role="alert">
          {error}
        </p>
      ) : null}
      <p className="text-body-secondary small">{AUTH_MESSAGES.redirectFallback}</p>
      <Button onClick={startLogin}>{AUTH_MESSAGES.continueToSignIn}</Button>
    </section>
  );
}
