import { CATALOG_LABELS, type Product } from '@examprep/contracts/types';
import Alert from 'react-bootstrap/Alert';
import Card from 'react-bootstrap/Card';
import Form from 'react-bootstrap/Form';
import { useState, type FormEvent } from 'react';
import { ErrorState } from '../../shared/layout/ErrorState';
import { Loading } from '../../shared/layout/Loading';
import { useSession } from '../../shared/session/session-context';
import { BuyButton } from './BuyButton';
import { useProducts } from '../../shared/catalog/use-products';
import { PRODUCTS_MESSAGES as T } from './catalog.messages';
import { purchaseProblem } from './checkout-flow';
import { couponState, CouponField } from './CouponField';
import { canAccess, paidProducts, priceCents } from './product-access';
import { PurchaseErrorModal } from './PurchaseErrorModal';
import { PurchaseTotals } from './PurchaseTotals';
import { TermsCheckbox } from './TermsCheckbox';
import { usePurchase } from './use-purchase';

function PurchaseForm({ products }: { products: Product[] }) {
  const { purchases } = useSession();
  const [chosen, setChosen] = useState<ReadonlySet<string>>(new Set());
  const [agreed, setAgreed] = useState(false);
  const [coupon, setCoupon] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const purchase = usePurchase();

  const buyable = products.filter((p) => !canAccess(p, purchases));
  // A product that became owned meanwhile (the live stream) is no longer chosen.
  const selected = buyable.filter((p) => chosen.has(p.id));
  const couponCheck = couponState(coupon);
  const hasCoupon = coupon.trim() !== '';

  const toggle = (id: string, on: boolean) => {
    setProblem(null);
    setChosen((prev) => {
      const next = new Set(prev);
      if (on) next.add(id);
      else next.delete(id);
      return next;
    });
  };

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (purchase.busy || !couponCheck.valid) return;
    const stop = purchaseProblem({ selectedCount: selected.length, agreed });
    setProblem(stop);
    if (stop) return;
    purchase.buy({
      products: selected.map((p) => p.id),
      ...(hasCoupon ? { couponCode: coupon.trim() } : {}),
    });
  };

  return (
    <Form noValidate onSubmit={onSubmit} aria-labelledby="purchase-math-title">
      <fieldset className="mb-3" disabled={purchase.busy}>
        <legend className="fs-6 fw-semibold">{T.chooseProducts}</legend>
        {products.map((p) => {
          const owned = canAccess(p, purchases);
          return (
            <Form.Check
              key={p.id}
              type="checkbox"
              id={`buy-${p.id}`}
              label={
                <>
                  {p.name} — {T.price(priceCents(p))}
                  {owned ? <span className="text-body-secondary"> {T.ownedSuffix}</span> : null}
                </>
              }
              checked={!owned && chosen.has(p.id)}
              disabled={owned}
              onChange={(e) => toggle(p.id, e.target.checked)}
            />
          );
        })}
        {buyable.length === 0 ? <p className="mt-2 mb-0">{T.allOwned}</p> : null}
        <p className="small text-body-secondary mt-2 mb-0">{CATALOG_LABELS.bundleHint}</p>
      </fieldset>
      <TermsCheckbox
        checked={agreed}
        onChange={(on) => {
          setProblem(null);
          setAgreed(on);
        }}
        disabled={purchase.busy}
      />
      <CouponField value={coupon} onChange={setCoupon} disabled={purchase.busy} />
      <PurchaseTotals pricesCents={selected.map(priceCents)} hasCoupon={hasCoupon} />
      {problem ? (
        <Alert variant="danger" role="alert" className="py-2">
          {problem}
        </Alert>
      ) : null}
      <BuyButton label={T.buy} busy={purchase.busy} couponHint={couponCheck.buyHint} />
      <PurchaseErrorModal error={purchase.error} onClose={purchase.clearError} />
    </Form>
  );
}

/**
 * Purchase Math Products (learner spec §2, §4 Checkout, §5, §8, §9): the paid math products as
 * checkboxes (owned ones shown, not selectable), the terms, an optional coupon and the total.
 */
export function PurchaseMathProducts() {
  const products = useProducts();
  let body;
  if (products.isPending) body = <Loading label={T.loadingPurchaseOptions} />;
  else if (products.isError)
    body = (
      <ErrorState
        message={T.loadPurchaseOptions}
        detail={products.error.message}
        onRetry={() => void products.refetch()}
        retrying={products.isFetching}
        retryLabel={T.tryAgain}
      />
    );
  else {
    const paid = paidProducts(products.data, 'math');
    body =
      paid.length === 0 ? <p className="mb-0">{T.noProducts}</p> : <PurchaseForm products={paid} />;
  }
  return (
    <Card as="section" aria-labelledby="purchase-math-title" className="mb-3">
      <Card.Body>
        <Card.Title as="h2" id="purchase-math-title" className="h5">
          {T.purchaseMath}
        </Card.Title>
        <p>{T.purchaseIntro}</p>
        {body}
      </Card.Body>
    </Card>
  );
}
