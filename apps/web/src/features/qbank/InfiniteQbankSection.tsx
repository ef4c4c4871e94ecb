import Badge from 'react-bootstrap/Badge';
import { Link } from 'react-router-dom';
import { AccordionSection } from '../../shared/layout/AccordionSection';
import { useInfiniteCourses } from './infinite-qbank-api';
import { INFINITE_QBANK_MESSAGES as T } from './qbank.messages';

/**
 * The Math Products accordion's Infinite QBank section (learner spec §1, §2 Math tab: free,
 * open beta, advertised only when the admin availability allows it). Shown only when the
 * courses call returns at least one course for this user; while loading, when empty or when
 * the call fails it renders nothing (not an error: the dashboard simply does not advertise it).
 * Must be a child of an Accordion.
 */
export function InfiniteQbankSection({ eventKey }: { eventKey: string }) {
  const courses = useInfiniteCourses();
  // An optional advert: anything but a list with a course (even an odd answer) hides it.
  const list: unknown = courses.data?.courses;
  if (!Array.isArray(list) || list.length === 0) return null;
  return (
    <AccordionSection eventKey={eventKey} title={T.dashboardTitle}>
      <Badge bg="success" className="mb-2">
        {T.dashboardBadge}
      </Badge>
      <p>{T.dashboardText}</p>
      <Link to="/infinite-qbank" className="btn btn-primary">
        {T.dashboardButton}
      </Link>
    </AccordionSection>
  );
}
