import { QBANK_LIMITS, type Question } from '@examprep/contracts/types';
import { judgeAnswer, validateMathAnswer } from '@examprep/validation';
import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import Modal from 'react-bootstrap/Modal';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { MathText } from '../../../shared/math/MathText';
import { useSession } from '../../../shared/session/session-context';
import { QUESTION_TYPE_LABELS, QUESTIONS_MESSAGES as T } from './questions.messages';

type PreviewState = 'unanswered' | 'correct' | 'incorrect';

function Facts({ question: q }: { question: Question }) {
  return (
    <dl className="row small mb-3">
      <dt className="col-4 col-sm-3">{T.previewCourse}</dt>
      <dd className="col-8 col-sm-9 text-break">{q.course}</dd>
      <dt className="col-4 col-sm-3">{T.previewObjective}</dt>
      <dd className="col-8 col-sm-9 text-break">{q.objective}</dd>
      <dt className="col-4 col-sm-3">{T.previewType}</dt>
      <dd className="col-8 col-sm-9 mb-0">{QUESTION_TYPE_LABELS[q.type]}</dd>
    </dl>
  );
}

/** The correct or incorrect banner with the correct answers (admin spec §2.5). */
function Verdict({ state, question: q }: { state: 'correct' | 'incorrect'; question: Question }) {
  const several = q.correctAnswer.length > 1;
  return (
    <Alert variant={state === 'correct' ? 'success' : 'danger'} className="mt-3 mb-0">
      <p className="fw-semibold mb-1">{state === 'correct' ? T.correct : T.incorrect}</p>
      <p className="mb-1">{several ? T.correctAnswersAre : T.correctAnswerIs}</p>
      <ul className="mb-0">
        {q.correctAnswer.map((a) => (
          <li key={a}>
            <MathText text={a} as="span" />
          </li>
        ))}
      </ul>
    </Alert>
  );
}

/**
 * Admin spec §2.5 Question Preview: answer the question as a learner would, quality control
 * only (nothing is saved). Unanswered -> submitted (correct or incorrect) -> Try Again.
 */
