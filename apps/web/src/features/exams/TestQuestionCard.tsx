import {
  answerList,
  MEDIA_LIMITS,
  statesRounding,
  type SubmittedAnswer,
  type TestQuestionView,
} from '@examprep/contracts/types';
import Badge from 'react-bootstrap/Badge';
import Form from 'react-bootstrap/Form';
import { useEffect, useRef } from 'react';
import { MathText } from '../../shared/math/MathText';
import { SignedImage, SignedVideo } from '../media/SignedMedia';
import { TESTS_MESSAGES as T } from './tests.messages';

const same = (a: string, b: string) => a.trim().toLowerCase() === b.trim().toLowerCase();

/**
 * One question of a test: text (KaTeX), image, the answer (one choice, several, or typed), and
 * once revealed the verdict, the correct answer, the explanation (+ image, video link) and the
 * named misconception of a wrong answer. Images and the video come through signed URLs
 * (learner spec §4); the explanation's only once revealed. `locked` disables the answer (checked or submitting).
 */
export function TestQuestionCard({
  question,
  index,
  total,
  answer,
  onChange,
  locked,
  error,
}: {
  question: TestQuestionView;
  index: number;
  total: number;
  answer: SubmittedAnswer;
  onChange: (answer: SubmittedAnswer) => void;
  locked: boolean;
  /** The answer's error (required, invalid typed value, refused by the server). */
  error: string | null;
}) {
  const headingRef = useRef<HTMLHeadingElement>(null);
  const ids = {
    heading: `test-q-heading`,
    answer: `test-q-${question.qid}-answer`,
    error: `test-q-${question.qid}-error`,
    explanation: `test-q-${question.qid}-explanation`,
  };
  useEffect(() => headingRef.current?.focus(), [question.qid]);

  const revealed = question.correctAnswer !== undefined;
  const mine = answerList(answer);
  const correct = question.correctAnswer ?? [];
  const isCorrectChoice = (c: string) => correct.some((a) => same(a, c));

  const choices = question.type !== 'blank' && (
    <fieldset className="mb-3" aria-describedby={error ? ids.error : undefined}>
      <legend className="visually-hidden">
        {question.type === 'sata' ? T.choicesLegendSata : T.choicesLegend}
      </legend>
      {question.type === 'sata' ? (
        <p className="small text-body-secondary">{T.choicesLegendSata}</p>
      ) : null}
      {question.answerOrder.map((c, i) => {
        const chosen = mine.includes(c);
        return (
          <Form.Check key={`${i}-${c}`} id={`${ids.answer}-${i}`} className="mb-2">
            <Form.Check.Input
              type={question.type === 'sata' ? 'checkbox' : 'radio'}
              name={ids.answer}
              checked={chosen}
              disabled={locked}
              onChange={(e) => {
                if (question.type === 'sata') {
                  const next = e.target.checked ? [...mine, c] : mine.filter((m) => m !== c);
                  onChange(question.answerOrder.filter((o) => next.includes(o)));
                } else onChange(c);
              }}
            />
            <Form.Check.Label
              style={revealed && (chosen || isCorrectChoice(c)) ? { opacity: 1 } : undefined}
            >
              <span className="d-inline-flex flex-wrap align-items-center gap-2">
                <MathText as="span" text={c} />
                {revealed && isCorrectChoice(c) ? (
                  <Badge bg="success">{T.correctChoice}</Badge>
                ) : null}
                {revealed && chosen && !isCorrectChoice(c) ? (
                  <Badge bg="danger">{T.yourAnswer}</Badge>
                ) : null}
              </span>
            </Form.Check.Label>
          </Form.Check>
        );
      })}
      {error ? (
        <div id={ids.error} className="small text-danger" role="alert">
          {error}
        </div>
      ) : null}
    </fieldset>
  );

  const typed = question.type === 'blank' && (
    <Form.Group controlId={ids.answer} className="mb-3" style={{ maxWidth: '24rem' }}>
      <Form.Label>{T.answerLabel}</Form.Label>
      <Form.Control
        type="text"
        inputMode="decimal"
        autoComplete="off"
        spellCheck={false}
        value={typeof answer === 'string' ? answer : ''}
        disabled={locked}
        isInvalid={error !== null}
        aria-invalid={error !== null}
        aria-describedby={error ? ids.error : undefined}
        onChange={(e) => onChange(e.target.value)}
      />
      {question.rounding && !statesRounding(question.question, question.rounding) ? (
        <Form.Text className="d-block">{T.roundingHint(question.rounding.places)}</Form.Text>
      ) : null}
      <Form.Control.Feedback type="invalid" id={ids.error} role="alert">
        {error}
      </Form.Control.Feedback>
    </Form.Group>
  );

  return (
    <article aria-labelledby={ids.heading} className="card shadow-sm">
      <div className="card-header">
        <h2 id={ids.heading} ref={headingRef} tabIndex={-1} className="h6 mb-0">
          {T.questionOf(index + 1, total)}
          {question.flagged ? (
            <Badge bg="warning" text="dark" className="ms-2">
              {T.flagged}
            </Badge>
          ) : null}
        </h2>
      </div>
      <div className="card-body">
        <MathText text={question.question} className="mb-3" />
        {question.questionImage ? (
          <SignedImage
            path={question.questionImage}
            alt={T.questionImageAlt(index + 1)}
            maxHeight={MEDIA_LIMITS.questionImagePreviewMaxPx}
            className="img-fluid d-block mb-3"
          />
        ) : null}
        {choices}
        {typed}
        {revealed ? (
          <div data-testid="test-reveal">
            <div
              className={`alert ${question.status === 'correct' ? 'alert-success' : question.status === 'incorrect' ? 'alert-danger' : 'alert-secondary'} mb-3`}
            >
              <p className="fw-semibold mb-1">
                {question.status === 'correct' ? T.correct : T.incorrect}
              </p>
              {question.feedback ? (
                // how the answer was written, under the test's answer rules (ADR 0036)
                <p className="mb-1" data-testid="test-feedback">
                  {question.feedback}
                </p>
              ) : null}
              <p className="mb-0">
                {T.correctAnswerIs} <MathText as="span" text={correct.join(', ')} />
              </p>
              {question.status === 'incorrect' && question.misconception ? (
                <p className="mb-0 mt-2">{T.whyTempting(question.misconception)}</p>
              ) : null}
            </div>
            {question.explanation || question.explanationImage || question.video ? (
              <section aria-labelledby={ids.explanation} className="mb-2">
                <h3 id={ids.explanation} className="h6">
                  {T.explanation}
                </h3>
                {question.explanation ? <MathText text={question.explanation} /> : null}
                {question.explanationImage ? (
                  <SignedImage
                    path={question.explanationImage}
                    alt={T.explanationImageAlt}
                    maxHeight={MEDIA_LIMITS.explanationImagePreviewMaxPx}
                    className="img-fluid d-block mt-2 mb-2"
                  />
                ) : null}
                {question.video ? (
                  <figure className="mt-2 mb-0">
                    <SignedVideo path={question.video} label={T.videoExplanation} />
                    <figcaption className="small text-body-secondary">
                      {T.videoExplanation}
                    </figcaption>
                  </figure>
                ) : null}
              </section>
            ) : null}
          </div>
        ) : null}
      </div>
    </article>
  );
}
