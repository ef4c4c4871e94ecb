import { CREATE_NEW, QBANK_LIMITS } from '@examprep/contracts/types';
import Form from 'react-bootstrap/Form';
import { QUESTIONS_MESSAGES as T } from './questions.messages';

/**
 * A course or objective picker (admin spec §2.3): the names in use, plus 'Create New'
 * (value 'new') which reveals a text box for the new name.
 */
export function NamePicker({
  id,
  newId,
  label,
  newLabel,
  placeholder,
  options,
  value,
  newValue,
  onChange,
  onNewChange,
}: {
  id: string;
  newId: string;
  label: string;
  newLabel: string;
  placeholder: string;
  options: readonly string[];
  value: string;
  newValue: string;
  onChange: (value: string) => void;
  onNewChange: (value: string) => void;
}) {
  // A loaded question's name is offered even before (or without) the facets.
  const shown =
    value && value !== CREATE_NEW && !options.includes(value) ? [value, ...options] : options;
  return (
    <>
      <Form.Group controlId={id}>
        <Form.Label>{label}</Form.Label>
        <Form.Select value={value} onChange={(e) => onChange(e.target.value)}>
          <option value="">{placeholder}</option>
          {shown.map((name) => (
            <option key={name} value={name}>
              {name}
            </option>
          ))}
          <option value={CREATE_NEW}>{T.createNew}</option>
        </Form.Select>
      </Form.Group>
      {value === CREATE_NEW ? (
        <Form.Group controlId={newId} className="mt-2">
          <Form.Label className="small mb-1">{newLabel}</Form.Label>
          <Form.Control
            type="text"
            value={newValue}
            maxLength={QBANK_LIMITS.nameMax}
            autoComplete="off"
            onChange={(e) => onNewChange(e.target.value)}
          />
        </Form.Group>
      ) : null}
    </>
  );
}
