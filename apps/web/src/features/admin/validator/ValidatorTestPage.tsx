import { SANITIZE_INPUT_MAX_LENGTH } from '@examprep/contracts/types';
import {
  QUICK_TEST_CASES,
  type QuickTestCase,
  SANITIZE_MAX_LENGTH,
  SANITIZE_TYPE_LABELS,
  SANITIZE_TYPES,
  type SanitizeType,
  isSanitizeType,
} from '@examprep/validation';
import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import Card from 'react-bootstrap/Card';
import Form from 'react-bootstrap/Form';
import { useRef, useState, type FormEvent } from 'react';
import { useDocumentTitle } from '../../../shared/layout/use-document-title';
import { HowItWorksPanel } from './HowItWorksPanel';
import { SanitizeResultPanel } from './SanitizeResultPanel';
import { sanitizeErrorText, useSanitize } from './sanitize-api';
import { VALIDATOR_MESSAGES as T } from './validator.messages';

/**
 * /validator-test (admin spec §2.2): the input sanitization tester. The route is admin-only
 * (router); the page itself shows no denial text, and POST /api/sanitize needs a signed-in
 * user's token.
 */
export default function ValidatorTestPage() {
  useDocumentTitle(T.title);
  const [type, setType] = useState<SanitizeType>('math');
  const [input, setInput] = useState('');
  const [inputError, setInputError] = useState<string | null>(null);
  const sanitize = useSanitize();
  const inputRef = useRef<HTMLTextAreaElement>(null);

  const run = (request: { input: string; type: SanitizeType }) => {
    if (request.input.trim() === '') {
      setInputError(T.emptyInput);
      sanitize.reset();
      inputRef.current?.focus();
      return;
    }
    setInputError(null);
    sanitize.mutate(request);
  };

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (!sanitize.isPending) run({ input, type });
  };

  const onClear = () => {
    setInput('');
    setInputError(null);
    sanitize.reset();
    inputRef.current?.focus();
  };

  const onQuickCase = (testCase: QuickTestCase) => {
    setType(testCase.type);
    setInput(testCase.input);
    run({ input: testCase.input, type: testCase.type });
  };

  const limit = SANITIZE_MAX_LENGTH[type];
  const describedBy = ['validator-input-counter', inputError ? 'validator-input-error' : '']
    .filter(Boolean)
    .join(' ');

  return (
    <section aria-labelledby="validator-title" className="mx-auto app-readable">
      <h1 id="validator-title" className="h3 mb-2">
        {T.title}
      </h1>
      <p className="text-body-secondary">{T.intro}</p>

      <Card className="mb-4">
        <Card.Body>
          <Form noValidate onSubmit={onSubmit}>
            <Form.Group className="mb-3" controlId="validator-type">
              <Form.Label>{T.typeLabel}</Form.Label>
              <Form.Select
                value={type}
                onChange={(e) => {
                  if (isSanitizeType(e.target.value)) setType(e.target.value);
                }}
              >
                {SANITIZE_TYPES.map((t) => (
                  <option key={t} value={t}>
                    {SANITIZE_TYPE_LABELS[t]}
                  </option>
                ))}
              </Form.Select>
            </Form.Group>
            <Form.Group className="mb-3" controlId="validator-input">
              <Form.Label>{T.inputLabel}</Form.Label>
              <Form.Control
                ref={inputRef}
                as="textarea"
                rows={5}
                maxLength={SANITIZE_INPUT_MAX_LENGTH}
                spellCheck={false}
                value={input}
                onChange={(e) => {
                  setInput(e.target.value);
                  if (inputError) setInputError(null);
                }}
                isInvalid={inputError !== null}
                aria-invalid={inputError !== null ? true : undefined}
                aria-describedby={describedBy}
              />
              <Form.Text
                id="validator-input-counter"
                className={input.length > limit ? 'text-danger' : undefined}
              >
                {T.counter(input.length, limit)}
              </Form.Text>
              {inputError ? (
                <Form.Control.Feedback
                  type="invalid"
                  id="validator-input-error"
                  className="d-block"
                >
                  {inputError}
                </Form.Control.Feedback>
              ) : null}
            </Form.Group>
            <div className="d-flex flex-wrap gap-2">
              <Button type="submit" disabled={sanitize.isPending}>
                {sanitize.isPending ? T.testing : T.test}
              </Button>
              <Button variant="outline-secondary" onClick={onClear}>
                {T.clear}
              </Button>
            </div>
          </Form>
        </Card.Body>
      </Card>

      <Card as="section" aria-labelledby="quick-cases-title" className="mb-4">
        <Card.Body>
          <Card.Title as="h2" className="h5" id="quick-cases-title">
            {T.quickTitle}
          </Card.Title>
          <Card.Text className="small text-body-secondary">{T.quickHelp}</Card.Text>
          <div className="d-flex flex-wrap gap-2">
            {QUICK_TEST_CASES.map((testCase) => (
              <Button
                key={testCase.label}
                variant="outline-primary"
                size="sm"
                disabled={sanitize.isPending}
                onClick={() => onQuickCase(testCase)}
              >
                {testCase.label}
              </Button>
            ))}
          </div>
        </Card.Body>
      </Card>

      {sanitize.isError ? (
        <Alert variant="danger" role="alert">
          {sanitizeErrorText(sanitize.error)}
        </Alert>
      ) : null}
      {sanitize.data ? <SanitizeResultPanel response={sanitize.data} /> : null}

      <HowItWorksPanel />
    </section>
  );
}
