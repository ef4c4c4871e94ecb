import Button from 'react-bootstrap/Button';
import Modal from 'react-bootstrap/Modal';
import Spinner from 'react-bootstrap/Spinner';
import { useState } from 'react';
import { QUESTIONS_MESSAGES as T } from './questions.messages';

/**
 * Admin spec §5: the save problems in a list dialog titled 'Please fix the following:'. Once
 * it has closed, `onClosed` runs (the editor moves the focus to the first field to fix).
 */
export function FixListModal({ messages, onClosed }: { messages: string[]; onClosed: () => void }) {
  const [show, setShow] = useState(true);
  const onClose = () => setShow(false);
  return (
    <Modal
      show={show}
      onHide={onClose}
      onExited={onClosed}
      restoreFocus={false}
      aria-labelledby="fix-list-title"
      centered
    >
      <Modal.Header closeButton>
        <Modal.Title id="fix-list-title" as="h2" className="h5">
          {T.fixTitle}
        </Modal.Title>
      </Modal.Header>
      <Modal.Body>
        <ul className="mb-0" aria-labelledby="fix-list-title">
          {messages.map((m) => (
            <li key={m}>{m}</li>
          ))}
        </ul>
      </Modal.Body>
      <Modal.Footer>
        <Button onClick={onClose} autoFocus>
          {T.ok}
        </Button>
      </Modal.Footer>
    </Modal>
  );
}

/** Admin spec §4: the saving progress dialog; it cannot be closed while the save runs. */
export function SavingModal({ show }: { show: boolean }) {
  return (
    <Modal show={show} backdrop="static" keyboard={false} centered aria-labelledby="saving-title">
      <Modal.Header>
        <Modal.Title id="saving-title" as="h2" className="h5">
          {T.savingTitle}
        </Modal.Title>
      </Modal.Header>
      <Modal.Body>
        <div className="d-flex align-items-center gap-2" role="status">
          <Spinner animation="border" size="sm" aria-hidden="true" />
          <span>{T.saving}</span>
        </div>
      </Modal.Body>
    </Modal>
  );
}
