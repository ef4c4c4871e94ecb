import Button from 'react-bootstrap/Button';
import Modal from 'react-bootstrap/Modal';
import Spinner from 'react-bootstrap/Spinner';
import { useState } from 'react';
import { UploadProgress } from '../../media/UploadProgress';
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

/** An upload the save waits for: the panel's title and the percent sent. */
export interface SavingUpload {
  title: string;
  progress: number;
}

/**
 * Admin spec §4: the saving progress dialog; it cannot be closed while the save runs. Uploads
 * still running are waited for first, each with its progress bar.
 */
export function SavingModal({ show, uploads = [] }: { show: boolean; uploads?: SavingUpload[] }) {
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
          <span>{uploads.length > 0 ? T.savingUploads : T.saving}</span>
        </div>
        {uploads.map((u) => (
          <div key={u.title} className="mt-3">
            <p className="small mb-1">{u.title}</p>
            <UploadProgress percent={u.progress} label={T.mediaProgress(u.title)} />
          </div>
        ))}
      </Modal.Body>
    </Modal>
  );
}
