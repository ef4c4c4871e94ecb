import Button from 'react-bootstrap/Button';
import Modal from 'react-bootstrap/Modal';
import { type PurchaseErrorView } from './checkout-flow';
import { PRODUCTS_MESSAGES as T } from './catalog.messages';

/** Learner spec §8 Checkout: the purchase modal ('Invalid Coupon Code' or 'Purchase Error'). */
export function PurchaseErrorModal({
  error,
  onClose,
}: {
  error: PurchaseErrorView | null;
  onClose: () => void;
}) {
  return (
    <Modal show={error !== null} onHide={onClose} centered aria-labelledby="purchase-error-title">
      <Modal.Header closeButton closeLabel={T.close}>
        <Modal.Title id="purchase-error-title" as="h2" className="h5">
          {error?.title}
        </Modal.Title>
      </Modal.Header>
      <Modal.Body>
        <p className="mb-0">{error?.text}</p>
      </Modal.Body>
      <Modal.Footer>
        <Button variant="primary" onClick={onClose}>
          {T.close}
        </Button>
      </Modal.Footer>
    </Modal>
  );
}
