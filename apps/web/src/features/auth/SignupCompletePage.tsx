import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import Card from 'react-bootstrap/Card';
import Spinner from 'react-bootstrap/Spinner';
import { useCallback, useEffect, useRef, useState } from 'react';
import { Navigate, useNavigate } from 'react-router-dom';
import { translateError } from '../../shared/errors';
import { Loading } from '../../shared/layout/Loading';
import { useDocumentTitle } from '../../shared/layout/use-document-title';
import { useSession } from '../../shared/session/session-context';
import { AUTH_MESSAGES, SIGNUP_COMPLETE_PATH, SIGNUP_REDIRECT_MS } from './auth.messages';

type Phase =
  | { name: 'waiting' }
  | { name: 'creating' }
  | { name: 'done' }
  | { name: 'failed'; message: string };

const DASHBOARD_STATE = { source: 'signup' } as const;

/**
 * /signup/complete: where every sign-up ends (learner spec §4 sign-up flow): register()
 * returns here, and SignupCompletionGate sends a sign-up that came back elsewhere (the login
 * page's 'Sign up' link) here too. 'Creating Account...' while POST /api/create-user runs (once),
 * then the success text with 'Creating account... one moment...', and after 2 seconds the
 * dashboard (which shows the verification screen, variant signup). A failure keeps the account
 * and offers Try Again. A sign-in that was not a sign-up (an existing account that chose 'Log in'
 * on the sign-up form) goes straight to the dashboard.
 */
export default function SignupCompletePage() {
  useDocumentTitle(AUTH_MESSAGES.signupTitle);
  const session = useSession();
  const navigate = useNavigate();
  const [phase, setPhase] = useState<Phase>({ name: 'waiting' });
  const started = useRef(false);
  const { registerUser, status, signupPending } = session;

  const create = useCallback(() => {
    setPhase({ name: 'creating' });
    registerUser().then(
      () => setPhase({ name: 'done' }),
      (err: unknown) => setPhase({ name: 'failed', message: translateError(err) }),
    );
  }, [registerUser]);

  useEffect(() => {
    if (status !== 'signed-in' || !signupPending || started.current) return;
    started.current = true;
    create();
  }, [status, signupPending, create]);

  useEffect(() => {
    if (phase.name !== 'done') return;
    const timer = window.setTimeout(
      () => navigate('/dashboard', { replace: true, state: DASHBOARD_STATE }),
      SIGNUP_REDIRECT_MS,
    );
    return () => window.clearTimeout(timer);
  }, [phase.name, navigate]);

  if (status === 'loading') return <Loading />;
  if (status === 'signed-out') {
    if (session.signingOut) return <Loading label={AUTH_MESSAGES.signingOut} />;
    return (
      <section className="text-center py-5 mx-auto app-narrow" aria-labelledby="signup-title">
        <h1 id="signup-title" className="h3">
          {AUTH_MESSAGES.signupTitle}
        </h1>
        <p>{AUTH_MESSAGES.signupNoSession}</p>
        <Button onClick={() => void session.login(SIGNUP_COMPLETE_PATH)}>
          {AUTH_MESSAGES.logIn}
        </Button>
      </section>
    );
  }

  if (phase.name === 'waiting' && !signupPending) {
    return <Navigate to="/dashboard" replace state={{ source: 'login' }} />;
  }
  // The success text tells the reader to verify: a verified account (made by staff) never
  // reads it (issue 24 #10a); it goes on once its document exists.
  if (phase.name === 'done' && session.emailVerified) {
    return <Navigate to="/dashboard" replace state={{ source: 'login' }} />;
  }

  let body;
  if (phase.name === 'waiting' || phase.name === 'creating') {
    body = <Loading label={AUTH_MESSAGES.creatingAccount} />;
  } else if (phase.name === 'done') {
    body = (
      <>
        <Alert variant="success" role="status">
          {AUTH_MESSAGES.signupSuccess}
        </Alert>
        <div className="d-flex align-items-center justify-content-center gap-2 my-3">
          <Spinner animation="border" size="sm" aria-hidden="true" />
          <span>{AUTH_MESSAGES.creatingAccountOneMoment}</span>
        </div>
        <Button
          variant="link"
          onClick={() => navigate('/dashboard', { replace: true, state: DASHBOARD_STATE })}
        >
          {AUTH_MESSAGES.goToDashboardNow}
        </Button>
      </>
    );
  } else {
    body = (
      <Alert variant="danger" className="text-start" role="alert">
        <p className="fw-semibold mb-1">{AUTH_MESSAGES.signupFailed}</p>
        <p className="mb-1">{phase.message}</p>
        <p className="small mb-0">{AUTH_MESSAGES.signupFailedHelp}</p>
        <div className="d-flex flex-wrap gap-2 mt-3">
          <Button variant="outline-danger" onClick={create}>
            {AUTH_MESSAGES.tryAgain}
          </Button>
          <Button variant="outline-secondary" onClick={() => void session.logout()}>
            {AUTH_MESSAGES.verifySignOut}
          </Button>
        </div>
      </Alert>
    );
  }

  return (
    <section className="py-4 mx-auto app-narrow" aria-labelledby="signup-title">
      <Card>
        <Card.Body className="text-center">
          <h1 id="signup-title" className="h4">
            {AUTH_MESSAGES.signupTitle}
          </h1>
          <div aria-live="polite">{body}</div>
        </Card.Body>
      </Card>
    </section>
  );
}
