import Button from 'react-bootstrap/Button';
import Modal from 'react-bootstrap/Modal';
import Spinner from 'react-bootstrap/Spinner';
import { useEffect, useRef } from 'react';
import { useResendVerification, VERIFICATION_MESSAGES } from '../session/use-resend-verification';
import { LAYOUT_MESSAGES } from './layout.messages';

/**
 * The navbar's Verify Email (learner spec §2 navigation bar): sends the verification mail as
 * it opens, then says 'Verification email sent! ...' or shows the error message. Lazy, so the
 * sending code stays out of the app's first download.
 */
export default function VerifyEmailModal({ onClose }: { onClose: () => void }) {
  const resend = useResendVerification();
  const sent = useRef(false);
  const { mutate } = resend;

  useEffect(() => {
    if (sent.current) return;
    sent.current = true;
    mutate();
  }, [mutate]);

  const sending = resend.isPending || resend.isIdle;
  return (
    <Modal show onHide={onClose} centered aria-labelledby="verify-email-modal-title">
      <Modal.Header closeButton>
        <Modal.Title id="verify-email-modal-title" as="h2" className="h5">
          {LAYOUT_MESSAGES.verifyEmail}
        </Modal.Title>
      </Modal.Header>
      <Modal.Body aria-live="polite">
        {sending ? (
          <div className="d-flex align-items-center gap-2" role="status">
            <Spinner animation="border" size="sm" aria-hidden="true" />
            {LAYOUT_MESSAGES.sending}
          </div>
        ) : resend.isError ? (
          <p className="text-danger mb-0" role="alert">
            {resend.error.message}
          </p>
        ) : (
          <p className="mb-0" role="status">
            {VERIFICATION_MESSAGES.sentModal}
          </p>
        )}
      </Modal.Body>
      <Modal.Footer>
        <Button onClick={onClose} disabled={sending}>
          {LAYOUT_MESSAGES.ok}
        </Button>
      </Modal.Footer>
    </Modal>
  );
}
