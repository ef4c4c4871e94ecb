import { Suspense, type ReactNode } from 'react';
import { Outlet } from 'react-router-dom';
import { useConfig } from '../config/config-context';
import { Footer } from './Footer';
import { LAYOUT_MESSAGES } from './layout.messages';
import { Loading } from './Loading';
import { Navbar } from './Navbar';
import { useNavigationSourceRedirect } from './NavigationSource';
import { StagingBadge } from './StagingBadge';

/**
 * Skip link, fixed navbar, optional staging badge, main content, footer. `accountItems`: the
 * navbar's extra account menu items (see Navbar).
 */
export function AppLayout({ accountItems }: { accountItems?: ReactNode } = {}) {
  const { staging } = useConfig();
  const restoreSource = useNavigationSourceRedirect();
  return (
    <>
      <a href="#main-content" className="visually-hidden-focusable app-skip-link">
        {LAYOUT_MESSAGES.skipToContent}
      </a>
      <Navbar accountItems={accountItems} />
      <div className="app-body">
        {staging ? <StagingBadge /> : null}
        <main id="main-content" tabIndex={-1} className="container py-3 flex-grow-1">
          <Suspense fallback={<Loading />}>{restoreSource ?? <Outlet />}</Suspense>
        </main>
        <Footer />
      </div>
    </>
  );
}
