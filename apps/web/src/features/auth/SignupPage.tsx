import { isSignupAllowed } from '@examprep/contracts/types';
import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import { useEffect, useRef, useState } from 'react';
import { Link, Navigate } from 'react-router-dom';
import { translateError } from '../../shared/errors';
import { Loading } from '../../shared/layout/Loading';
import { useDocumentTitle } from '../../shared/layout/use-document-title';
import { useSession } from '../../shared/session/session-context';
import { useSignupStatus } from './auth-api';
import { AUTH_MESSAGES, SIGNUP_COMPLETE_PATH } from './auth.messages';

/**
 * /signup (learner spec §2 Sign-up): first asks GET /api/allow-signup (loading state); closed
 * or failed -> 'Sign Ups Are Temporarily Unavailable...'; open -> the identity provider's
 * sign-up form (our Keycloak theme), which returns to /signup/complete.
 */
export default function SignupPage() {
  useDocumentTitle(AUTH_MESSAGES.signupTitle);
  const session = useSession();
  const signedOut = session.status === 'signed-out' && !session.signingOut;
  const status = useSignupStatus();
  const allowed = status.isSuccess && isSignupAllowed(status.data);
  const started = useRef(false);
  const [error, setError] = useState<string | null>(null);
  const { register } = session;

  const start = () => {
    setError(null);
    register(SIGNUP_COMPLETE_PATH).catch((err: unknown) => setError(translateError(err)));
  };

  useEffect(() => {
    if (!allowed || !signedOut || started.current) return;
    started.current = true;
    register(SIGNUP_COMPLETE_PATH).catch((err: unknown) => setError(translateError(err)));
  }, [allowed, signedOut, register]);

  if (session.status === 'loading') return <Loading />;
  if (session.status === 'signed-in') return <Navigate to="/dashboard" replace />;

  let body;
  if (status.isPending) {
    body = <Loading label={AUTH_MESSAGES.signupChecking} />;
  } else if (!allowed) {
    body = (
      <Alert variant="warning" className="text-start" role="alert">
        {AUTH_MESSAGES.signupUnavailable}
      </Alert>
    );
  } else {
    body = (
      <>
        <p role="status">{AUTH_MESSAGES.signupRedirecting}</p>
        {error ? (
          <p className="text-danger" role="alert">
            {error}
          </p>
        ) : null}
        <p className="text-body-secondary small">{AUTH_MESSAGES.redirectFallback}</p>
        <Button onClick={start}>{AUTH_MESSAGES.continueToSignUp}</Button>
      </>
    );
  }

  return (
    <section className="text-center py-5 mx-auto app-narrow" aria-labelledby="signup-title">
      <h1 id="signup-title" className="h3 mb-4">
        {AUTH_MESSAGES.signupTitle}
      </h1>
      {body}
      <p className="mt-4 mb-0">
        {AUTH_MESSAGES.haveAccount} <Link to="/login">{AUTH_MESSAGES.logIn}</Link>
      </p>
    </section>
  );
}
