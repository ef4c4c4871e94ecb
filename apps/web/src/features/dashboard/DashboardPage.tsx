import Button from 'react-bootstrap/Button';
import Card from 'react-bootstrap/Card';
import { lazy, Suspense, useEffect, useState } from 'react';
import { Link, useLocation, useSearchParams } from 'react-router-dom';
import { ContactChallenge } from '../contact/ContactChallenge';
import { InfiniteQbankSection } from '../qbank/InfiniteQbankSection';
import { DASHBOARD_NOTICE_EVENT } from '../../shared/layout/layout.messages';
import { useDocumentTitle } from '../../shared/layout/use-document-title';
import { isDashboard } from '../../shared/session/default-dashboard';
import {
  isLoggedInFlagSet,
  setLoggedInFlag,
  setWelcomeDismissedAt,
} from '../../shared/session/local-flags';
import { useSession, type Dashboard } from '../../shared/session/session-context';
import {
  DASHBOARD_MESSAGES,
  DASHBOARD_PAGE_TITLES,
  DASHBOARD_SWITCH_LABELS,
  DASHBOARD_TITLES,
} from './dashboard.messages';

const WelcomeModal = lazy(() => import('./WelcomeModal'));

/**
 * The welcome modal opens on the first dashboard visit after signing in (the logged-in flag,
 * cleared by logout) and whenever the navbar's warning icon raises `dashboard-notice`.
 */
function useWelcomeModal() {
  const [open, setOpen] = useState(() => !isLoggedInFlagSet());
  useEffect(() => {
    if (open) setLoggedInFlag();
  }, [open]);
  useEffect(() => {
    const show = () => setOpen(true);
    window.addEventListener(DASHBOARD_NOTICE_EVENT, show);
    return () => window.removeEventListener(DASHBOARD_NOTICE_EVENT, show);
  }, []);
  const close = () => {
    setWelcomeDismissedAt();
    setOpen(false);
  };
  return { open, close };
}

/** /dashboard?tab=math|design (learner spec §2). Products arrive with the catalog capability. */
export default function DashboardPage() {
  const session = useSession();
  const location = useLocation();
  const [params, setParams] = useSearchParams();
  const tabParam = params.get('tab');
  // Default tab: the user's default dashboard (the server's, once GET /api/me answered),
  // else the locally stored one, else math — resolved by the session.
  const tab: Dashboard = isDashboard(tabParam) ? tabParam : session.defaultDashboard;
  const other: Dashboard = tab === 'math' ? 'design' : 'math';
  const welcome = useWelcomeModal();
  useDocumentTitle(DASHBOARD_PAGE_TITLES[tab]);

  const navState: unknown = location.state;
  useEffect(() => {
    // A missing or unknown tab becomes the default one, so the URL always says which.
    // The navigation state (source login/signup) is kept.
    if (!isDashboard(tabParam)) {
      setParams(
        (prev) => {
          const next = new URLSearchParams(prev);
          next.set('tab', tab);
          return next;
        },
        { replace: true, state: navState },
      );
    }
  }, [tabParam, tab, setParams, navState]);

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
      {/* learner spec §2 Math tab: the Infinite QBank, advertised only when topics are open */}
      {tab === 'math' ? <InfiniteQbankSection /> : null}
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
      {/* learner spec §2: Contact closes both tabs */}
      <div className="mt-3">
        <ContactChallenge />
      </div>
      {welcome.open ? (
        <Suspense fallback={null}>
          <WelcomeModal onClose={welcome.close} />
        </Suspense>
      ) : null}
    </section>
  );
}
