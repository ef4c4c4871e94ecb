import type { Course, InfiniteQuestion } from '@examprep/contracts/types';
import Button from 'react-bootstrap/Button';
import { useEffect, useRef, useState } from 'react';
import { Link } from 'react-router-dom';
import { translateError } from '../../shared/errors';
import { ErrorState } from '../../shared/layout/ErrorState';
import { Loading } from '../../shared/layout/Loading';
import { QuestionCard } from '../qbank/QuestionCard';
import { INFINITE_QBANK_MESSAGES as Q } from '../qbank/qbank.messages';
import { useWeakSpots } from './learning-api';
import { LEARNING_TEXT as T, WEAK_SPOT_COURSES, type WeakSpotCourse } from './learning.messages';

interface Run {
  course: WeakSpotCourse;
  questions: InfiniteQuestion[];
  reviewIds: ReadonlySet<string>;
  siblingIds: ReadonlySet<string>;
  index: number;
  batch: number;
  batchCorrect: number;
  correct: number;
  answered: number;
}

/** A course id of the URL as a weak-spots course, or null. */
export function asWeakSpotCourse(id: string | null): WeakSpotCourse | null {
  return WEAK_SPOT_COURSES.find((c) => c.id === id)?.id ?? null;
}

/** The topic's name from the Infinite QBank's course list (null when it is not listed). */
function topicNameOf(courses: readonly Course[], q: InfiniteQuestion): string | null {
  const course = courses.find((c) => c.id === q.course);
  const objective = course?.objectives[q.objective];
  return objective?.topics.find((t) => t.key === q.topicKey)?.name ?? null;
}

/**
 * "Practise my weak spots" (issue 29): a course's batch from POST /api/learning/weak-spots
 * (due reviews of missed items first, then the topics with the most to gain), run in the
 * Infinite QBank's own QuestionCard (answers checked by POST /api/infiniteqbank/check, which
 * also updates the mastery). Review items carry a badge; "Next batch" asks for a new batch.
 */
export function WeakSpotsPractice({
  courses,
  initialCourse,
}: {
  courses: readonly Course[];
  initialCourse: WeakSpotCourse | null;
}) {
  const weak = useWeakSpots();
  const [run, setRun] = useState<Run | null>(null);
  const [wanted, setWanted] = useState<WeakSpotCourse | null>(initialCourse);
  const nameOf = (id: WeakSpotCourse) =>
    courses.find((c) => c.id === id)?.name ??
    WEAK_SPOT_COURSES.find((c) => c.id === id)?.name ??
    id;

  const fetchBatch = (course: WeakSpotCourse) => {
    setWanted(course);
    weak.mutate(course, {
      onSuccess: ({ questions, reviewIds, siblingIds }) =>
        setRun((prev) => {
          const keep = prev && prev.course === course ? prev : null;
          return {
            course,
            questions,
            reviewIds: new Set(reviewIds),
            siblingIds: new Set(siblingIds),
            index: 0,
            batch: (keep?.batch ?? 0) + 1,
            batchCorrect: 0,
            correct: keep?.correct ?? 0,
            answered: keep?.answered ?? 0,
          };
        }),
    });
  };

  // a course named in the link ("Start reviews" on the dashboard) starts its batch at once
  const started = useRef(false);
  useEffect(() => {
    if (started.current || !initialCourse) return;
    started.current = true;
    fetchBatch(initialCourse);
    // once, on arrival: later batches come from the learner's clicks
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  const current = run?.questions[run.index];
  let question;
  if (run && current) {
    const isReview = run.reviewIds.has(current.id);
    question = (
      <QuestionCard
        key={`${run.course}-${run.batch}-${run.index}-${current.id}`}
        question={current}
        position={run.index + 1}
        total={run.questions.length}
        topicName={topicNameOf(courses, current)}
        topicClosed={false}
        note={
          !isReview ? null : run.siblingIds.has(current.id) ? T.reviewSiblingBadge : T.reviewBadge
        }
        review={isReview}
        last={run.index === run.questions.length - 1}
        batchCorrect={run.batchCorrect}
        morePending={weak.isPending}
        moreLabel={T.nextBatch}
        onChecked={(correct) =>
          setRun(
            (r) =>
              r && {
                ...r,
                answered: r.answered + 1,
                correct: r.correct + (correct ? 1 : 0),
                batchCorrect: r.batchCorrect + (correct ? 1 : 0),
              },
          )
        }
        onNext={() => setRun((r) => r && { ...r, index: r.index + 1 })}
        onMore={() => fetchBatch(run.course)}
      />
    );
  } else if (run) {
    question = <p className="text-body-secondary">{T.weakNone}</p>;
  } else if (weak.isPending) {
    question = <Loading label={T.weakLoading} />;
  }

  return (
    <section aria-labelledby="weak-spots-title" data-testid="weak-spots">
      <div className="d-flex flex-wrap align-items-center justify-content-between gap-2 mb-2">
        <h2 id="weak-spots-title" className="h5 mb-0">
          {T.weakTitle}
        </h2>
        <Link to="/infinite-qbank" className="small">
          {T.weakBack}
        </Link>
      </div>
      <p className="text-body-secondary">{T.weakIntro}</p>
      <div
        role="group"
        aria-label={T.weakCourseLegend}
        className="d-flex flex-column flex-sm-row gap-2 mb-3"
      >
        {WEAK_SPOT_COURSES.map(({ id }) => (
          <Button
            key={id}
            variant={run?.course === id ? 'primary' : 'outline-primary'}
            aria-pressed={run?.course === id}
            disabled={weak.isPending}
            onClick={() => fetchBatch(id)}
          >
            {T.weakStart(nameOf(id))}
          </Button>
        ))}
      </div>
      {run ? (
        <div className="d-flex flex-wrap justify-content-between gap-2 mb-2">
          <span className="fw-semibold" role="status" data-testid="weak-spots-score">
            {Q.score(run.correct, run.answered)}
          </span>
          <span className="small text-body-secondary">
            {`${Q.batchNumber(run.batch)} · ${T.reviewCount(
              run.questions.filter((q) => run.reviewIds.has(q.id)).length,
            )}`}
          </span>
        </div>
      ) : null}
      {weak.isError ? (
        <ErrorState
          message={T.weakFailed}
          detail={translateError(weak.error)}
          onRetry={wanted ? () => fetchBatch(wanted) : undefined}
          retrying={weak.isPending}
          retryLabel={T.tryAgain}
        />
      ) : null}
      {question}
    </section>
  );
}
