import { type TestView } from '@examprep/contracts/types';
import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import Modal from 'react-bootstrap/Modal';
import Spinner from 'react-bootstrap/Spinner';
import { useState, type ReactNode } from 'react';
import { useDocumentTitle } from '../../shared/layout/use-document-title';
import { Calculator } from './Calculator';
import { NavigationGuard } from './NavigationGuard';
import { TESTS_MESSAGES as T } from './tests.messages';

/**
 * The frame both test screens share (learner spec §2 Test screens): header with product name
 * and instructions (and the timer), tools (flag, calculator), navigator, the question, a
 * message line and the bottom bar.
 */
export function TestFrame({
  test,
  timer,
  flagged,
  flagBusy,
  onFlag,
  navigator,
  question,
  messages,
  bottomBar,
  children,
}: {
  test: TestView;
  timer?: ReactNode;
  flagged: boolean;
  flagBusy: boolean;
  onFlag: () => void;
  navigator: ReactNode;
  question: ReactNode;
  messages: ReactNode;
  bottomBar: ReactNode;
  children?: ReactNode;
}) {
  const [calculator, setCalculator] = useState(false);
  useDocumentTitle(test.productName);
  return (
    <div className="container py-3 app-test-screen">
      <header className="mb-3">
        <div className="d-flex flex-wrap align-items-start justify-content-between gap-2">
          <div>
            <h1 className="h4 mb-1">{test.productName}</h1>
            <p className="small text-body-secondary mb-0">{T.modeLabels[test.mode]}</p>
          </div>
          {timer}
        </div>
        {test.instructions ? <p className="mt-2 mb-0">{test.instructions}</p> : null}
      </header>
      <div className="d-flex flex-wrap gap-2 mb-3">
        <Button
          variant={flagged ? 'warning' : 'outline-secondary'}
          size="sm"
          aria-pressed={flagged}
          disabled={flagBusy}
          onClick={onFlag}
        >
          <span aria-hidden="true">⚑ </span>
          {flagged ? T.unflag : T.flag}
        </Button>
        <Button variant="outline-secondary" size="sm" onClick={() => setCalculator(true)}>
          {T.calculator}
        </Button>
      </div>
      <div className="mb-3">{navigator}</div>
      {question}
      <div className="mt-3" aria-live="polite">
        {messages}
      </div>
      <div className="d-flex flex-wrap gap-2 justify-content-between align-items-center mt-3 pt-3 border-top app-test-bar">
        {bottomBar}
      </div>
      <Calculator show={calculator} onHide={() => setCalculator(false)} />
      {children}
    </div>
  );
}

/**
 * The green 'You have answered all the questions!' banner (learner spec §4 Full test), with
 * Submit Test when the bottom bar does not carry it (any question but the last), so a test
 * with every question answered can be submitted from wherever the learner is.
 */
export function AllAnsweredBanner({
  submitHere,
  disabled,
  onSubmit,
}: {
  submitHere: boolean;
  disabled: boolean;
  onSubmit: () => void;
}) {
  return (
    <Alert
      variant="success"
      className="py-2 d-flex flex-wrap align-items-center justify-content-between gap-2"
      data-testid="all-answered"
    >
      <span>{T.allAnswered}</span>
      {submitHere ? (
        <Button variant="success" size="sm" onClick={onSubmit} disabled={disabled}>
          {T.submitTest}
        </Button>
      ) : null}
    </Alert>
  );
}

/** 'Submit Your Test?' with the unanswered/answered/total counts, Confirm and Cancel. */
export function SubmitDialog({
  show,
  counts,
  onConfirm,
  onCancel,
}: {
  show: boolean;
  counts: { answered: number; unanswered: number; total: number };
  onConfirm: () => void;
  onCancel: () => void;
}) {
  return (
    <Modal show={show} onHide={onCancel} centered aria-labelledby="submit-test-title">
      <Modal.Header closeButton>
        <Modal.Title id="submit-test-title" as="h2" className="h5">
          {T.submitTitle}
        </Modal.Title>
      </Modal.Header>
      <Modal.Body>
        <dl className="row mb-0">
          <dt className="col-6">{T.unanswered}</dt>
          <dd className="col-6 mb-1" data-testid="count-unanswered">
            {counts.unanswered}
          </dd>
          <dt className="col-6">{T.answered}</dt>
          <dd className="col-6 mb-1" data-testid="count-answered">
            {counts.answered}
          </dd>
          <dt className="col-6">{T.total}</dt>
          <dd className="col-6 mb-0" data-testid="count-total">
            {counts.total}
          </dd>
        </dl>
      </Modal.Body>
      <Modal.Footer>
        <Button variant="outline-secondary" onClick={onCancel}>
          {T.cancel}
        </Button>
        <Button variant="primary" onClick={onConfirm}>
          {T.confirm}
        </Button>
      </Modal.Footer>
    </Modal>
  );
}

/** The full-screen 'Submitting Your Test' overlay (nothing behind it can be reached). */
export function SubmittingOverlay({ show }: { show: boolean }) {
  return (
    <Modal
      show={show}
      fullscreen
      backdrop="static"
      keyboard={false}
      aria-labelledby="submitting-title"
      contentClassName="bg-body-tertiary"
    >
      <Modal.Body className="d-flex flex-column align-items-center justify-content-center gap-3">
        <Spinner animation="border" aria-hidden="true" />
        <h2 id="submitting-title" className="h4 mb-0">
          {T.submittingTitle}
        </h2>
        <p className="mb-0" role="status">
          {T.blockSubmittingTest}
        </p>
      </Modal.Body>
    </Modal>
  );
}

/** The error modal after a failed submit (navigation is enabled again). */
export function ErrorModal({ message, onClose }: { message: string | null; onClose: () => void }) {
  return (
    <Modal show={message !== null} onHide={onClose} centered aria-labelledby="test-error-title">
      <Modal.Header closeButton>
        <Modal.Title id="test-error-title" as="h2" className="h5">
          {T.submitFailedTitle}
        </Modal.Title>
      </Modal.Header>
      <Modal.Body>
        <p className="mb-0" role="alert">
          {message}
        </p>
      </Modal.Body>
      <Modal.Footer>
        <Button onClick={onClose}>{T.close}</Button>
      </Modal.Footer>
    </Modal>
  );
}

/**
 * Everything the submit of a test shows, the same on both screens: the 'Submit Your Test?'
 * confirmation, the 'Submitting Your Test' overlay with its navigation and tab-close guard, and
 * the error modal after a failed submit.
 */
export function SubmitFlow({
  confirming,
  counts,
  onConfirm,
  onCancel,
  submitting,
  error,
  onCloseError,
}: {
  confirming: boolean;
  counts: { answered: number; unanswered: number; total: number };
  onConfirm: () => void;
  onCancel: () => void;
  submitting: boolean;
  error: string | null;
  onCloseError: () => void;
}) {
  return (
    <>
      <SubmitDialog show={confirming} counts={counts} onConfirm={onConfirm} onCancel={onCancel} />
      <SubmittingOverlay show={submitting} />
      <ErrorModal message={error} onClose={onCloseError} />
      <NavigationGuard when={submitting} />
    </>
  );
}
