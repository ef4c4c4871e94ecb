import Button from 'react-bootstrap/Button';
import Container from 'react-bootstrap/Container';
import Dropdown from 'react-bootstrap/Dropdown';
import Nav from 'react-bootstrap/Nav';
import BsNavbar from 'react-bootstrap/Navbar';
import { lazy, Suspense, useState, type ReactNode } from 'react';
import { Link, useLocation } from 'react-router-dom';
import { passesVerification } from '@examprep/contracts/types';
import { useConfig } from '../config/config-context';
import { displayNameOf } from '../session/claims';
import { useSession } from '../session/session-context';
import {
  DASHBOARD_NOTICE_EVENT,
  LAYOUT_MESSAGES,
  USER_MENU_MAX_HEIGHT_PX,
} from './layout.messages';

const VerifyEmailModal = lazy(() => import('./VerifyEmailModal'));

export interface MenuTarget {
  label: string;
  to: string;
}

/** Learner spec §2: what verified users see. */
export const LEARNER_MENU: readonly MenuTarget[] = [
  { label: 'Dashboard', to: '/dashboard' },
  { label: 'Gradebook', to: '/gradebook' },
  { label: 'Readiness', to: '/readiness' },
  { label: 'Study plan', to: '/study-plan' },
  { label: 'Updates', to: '/updates' },
];

/** An LMS course's teacher (the realm role `instructor`, ADR 0040): their classes. */
export const INSTRUCTOR_MENU: readonly MenuTarget[] = [{ label: 'My classes', to: '/instructor' }];

/** Admin spec §2: the admin menu targets. */
export const ADMIN_MENU: readonly MenuTarget[] = [
  { label: 'User List', to: '/user-list' },
  { label: 'Question List', to: '/question-list' },
  { label: 'Add Question', to: '/add-question' },
  { label: 'Course Topic Manager', to: '/course-topic-manager' },
  { label: 'Item Analysis', to: '/item-analysis' },
  { label: 'LMS Platforms', to: '/lti-platforms' },
  { label: 'School Licences', to: '/lti-licences' },
  { label: 'Validator Test', to: '/validator-test' },
];

function WarningIcon() {
  return (
    <svg
      width="20"
      height="20"
      viewBox="0 0 16 16"
      fill="currentColor"
      aria-hidden="true"
      focusable="false"
    >
      <path d="M8.98 1.566a1.13 1.13 0 0 0-1.96 0L.165 13.233c-.457.778.091 1.767.98 1.767h13.713c.889 0 1.438-.99.98-1.767zM8 5c.535 0 .954.462.9.995l-.35 3.507a.552.552 0 0 1-1.1 0L7.1 5.995A.905.905 0 0 1 8 5m.002 6a1 1 0 1 1 0 2 1 1 0 0 1 0-2" />
    </svg>
  );
}

/**
 * Fixed top navigation (learner spec §2 navigation bar). `accountItems`: more items of the
 * account menu, above Logout, for any signed-in user (the learner's own data, issue 29); they
 * come from the app's route table, so this shared layout imports no feature.
 */
export function Navbar({ accountItems }: { accountItems?: ReactNode } = {}) {
  const { productName } = useConfig();
  const session = useSession();
  const { pathname } = useLocation();
  const signedIn = session.status === 'signed-in';
  // Unverified users get no learner items (admins are exempt from verification).
  const showLearnerItems = signedIn && passesVerification(session);
  // Verify Email: the (lazy) modal sends the mail as it opens and shows the outcome.
  const [verifyOpen, setVerifyOpen] = useState(false);

  return (
    <header>
      <BsNavbar fixed="top" bg="dark" data-bs-theme="dark" className="app-navbar" aria-label="Main">
        <Container fluid className="flex-nowrap gap-2">
          <BsNavbar.Brand as={Link} to="/dashboard" className="text-truncate me-auto">
            {productName}
          </BsNavbar.Brand>
          {pathname === '/dashboard' && showLearnerItems ? (
            <Button
              variant="link"
              className="text-warning p-1 app-notice-button"
              aria-label={LAYOUT_MESSAGES.dashboardNotice}
              title={LAYOUT_MESSAGES.dashboardNotice}
              onClick={() => window.dispatchEvent(new CustomEvent(DASHBOARD_NOTICE_EVENT))}
            >
              <WarningIcon />
            </Button>
          ) : null}
          <Nav className="flex-row align-items-center">
            {signedIn && session.user ? (
              <Dropdown as={Nav.Item} align="end">
                <Dropdown.Toggle
                  as={Nav.Link}
                  id="user-menu"
                  className="app-user-toggle"
                  title={displayNameOf(session.user)}
                >
                  <span className="app-user-email">
                    {displayNameOf(session.user) || LAYOUT_MESSAGES.userMenu}
                  </span>
                </Dropdown.Toggle>
                <Dropdown.Menu
                  className="app-user-menu"
                  style={{ maxHeight: USER_MENU_MAX_HEIGHT_PX, overflowY: 'auto' }}
                >
                  {showLearnerItems
                    ? LEARNER_MENU.map((item) => (
                        <Dropdown.Item key={item.to} as={Link} to={item.to}>
                          {item.label}
                        </Dropdown.Item>
                      ))
                    : null}
                  {showLearnerItems && session.isInstructor ? (
                    <>
                      <Dropdown.Divider />
                      <Dropdown.Header>{LAYOUT_MESSAGES.teaching}</Dropdown.Header>
                      {INSTRUCTOR_MENU.map((item) => (
                        <Dropdown.Item key={item.to} as={Link} to={item.to}>
                          {item.label}
                        </Dropdown.Item>
                      ))}
                    </>
                  ) : null}
                  {showLearnerItems && session.isAdmin ? (
                    <>
                      <Dropdown.Divider />
                      <Dropdown.Header>Admin</Dropdown.Header>
                      {ADMIN_MENU.map((item) => (
                        <Dropdown.Item key={item.to} as={Link} to={item.to}>
                          {item.label}
                        </Dropdown.Item>
                      ))}
                    </>
                  ) : null}
                  {!showLearnerItems ? (
                    <Dropdown.Item
                      as="button"
                      type="button"
                      onClick={() => setVerifyOpen(true)}
                      disabled={verifyOpen}
                    >
                      {LAYOUT_MESSAGES.verifyEmail}
                    </Dropdown.Item>
                  ) : null}
                  {accountItems ? <Suspense fallback={null}>{accountItems}</Suspense> : null}
                  <Dropdown.Divider />
                  <Dropdown.Item as="button" type="button" onClick={() => void session.logout()}>
                    {LAYOUT_MESSAGES.logout}
                  </Dropdown.Item>
                </Dropdown.Menu>
              </Dropdown>
            ) : null}
            {session.status === 'signed-out' ? (
              <Nav.Link as={Link} to="/login">
                {LAYOUT_MESSAGES.login}
              </Nav.Link>
            ) : null}
          </Nav>
        </Container>
      </BsNavbar>
      {verifyOpen ? (
        <Suspense fallback={null}>
          <VerifyEmailModal onClose={() => setVerifyOpen(false)} />
        </Suspense>
      ) : null}
    </header>
  );
}