export function QuestionPreviewModal({
  question: q,
  onClose,
}: {
  question: Question;
  onClose: () => void;
}) {
  const { isAdmin } = useSession();
  const [chosen, setChosen] = useState<number[]>([]);
  const [typed, setTyped] = useState('');
  /** What the answer rules say about how the answer was written (ADR 0036), after Submit. */
  const [feedback, setFeedback] = useState<string | null>(null);
  const [state, setState] = useState<PreviewState>('unanswered');
  const [needAnswer, setNeedAnswer] = useState(false);
  const firstInput = useRef<HTMLInputElement>(null);
  const tryAgainButton = useRef<HTMLButtonElement>(null);
  const blank = q.type === 'blank';
  const typedProblem = validateMathAnswer(typed);
  const answered = state !== 'unanswered';

  const answer = blank ? [typed] : chosen.map((i) => q.choices[i]);
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (answered) return;
    const empty = blank ? !typed.trim() : chosen.length === 0;
    if (empty) {
      setNeedAnswer(true);
      firstInput.current?.focus();
      return;
    }
    if (blank && !typedProblem.isValid) {
      firstInput.current?.focus();
      return;
    }
    setNeedAnswer(false);
    const verdict = judgeAnswer(q, answer);
    setFeedback(verdict.feedback);
    setState(verdict.correct ? 'correct' : 'incorrect');
  };
  const tryAgain = () => {
    setChosen([]);
    setTyped('');
    setNeedAnswer(false);
    setState('unanswered');
  };
  // The button that was pressed goes away: the focus moves to what comes next.
  const wasAnswered = useRef(false);
  useEffect(() => {
    if (answered) tryAgainButton.current?.focus();
    else if (wasAnswered.current) firstInput.current?.focus();
    wasAnswered.current = answered;
  }, [answered]);
  const choose = (i: number, on: boolean) => {
    setNeedAnswer(false);
    if (q.type === 'single') setChosen(on ? [i] : []);
    else
      setChosen((list) => (on ? [...list.filter((x) => x !== i), i] : list.filter((x) => x !== i)));
  };

  return (
    <Modal
      show
      onHide={onClose}
      size="lg"
      aria-labelledby="question-preview-title"
      fullscreen="sm-down"
    >
      <Modal.Header closeButton>
        <Modal.Title id="question-preview-title" as="h2" className="h5">
          {T.previewTitle(q.qid)}
        </Modal.Title>
      </Modal.Header>
      {!isAdmin ? (
        <Modal.Body>
          <Alert variant="danger" role="alert" className="mb-0">
            {T.accessDenied}
          </Alert>
        </Modal.Body>
      ) : (
        <Form noValidate onSubmit={onSubmit}>
          <Modal.Body>
            <p className="small text-body-secondary">{T.previewNote}</p>
            <Facts question={q} />
            <MathText text={q.question} className="mb-3" />
            {blank ? (
              <Form.Group controlId="preview-blank-answer">
                <Form.Label>{T.answerLabel}</Form.Label>
                <Form.Control
                  ref={firstInput}
                  type="text"
                  value={typed}
                  maxLength={QBANK_LIMITS.choiceMax}
                  autoComplete="off"
                  spellCheck={false}
                  disabled={answered}
                  isInvalid={!typedProblem.isValid}
                  aria-invalid={typedProblem.isValid ? undefined : true}
                  aria-describedby={typedProblem.error ? 'preview-blank-answer-error' : undefined}
                  onChange={(e) => {
                    setNeedAnswer(false);
                    setTyped(e.target.value);
                  }}
                />
                {typedProblem.error ? (
                  <Form.Control.Feedback type="invalid" id="preview-blank-answer-error">
                    {typedProblem.error}
                  </Form.Control.Feedback>
                ) : null}
              </Form.Group>
            ) : (
              <fieldset>
                <legend className="visually-hidden">{T.yourAnswer}</legend>
                {q.choices.map((choice, i) => (
                  <Form.Check key={i} id={`preview-choice-${i}`} className="mb-2">
                    <Form.Check.Input
                      ref={i === 0 ? firstInput : undefined}
                      type={q.type === 'single' ? 'radio' : 'checkbox'}
                      name={q.type === 'single' ? 'preview-choice' : undefined}
                      checked={chosen.includes(i)}
                      disabled={answered}
                      onChange={(e) => choose(i, e.target.checked)}
                    />
                    <Form.Check.Label>
                      <MathText text={choice} as="span" />
                    </Form.Check.Label>
                  </Form.Check>
                ))}
              </fieldset>
            )}
            {needAnswer ? (
              <Alert variant="warning" role="alert" className="mt-3 mb-0">
                {T.selectAnswer}
              </Alert>
            ) : null}
            {state === 'correct' || state === 'incorrect' ? (
              <>
                <div role="status">
                  <Verdict state={state} question={q} />
                  {feedback ? (
                    <p className="mb-0 mt-2" data-testid="preview-feedback">
                      {feedback}
                    </p>
                  ) : null}
                </div>
                <section aria-labelledby="preview-explanation-title" className="mt-3">
                  <h3 id="preview-explanation-title" className="h6">
                    {T.explanationHeading}
                  </h3>
                  <MathText text={q.explanation} />
                </section>
              </>
            ) : null}
          </Modal.Body>
          <Modal.Footer>
            {answered ? (
              <Button ref={tryAgainButton} variant="outline-primary" onClick={tryAgain}>
                {T.tryAgain}
              </Button>
            ) : (
              <Button type="submit">{T.submitAnswer}</Button>
            )}
            <Button variant="outline-secondary" onClick={onClose}>
              {T.close}
            </Button>
          </Modal.Footer>
        </Form>
      )}
    </Modal>
  );
}
