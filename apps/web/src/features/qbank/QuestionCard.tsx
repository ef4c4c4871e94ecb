import { type InfiniteCheckResult, type InfiniteQuestion } from '@examprep/contracts/types';
import { ANSWER_MESSAGES, validateMathAnswer } from '@examprep/validation';
import Alert from 'react-bootstrap/Alert';
import Badge from 'react-bootstrap/Badge';
import Button from 'react-bootstrap/Button';
import Card from 'react-bootstrap/Card';
import Form from 'react-bootstrap/Form';
import InputGroup from 'react-bootstrap/InputGroup';
import { useEffect, useRef, useState } from 'react';
import { translateError } from '../../shared/errors';
import { MathText } from '../../shared/math/MathText';
import { PumpFace } from '../simulations';
import { useCheckAnswer } from './infinite-qbank-api';
import { pumpAnswerStrings, pumpAnswerText } from './pump-answer';
import { INFINITE_QBANK_MESSAGES as T } from './qbank.messages';

const same = (a: string, b: string) => a.trim().toLowerCase() === b.trim().toLowerCase();

/** A value with the item's unit after it ('65 mL/hr'); LaTeX in the value is rendered. */
function WithUnit({ value, unit }: { value: string; unit: string | null }) {
  return (
    <>
      <MathText as="span" text={value} />
      {unit ? ` ${unit}` : null}
    </>
  );
}

export interface QuestionCardProps {
  question: InfiniteQuestion;
  position: number;
  total: number;
  topicName: string | null;
  /** Admin view: this item's topic is not open to learners. */
  topicClosed: boolean;
  /** A line under the heading, e.g. weak-spots practice's "Review: …" (issue 29). */
  note?: string | null;
  /** Served as a review of a missed item: the check says so (InfiniteCheckInput.review). */
  review?: boolean;
  last: boolean;
  batchCorrect: number;
  morePending: boolean;
  /** The last item's button (default 'Get more questions'). */
  moreLabel?: string;
  onChecked: (correct: boolean) => void;
  onNext: () => void;
  onMore: () => void;
}

/**
 * One generated question: answer (one choice, a typed number with its unit, or a pump item
 * programmed on the pump face), Check Answer, then the verdict, the correct answer and the
 * explanation (KaTeX). The answer reaches the browser only after checking (DESIGN §5). Focus:
 * the heading on arrival, the result after checking, and Next comes right after the result in
 * tab order.
 */
