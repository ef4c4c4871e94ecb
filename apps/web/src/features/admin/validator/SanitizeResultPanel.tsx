import { SANITIZE_TYPE_LABELS, type SanitizeResponse, whatChanged } from '@examprep/validation';
import Alert from 'react-bootstrap/Alert';
import Card from 'react-bootstrap/Card';
import { VALIDATOR_MESSAGES as T } from './validator.messages';

/** A value shown as text in a block that keeps its line breaks; React escapes it (no HTML). */
function TextBlock({ value, labelledBy }: { value: string; labelledBy: string }) {
  return (
    <pre
      className="app-preserve-whitespace bg-body-tertiary border rounded p-2 mb-0 small"
      aria-labelledby={labelledBy}
    >
      {value === '' ? <span className="text-body-secondary">{T.emptyValue}</span> : value}
    </pre>
  );
}

/** The tester's result (admin spec §2.2): validity, type, modified flag, lengths, texts, changes. */
export function SanitizeResultPanel({ response }: { response: SanitizeResponse }) {
  const { type, original, wasModified, inputLength, outputLength, result } = response;
  const changes = whatChanged(original, result.sanitizedValue);
  return (
    <Card as="section" aria-labelledby="sanitize-result-title" className="mb-4">
      <Card.Body>
        <Card.Title as="h2" className="h5" id="sanitize-result-title">
          {T.resultTitle}
        </Card.Title>
        <Alert variant={result.isValid ? 'success' : 'danger'} className="py-2">
          <strong>{result.isValid ? T.valid : T.invalid}</strong>
          {result.error ? <span>: {result.error}</span> : null}
        </Alert>
        <dl className="row mb-3">
          <dt className="col-sm-4">{T.typeTerm}</dt>
          <dd className="col-sm-8">{SANITIZE_TYPE_LABELS[type]}</dd>
          <dt className="col-sm-4">{T.modifiedTerm}</dt>
          <dd className="col-sm-8">{wasModified ? T.yes : T.no}</dd>
          <dt className="col-sm-4">{T.lengthTerm}</dt>
          <dd className="col-sm-8">{T.length(inputLength, outputLength)}</dd>
        </dl>
        <h3 className="h6" id="sanitize-original">
          {T.original}
        </h3>
        <TextBlock value={original} labelledBy="sanitize-original" />
        <h3 className="h6 mt-3" id="sanitize-output">
          {T.sanitized}
        </h3>
        <TextBlock value={result.sanitizedValue} labelledBy="sanitize-output" />
        <h3 className="h6 mt-3" id="sanitize-changes">
          {T.whatChangedTitle}
        </h3>
        {changes.length > 0 ? (
          <ul aria-labelledby="sanitize-changes" className="mb-0">
            {changes.map((item) => (
              <li key={item}>{item}</li>
            ))}
          </ul>
        ) : (
          <p className="text-body-secondary mb-0">{T.nothingChanged}</p>
        )}
      </Card.Body>
    </Card>
  );
}
