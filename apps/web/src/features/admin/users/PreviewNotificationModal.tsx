import Button from 'react-bootstrap/Button';
import Modal from 'react-bootstrap/Modal';
import { USERS_MESSAGES as T } from './users.messages';

/** Admin spec §2.1 Preview Modal: only shows a sample notification; nothing is sent. */
export function PreviewNotificationModal({ onClose }: { onClose: () => void }) {
  return (
    <Modal show onHide={onClose} aria-labelledby="preview-notification-title" centered>
      <Modal.Header closeButton>
        <Modal.Title id="preview-notification-title" as="h2" className="h5">
          {T.previewTitle}
        </Modal.Title>
      </Modal.Header>
      <Modal.Body>
        <p className="small text-body-secondary">{T.previewNote}</p>
        {/* A static sample, not a live alert. */}
        <div className="alert alert-info mb-0">
          <p className="fw-semibold mb-1">{T.previewSampleHeading}</p>
          <p className="mb-0">{T.previewSampleBody}</p>
        </div>
      </Modal.Body>
      <Modal.Footer>
        <Button variant="primary" onClick={onClose}>
          {T.close}
        </Button>
      </Modal.Footer>
    </Modal>
  );
}
