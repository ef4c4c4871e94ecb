import Button from 'react-bootstrap/Button';
import Spinner from 'react-bootstrap/Spinner';
import { useId } from 'react';
import { PRODUCTS_MESSAGES as T } from './catalog.messages';

/**
 * The buy button of a purchase form: disabled while the coupon is invalid (with the spec's
 * reason under it) and busy from the click until the browser leaves for the payment page.
 */
export function BuyButton({
  label,
  busy,
  couponHint,
}: {
  label: string;
  busy: boolean;
  /** Set while the coupon is invalid. */
  couponHint: string;
}) {
  const hintId = useId();
  return (
    <div>
      {couponHint ? (
        <p id={hintId} className="small text-danger mb-2">
          {couponHint}
        </p>
      ) : null}
      <Button
        type="submit"
        variant="success"
        disabled={busy || couponHint !== ''}
        aria-describedby={couponHint ? hintId : undefined}
      >
        {busy ? (
          <>
            <Spinner animation="border" size="sm" className="me-2" aria-hidden="true" />
            {T.redirecting}
          </>
        ) : (
          label
        )}
      </Button>
    </div>
  );
}
