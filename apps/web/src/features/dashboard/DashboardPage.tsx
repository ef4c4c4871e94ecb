import Button from 'react-bootstrap/Button';
import Card from 'react-bootstrap/Card';
import { useEffect } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import { useDocumentTitle } from '../../shared/layout/use-document-title';
import { isDashboard } from '../../shared/session/default-dashboard';
import { useSession, type Dashboard } from '../../shared/session/session-context';
import {
  DASHBOARD_MESSAGES,
  DASHBOARD_PAGE_TITLES,
  DASHBOARD_SWITCH_LABELS,
  DASHBOARD_TITLES,
} from './dashboard.messages';

/** /dashboard?tab=math|design (learner spec §2). Products arrive with the catalog capability. */
export default function DashboardPage() {
  const session = useSession();
  const [params, setParams] = useSearchParams();
  const tabParam = params.get('tab');
  const tab: Dashboard = isDashboard(tabParam) ? tabParam : session.defaultDashboard;
  const other: Dashboard = tab === 'math' ? 'design' : 'math';
  useDocumentTitle(DASHBOARD_PAGE_TITLES[tab]);

  useEffect(() => {
    // A missing or unknown tab becomes the default one, so the URL always says which.
    if (!isDashboard(tabParam)) {
      setParams(
        (prev) => {
          const next = new URLSearchParams(prev);
          next.set('tab', tab);
          return next;
        },
        { replace: true },
      );
    }
  }, [tabParam, tab, setParams]);

  const switchTo = (target: Dashboard) =>
    setParams((prev) => {
      const next = new URLSearchParams(prev);
      next.set('tab', target);
      return next;
    });

  return (
    <section aria-labelledby="dashboard-title">
      <div className="d-flex flex-wrap align-items-center justify-content-between gap-2 mb-3">
        <h1 id="dashboard-title" className="h3 mb-0">
          {DASHBOARD_TITLES[tab]}
        </h1>
        <Button variant="outline-primary" onClick={() => switchTo(other)}>
          {DASHBOARD_SWITCH_LABELS[other]}
        </Button>
      </div>
      <Card>
        <Card.Body>
          <Card.Title as="h2" className="h5">
            {DASHBOARD_MESSAGES.productsComing}
          </Card.Title>
          <Card.Text>{DASHBOARD_MESSAGES.productsComingDetail}</Card.Text>
          <Link to="/updates" className="btn btn-link px-0">
            {DASHBOARD_MESSAGES.updatesLink}
          </Link>
        </Card.Body>
      </Card>
    </section>
  );
}
