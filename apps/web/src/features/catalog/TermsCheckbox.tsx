import Form from 'react-bootstrap/Form';
import { useId } from 'react';
import { PRODUCTS_MESSAGES as T } from './catalog.messages';

/** The terms checkbox of a purchase (learner spec §4, §5), with the terms it refers to. */
export function TermsCheckbox({
  checked,
  onChange,
  disabled,
}: {
  checked: boolean;
  onChange: (checked: boolean) => void;
  disabled?: boolean;
}) {
  const id = useId();
  return (
    <Form.Group className="mb-3">
      <p className="small text-body-secondary mb-1" id={`${id}-terms`}>
        <span className="fw-semibold">{T.termsTitle}: </span>
        {T.terms}
      </p>
      <Form.Check
        type="checkbox"
        id={`${id}-agree`}
        label={T.agreeLabel}
        checked={checked}
        onChange={(e) => onChange(e.target.checked)}
        disabled={disabled}
        aria-describedby={`${id}-terms`}
      />
    </Form.Group>
  );
}
