import { stripCouponCharacters, validateCoupon } from '@examprep/validation';
import Form from 'react-bootstrap/Form';
import { useId } from 'react';
import { PRODUCTS_MESSAGES as T } from './catalog.messages';

/**
 * The coupon's state: the validator's verdict and the line shown by a disabled buy button.
 * Spaces around a pasted code are not part of it (the code is sent trimmed).
 */
export function couponState(value: string): { valid: boolean; error: string; buyHint: string } {
  const result = validateCoupon(value.trim());
  if (result.isValid) return { valid: true, error: '', buyHint: '' };
  const error = result.error ?? T.couponInvalid;
  // learner spec §5: cards say 'Invalid coupon code. Coupon codes can only contain letters
  // and numbers.' while the code has other characters (the buy button is disabled)
  const buyHint = error === T.couponInvalidCharacters ? T.couponInvalid : error;
  return { valid: false, error, buyHint };
}

/**
 * The optional coupon of a purchase (learner spec §5 Coupon): the hint 'Coupon codes can only
 * contain letters and numbers', the validator's message as soon as the code is invalid.
 * `strip` (design cards) drops every character but letters and digits as the user types.
 */
export function CouponField({
  value,
  onChange,
  strip = false,
  disabled = false,
}: {
  value: string;
  onChange: (value: string) => void;
  strip?: boolean;
  disabled?: boolean;
}) {
  const ids = useId();
  const state = couponState(value);
  return (
    <Form.Group controlId={`${ids}-coupon`} className="mb-3">
      <Form.Label>{T.couponLabel}</Form.Label>
      <Form.Control
        value={value}
        onChange={(e) => onChange(strip ? stripCouponCharacters(e.target.value) : e.target.value)}
        isInvalid={!state.valid}
        aria-invalid={!state.valid}
        autoComplete="off"
        autoCapitalize="characters"
        spellCheck={false}
        disabled={disabled}
        aria-describedby={
          state.valid ? `${ids}-coupon-hint` : `${ids}-coupon-hint ${ids}-coupon-error`
        }
      />
      <Form.Text id={`${ids}-coupon-hint`} className="d-block">
        {T.couponHint}
      </Form.Text>
      {state.valid ? null : (
        <Form.Control.Feedback id={`${ids}-coupon-error`} type="invalid" role="alert">
          {state.error}
        </Form.Control.Feedback>
      )}
    </Form.Group>
  );
}
