import { type ReactNode } from 'react';
import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import Modal from 'react-bootstrap/Modal';

/**
 * The admin screens' confirm-delete dialog (admin spec §2.7, §4): a title, what is deleted,
 * the failure of the last try (if any) above it, and Cancel/No beside the red confirm button,
 * which shows `pendingLabel` while the delete runs. Each screen passes its own texts.
 */
export function ConfirmDeleteDialog({
  titleId,
  title,
  children,
  error,
  cancelLabel,
  confirmLabel,
  pendingLabel,
  pending,
  onConfirm,
  onClose,
  lockWhilePending = true,
  centered = true,
}: {
  /** id of the title element, which names the dialog */
  titleId: string;
  title: string;
  /** what is about to be deleted, and what that means */
  children: ReactNode;
  /** why the last try failed; shown in an alert above the body */
  error?: ReactNode;
  cancelLabel: string;
  confirmLabel: string;
  pendingLabel: string;
  pending: boolean;
  onConfirm: () => void;
  onClose: () => void;
  /** true: while the delete runs, Cancel is disabled and ×, Escape and the backdrop do nothing */
  lockWhilePending?: boolean;
  centered?: boolean;
}) {
  const locked = lockWhilePending && pending;
  const close = () => {
    if (!locked) onClose();
  };
  return (
    <Modal show onHide={close} aria-labelledby={titleId} centered={centered}>
      <Modal.Header closeButton={!locked}>
        <Modal.Title id={titleId} as="h2" className="h5">
          {title}
        </Modal.Title>
      </Modal.Header>
      <Modal.Body>
        {error ? (
          <Alert variant="danger" role="alert">
            {error}
          </Alert>
        ) : null}
        {children}
      </Modal.Body>
      <Modal.Footer>
        <Button variant="outline-secondary" onClick={close} disabled={locked}>
          {cancelLabel}
        </Button>
        <Button variant="danger" onClick={onConfirm} disabled={pending}>
          {pending ? pendingLabel : confirmLabel}
        </Button>
      </Modal.Footer>
    </Modal>
  );
}
