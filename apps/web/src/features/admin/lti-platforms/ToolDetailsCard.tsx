import { type LtiToolConfiguration } from '@examprep/contracts/types';
import Button from 'react-bootstrap/Button';
import Card from 'react-bootstrap/Card';
import Form from 'react-bootstrap/Form';
import InputGroup from 'react-bootstrap/InputGroup';
import { useRef, useState } from 'react';
import { LTI_PLATFORMS_MESSAGES as T } from './lti-platforms.messages';

/** In the order an LMS's registration form asks for them. */
const TOOL_FIELDS: readonly (keyof LtiToolConfiguration)[] = [
  'loginUrl',
  'launchUrl',
  'jwksUrl',
  'registrationUrl',
  'domain',
];

type CopyOutcome = 'idle' | 'copied' | 'refused';

/**
 * A read-only value with a Copy button. When the clipboard is refused (no permission, an
 * insecure page, an old browser) the value is selected in its field, so Ctrl+C copies it.
 */
function CopyField({ id, label, value }: { id: string; label: string; value: string }) {
  const [outcome, setOutcome] = useState<CopyOutcome>('idle');
  const inputRef = useRef<HTMLInputElement>(null);

  const copy = async () => {
    try {
      // navigator.clipboard is missing outside secure pages: that throws here too
      await navigator.clipboard.writeText(value);
      setOutcome('copied');
    } catch {
      inputRef.current?.focus();
      inputRef.current?.select();
      setOutcome('refused');
    }
  };

  return (
    <Form.Group controlId={id} className="mb-3">
      <Form.Label className="mb-1">{label}</Form.Label>
      <InputGroup>
        <Form.Control
          ref={inputRef}
          readOnly
          value={value}
          className="font-monospace small"
          aria-describedby={`${id}-outcome`}
          onFocus={(e) => e.currentTarget.select()}
        />
        <Button variant="outline-primary" onClick={() => void copy()}>
          {T.copy}
          <span className="visually-hidden"> {label}</span>
        </Button>
      </InputGroup>
      <div
        id={`${id}-outcome`}
        role="status"
        className={`small mt-1 ${outcome === 'refused' ? 'text-danger-emphasis' : 'text-success-emphasis'}`}
      >
        {outcome === 'copied' ? T.copied : outcome === 'refused' ? T.copyRefused : null}
      </div>
    </Form.Group>
  );
}

/** What an LMS admin pastes into their platform to register the tool. */
export function ToolDetailsCard({ tool }: { tool: LtiToolConfiguration }) {
  return (
    <Card as="section" aria-labelledby="lti-tool-heading" className="mb-4">
      <Card.Body>
        <h2 id="lti-tool-heading" className="h5">
          {T.toolHeading}
        </h2>
        <p className="text-body-secondary small">{T.toolIntro}</p>
        {TOOL_FIELDS.map((field) => (
          <CopyField
            key={field}
            id={`lti-tool-${field}`}
            label={T.toolFields[field]}
            value={tool[field]}
          />
        ))}
      </Card.Body>
    </Card>
  );
}
