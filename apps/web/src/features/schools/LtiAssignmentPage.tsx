import { reviewPath, testScreenPath, type LtiAssignmentView } from '@examprep/contracts/types';
import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import { Link, useNavigate, useParams } from 'react-router-dom';
import { ErrorState } from '../../shared/layout/ErrorState';
import { Loading } from '../../shared/layout/Loading';
import { ScrollTable } from '../../shared/layout/ScrollTable';
import { useDocumentTitle } from '../../shared/layout/use-document-title';
import { classPath } from '../instructor/instructor-format';
import { hasUnfinished, scoreLabel, startedLabel } from './lti-assignment';
import { useLtiAssignment, useStartAssignment } from './lti-assignment-api';
import { LTI_ASSIGNMENT_MESSAGES as T } from './lti-assignment.messages';
import { courseName, REFUSED_STATUSES } from './lti-pages';

/**
 * The learner's attempts, newest first: the score, where its grade is with the LMS, and a
 * submitted one's review (under its status: four columns fit a phone).
 */
function Attempts({ view }: { view: LtiAssignmentView }) {
  if (view.attempts.length === 0) {
    return <p className="text-body-secondary">{T.noAttempts}</p>;
  }
  return (
    <ScrollTable caption={T.attemptsCaption} columns={T.columns}>
      {view.attempts.map((attempt) => {
        const started = startedLabel(attempt.startedAt);
        return (
          <tr key={attempt.testId}>
            <td>{started}</td>
            <td>
              {T.statuses[attempt.status]}
              {attempt.status === 'submitted' ? (
                <Link
                  to={reviewPath(attempt.testId)}
                  aria-label={T.reviewOf(started)}
                  className="d-block small"
                >
                  {T.review}
                </Link>
              ) : null}
            </td>
            <td>{scoreLabel(attempt)}</td>
            <td>{T.gradeSync[attempt.gradeSync]}</td>
          </tr>
        );
      })}
    </ScrollTable>
  );
}

/** The course's instructor: what their learners do here, and the way to their class. */
function Teaching({ contextKey, graded }: { contextKey: string; graded: boolean }) {
  return (
    <>
      <p>
        {T.teachingNote}
        {graded ? ` ${T.teachingGradedNote}` : null}
      </p>
      <Link to={classPath(contextKey)} className="btn btn-primary">
        {T.openClass}
      </Link>
    </>
  );
}

/** What the assignment opens, Start (or Resume) and the attempts; its instructor, their class. */
function Assignment({ linkKey, view }: { linkKey: string; view: LtiAssignmentView }) {
  const course = courseName(view.context);
  return (
    <>
      <dl className="mb-3">
        {course ? (
          <>
            <dt>{T.course}</dt>
            <dd>{course}</dd>
          </>
        ) : null}
        <dt>{T.test}</dt>
        <dd>
          {view.productName} · {T.modes[view.mode]}
        </dd>
      </dl>
      {view.teaching ? (
        <Teaching contextKey={view.teaching.contextKey} graded={view.graded} />
      ) : (
        <LearnerPart linkKey={linkKey} view={view} />
      )}
    </>
  );
}

/** A learner's part: the graded note, Start (or Resume) and their attempts. */
function LearnerPart({ linkKey, view }: { linkKey: string; view: LtiAssignmentView }) {
  const navigate = useNavigate();
  const start = useStartAssignment(linkKey);
  const busy = start.isPending || start.isSuccess;

  const onStart = () =>
    start.mutate(undefined, {
      onSuccess: (answer) => navigate(testScreenPath(answer.mode, answer.testId)),
    });

  return (
    <>
      {view.graded ? <p>{T.gradedNote}</p> : null}
      <Button variant="primary" onClick={onStart} disabled={busy}>
        {busy ? T.starting : hasUnfinished(view) ? T.resume : T.start}
      </Button>
      {start.isError ? (
        <Alert variant="danger" role="alert" className="mt-3">
          <p className="fw-semibold mb-1">{T.startFailed}</p>
          <p className="small mb-0">{start.error.message}</p>
        </Alert>
      ) : null}
      <h2 className="h5 mt-4">{T.attemptsHeading}</h2>
      <Attempts view={view} />
    </>
  );
}

/**
 * /lti/assignment/:linkKey (issue 30): an LMS assignment that opens a test, as the learner who
 * launched it sees it (its instructor is led to their class). The page asks again every few
 * seconds while a score is on its way to the course's gradebook.
 */
export default function LtiAssignmentPage() {
  const { linkKey = '' } = useParams();
  const query = useLtiAssignment(linkKey);
  const view = query.data;
  const error = query.error;
  const title = view ? view.title || view.productName : T.title;
  useDocumentTitle(title);

  return (
    <section aria-labelledby="lti-assignment-title" style={{ maxWidth: '48rem' }}>
      <h1 id="lti-assignment-title" className="h3 mb-3">
        {title}
      </h1>
      {query.isPending ? (
        <Loading label={T.loading} />
      ) : view ? (
        <Assignment linkKey={linkKey} view={view} />
      ) : error && REFUSED_STATUSES.has(error.status) ? (
        <Alert variant="warning" role="alert">
          {error.status === 404 ? T.notFound : error.message}
        </Alert>
      ) : (
        <ErrorState
          message={T.loadFailed}
          detail={error?.message}
          onRetry={() => void query.refetch()}
          retrying={query.isFetching}
          retryLabel={T.tryAgain}
        />
      )}
    </section>
  );
}
