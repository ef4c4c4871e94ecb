import { type CheckoutResult, formatUsd } from '@examprep/contracts/types';
import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import Card from 'react-bootstrap/Card';
import { useEffect, useRef, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { useDocumentTitle } from '../../shared/layout/use-document-title';
import { useSession } from '../../shared/session/session-context';
import { useReloadMe } from '../../shared/session/use-reload-me';
import { CHECKOUT_MESSAGES as T } from './checkout.messages';
import { useCheckoutResult } from './checkout-result-api';
import {
  clearIntendedType,
  dashboardPath,
  readIntendedType,
  redirectDelayMs,
} from './payment-result';

/** What the page says about a payment for products the learner owned already, or null. */
export function refundNotice(result: CheckoutResult | undefined): {
  whole: boolean;
  text: string;
} | null {
  if (!result || result.alreadyOwned.length === 0 || !result.refund) return null;
  const names = result.alreadyOwned.map((p) => p.name).join(', ');
  const amount = formatUsd(result.refund.amountCents);
  return {
    whole: result.refund.amountCents >= result.totalCents,
    text:
      result.refund.state === 'done'
        ? T.alreadyOwnedRefunded(names, amount)
        : T.alreadyOwnedRefunding(names, amount),
  };
}

/**
 * /checkout-success and /checkout-cancel (learner spec §2 Payment result page, §4, §9):
 * 'Payment successful!' or 'Payment canceled' with 'No charges were made.', the dashboard it
 * redirects to (the intended type kept in session storage, else math), the redirect after
 * 6 s (12 s after a success with an intended type while the purchases are not loaded), and
 * 'Go to dashboard now', which clears the intent. A success re-reads the session state so the
 * dashboard shows the new purchase, and asks what became of the payment (issue 24): a payment
 * for products the learner owned already is refunded automatically, and the page says so and
 * stays until the learner goes on (no redirect that would hide it).
 */
export default function CheckoutResultPage({ outcome }: { outcome: 'success' | 'cancel' }) {
  const success = outcome === 'success';
  useDocumentTitle(T.resultTitle);
  const navigate = useNavigate();
  const session = useSession();
  const reloadMe = useReloadMe();
  const [intended] = useState(readIntendedType);
  const [shownAt] = useState(() => Date.now());
  const signedIn = session.status === 'signed-in';
  const purchasesLoaded = session.status !== 'loading';
  const delay = redirectDelayMs({ success, intended, purchasesLoaded });
  const target = dashboardPath(intended);
  const reloaded = useRef(false);
  const [params] = useSearchParams();
  const result = useCheckoutResult(params.get('session_id'), success && signedIn, shownAt);
  const notice = success ? refundNotice(result.data) : null;
  const granted = success && result.data?.status === 'paid' && !notice;

  useEffect(() => {
    if (!success || !signedIn || reloaded.current) return;
    reloaded.current = true;
    void reloadMe();
  }, [success, signedIn, reloadMe]);

  useEffect(() => {
    // a refund notice stays until the learner has read it
    if (notice) return;
    // Counted from when the page was shown: a delay that shrinks (purchases loaded) fires sooner.
    const timer = setTimeout(
      () => {
        clearIntendedType();
        navigate(target, { replace: true });
      },
      Math.max(0, shownAt + delay - Date.now()),
    );
    return () => clearTimeout(timer);
  }, [delay, shownAt, target, navigate, notice]);

  const goNow = () => {
    clearIntendedType();
    navigate(target, { replace: true });
  };

  return (
    <section aria-labelledby="payment-result-title" className="mx-auto app-narrow">
      <Card className={success ? 'border-success' : 'border-secondary'}>
        <Card.Body>
          <h1 id="payment-result-title" className="h3">
            {!success ? T.paymentCanceled : notice?.whole ? T.paymentRefunded : T.paymentSuccessful}
          </h1>
          {notice ? (
            <Alert variant="info" role="status">
              {notice.text}
            </Alert>
          ) : (
            <>
              <p>{!success ? T.noCharges : granted ? T.grantedDetail : T.successDetail}</p>
              <p role="status" className="text-body-secondary">
                {T.redirecting(intended ?? 'math')}
              </p>
            </>
          )}
          <Button variant={success ? 'success' : 'primary'} onClick={goNow}>
            {T.goNow}
          </Button>
        </Card.Body>
      </Card>
    </section>
  );
}
