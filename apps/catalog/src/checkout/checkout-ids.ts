import { randomInt } from 'node:crypto';

const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';

/**
 * `length` random letters and digits (about 5.95 bits each, from the system's CSPRNG). Letters
 * and digits only, so ids match CHECKOUT_SESSION_ID_PATTERN and are safe in URLs.
 */
export function randomToken(length = 32): string {
  let out = '';
  for (let i = 0; i < length; i++) out += ALPHABET[randomInt(ALPHABET.length)];
  return out;
}

/** Our order id: Stripe's client_reference_id and the Idempotency-Key of the create call. */
export const newOrderId = () => `ord_${randomToken(24)}`;
/**
 * The local test checkout's session id. Unguessable (190 bits): the id is the capability that
 * lets anyone holding the link see and pay the order.
 */
export const newLocalSessionId = () => `cs_test_local_${randomToken(32)}`;
export const newLocalEventId = () => `evt_local_${randomToken(24)}`;
export const newLocalPaymentIntentId = () => `pi_local_${randomToken(24)}`;

/** Checkout's return pages on the web app (learner spec §2 Payment result page). */
export function checkoutUrls(webUrl: string) {
  const base = webUrl.replace(/\/+$/, '');
  return {
    /** What Stripe is given: it fills in the session id. */
    successTemplate: `${base}/checkout-success?session_id={CHECKOUT_SESSION_ID}`,
    success: (sessionId: string) =>
      `${base}/checkout-success?session_id=${encodeURIComponent(sessionId)}`,
    cancel: `${base}/checkout-cancel`,
    devCheckout: (sessionId: string) => `${base}/dev-checkout/${encodeURIComponent(sessionId)}`,
  };
}
