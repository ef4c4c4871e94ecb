import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import Card from 'react-bootstrap/Card';
import { useState } from 'react';
import { useDocumentTitle } from '../../shared/layout/use-document-title';
import { useSession } from '../../shared/session/session-context';
import { AUTH_MESSAGES } from './auth.messages';

/**
 * Shown on every protected route to a signed-in non-admin whose email is not verified.
 * (Resend Verification Email arrives with the accounts capability.)
 */
export default function VerifyEmailPage() {
  useDocumentTitle(AUTH_MESSAGES.verifyTitle);
  const session = useSession();
  const [checking, setChecking] = useState(false);
  const [notice, setNotice] = useState<{ variant: 'warning' | 'danger'; text: string } | null>(
    null,
  );

  const onRefresh = async () => {
    setChecking(true);
    setNotice(null);
    try {
      await session.refresh();
      // Still mounted means still unverified (a verified user sees the page they asked for).
      setNotice({ variant: 'warning', text: AUTH_MESSAGES.stillUnverified });
    } catch {
      setNotice({ variant: 'danger', text: AUTH_MESSAGES.refreshFailed });
    } finally {
      setChecking(false);
    }
  };

  return (
    <section className="mx-auto app-narrow py-3" aria-labelledby="verify-title">
      <Card>
        <Card.Body>
          <h1 id="verify-title" className="h4">
            {AUTH_MESSAGES.verifyTitle}
          </h1>
          <p>{AUTH_MESSAGES.verifyText}</p>
          {session.user?.email ? (
            <p>
              Signed in as <strong className="text-break">{session.user.email}</strong>
            </p>
          ) : null}
          <div aria-live="polite">
            {notice ? (
              <Alert variant={notice.variant} className="py-2">
                {notice.text}
              </Alert>
            ) : null}
          </div>
          <div className="d-grid gap-2">
            <Button onClick={() => void onRefresh()} disabled={checking}>
              {checking ? AUTH_MESSAGES.verifyChecking : AUTH_MESSAGES.verifyRefresh}
            </Button>
            <Button variant="outline-secondary" onClick={() => void session.logout()}>
              {AUTH_MESSAGES.verifySignOut}
            </Button>
          </div>
        </Card.Body>
      </Card>
    </section>
  );
}
