import {
  isSampleProduct,
  navigatorMarker,
  testScreenPath,
  type TestView,
} from '@examprep/contracts/types';
import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import Card from 'react-bootstrap/Card';
import { useEffect, useRef, useState } from 'react';
import { Link, useNavigate, useParams, useSearchParams } from 'react-router-dom';
import { isNoSuchTest, isTestId } from '../../shared/api/test-read';
import { translateError } from '../../shared/errors';
import { ErrorState } from '../../shared/layout/ErrorState';
import { Loading } from '../../shared/layout/Loading';
import { useDocumentTitle } from '../../shared/layout/use-document-title';
import { useSession } from '../../shared/session/session-context';
import { AdminViewBanner } from './AdminViewBanner';
import { useTestView } from './gradebook-api';
import {
  formatCount,
  formatScore,
  formatTestDate,
  GRADEBOOK_MESSAGES as T,
} from './gradebook.messages';
import { viewedUserId } from './GradebookPage';
import { ObjectiveBreakdown } from './ObjectiveBreakdown';
import { ReviewQuestion } from './ReviewQuestion';

const MARKER_CLASS = {
  green: 'btn-success',
  red: 'btn-danger',
  black: 'btn-dark',
  blue: 'btn-primary',
} as const;

function Navigator({
  test,
  current,
  onGo,
}: {
  test: TestView;
  current: number;
  onGo: (index: number) => void;
}) {
  return (
    <nav aria-label={T.navigatorLabel} className="mb-3">
      <ol className="list-unstyled d-flex flex-wrap gap-2 mb-0">
        {test.questions.map((q, i) => {
          const marker = navigatorMarker('review', q);
          return (
            <li key={q.qid}>
              <button
                type="button"
                className={`btn btn-sm rounded-circle position-relative app-nav-marker ${MARKER_CLASS[marker]} ${
                  i === current ? 'border border-3 border-info' : ''
                }`}
                style={{ width: '2.5rem', height: '2.5rem' }}
                aria-current={i === current ? 'step' : undefined}
                aria-label={T.navigatorItem(i + 1, T.statusLabels[q.status], q.flagged)}
                data-marker={marker}
                onClick={() => onGo(i)}
              >
                {i + 1}
                {q.flagged ? (
                  <span
                    aria-hidden="true"
                    className="position-absolute top-0 start-100 translate-middle badge rounded-pill bg-warning text-dark"
                  >
                    ⚑
                  </span>
                ) : null}
              </button>
            </li>
          );
        })}
      </ol>
    </nav>
  );
}

function ScoreSummary({ test }: { test: TestView }) {
  return (
    <Card className="mb-3">
      <Card.Body>
        <h2 className="h6">{T.summaryHeading}</h2>
        <dl className="row row-cols-2 row-cols-sm-4 g-2 mb-0 text-center">
          <div className="col">
            <dt className="fw-normal small">{T.finalScore}</dt>
            <dd className="fs-4 fw-semibold mb-0" data-testid="review-score">
              {formatScore(test.finalScore)}
            </dd>
          </div>
          <div className="col">
            <dt className="fw-normal small text-success">{T.correct}</dt>
            <dd className="fs-5 mb-0">{formatCount(test.correctCount)}</dd>
          </div>
          <div className="col">
            <dt className="fw-normal small text-danger">{T.incorrect}</dt>
            <dd className="fs-5 mb-0">{formatCount(test.incorrectCount)}</dd>
          </div>
          <div className="col">
            <dt className="fw-normal small text-body-secondary">{T.unansweredCount}</dt>
            <dd className="fs-5 mb-0">{formatCount(test.unansweredCount)}</dd>
          </div>
        </dl>
      </Card.Body>
    </Card>
  );
}

