import { useEffect, useRef, useState } from 'react';
import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import Spinner from 'react-bootstrap/Spinner';
import { useSearchParams } from 'react-router-dom';
import { useDocumentTitle } from '../../shared/layout/use-document-title';
import { useSession } from '../../shared/session/session-context';
import { LTI_START_MESSAGES as T, safeAppPath } from './lti-start';

/**
 * /lti/start?to=… (issue 30, ADR 0040): where an LMS launch's start page (/lti-start.html) hands
 * over in a browser where someone signed in to the app. Someone signed in is signed out first
 * (the launch's user is who the LMS says, always); then it signs in through Keycloak's identity
 * provider `lti`, which takes the launch's one-time ticket (a cookie for the bridge only), and
 * returns to the launch's target.
 */
export default function LtiStartPage() {
  useDocumentTitle(T.title);
  const session = useSession();
  const [search] = useSearchParams();
  const to = safeAppPath(search.get('to'));
  const [failed, setFailed] = useState<string | null>(null);
  const started = useRef(false);
  const { status, login, logout } = session;

  const start = () => {
    setFailed(null);
    // Keycloak refuses a school sign-in over another user's session in this browser (a shared
    // computer, a teacher trying a learner's view): that session ends first, and the browser
    // comes back here (the launch's ticket cookie lasts two minutes) to sign in the launch's user
    const next =
      status === 'signed-in'
        ? logout(`/lti/start?to=${encodeURIComponent(to)}`)
        : login(to, { school: true });
    next.catch((err: unknown) => {
      started.current = false;
      setFailed(err instanceof Error ? err.message : String(err));
    });
  };

  useEffect(() => {
    // once keycloak-js is ready
    if (status === 'loading' || started.current) return;
    started.current = true;
    start();
    // eslint-disable-next-line react-hooks/exhaustive-deps -- start once
  }, [status]);

  return (
    <section aria-labelledby="lti-start-title" style={{ maxWidth: '36rem' }}>
      <h1 id="lti-start-title" className="h3 mb-3">
        {T.title}
      </h1>
      {failed ? (
        <Alert variant="danger" role="alert">
          <p className="fw-semibold mb-1">{T.failed}</p>
          <p className="small mb-2">{T.reopen}</p>
          <Button variant="primary" onClick={start}>
            {T.retry}
          </Button>
        </Alert>
      ) : (
        <p role="status" className="d-flex align-items-center gap-2">
          <Spinner animation="border" size="sm" aria-hidden="true" />
          {T.signingIn}
        </p>
      )}
    </section>
  );
}
