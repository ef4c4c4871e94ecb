import { quote } from '@examprep/contracts/types';
import { PRODUCTS_MESSAGES as T } from './catalog.messages';

/**
 * The interface total (learner spec §9): $20 per item, the bundle discount only without a
 * coupon ('$5 off per additional item'); with a coupon the plain sum.
 */
export function PurchaseTotals({
  pricesCents,
  hasCoupon,
}: {
  pricesCents: number[];
  hasCoupon: boolean;
}) {
  const q = quote(pricesCents, hasCoupon);
  return (
    <div className="mb-3" aria-live="polite" data-testid="purchase-totals">
      <dl className="row mb-1">
        <dt className="col-6 fw-normal">{T.subtotal}</dt>
        <dd className="col-6 text-end mb-0">{T.price(q.subtotalCents)}</dd>
        {q.bundleDiscountCents > 0 ? (
          <>
            <dt className="col-6 fw-normal">{T.bundleDiscount}</dt>
            <dd className="col-6 text-end mb-0">−{T.price(q.bundleDiscountCents)}</dd>
          </>
        ) : null}
        <dt className="col-6">{T.total}</dt>
        <dd className="col-6 text-end fw-semibold mb-0" data-testid="purchase-total">
          {T.price(q.totalCents)}
        </dd>
      </dl>
      {hasCoupon ? <p className="small text-body-secondary mb-0">{T.couponTotalNote}</p> : null}
    </div>
  );
}
