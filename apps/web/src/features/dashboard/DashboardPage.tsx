import Button from 'react-bootstrap/Button';
import { lazy, Suspense, useEffect, useState } from 'react';
import { useLocation, useSearchParams } from 'react-router-dom';
import { DesignProducts } from '../catalog/DesignProducts';
import { MathProducts } from '../catalog/MathProducts';
import { PurchaseMathProducts } from '../catalog/PurchaseMathProducts';
import { AlternativePaymentsCard, TutoringCard } from '../catalog/TutoringSections';
import { ContactChallenge } from '../contact/ContactChallenge';
import { ProgressCard } from '../learning/ProgressCard';
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

/**
 * /dashboard?tab=math|design (learner spec §2 Dashboard). Math: Math Products, Purchase Math
 * Products, Tutoring, Alternative Payments, Contact. Design: the design products, Tutoring,
 * Alternative Payments, Contact.
 */
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
      {tab === 'math' ? (
        <>
          {/* issue 29: mastery, the review queue and weak spots, above the products */}
          <ProgressCard />
          <MathProducts />
          <PurchaseMathProducts />
        </>
      ) : (
        <DesignProducts />
      )}
      <TutoringCard />
      <AlternativePaymentsCard />
      {/* learner spec §2: Contact closes both tabs */}
      <ContactChallenge />
      {welcome.open ? (
        <Suspense fallback={null}>
          <WelcomeModal onClose={welcome.close} />
        </Suspense>
      ) : null}
    </section>
  );
}
