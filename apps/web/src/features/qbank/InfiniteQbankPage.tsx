import { type Course, type InfiniteQuestion } from '@examprep/contracts/types';
import Alert from 'react-bootstrap/Alert';
import { useState } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import { translateError } from '../../shared/errors';
import { ErrorState } from '../../shared/layout/ErrorState';
import { Loading } from '../../shared/layout/Loading';
import { useDocumentTitle } from '../../shared/layout/use-document-title';
import { useSession } from '../../shared/session/session-context';
import { WEAK_SPOTS_MODE, weakSpotsPath } from '../learning/learning-format';
import { LEARNING_TEXT } from '../learning/learning.messages';
import { asWeakSpotCourse, WeakSpotsPractice } from '../learning/WeakSpotsPractice';
import { useGenerateBatch, useInfiniteCourses } from './infinite-qbank-api';
import {
  closedTopics,
  type QbankSelection,
  resolveSelection,
  type ResolvedSelection,
  sameSelection,
  selectionToParams,
} from './qbank-selection';
import { INFINITE_QBANK_MESSAGES as T } from './qbank.messages';
import { QbankSelectionForm } from './QbankSelectionForm';
import { QuestionCard } from './QuestionCard';
import { ViewModeToggle } from './ViewModeToggle';

interface Practice {
  selection: QbankSelection;
  questions: InfiniteQuestion[];
  index: number;
  batch: number;
  batchCorrect: number;
  correct: number;
  answered: number;
}

/** The practice run: batches of one selection, one question at a time, a running score. */
function PracticeArea({
  courses,
  resolved,
  markClosed,
}: {
  courses: readonly Course[];
  resolved: ResolvedSelection;
  markClosed: boolean;
}) {
  const [, setParams] = useSearchParams();
  const generate = useGenerateBatch();
  const [practice, setPractice] = useState<Practice | null>(null);
  const [lastFresh, setLastFresh] = useState(true);
  const { selection, objective } = resolved;
  // Changing a choice (form, back button, link) ends the run on screen: the questions shown
  // always match the choices shown.
  const active = practice && sameSelection(practice.selection, selection) ? practice : null;
  const failed =
    generate.isError &&
    generate.variables !== undefined &&
    sameSelection(generate.variables, selection);
  const closed = markClosed ? closedTopics(objective.topics) : [];

  /** fresh: a new run (score from zero); else the next batch of the same run. */
  const fetchBatch = (fresh: boolean) => {
    const wanted = selection;
    setLastFresh(fresh);
    generate.mutate(wanted, {
      onSuccess: ({ questions }) =>
        setPractice((prev) => {
          const keep = !fresh && prev && sameSelection(prev.selection, wanted) ? prev : null;
          return {
            selection: wanted,
            questions,
            index: 0,
            batch: (keep?.batch ?? 0) + 1,
            batchCorrect: 0,
            correct: keep?.correct ?? 0,
            answered: keep?.answered ?? 0,
          };
        }),
    });
  };

  const current = active?.questions[active.index];
  const topic = current ? (objective.topics.find((t) => t.key === current.topicKey) ?? null) : null;

  let question;
  if (active && current) {
    question = (
      <QuestionCard
        key={`${active.batch}-${active.index}-${current.id}`}
        question={current}
        position={active.index + 1}
        total={active.questions.length}
        topicName={topic?.name ?? null}
        topicClosed={topic !== null && closed.includes(topic)}
        last={active.index === active.questions.length - 1}
        batchCorrect={active.batchCorrect}
        morePending={generate.isPending}
        onChecked={(correct) =>
          setPractice(
            (p) =>
              p && {
                ...p,
                answered: p.answered + 1,
                correct: p.correct + (correct ? 1 : 0),
                batchCorrect: p.batchCorrect + (correct ? 1 : 0),
              },
          )
        }
        onNext={() => setPractice((p) => p && { ...p, index: p.index + 1 })}
        onMore={() => fetchBatch(false)}
      />
    );
  } else if (active) {
    question = <p className="text-body-secondary">{T.noQuestions}</p>;
  } else if (generate.isPending) {
    question = <Loading label={T.generating} />;
  } else if (!failed) {
    question = <p className="text-body-secondary">{T.hint}</p>;
  }

  return (
    <>
      <QbankSelectionForm
        courses={courses}
        resolved={resolved}
        markClosed={markClosed}
        starting={generate.isPending}
        started={active !== null}
        onChange={(next) => setParams(selectionToParams(next), { replace: true })}
        onStart={() => fetchBatch(true)}
      />
      {active ? (
        <div className="d-flex flex-wrap justify-content-between gap-2 mb-2">
          <span className="fw-semibold" role="status" data-testid="qbank-score">
            {T.score(active.correct, active.answered)}
          </span>
          <span className="small text-body-secondary">{T.batchNumber(active.batch)}</span>
        </div>
      ) : null}
      {failed ? (
        <ErrorState
          message={T.batchFailed(translateError(generate.error))}
          onRetry={() => fetchBatch(lastFresh || active === null)}
          retrying={generate.isPending}
          retryLabel={T.tryAgain}
        />
      ) : null}
      {question}
    </>
  );
}

/** /infinite-qbank (learner spec §2, §7; admin spec §6 view mode). */
export default function InfiniteQbankPage() {
  useDocumentTitle(T.title);
  const { isAdmin } = useSession();
  const courses = useInfiniteCourses();
  const [params] = useSearchParams();

  let body;
  if (courses.isPending) {
    body = <Loading label={T.loadingCourses} />;
  } else if (courses.isError) {
    body = (
      <ErrorState
        message={T.coursesFailed}
        detail={translateError(courses.error)}
        onRetry={() => void courses.refetch()}
        retrying={courses.isFetching}
        retryLabel={T.tryAgain}
      />
    );
  } else if (params.get('mode') === WEAK_SPOTS_MODE) {
    // "Practise my weak spots" (issue 29): the learning engine picks the questions.
    body = (
      <WeakSpotsPractice
        courses={courses.data.courses}
        initialCourse={asWeakSpotCourse(params.get('course'))}
      />
    );
  } else {
    const resolved = resolveSelection(courses.data.courses, params);
    if (!resolved) {
      body = (
        <Alert variant="info" className="my-3">
          {T.empty}
        </Alert>
      );
    } else {
      body = (
        <>
          {resolved.adjusted ? (
            <Alert variant="warning" className="py-2">
              {T.linkNotAvailable}
            </Alert>
          ) : null}
          <PracticeArea
            courses={courses.data.courses}
            resolved={resolved}
            markClosed={isAdmin && courses.data.viewMode === 'admin'}
          />
        </>
      );
    }
  }

  return (
    <section aria-labelledby="qbank-title" className="mx-auto app-readable">
      <div className="d-flex flex-wrap align-items-start justify-content-between gap-2 mb-2">
        <h1 id="qbank-title" className="h3 mb-0">
          {T.title}
        </h1>
        {isAdmin ? <ViewModeToggle fallback={courses.data?.viewMode ?? null} /> : null}
      </div>
      <p className="text-body-secondary">{T.intro}</p>
      {params.get('mode') === WEAK_SPOTS_MODE ? null : (
        <p>
          <Link to={weakSpotsPath()} className="btn btn-outline-primary btn-sm">
            {LEARNING_TEXT.practiseWeakSpots}
          </Link>
        </p>
      )}
      {body}
    </section>
  );
}
