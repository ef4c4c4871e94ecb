import Accordion from 'react-bootstrap/Accordion';
import Card from 'react-bootstrap/Card';
import { type ProductSection } from '@examprep/contracts/types';
import { AccordionSection } from '../../shared/layout/AccordionSection';
import { ErrorState } from '../../shared/layout/ErrorState';
import { Loading } from '../../shared/layout/Loading';
import { useSession } from '../../shared/session/session-context';
import { InfiniteQbankSection } from '../qbank/InfiniteQbankSection';
import { useProducts } from '../../shared/catalog/use-products';
import { PRODUCTS_MESSAGES as T } from './catalog.messages';
import { isInfiniteProduct, productsOf } from './product-access';
import { ProductComparisonTable } from './ProductComparisonTable';
import { ProductGrid } from './ProductCard';
import { TutoringPromotion } from './TutoringSections';

/** Open when the dashboard opens: the products themselves. */
const OPEN_SECTIONS = ['infinite', 'med-dosage', 'teas-math'];

/**
 * The Math tab's Math Products accordion (learner spec §2): Tutoring Promotion Bundle, Which
 * Product Should You Get?, Infinite QBank, Med Dosage Products, TEAS Math Products. A failed
 * catalogue shows 'Failed to load math products. Please try again later.' with Try Again.
 */
export function MathProducts() {
  const products = useProducts();
  const { purchases } = useSession();

  const section = (key: string, title: string, productSection: ProductSection) => (
    <AccordionSection eventKey={key} title={title}>
      {products.isPending ? (
        <Loading label={T.loadingProducts} />
      ) : (
        <ProductGrid
          products={productsOf(products.data ?? [], 'math', productSection).filter(
            (p) => !isInfiniteProduct(p),
          )}
          purchases={purchases}
        />
      )}
    </AccordionSection>
  );

  return (
    <Card as="section" aria-labelledby="math-products-title" className="mb-3 app-products">
      <Card.Body>
        <Card.Title as="h2" id="math-products-title" className="h5 mb-3">
          {T.mathProducts}
        </Card.Title>
        <Accordion alwaysOpen defaultActiveKey={OPEN_SECTIONS}>
          <AccordionSection eventKey="promotion" title={T.tutoringPromotion}>
            <TutoringPromotion />
          </AccordionSection>
          <AccordionSection eventKey="which" title={T.whichProduct}>
            <ProductComparisonTable />
          </AccordionSection>
          <InfiniteQbankSection eventKey="infinite" />
          {products.isError ? null : section('med-dosage', T.medDosageProducts, 'med dosage')}
          {products.isError ? null : section('teas-math', T.teasMathProducts, 'teas')}
        </Accordion>
        {products.isError ? (
          <ErrorState
            message={T.loadMath}
            detail={products.error.message}
            onRetry={() => void products.refetch()}
            retrying={products.isFetching}
            retryLabel={T.tryAgain}
          />
        ) : null}
      </Card.Body>
    </Card>
  );
}
