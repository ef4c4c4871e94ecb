import Badge from 'react-bootstrap/Badge';
import Button from 'react-bootstrap/Button';
import Card from 'react-bootstrap/Card';
import Spinner from 'react-bootstrap/Spinner';
import { Link } from 'react-router-dom';
import type { MasteryLevelName } from '@examprep/contracts/types';
import { translateError } from '../../shared/errors';
import { courseName, weakSpotsPath } from './learning-format';
import { useLearningSummary } from './learning-api';
import { LEARNING_TEXT as T } from './learning.messages';

/** The dashboard shows at most this many weak topics. */
export const WEAK_SPOTS_SHOWN = 5;

/** Badge colours by level: the words carry the meaning, the colour only repeats it. */
const LEVEL_BG: Record<MasteryLevelName, { bg: string; text?: 'dark' }> = {
  'not-enough': { bg: 'secondary' },
  'needs-work': { bg: 'danger' },
  developing: { bg: 'warning', text: 'dark' },
  proficient: { bg: 'info', text: 'dark' },
  mastered: { bg: 'success' },
};

export function LevelBadge({ level }: { level: MasteryLevelName }) {
  const { bg, text } = LEVEL_BG[level];
  return (
    <Badge bg={bg} text={text}>
      {T.levels[level]}
    </Badge>
  );
}

/**
 * The dashboard's "Your progress" card (issue 29): the review queue's count with a button to
 * start the reviews, the weakest topics with their level words, and links to /readiness and to
 * weak-spots practice. Loading, empty (no answers yet) and error states.
 */
export function ProgressCard() {
  const summary = useLearningSummary();

  let body;
  if (summary.isPending) {
    body = (
      <div role="status" className="d-flex align-items-center gap-2">
        <Spinner animation="border" size="sm" aria-hidden="true" />
        <span>{T.cardLoading}</span>
      </div>
    );
  } else if (summary.isError) {
    // A quiet notice, not an alert: the card is a side dish of the dashboard, and a screen
    // reader should not be interrupted on arrival because it could not be read.
    body = (
      <div className="alert alert-warning mb-0" data-testid="progress-error">
        <p className="fw-semibold mb-1">{T.cardFailed}</p>
        <p className="small mb-2">{translateError(summary.error)}</p>
        <Button
          variant="outline-dark"
          size="sm"
          onClick={() => void summary.refetch()}
          disabled={summary.isFetching}
        >
          {T.tryAgain}
        </Button>
      </div>
    );
  } else if (summary.data.answers === 0) {
    body = (
      <>
        <p>{T.cardEmpty}</p>
        <Link to="/infinite-qbank" className="btn btn-primary">
          {T.openQbank}
        </Link>
      </>
    );
  } else {
    const { dueReviews, dueByCourse, answers, weakSpots } = summary.data;
    // the reviews start in the course with the most due
    const reviewCourse = Object.entries(dueByCourse ?? {}).sort((a, b) => b[1] - a[1])[0]?.[0];
    const weakest = weakSpots.slice(0, WEAK_SPOTS_SHOWN);
    body = (
      <>
        <div className="d-flex flex-wrap align-items-center gap-2 mb-3">
          <span className="fw-semibold" data-testid="reviews-due">
            {T.reviewsDue(dueReviews)}
          </span>
          {dueReviews > 0 ? (
            <Link to={weakSpotsPath(reviewCourse)} className="btn btn-primary btn-sm">
              {T.startReviews}
            </Link>
          ) : null}
          <span className="small text-body-secondary ms-sm-auto">{T.answersSoFar(answers)}</span>
        </div>
        <h3 className="h6" id="progress-weakest">
          {T.weakestTitle}
        </h3>
        {weakest.length === 0 ? (
          <p className="text-body-secondary">{T.noWeakSpots}</p>
        ) : (
          <ul className="list-unstyled mb-3" aria-labelledby="progress-weakest">
            {weakest.map((w) => (
              <li
                key={`${w.course}:${w.topicKey}`}
                className="d-flex flex-wrap justify-content-between align-items-center gap-2 py-1 border-bottom"
              >
                <span>{T.weakSpotOf(w.name, courseName(w.course))}</span>
                <LevelBadge level={w.level} />
              </li>
            ))}
          </ul>
        )}
        <div className="d-flex flex-column flex-sm-row gap-2">
          <Link to={weakSpotsPath()} className="btn btn-outline-primary">
            {T.practiseWeakSpots}
          </Link>
          <Link to="/readiness" className="btn btn-outline-secondary">
            {T.seeReadiness}
          </Link>
        </div>
      </>
    );
  }

  return (
    <Card
      as="section"
      aria-labelledby="progress-title"
      className="mb-3"
      data-testid="progress-card"
    >
      <Card.Body>
        <h2 id="progress-title" className="h5">
          {T.cardTitle}
        </h2>
        {body}
      </Card.Body>
    </Card>
  );
}
