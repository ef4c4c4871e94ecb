import Badge from 'react-bootstrap/Badge';
import Card from 'react-bootstrap/Card';
import { Link } from 'react-router-dom';
import { useInfiniteCourses } from './infinite-qbank-api';
import { INFINITE_QBANK_MESSAGES as T } from './qbank.messages';

/**
 * The dashboard's Infinite QBank card (learner spec §1, §2 Math tab: free, open beta,
 * advertised only when the admin availability allows it). Shown only when the courses call
 * returns at least one course for this user; while loading, when empty or when the call
 * fails it renders nothing (not an error: the dashboard simply does not advertise it).
 */
export function InfiniteQbankSection() {
  const courses = useInfiniteCourses();
  // An optional advert: anything but a list with a course (even an odd answer) hides it.
  const list: unknown = courses.data?.courses;
  if (!Array.isArray(list) || list.length === 0) return null;
  return (
    <Card as="section" aria-labelledby="dashboard-infinite-qbank" className="mb-3">
      <Card.Body>
        <div className="d-flex flex-wrap align-items-center gap-2 mb-2">
          <Card.Title as="h2" id="dashboard-infinite-qbank" className="h5 mb-0">
            {T.dashboardTitle}
          </Card.Title>
          <Badge bg="success">{T.dashboardBadge}</Badge>
        </div>
        <Card.Text>{T.dashboardText}</Card.Text>
        <Link to="/infinite-qbank" className="btn btn-primary">
          {T.dashboardButton}
        </Link>
      </Card.Body>
    </Card>
  );
}
