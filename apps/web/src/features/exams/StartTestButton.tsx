import { testScreenPath, type TestSummary } from '@examprep/contracts/types';
import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import Modal from 'react-bootstrap/Modal';
import { useId, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { useApi } from '../../shared/api/api-context';
import {
  continueTest,
  createTest,
  findUnfinished,
  startErrorMessage,
  startNewTest,
  StartTestError,
  type TestTarget,
} from './start-test';
import { TESTS_MESSAGES as T } from './tests.messages';

type Dialog = { kind: 'none' } | { kind: 'practice' } | { kind: 'unfinished'; test: TestSummary };

/**
 * Access Now of a test include (learner spec §4 Starting a test): looks up an unfinished test
 * of the same product or include and mode; if there is one, the modal with Continue Test,
 * Start New Test (deletes it first) and Cancel; otherwise a new test is created and opened.
 * Practice includes first offer the optional TEAS timer. Every failure has its sentence
 * (§8), shown under the button or in the modal.
 */
export function StartTestButton({
  target,
  word,
  label,
}: {
  target: TestTarget;
  /** The visible word ('Access Now'). */
  word: string;
  /** The accessible name ('Access Now: {include}'). */
  label: string;
}) {
  const api = useApi();
  const navigate = useNavigate();
  const ids = useId();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [dialog, setDialog] = useState<Dialog>({ kind: 'none' });
  const [timed, setTimed] = useState(false);
  const mode = target.include.mode ?? 'full';
  const practice = mode === 'practice';

  const run = async (work: () => Promise<string>) => {
    setBusy(true);
    setError(null);
    try {
      const testId = await work();
      setDialog({ kind: 'none' });
      navigate(testScreenPath(mode, testId));
    } catch (err) {
      setError(err instanceof StartTestError ? err.message : startErrorMessage('create', err));
    } finally {
      setBusy(false);
    }
  };

  const onAccess = async () => {
    setBusy(true);
    setError(null);
    try {
      const existing = await findUnfinished(api, target);
      if (existing) setDialog({ kind: 'unfinished', test: existing });
      else if (practice) setDialog({ kind: 'practice' });
      else await run(() => createTest(api, target, {}));
    } catch (err) {
      setError(err instanceof StartTestError ? err.message : startErrorMessage('lookup', err));
    } finally {
      setBusy(false);
    }
  };

  const close = () => {
    if (busy) return;
    setDialog({ kind: 'none' });
    setError(null);
  };

  const timerOption = practice ? (
    <Form.Check
      id={`${ids}-timed`}
      type="checkbox"
      className="mt-3"
      checked={timed}
      onChange={(e) => setTimed(e.target.checked)}
      label={T.timerOption}
      aria-describedby={`${ids}-timed-help`}
    />
  ) : null;
  const timerHelp = practice ? (
    <Form.Text id={`${ids}-timed-help`} className="d-block">
      {T.timerOptionHelp}
    </Form.Text>
  ) : null;
  const modalError = error ? (
    <Alert variant="danger" className="mt-3 mb-0" role="alert">
      {error}
    </Alert>
  ) : null;

  return (
    <>
      <Button
        size="sm"
        variant="primary"
        onClick={() => void onAccess()}
        disabled={busy && dialog.kind === 'none'}
        aria-label={label}
      >
        {busy && dialog.kind === 'none' ? T.starting : word}
      </Button>
      {error && dialog.kind === 'none' ? (
        <Alert variant="danger" className="small py-2 mt-2 mb-0" role="alert">
          {error}
        </Alert>
      ) : null}

      <Modal
        show={dialog.kind === 'unfinished'}
        onHide={close}
        centered
        aria-labelledby={`${ids}-u`}
      >
        <Modal.Header closeButton>
          <Modal.Title id={`${ids}-u`} as="h2" className="h5">
            {T.unfinishedTitle}
          </Modal.Title>
        </Modal.Header>
        <Modal.Body>
          {dialog.kind === 'unfinished' ? (
            <p className="mb-0">
              {T.unfinishedBody(
                dialog.test.productName || target.product.name,
                dialog.test.answeredCount,
                dialog.test.totalQuestions,
              )}
            </p>
          ) : null}
          {timerOption}
          {timerHelp}
          {modalError}
        </Modal.Body>
        <Modal.Footer>
          <Button variant="outline-secondary" onClick={close} disabled={busy}>
            {T.cancel}
          </Button>
          <Button
            variant="outline-danger"
            disabled={busy}
            onClick={() =>
              dialog.kind === 'unfinished' &&
              void run(() => startNewTest(api, target, dialog.test, { timed }))
            }
          >
            {T.startNewTest}
          </Button>
          <Button
            variant="primary"
            disabled={busy}
            onClick={() =>
              dialog.kind === 'unfinished' && void run(() => continueTest(api, dialog.test))
            }
          >
            {T.continueTest}
          </Button>
        </Modal.Footer>
      </Modal>

      <Modal show={dialog.kind === 'practice'} onHide={close} centered aria-labelledby={`${ids}-p`}>
        <Modal.Header closeButton>
          <Modal.Title id={`${ids}-p`} as="h2" className="h5">
            {T.startPracticeTitle}
          </Modal.Title>
        </Modal.Header>
        <Modal.Body>
          <p className="mb-0">
            {target.include.instructions || target.product.instructions || target.include.name}
          </p>
          {timerOption}
          {timerHelp}
          {modalError}
        </Modal.Body>
        <Modal.Footer>
          <Button variant="outline-secondary" onClick={close} disabled={busy}>
            {T.cancel}
          </Button>
          <Button
            variant="primary"
            disabled={busy}
            onClick={() => void run(() => createTest(api, target, { timed }))}
          >
            {busy ? T.starting : T.startTest}
          </Button>
        </Modal.Footer>
      </Modal>
    </>
  );
}
