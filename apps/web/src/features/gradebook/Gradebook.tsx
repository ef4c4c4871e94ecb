import { reviewPath, type TestSummary } from '@examprep/contracts/types';
import Alert from 'react-bootstrap/Alert';
import Badge from 'react-bootstrap/Badge';
import Button from 'react-bootstrap/Button';
import Card from 'react-bootstrap/Card';
import { useId, useState } from 'react';
import { Link } from 'react-router-dom';
import { ConfirmDeleteDialog } from '../../shared/layout/ConfirmDeleteDialog';
import { ErrorState } from '../../shared/layout/ErrorState';
import { Loading } from '../../shared/layout/Loading';
import { useSession } from '../../shared/session/session-context';
import { useDeleteTest, useGradebook } from './gradebook-api';
import {
  formatCount,
  formatScore,
  formatTestDate,
  GRADEBOOK_MESSAGES as T,
} from './gradebook.messages';
import { ObjectiveBreakdown } from './ObjectiveBreakdown';

function scoreVariant(score: number | null): string {
  if (score === null) return 'secondary';
  if (score >= 80) return 'success';
  if (score >= 60) return 'warning';
  return 'danger';
}

function GradedTestCard({
  test,
  reviewHref,
  newWindow,
  canDelete,
  onDelete,
  headingLevel,
}: {
  test: TestSummary;
  reviewHref: string;
  newWindow: boolean;
  canDelete: boolean;
  onDelete: (test: TestSummary) => void;
  headingLevel: 2 | 4;
}) {
  const [open, setOpen] = useState(false);
  const id = useId();
  const date = formatTestDate(test.submittedAt ?? test.lastUpdated);
  const Heading = `h${headingLevel}` as const;
  const ids = { heading: `${id}-h`, breakdown: `${id}-b`, breakdownHeading: `${id}-bh` };
  return (
    <Card as="li" className="mb-3" aria-labelledby={ids.heading} data-testid="graded-test">
      <Card.Body>
        <div className="d-flex flex-wrap align-items-start justify-content-between gap-2">
          <div>
            <Heading id={ids.heading} className="h6 mb-1">
              {test.productName || test.testProductId}
            </Heading>
            <div className="small text-body-secondary d-flex flex-wrap gap-2">
              <span>{T.modeLabels[test.mode] ?? test.mode}</span>
              <span aria-hidden="true">·</span>
              <span>
                <span className="visually-hidden">{T.date}: </span>
                {date}
              </span>
              <span aria-hidden="true">·</span>
              <span>{T.questions(test.totalQuestions)}</span>
            </div>
          </div>
          <div className="text-end">
            <span className="visually-hidden">{T.score}: </span>
            <Badge bg={scoreVariant(test.finalScore)} className="fs-6" data-testid="graded-score">
              {formatScore(test.finalScore)}
            </Badge>
          </div>
        </div>
        <dl className="row row-cols-3 g-0 small text-center my-3 border rounded py-2 mx-0">
          <div className="col">
            <dt className="fw-normal text-success">{T.correct}</dt>
            <dd className="mb-0 fw-semibold">{formatCount(test.correctCount)}</dd>
          </div>
          <div className="col">
            <dt className="fw-normal text-danger">{T.incorrect}</dt>
            <dd className="mb-0 fw-semibold">{formatCount(test.incorrectCount)}</dd>
          </div>
          <div className="col">
            <dt className="fw-normal text-body-secondary">{T.unansweredCount}</dt>
            <dd className="mb-0 fw-semibold">{formatCount(test.unansweredCount)}</dd>
          </div>
        </dl>
        <div className="d-flex flex-wrap gap-2">
          <Link
            to={reviewHref}
            className="btn btn-primary btn-sm"
            aria-label={T.reviewOf(test.productName || test.testProductId, date)}
            {...(newWindow ? { target: '_blank', rel: 'noopener noreferrer' } : {})}
          >
            {T.review}
          </Link>
          <Button
            size="sm"
            variant="outline-secondary"
            aria-expanded={open}
            aria-controls={ids.breakdown}
            onClick={() => setOpen((v) => !v)}
          >
            {open ? T.hideBreakdown : T.showBreakdown}
          </Button>
          {canDelete ? (
            <Button
              size="sm"
              variant="outline-danger"
              className="ms-auto"
              aria-label={T.deleteOf(test.productName || test.testProductId, date)}
              onClick={() => onDelete(test)}
            >
              {T.delete}
            </Button>
          ) : null}
        </div>
        <div id={ids.breakdown} hidden={!open} className="mt-3">
          {open ? (
            <ObjectiveBreakdown
              objectives={test.objectives}
              headingId={ids.breakdownHeading}
              headingLevel={headingLevel === 2 ? 3 : 5}
            />
          ) : null}
        </div>
      </Card.Body>
    </Card>
  );
}