function Review({ test }: { test: TestView }) {
  const { isAdmin, user } = useSession();
  // An admin reviewing another user's test (with or without ?userId=) sees the banner.
  const otherUser = isAdmin && test.userId !== user?.uid ? test.userId : null;
  const navigate = useNavigate();
  const [index, setIndex] = useState(0);
  const headingRef = useRef<HTMLHeadingElement>(null);
  const moved = useRef(false);
  const total = test.questions.length;
  const q = test.questions[index];
  const first = index === 0;
  const last = index === total - 1;

  useEffect(() => {
    if (moved.current) headingRef.current?.focus();
  }, [index]);
  const go = (i: number) => {
    moved.current = true;
    setIndex(Math.max(0, Math.min(total - 1, i)));
  };

  return (
    <>
      {otherUser ? <AdminViewBanner text={T.adminViewBanner(otherUser)} /> : null}
      <p className="text-body-secondary mb-3">
        {T.modeLabels[test.mode] ?? test.mode} ·{' '}
        {formatTestDate(test.submittedAt ?? test.lastUpdated)}
      </p>
      <ScoreSummary test={test} />
      <Card className="mb-3">
        <Card.Body>
          <ObjectiveBreakdown
            objectives={test.objectives}
            headingId="review-breakdown"
            headingLevel={2}
          />
        </Card.Body>
      </Card>
      {isSampleProduct(test.productId) && !isAdmin ? (
        <Card border="primary" className="mb-3" data-testid="try-full-qbank">
          <Card.Body>
            <h2 className="h5">{T.tryFullQbank}</h2>
            <p className="mb-2">{T.tryFullQbankText}</p>
            <Link to="/dashboard?tab=math" className="btn btn-primary btn-sm">
              {T.seeProducts}
            </Link>
          </Card.Body>
        </Card>
      ) : null}
      {q ? (
        <>
          <Navigator test={test} current={index} onGo={go} />
          <ReviewQuestion ref={headingRef} question={q} position={index + 1} total={total} />
          <div className="d-flex flex-wrap align-items-center justify-content-between gap-2 mt-3">
            <Button variant="outline-secondary" onClick={() => go(index - 1)} disabled={first}>
              {T.previous}
            </Button>
            <span className="small text-body-secondary" aria-live="polite">
              {first ? T.firstQuestion : last ? T.lastInReview : ''}
            </span>
            {last ? (
              <Button onClick={() => navigate('/dashboard?tab=math')}>{T.backToDashboard}</Button>
            ) : (
              <Button onClick={() => go(index + 1)}>{T.next}</Button>
            )}
          </div>
        </>
      ) : (
        <Alert variant="secondary">{T.notFoundOrEmpty}</Alert>
      )}
    </>
  );
}

/** /review-test/:testId?userId= (learner spec §2 Review; userId honoured only for admins). */
export default function ReviewPage() {
  useDocumentTitle(T.reviewTitle);
  const session = useSession();
  const { testId = '' } = useParams();
  const [search] = useSearchParams();
  const adminUserId = viewedUserId(search, session);
  const named = isTestId(testId);
  const view = useTestView(testId, adminUserId, named);
  const backLink = (
    <Link to={adminUserId ? `/gradebook?userId=${encodeURIComponent(adminUserId)}` : '/gradebook'}>
      {T.backToGradebook}
    </Link>
  );

  const notFound = (
    <Alert variant="warning" role="alert">
      <p className="fw-semibold mb-2">{T.notFound}</p>
      {backLink}
    </Alert>
  );

  let body;
  if (!named) {
    // an id that cannot name a test is not sent: the same answer as an unknown one
    body = notFound;
  } else if (view.isPending) {
    body = <Loading label={T.loadingTest} />;
  } else if (view.isError) {
    body = isNoSuchTest(view.error) ? (
      notFound
    ) : (
      <ErrorState
        message={translateError(view.error)}
        onRetry={() => void view.refetch()}
        retrying={view.isFetching}
        retryLabel={T.tryAgain}
      />
    );
  } else if (!view.data.completed) {
    const own = view.data.userId === session.user?.uid;
    body = (
      <Alert variant="info" role="status">
        <p className="fw-semibold mb-2">{T.notSubmittedYet}</p>
        {own ? (
          <Link to={testScreenPath(view.data.mode, view.data.id)} className="me-3">
            {T.continueTest}
          </Link>
        ) : null}
        {backLink}
      </Alert>
    );
  } else {
    body = <Review test={view.data} />;
  }

  return (
    <section aria-labelledby="review-title" className="app-review">
      <div className="d-flex flex-wrap align-items-baseline justify-content-between gap-2 mb-2">
        <h1 id="review-title" className="h3 mb-0">
          {view.data?.productName ? `${T.reviewTitle}: ${view.data.productName}` : T.reviewTitle}
        </h1>
        {view.data?.completed ? backLink : null}
      </div>
      {body}
    </section>
  );
}
