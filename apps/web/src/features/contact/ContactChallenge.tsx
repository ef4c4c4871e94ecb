import { type CaptchaChallenge } from '@examprep/contracts/types';
import { validateNumeric } from '@examprep/validation';
import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import Card from 'react-bootstrap/Card';
import Form from 'react-bootstrap/Form';
import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { useIssueChallenge, useVerifyChallenge } from './captcha-api';
import { captchaErrorText, isChallengeSpent } from './captcha-errors';
import { CONTACT_MESSAGES as T } from './contact.messages';

/** Digits and the common separators of a phone number, for the tel: link. */
function telHref(number: string): string {
  return `tel:${number.replace(/[^\d+]/g, '')}`;
}

/**
 * The dashboard's Contact section (learner spec §2, §4 "Contact challenge", §5 captcha answer,
 * §8 Captcha): Contact issues a math question; the answer (digits, the numeric validator) is
 * verified once; a correct answer shows the business number. A wrong answer uses the question
 * up, so the server's message is shown with a new question.
 */
export function ContactChallenge() {
  const issue = useIssueChallenge();
  const verify = useVerifyChallenge();
  const [challenge, setChallenge] = useState<CaptchaChallenge | null>(null);
  const [answer, setAnswer] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [businessNumber, setBusinessNumber] = useState<string | null>(null);
  const inputRef = useRef<HTMLInputElement>(null);
  const resultRef = useRef<HTMLParagraphElement>(null);
  const ids = useId();
  const inputId = `${ids}-answer`;
  const hintId = `${ids}-hint`;
  const fieldErrorId = `${ids}-error`;

  const check = validateNumeric(answer);
  const canVerify = answer !== '' && check.isValid && !verify.isPending;

  useEffect(() => {
    if (challenge) inputRef.current?.focus();
  }, [challenge]);
  useEffect(() => {
    if (businessNumber) resultRef.current?.focus();
  }, [businessNumber]);

  /** Asks for a question; `keepError` leaves the last message (e.g. the wrong answer) shown. */
  const start = (keepError = false) => {
    if (!keepError) setError(null);
    setChallenge(null);
    setAnswer('');
    issue.mutate(undefined, {
      onSuccess: (next) => setChallenge(next),
      onError: (err) => setError(captchaErrorText('issue', err)),
    });
  };

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (!challenge || !canVerify) return;
    setError(null);
    verify.mutate(
      { challengeId: challenge.challengeId, answer },
      {
        onSuccess: (result) => {
          setChallenge(null);
          setBusinessNumber(result.businessNumber);
        },
        onError: (err) => {
          setError(captchaErrorText('verify', err));
          if (isChallengeSpent(err)) start(true);
        },
      },
    );
  };

  const fieldError = answer !== '' && !check.isValid ? check.error : null;

  let body;
  if (businessNumber) {
    body = (
      <p ref={resultRef} tabIndex={-1} role="status" className="mb-0">
        {T.businessNumberLabel}:{' '}
        <a href={telHref(businessNumber)} className="fw-semibold">
          {businessNumber}
        </a>
      </p>
    );
  } else if (challenge) {
    body = (
      <Form noValidate onSubmit={onSubmit}>
        <Form.Group className="mb-2" controlId={inputId}>
          <Form.Label className="fw-semibold">{challenge.question}</Form.Label>
          <Form.Control
            ref={inputRef}
            type="text"
            inputMode="numeric"
            autoComplete="off"
            value={answer}
            onChange={(e) => setAnswer(e.target.value)}
            isInvalid={fieldError !== null}
            aria-invalid={fieldError !== null ? true : undefined}
            aria-describedby={[hintId, fieldError ? fieldErrorId : ''].filter(Boolean).join(' ')}
          />
          <Form.Text id={hintId}>
            {T.answerLabelHint} {T.expiresIn(challenge.expiresIn)}
          </Form.Text>
          {fieldError ? (
            <Form.Control.Feedback type="invalid" id={fieldErrorId} className="d-block">
              {fieldError}
            </Form.Control.Feedback>
          ) : null}
        </Form.Group>
        <Button type="submit" disabled={!canVerify}>
          {verify.isPending ? T.verifying : T.verify}
        </Button>
      </Form>
    );
  } else {
    body = (
      <Button variant="outline-primary" onClick={() => start()} disabled={issue.isPending}>
        {issue.isPending ? T.starting : T.contact}
      </Button>
    );
  }

  return (
    <Card as="section" aria-labelledby={`${ids}-title`}>
      <Card.Body>
        <Card.Title as="h2" className="h5" id={`${ids}-title`}>
          {T.title}
        </Card.Title>
        {businessNumber ? null : <Card.Text>{T.intro}</Card.Text>}
        {error ? (
          <Alert variant="danger" role="alert" className="py-2">
            {error}
          </Alert>
        ) : null}
        {body}
      </Card.Body>
    </Card>
  );
}
