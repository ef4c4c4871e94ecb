import { type Product } from '@examprep/contracts/types';
import Accordion from 'react-bootstrap/Accordion';
import Card from 'react-bootstrap/Card';
import Form from 'react-bootstrap/Form';
import { useState, type FormEvent } from 'react';
import { AccordionSection } from '../../shared/layout/AccordionSection';
import { ErrorState } from '../../shared/layout/ErrorState';
import { Loading } from '../../shared/layout/Loading';
import { useSession } from '../../shared/session/session-context';
import { BuyButton } from './BuyButton';
import { useProducts } from '../../shared/catalog/use-products';
import { DESIGN_GROUPS, PRODUCTS_MESSAGES as T } from './catalog.messages';
import { purchaseProblem } from './checkout-flow';
import { couponState, CouponField } from './CouponField';
import { canAccess, productsOf } from './product-access';
import { ProductGrid } from './ProductCard';
import { PurchaseErrorModal } from './PurchaseErrorModal';
import { TermsCheckbox } from './TermsCheckbox';
import { usePurchase } from './use-purchase';

/**
 * A design card's purchase (learner spec §2 Design tab, §5): terms checkbox, optional coupon
 * that keeps only letters and digits as the user types, Buy.
 */
function DesignPurchaseForm({ product }: { product: Product }) {
  const [agreed, setAgreed] = useState(false);
  const [coupon, setCoupon] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const purchase = usePurchase();
  const couponCheck = couponState(coupon);

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (purchase.busy || !couponCheck.valid) return;
    const stop = purchaseProblem({ selectedCount: 1, agreed });
    setProblem(stop);
    if (stop) return;
    purchase.buy({ products: [product.id], ...(coupon ? { couponCode: coupon } : {}) });
  };

  return (
    <Form
      noValidate
      onSubmit={onSubmit}
      className="border-top pt-3 mt-3"
      aria-label={T.buyProduct(product.name)}
    >
      <TermsCheckbox
        checked={agreed}
        onChange={(on) => {
          setProblem(null);
          setAgreed(on);
        }}
        disabled={purchase.busy}
      />
      <CouponField value={coupon} onChange={setCoupon} strip disabled={purchase.busy} />
      {problem ? (
        <p className="small text-danger" role="alert">
          {problem}
        </p>
      ) : null}
      <BuyButton
        label={T.buyProduct(product.name)}
        busy={purchase.busy}
        couponHint={couponCheck.buyHint}
      />
      <PurchaseErrorModal error={purchase.error} onClose={purchase.clearError} />
    </Form>
  );
}

/**
 * The Design tab's products (learner spec §2): Free 3D Assets, Premium 3D Assets, Free
 * Android Stuff, Premium Android Stuff. A failed catalogue shows 'Failed to load design
 * products. Please try again later.' with Try Again.
 */
export function DesignProducts() {
  const products = useProducts();
  const { purchases } = useSession();
  let body;
  if (products.isError) {
    body = (
      <ErrorState
        message={T.loadDesign}
        detail={products.error.message}
        onRetry={() => void products.refetch()}
        retrying={products.isFetching}
        retryLabel={T.tryAgain}
      />
    );
  } else {
    body = (
      <Accordion alwaysOpen defaultActiveKey={DESIGN_GROUPS.map((g) => g.key)}>
        {DESIGN_GROUPS.map((group) => (
          <AccordionSection key={group.key} eventKey={group.key} title={group.title}>
            {products.isPending ? (
              <Loading label={T.loadingProducts} />
            ) : (
              <ProductGrid
                products={productsOf(products.data, 'design', group.section).filter(
                  (p) => p.price > 0 === group.paid,
                )}
                purchases={purchases}
                renderExtra={(p) =>
                  canAccess(p, purchases) ? null : <DesignPurchaseForm product={p} />
                }
              />
            )}
          </AccordionSection>
        ))}
      </Accordion>
    );
  }
  return (
    <Card as="section" aria-labelledby="design-products-title" className="mb-3 app-products">
      <Card.Body>
        <Card.Title as="h2" id="design-products-title" className="h5 mb-3">
          {T.designProducts}
        </Card.Title>
        {body}
      </Card.Body>
    </Card>
  );
}
