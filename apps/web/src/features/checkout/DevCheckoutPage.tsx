import { formatUsd, type DevCheckoutView } from '@examprep/contracts/types';
import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import Card from 'react-bootstrap/Card';
import Spinner from 'react-bootstrap/Spinner';
import Table from 'react-bootstrap/Table';
import { useState } from 'react';
import { useParams } from 'react-router-dom';
import { ErrorState } from '../../shared/layout/ErrorState';
import { Loading } from '../../shared/layout/Loading';
import { useDocumentTitle } from '../../shared/layout/use-document-title';
import { browser } from '../catalog/checkout-flow';
import { CHECKOUT_MESSAGES as T } from './checkout.messages';
import { useCompleteDevCheckout, useDevCheckout } from './dev-checkout-api';

function OrderTable({ order }: { order: DevCheckoutView }) {
  return (
    <Table size="sm" className="mb-3">
      <caption className="caption-top">{T.devOrder}</caption>
      <thead>
        <tr>
          <th scope="col">{T.devItem}</th>
          <th scope="col" className="text-end">
            {T.devAmount}
          </th>
        </tr>
      </thead>
      <tbody>
        {order.lines.map((line) => (
          <tr key={line.productId}>
            <td>{line.name}</td>
            <td className="text-end">{formatUsd(line.amountCents)}</td>
          </tr>
        ))}
      </tbody>
      <tfoot>
        <tr>
          <th scope="row" className="fw-normal">
            {T.devSubtotal}
          </th>
          <td className="text-end">{formatUsd(order.subtotalCents)}</td>
        </tr>
        {order.discountCents > 0 ? (
          <tr>
            <th scope="row" className="fw-normal">
              {order.discountLabel ? `${T.devDiscount} (${order.discountLabel})` : T.devDiscount}
            </th>
            <td className="text-end">−{formatUsd(order.discountCents)}</td>
          </tr>
        ) : null}
        <tr>
          <th scope="row">{T.devTotal}</th>
          <td className="text-end fw-semibold" data-testid="dev-checkout-total">
            {formatUsd(order.totalCents)}
          </td>
        </tr>
      </tfoot>
    </Table>
  );
}

function CheckoutActions({ order }: { order: DevCheckoutView }) {
  const complete = useCompleteDevCheckout(order.sessionId);
  const [chosen, setChosen] = useState<'pay' | 'cancel' | null>(null);
  const [leaving, setLeaving] = useState(false);
  const busy = complete.isPending || leaving;

  const finish = (outcome: 'pay' | 'cancel') => {
    if (busy) return;
    setChosen(outcome);
    complete.mutate(outcome, {
      onSuccess: ({ redirectUrl }) => {
        setLeaving(true);
        browser.assign(redirectUrl);
      },
    });
  };

  return (
    <>
      {complete.isError ? (
        <Alert variant="danger" role="alert">
          <p className="fw-semibold mb-1">{T.devCompleteFailed}</p>
          <p className="small mb-0">{complete.error.message}</p>
        </Alert>
      ) : null}
      <div className="d-flex flex-wrap gap-2">
        <Button variant="success" onClick={() => finish('pay')} disabled={busy}>
          {busy && chosen === 'pay' ? (
            <>
              <Spinner animation="border" size="sm" className="me-2" aria-hidden="true" />
              {T.devPaying}
            </>
          ) : (
            T.devPay(formatUsd(order.totalCents))
          )}
        </Button>
        <Button variant="outline-secondary" onClick={() => finish('cancel')} disabled={busy}>
          {busy && chosen === 'cancel' ? T.devCanceling : T.devCancel}
        </Button>
      </div>
    </>
  );
}

/**
 * A checkout that can no longer be paid, as the payment provider's page shows an expired
 * session: no Pay button. A paid one leads to its result; an expired or canceled one (closed
 * because the same products were bought in another checkout, issue 24) says nothing was
 * charged.
 */
function ClosedCheckout({ order }: { order: DevCheckoutView }) {
  const paid = order.status === 'paid' || order.status === 'refunded';
  return (
    <>
      <p className="text-body-secondary" role="status">
        {T.devClosed} {T.devStatus(order.status)}
        {paid ? null : ` ${T.devExpired}`}
      </p>
      <Button variant="outline-primary" href={paid ? order.successUrl : order.cancelUrl}>
        {paid ? T.devSeeResult : T.devLeave}
      </Button>
    </>
  );
}

/**
 * /dev-checkout/:sessionId (development and tests only; ADR 0018): the local stand-in for the
 * hosted card payment page. Shows the order from the catalog, says clearly that no real payment
 * is made, and Pay / Cancel let the catalog finish the order as the payment provider would,
 * then the browser goes where it answers (the payment result page).
 */
export default function DevCheckoutPage() {
  useDocumentTitle(T.devTitle);
  const { sessionId = '' } = useParams();
  const order = useDevCheckout(sessionId);

  let body;
  if (order.isPending) body = <Loading label={T.devLoading} />;
  else if (order.isError && order.error.status === 404)
    body = (
      <Alert variant="secondary" role="alert">
        {T.devNotAvailable}
      </Alert>
    );
  else if (order.isError)
    body = (
      <ErrorState
        message={T.devLoadFailed}
        detail={order.error.message}
        onRetry={() => void order.refetch()}
        retrying={order.isFetching}
        retryLabel={T.devTryAgain}
      />
    );
  else
    body = (
      <Card>
        <Card.Body>
          <OrderTable order={order.data} />
          <p>
            <span className="fw-semibold">{T.devEmail}: </span>
            <span className="text-break">{order.data.email}</span>
          </p>
          {order.data.status === 'open' ? (
            <CheckoutActions order={order.data} />
          ) : (
            <ClosedCheckout order={order.data} />
          )}
        </Card.Body>
      </Card>
    );

  return (
    <section aria-labelledby="dev-checkout-title" className="mx-auto app-narrow">
      <h1 id="dev-checkout-title" className="h3 mb-3">
        {T.devTitle}
      </h1>
      <Alert variant="warning" role="note">
        <p className="fw-semibold mb-1">{T.devNotice}</p>
        <p className="small mb-0">{T.devNoticeDetail}</p>
      </Alert>
      {body}
    </section>
  );
}
