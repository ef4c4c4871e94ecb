import { answerList, MEDIA_LIMITS, type TestQuestionView } from '@examprep/contracts/types';
import Alert from 'react-bootstrap/Alert';
import Badge from 'react-bootstrap/Badge';
import Card from 'react-bootstrap/Card';
import { forwardRef } from 'react';
import { MathText } from '../../shared/math/MathText';
import { SignedImage, SignedVideo } from '../media/SignedMedia';
import { GRADEBOOK_MESSAGES as T } from './gradebook.messages';

const same = (a: string, b: string) => a.trim().toLowerCase() === b.trim().toLowerCase();

function ResultBadge({ status }: { status: TestQuestionView['status'] }) {
  if (status === 'correct') return <Badge bg="success">{T.resultCorrect}</Badge>;
  if (status === 'incorrect') return <Badge bg="danger">{T.resultIncorrect}</Badge>;
  return <Badge bg="dark">{T.resultUnanswered}</Badge>;
}

/**
 * One question of a graded test in review: the question, the learner's answer, the correct
 * one, the named misconception behind a wrong answer ('Common mistake: …') and the
 * explanation (KaTeX) with its image and video, all media through signed URLs.
 */
export const ReviewQuestion = forwardRef<
  HTMLHeadingElement,
  { question: TestQuestionView; position: number; total: number }
>(function ReviewQuestion({ question: q, position, total }, headingRef) {
  const mine = answerList(q.submittedAnswer);
  const correct = q.correctAnswer ?? [];
  const headingId = `review-q-${position}`;
  return (
    <Card as="article" aria-labelledby={headingId} data-testid="review-question">
      <Card.Header className="d-flex flex-wrap align-items-center justify-content-between gap-2">
        <h2 id={headingId} ref={headingRef} tabIndex={-1} className="h6 mb-0">
          {T.questionOf(position, total)}
        </h2>
        <span className="d-flex flex-wrap gap-2 align-items-center">
          {q.flagged ? (
            <Badge bg="warning" text="dark">
              {T.flagged}
            </Badge>
          ) : null}
          <ResultBadge status={q.status} />
        </span>
      </Card.Header>
      <Card.Body>
        <MathText text={q.question} className="mb-3" />
        {q.questionImage ? (
          <SignedImage
            path={q.questionImage}
            alt={T.questionImageAlt(position)}
            maxHeight={MEDIA_LIMITS.questionImagePreviewMaxPx}
            className="img-fluid d-block mb-3"
          />
        ) : null}
        {q.type !== 'blank' && q.answerOrder.length > 0 ? (
          <ul className="list-unstyled mb-3" aria-label={T.choices}>
            {q.answerOrder.map((choice, i) => {
              const isMine = mine.some((a) => same(a, choice));
              const isCorrect = correct.some((a) => same(a, choice));
              return (
                <li
                  key={`${i}-${choice}`}
                  className={`border rounded px-2 py-1 mb-2 ${
                    isCorrect ? 'border-success' : isMine ? 'border-danger' : ''
                  }`}
                >
                  <span className="d-inline-flex flex-wrap align-items-center gap-2">
                    <MathText as="span" text={choice} />
                    {isMine ? (
                      <Badge bg={isCorrect ? 'success' : 'danger'}>{T.yourAnswer}</Badge>
                    ) : null}
                    {isCorrect ? <Badge bg="success">{T.correctAnswer}</Badge> : null}
                  </span>
                </li>
              );
            })}
          </ul>
        ) : null}
        <dl className="mb-3">
          <dt>{T.yourAnswer}</dt>
          <dd data-testid="review-your-answer">
            {mine.length > 0 ? <MathText as="span" text={mine.join(', ')} /> : T.noAnswer}
          </dd>
          <dt>{T.correctAnswer}</dt>
          <dd data-testid="review-correct-answer">
            <MathText as="span" text={correct.join(', ')} />
          </dd>
        </dl>
        {q.status === 'incorrect' && q.misconception ? (
          <Alert variant="warning" className="py-2" data-testid="review-misconception">
            {T.commonMistake(q.misconception)}
          </Alert>
        ) : null}
        {q.explanation || q.explanationImage || q.video ? (
          <section aria-labelledby={`${headingId}-explanation`}>
            <h3 id={`${headingId}-explanation`} className="h6">
              {T.explanation}
            </h3>
            {q.explanation ? <MathText text={q.explanation} /> : null}
            {q.explanationImage ? (
              <SignedImage
                path={q.explanationImage}
                alt={T.explanationImageAlt}
                maxHeight={MEDIA_LIMITS.explanationImagePreviewMaxPx}
                className="img-fluid d-block mt-2 mb-2"
              />
            ) : null}
            {q.video ? (
              <figure className="mt-2 mb-0">
                <SignedVideo path={q.video} label={T.videoExplanation} />
                <figcaption className="small text-body-secondary">{T.videoExplanation}</figcaption>
              </figure>
            ) : null}
          </section>
        ) : null}
      </Card.Body>
    </Card>
  );
});
