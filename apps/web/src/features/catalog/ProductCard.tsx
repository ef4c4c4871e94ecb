import {
  includeEntries,
  isFreeProduct,
  type IncludeEntry,
  type Product,
} from '@examprep/contracts/types';
import Badge from 'react-bootstrap/Badge';
import Button from 'react-bootstrap/Button';
import Card from 'react-bootstrap/Card';
import { useId, type ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { PRODUCTS_MESSAGES as T } from './catalog.messages';
import { StartTestButton } from '../exams/StartTestButton';
import { DownloadButton } from './DownloadButton';
import { canAccess, includeAction, priceCents } from './product-access';

/** The button's name: its visible word, then the include it is for ('Access Now: …'). */
function named(word: string, include: IncludeEntry): string {
  return `${word}: ${include.name}`;
}

function IncludeButton({
  product,
  include,
  purchases,
  lockedNoteId,
}: {
  product: Product;
  include: IncludeEntry;
  purchases: Record<string, unknown>;
  lockedNoteId: string;
}) {
  const action = includeAction(product, include, purchases);
  switch (action.kind) {
    case 'open':
      return (
        <Link
          to={action.to}
          className="btn btn-primary btn-sm"
          aria-label={named(T.accessNow, include)}
        >
          {T.accessNow}
        </Link>
      );
    case 'start-test':
      return (
        <StartTestButton
          target={{ product, include }}
          word={T.accessNow}
          label={named(T.accessNow, include)}
        />
      );
    case 'preview':
      return (
        <Link
          to={action.to}
          className="btn btn-outline-primary btn-sm"
          aria-label={named(T.preview, include)}
        >
          {T.preview}
        </Link>
      );
    case 'download':
      return (
        <DownloadButton
          filePath={action.path}
          tier={isFreeProduct(product) ? 'free' : 'paid'}
          word={T.download}
          label={named(T.download, include)}
        />
      );
    case 'locked':
      return (
        <Button
          size="sm"
          variant="secondary"
          disabled
          aria-label={named(T.purchaseRequired, include)}
          aria-describedby={lockedNoteId}
        >
          {T.purchaseRequired}
        </Button>
      );
    case 'unfinished':
      return <p className="small text-body-secondary mb-0">{T.onlineNotYet(product.category)}</p>;
  }
}

/**
 * A product card (learner spec §2 Product cards): name, description, one button per include
 * (Access Now, Download or Preview); an unowned paid product's buttons are grey and disabled
 * with 'Purchase Required' and 'Purchase this product to access its features and content.'
 * Ownership is the session's purchases, so a purchase arriving on the live stream unlocks the
 * card without a reload. `children` (design cards) holds the card's purchase form.
 */
export function ProductCard({
  product,
  purchases,
  children,
}: {
  product: Product;
  purchases: Record<string, unknown>;
  children?: ReactNode;
}) {
  const ids = useId();
  const titleId = `${ids}-title`;
  const lockedNoteId = `${ids}-locked`;
  const free = product.price <= 0;
  const owned = canAccess(product, purchases);
  return (
    <Card as="article" aria-labelledby={titleId} className="h-100 shadow-sm">
      <Card.Body className="d-flex flex-column">
        <div className="d-flex align-items-start justify-content-between gap-2 mb-2">
          <Card.Title as="h4" id={titleId} className="h6 mb-0">
            {product.name}
          </Card.Title>
          {free ? (
            <Badge bg="success">{T.free}</Badge>
          ) : owned ? (
            <Badge bg="primary">{T.owned}</Badge>
          ) : (
            <Badge bg="light" text="dark" className="border">
              {T.price(priceCents(product))}
            </Badge>
          )}
        </div>
        <Card.Text>{product.description}</Card.Text>
        <ul
          className="list-unstyled d-flex flex-column gap-3 mb-0"
          aria-label={T.includesLabel(product.name)}
        >
          {includeEntries(product).map((include) => (
            <li key={include.id}>
              <p className="fw-semibold mb-0">{include.name}</p>
              {include.description ? (
                <p className="small text-body-secondary mb-1">{include.description}</p>
              ) : null}
              <IncludeButton
                product={product}
                include={include}
                purchases={purchases}
                lockedNoteId={lockedNoteId}
              />
            </li>
          ))}
        </ul>
        {owned ? null : (
          <p id={lockedNoteId} className="small text-body-secondary mt-3 mb-0">
            {T.purchaseToAccess}
          </p>
        )}
        {children}
      </Card.Body>
    </Card>
  );
}

/** Cards of one section in a responsive grid, or the empty state. */
export function ProductGrid({
  products,
  purchases,
  renderExtra,
}: {
  products: Product[];
  purchases: Record<string, unknown>;
  renderExtra?: (product: Product) => ReactNode;
}) {
  if (products.length === 0) return <p className="text-body-secondary mb-0">{T.noProducts}</p>;
  return (
    <div className="row row-cols-1 row-cols-md-2 g-3">
      {products.map((product) => (
        <div className="col" key={product.id}>
          <ProductCard product={product} purchases={purchases}>
            {renderExtra?.(product)}
          </ProductCard>
        </div>
      ))}
    </div>
  );
}
