import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import Card from 'react-bootstrap/Card';
import { useState } from 'react';
import { useLocation } from 'react-router-dom';
import { useDocumentTitle } from '../../shared/layout/use-document-title';
import { useSession } from '../../shared/session/session-context';
import {
  useResendVerification,
  VERIFICATION_MESSAGES,
} from '../../shared/session/use-resend-verification';
import { AUTH_MESSAGES, VERIFY_INTRO, type VerificationVariant } from './auth.messages';

/** The navigation source of learner spec §2 (dashboard state `source`: login or signup). */
export function verificationVariant(state: unknown): VerificationVariant {
  const source =
    typeof state === 'object' && state !== null ? (state as { source?: unknown }).source : null;
  return source === 'signup' || source === 'login' ? source : 'other';
}

type Notice = { variant: 'success' | 'warning' | 'danger'; text: string };

/**
 * Shown on every protected route to a signed-in non-admin whose email is not verified
 * (learner spec §2): an introduction per navigation source, Resend Verification Email,
 * I Have Verified - Refresh Page (forces a token refresh) and Sign out and use different email.
 */
export default function VerifyEmailPage() {
  useDocumentTitle(AUTH_MESSAGES.verifyTitle);
  const session = useSession();
  const location = useLocation();
  const variant = verificationVariant(location.state);
  const intro = VERIFY_INTRO[variant];
  const resend = useResendVerification();
  const [checking, setChecking] = useState(false);
  const [notice, setNotice] = useState<Notice | null>(null);

  const onResend = () => {
    setNotice(null);
    resend.mutate(undefined, {
      onSuccess: () => setNotice({ variant: 'success', text: VERIFICATION_MESSAGES.sentScreen }),
      onError: (err) => setNotice({ variant: 'danger', text: err.message }),
    });
  };

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
    <section
      className="mx-auto app-narrow py-3"
      aria-labelledby="verify-title"
      data-variant={variant}
    >
      <Card>
        <Card.Body>
          <h1 id="verify-title" className="h4">
            {AUTH_MESSAGES.verifyTitle}
          </h1>
          <p className="fw-semibold mb-1">{intro.heading}</p>
          <p>{intro.text}</p>
          {session.user?.email ? (
            <p>
              {AUTH_MESSAGES.signedInAs}{' '}
              <strong className="text-break">{session.user.email}</strong>
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
            <Button onClick={onResend} disabled={resend.isPending}>
              {resend.isPending ? AUTH_MESSAGES.sending : AUTH_MESSAGES.resend}
            </Button>
            <Button variant="outline-primary" onClick={() => void onRefresh()} disabled={checking}>
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
