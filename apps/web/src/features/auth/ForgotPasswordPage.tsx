import { normalizeEmail, validateResetForm } from '@examprep/validation';
import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import Card from 'react-bootstrap/Card';
import Form from 'react-bootstrap/Form';
import { useId, useState, type FormEvent } from 'react';
import { Link } from 'react-router-dom';
import { translateError } from '../../shared/errors';
import { useDocumentTitle } from '../../shared/layout/use-document-title';
import { usePasswordReset } from './auth-api';
import { AUTH_MESSAGES } from './auth.messages';

/**
 * /forgot-password: the spec's Forgot Password modal as a page (learner spec §2 Login, §5
 * reset rules). The email is checked with the shared reset-form validator; POST
 * /api/password-reset answers the same whether or not the account exists (ADR 0006), so
 * 'Email Sent!' reads the same for everyone and asks to check the address and the spam folder.
 */
export default function ForgotPasswordPage() {
  useDocumentTitle(AUTH_MESSAGES.forgotTitle);
  const inputId = useId();
  const errorId = useId();
  const reset = usePasswordReset();
  const [email, setEmail] = useState('');
  const [fieldError, setFieldError] = useState<string | null>(null);
  const [sentTo, setSentTo] = useState<string | null>(null);

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (reset.isPending) return;
    const check = validateResetForm({ email });
    if (!check.isValid) {
      setFieldError(check.error);
      return;
    }
    setFieldError(null);
    const normalized = normalizeEmail(email);
    reset.mutate(normalized, { onSuccess: () => setSentTo(normalized) });
  };

  const startOver = () => {
    reset.reset();
    setSentTo(null);
  };

  const serverError = reset.isError ? translateError(reset.error) : null;
  const shownError = fieldError ?? serverError;

  return (
    <section className="py-4 mx-auto app-narrow" aria-labelledby="forgot-title">
      <Card>
        <Card.Body className="p-4">
          {sentTo === null ? (
            <>
              <h1 id="forgot-title" className="h4">
                {AUTH_MESSAGES.forgotTitle}
              </h1>
              <p>{AUTH_MESSAGES.forgotIntro}</p>
              <Form noValidate onSubmit={onSubmit}>
                <Form.Group className="mb-3" controlId={inputId}>
                  <Form.Label>{AUTH_MESSAGES.emailLabel}</Form.Label>
                  <Form.Control
                    type="email"
                    name="email"
                    autoComplete="email"
                    inputMode="email"
                    autoCapitalize="none"
                    spellCheck={false}
                    maxLength={254}
                    value={email}
                    onChange={(e) => {
                      setEmail(e.target.value);
                      setFieldError(null);
                    }}
                    isInvalid={shownError !== null}
                    aria-invalid={shownError !== null}
                    aria-describedby={shownError !== null ? errorId : undefined}
                    disabled={reset.isPending}
                    autoFocus
                  />
                  <Form.Control.Feedback type="invalid" id={errorId} role="alert">
                    {shownError}
                  </Form.Control.Feedback>
                </Form.Group>
                <div className="d-grid">
                  <Button type="submit" disabled={reset.isPending}>
                    {reset.isPending ? AUTH_MESSAGES.sendingReset : AUTH_MESSAGES.sendResetLink}
                  </Button>
                </div>
              </Form>
            </>
          ) : (
            <div role="status">
              <h1 id="forgot-title" className="h4 text-success">
                {AUTH_MESSAGES.emailSentTitle}
              </h1>
              <p>
                {AUTH_MESSAGES.emailSentBefore} <strong className="text-break">{sentTo}</strong>
                {AUTH_MESSAGES.emailSentAfter}
              </p>
              <Alert variant="info" className="small mb-3">
                {AUTH_MESSAGES.emailSentHelp}
              </Alert>
              <div className="d-flex flex-wrap gap-2">
                <Link to="/login" className="btn btn-primary">
                  {AUTH_MESSAGES.backToSignIn}
                </Link>
                <Button variant="outline-secondary" onClick={startOver}>
                  {AUTH_MESSAGES.useDifferentEmail}
                </Button>
              </div>
            </div>
          )}
          {sentTo === null ? (
            <p className="mt-3 mb-0 text-center">
              <Link to="/login">{AUTH_MESSAGES.backToSignIn}</Link>
            </p>
          ) : null}
        </Card.Body>
      </Card>
    </section>
  );
}