export function QuestionCard({
  question,
  position,
  total,
  topicName,
  topicClosed,
  note = null,
  review = false,
  last,
  batchCorrect,
  morePending,
  moreLabel = T.more,
  onChecked,
  onNext,
  onMore,
}: QuestionCardProps) {
  const check = useCheckAnswer();
  const [choice, setChoice] = useState<string | null>(null);
  const [typed, setTyped] = useState('');
  const [required, setRequired] = useState<string | null>(null);
  const result: InfiniteCheckResult | undefined = check.data;
  const headingRef = useRef<HTMLHeadingElement>(null);
  const resultRef = useRef<HTMLDivElement>(null);

  useEffect(() => headingRef.current?.focus(), []);
  useEffect(() => {
    if (result) resultRef.current?.focus();
  }, [result]);

  const reviewFlag = review ? { review: true } : {};
  const isBlank = question.type === 'blank';
  const pump = question.type === 'pump' ? question.pump : null;
  const validation = isBlank ? validateMathAnswer(typed) : null;
  const fieldError = validation?.error ?? required;
  const locked = result !== undefined || check.isPending;
  const ids = {
    heading: `qbank-q-${position}-heading`,
    answer: `qbank-q-${position}-answer`,
    error: `qbank-q-${position}-error`,
    explanation: `qbank-q-${position}-explanation`,
  };

  const submit = () => {
    if (locked) return;
    let answer: string[];
    if (isBlank) {
      if (typed.trim() === '') return setRequired(ANSWER_MESSAGES.answerRequired);
      if (validation && !validation.isValid) return;
      answer = [typed.trim()];
    } else {
      if (choice === null) return setRequired(T.selectAnswer);
      answer = [choice];
    }
    setRequired(null);
    check.mutate(
      { id: question.id, answer, ...reviewFlag },
      { onSuccess: (r) => onChecked(r.correct) },
    );
  };

  return (
    <Card as="article" aria-labelledby={ids.heading}>
      <Card.Header className="d-flex flex-wrap align-items-center justify-content-between gap-2">
        <h2 id={ids.heading} ref={headingRef} tabIndex={-1} className="h6 mb-0">
          {T.progress(position, total)}
        </h2>
        <span className="d-flex flex-wrap align-items-center gap-2 small text-body-secondary">
          {topicName ? <span>{T.topicOf(topicName)}</span> : null}
          {topicClosed ? (
            <Badge bg="warning" text="dark">
              {T.notOpen}
            </Badge>
          ) : null}
        </span>
        {note ? (
          <span className="w-100 small fw-semibold text-primary-emphasis" data-testid="qbank-note">
            {note}
          </span>
        ) : null}
      </Card.Header>
      <Card.Body>
        {pump ? (
          // The pump face shows the question; after the check everything on it stays as typed
          // but locked (one check per item, like the other items).
          <fieldset disabled={locked} className="app-qbank-pump mb-3">
            <legend className="visually-hidden">{T.pumpLegend}</legend>
            <PumpFace
              question={pump}
              controls="fixed"
              busy={check.isPending ? 'checking' : null}
              error={check.isError ? translateError(check.error) : null}
              onCheck={(typedAnswer) => {
                if (locked) return;
                check.mutate(
                  { id: question.id, answer: pumpAnswerStrings(pump, typedAnswer), ...reviewFlag },
                  { onSuccess: (r) => onChecked(r.correct) },
                );
              }}
            />
          </fieldset>
        ) : (
          <MathText text={question.question} className="mb-3" />
        )}
        {pump ? null : (
          <Form
            noValidate
            onSubmit={(e) => {
              e.preventDefault();
              submit();
            }}
          >
            {isBlank ? (
              <Form.Group controlId={ids.answer} className="mb-3">
                <Form.Label>
                  {T.answerLabel}
                  {question.unit ? (
                    <span className="visually-hidden">{` (${question.unit})`}</span>
                  ) : null}
                </Form.Label>
                <InputGroup hasValidation className="app-qbank-answer">
                  <Form.Control
                    type="text"
                    autoComplete="off"
                    spellCheck={false}
                    value={typed}
                    disabled={locked}
                    isInvalid={fieldError !== null}
                    aria-invalid={fieldError !== null}
                    aria-describedby={fieldError !== null ? ids.error : undefined}
                    onChange={(e) => {
                      setTyped(e.target.value);
                      setRequired(null);
                    }}
                  />
                  {question.unit ? (
                    <InputGroup.Text aria-hidden="true">{question.unit}</InputGroup.Text>
                  ) : null}
                  <Form.Control.Feedback type="invalid" id={ids.error}>
                    {fieldError}
                  </Form.Control.Feedback>
                </InputGroup>
              </Form.Group>
            ) : (
              <fieldset className="mb-3" aria-describedby={required ? ids.error : undefined}>
                <legend className="visually-hidden">{T.choicesLegend}</legend>
                {question.choices.map((c, i) => {
                  const isCorrect = result?.correctAnswer.some((a) => same(a, c)) ?? false;
                  const isMine = choice === c;
                  return (
                    <Form.Check
                      key={`${i}-${c}`}
                      type="radio"
                      id={`${ids.answer}-${i}`}
                      className="mb-2"
                    >
                      <Form.Check.Input
                        type="radio"
                        name={ids.answer}
                        checked={isMine}
                        disabled={locked}
                        onChange={() => {
                          setChoice(c);
                          setRequired(null);
                        }}
                      />
                      {/* Once checked, the marked choices stay at full strength (Bootstrap fades disabled labels). */}
                      <Form.Check.Label
                        style={result && (isCorrect || isMine) ? { opacity: 1 } : undefined}
                      >
                        <span className="d-inline-flex flex-wrap align-items-center gap-2">
                          <span>
                            <WithUnit value={c} unit={question.unit} />
                          </span>
                          {result && isCorrect ? (
                            <Badge bg="success">{T.theCorrectAnswer}</Badge>
                          ) : null}
                          {result && isMine && !isCorrect ? (
                            <Badge bg="danger">{T.yourAnswer}</Badge>
                          ) : null}
                        </span>
                      </Form.Check.Label>
                    </Form.Check>
                  );
                })}
                {required ? (
                  <div id={ids.error} className="small text-danger" role="alert">
                    {required}
                  </div>
                ) : null}
              </fieldset>
            )}
            {check.isError ? (
              <Alert variant="danger" className="py-2">
                {translateError(check.error)}
              </Alert>
            ) : null}
            {result ? null : (
              <Button type="submit" disabled={check.isPending || validation?.isValid === false}>
                {check.isPending ? T.checking : T.check}
              </Button>
            )}
          </Form>
        )}

        {result ? (
          <>
            <div
              ref={resultRef}
              tabIndex={-1}
              className={`alert ${result.correct ? 'alert-success' : 'alert-danger'} mt-1 mb-3`}
              data-testid="qbank-result"
            >
              <p className="fw-semibold mb-1">{result.correct ? T.correct : T.incorrect}</p>
              {result.feedback ? (
                // how the answer was written (ADR 0036: a missing leading zero) or the pump's hint
                <p className="mb-1" data-testid="qbank-feedback">
                  {result.feedback}
                </p>
              ) : null}
              <p className="mb-0">
                {T.correctAnswer}{' '}
                <strong>
                  {pump ? (
                    pumpAnswerText(pump, result.correctAnswer)
                  ) : (
                    <WithUnit value={result.correctAnswer.join(', ')} unit={question.unit} />
                  )}
                </strong>
              </p>
            </div>
            <section aria-labelledby={ids.explanation} className="mb-3">
              <h3 id={ids.explanation} className="h6">
                {T.explanation}
              </h3>
              <MathText text={result.explanation} className="app-qbank-explanation" />
            </section>
            {last ? (
              <div className="d-flex flex-column flex-sm-row align-items-sm-center gap-2">
                <Button onClick={onMore} disabled={morePending}>
                  {morePending ? T.generating : moreLabel}
                </Button>
                <span className="small text-body-secondary">
                  {T.batchDone(batchCorrect, total)}
                </span>
              </div>
            ) : (
              <Button onClick={onNext}>{T.next}</Button>
            )}
          </>
        ) : null}
      </Card.Body>
    </Card>
  );
}