function DeleteTestDialog({ test, onClose }: { test: TestSummary; onClose: () => void }) {
  const remove = useDeleteTest();
  const titleId = useId();
  const error = remove.error ? (
    remove.error.message === T.notAuthenticated ? (
      T.notAuthenticated
    ) : (
      <>
        <span className="d-block">{T.deleteFailed}</span>
        {remove.error.message && remove.error.message !== T.deleteFailed ? (
          <span className="d-block small">{remove.error.message}</span>
        ) : null}
      </>
    )
  ) : undefined;
  return (
    <ConfirmDeleteDialog
      titleId={titleId}
      title={T.deleteTitle}
      error={error}
      cancelLabel={T.cancel}
      confirmLabel={T.delete}
      pendingLabel={T.deleting}
      pending={remove.isPending}
      onConfirm={() => remove.mutate(test, { onSuccess: onClose })}
      onClose={onClose}
    >
      <p className="mb-1">{T.deleteConfirm}</p>
      <p className="small text-body-secondary mb-0">
        {test.productName || test.testProductId} ·{' '}
        {formatTestDate(test.submittedAt ?? test.lastUpdated)} · {formatScore(test.finalScore)}
      </p>
    </ConfirmDeleteDialog>
  );
}

/**
 * The graded tests of the signed-in user, or (admins) of `userId` (learner spec §2 Gradebook,
 * §8; admin spec §2.1 embedded gradebook): loading, error with retry, empty, list. Each test:
 * product, mode, date, score, counts, Review, Delete (owner and admins), and its breakdown by
 * objective. `embedded`: inside the admin modal (headings two levels down, Review in a new
 * window).
 */
export function Gradebook({
  userId = null,
  embedded = false,
}: {
  userId?: string | null;
  embedded?: boolean;
}) {
  const { isAdmin, user, status } = useSession();
  const list = useGradebook(userId);
  const [deleting, setDeleting] = useState<TestSummary | null>(null);
  const headingLevel = embedded ? 4 : 2;

  if (status !== 'signed-in' || !user) {
    return (
      <Alert variant="warning" role="alert">
        {T.notAuthenticated}
      </Alert>
    );
  }
  if (list.isPending) return <Loading label={T.loading} />;
  if (list.isError) {
    return (
      <ErrorState
        message={T.gradebookLoadFailed}
        detail={list.error.message}
        onRetry={() => void list.refetch()}
        retrying={list.isFetching}
        retryLabel={T.tryAgain}
      />
    );
  }
  const tests = list.data;
  if (tests.length === 0) {
    return (
      <div className="py-3" data-testid="gradebook-empty">
        <p className="fw-semibold mb-1">{T.gradebookEmpty}</p>
        {!isAdmin ? (
          <p className="mb-0">
            {T.gradebookPrompt} <Link to="/dashboard?tab=math">{T.goToDashboard}</Link>
          </p>
        ) : null}
      </div>
    );
  }
  const forOther = Boolean(userId) && userId !== user.uid;
  return (
    <>
      <ul className="list-unstyled mb-0" aria-label={T.listCaption}>
        {tests.map((test) => (
          <GradedTestCard
            key={test.id}
            test={test}
            reviewHref={reviewPath(test.id, forOther ? (userId ?? undefined) : undefined)}
            newWindow={embedded}
            canDelete={isAdmin || test.userId === user.uid}
            onDelete={setDeleting}
            headingLevel={headingLevel}
          />
        ))}
      </ul>
      {deleting ? (
        <DeleteTestDialog key={deleting.id} test={deleting} onClose={() => setDeleting(null)} />
      ) : null}
    </>
  );
}
