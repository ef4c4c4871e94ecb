import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import { useEffect, useRef, useState } from 'react';
import { Navigate } from 'react-router-dom';
import { ErrorState } from '../../shared/layout/ErrorState';
import { Loading } from '../../shared/layout/Loading';
import { useDocumentTitle } from '../../shared/layout/use-document-title';
import { clearStagingRestricted, isStagingRestricted } from '../../shared/session/local-flags';
import { useSession } from '../../shared/session/session-context';
import { AUTH_MESSAGES } from './auth.messages';

/**
 * /login: the email/password form is the identity provider's themed login page (DESIGN §4),
 * so this route sends the browser there at once; signed-in users go to the dashboard with the
 * navigation source 'login'. After a failed staging access check (learner spec §4) it says
 * 'Staging Access Restricted' instead.
 */
/** The error translator is loaded only when there is an error to show (keeps /login small). */
async function errorText(err: unknown): Promise<string> {
  const { translateError } = await import('../../shared/errors');
  return translateError(err);
}

export default function LoginPage() {
  const session = useSession();
  const { status, signingOut, initError, login } = session;
  const [restricted, setRestricted] = useState(isStagingRestricted);
  useDocumentTitle(restricted ? AUTH_MESSAGES.stagingTitle : AUTH_MESSAGES.signInTitle);
  const started = useRef(false);
  const [error, setError] = useState<string | null>(null);

  const startLogin = () => {
    setError(null);
    clearStagingRestricted();
    setRestricted(false);
    login('/dashboard').catch(async (err: unknown) => setError(await errorText(err)));
  };

  useEffect(() => {
    if (status !== 'signed-out' || signingOut || initError || restricted || started.current) return;
    started.current = true;
    login('/dashboard').catch(async (err: unknown) => setError(await errorText(err)));
  }, [status, signingOut, initError, restricted, login]);

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
  if (restricted) {
    return (
      <section className="py-5 mx-auto app-narrow" aria-labelledby="staging-title">
        <Alert variant="danger">
          <h1 id="staging-title" className="h4 alert-heading">
            {AUTH_MESSAGES.stagingTitle}
          </h1>
          <p>{AUTH_MESSAGES.stagingText}</p>
          <p className="small mb-3">{AUTH_MESSAGES.stagingHelp}</p>
          <Button variant="outline-danger" onClick={startLogin}>
            {AUTH_MESSAGES.stagingSignInOther}
          </Button>
        </Alert>
      </section>
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
