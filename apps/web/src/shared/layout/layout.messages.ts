/** Texts of the app shell (learner spec §1-2). */
export const LAYOUT_MESSAGES = {
  loading: 'Loading...',
  notFoundTitle: '404 - Page Not Found',
  notFoundText: 'The page you are looking for does not exist or has moved.',
  goHome: 'Go to Homepage',
  maintenanceTitle: 'Under Maintenance',
  maintenanceExpected: 'Expected completion:',
  maintenanceContact: 'Questions? Contact us at',
  refresh: 'Refresh',
  staging: 'STAGING ENVIRONMENT',
  serverUnreachable: 'Could not reach the server.',
  retry: 'Retry',
  tryAgain: 'Try Again',
  comingSoon: 'Coming soon',
  skipToContent: 'Skip to main content',
  login: 'Login',
  logout: 'Logout',
  dashboardNotice: 'Show dashboard notice',
  verifyEmail: 'Verify Email',
  sending: 'Sending...',
  ok: 'OK',
  userMenu: 'Account menu',
  /** The account menu's heading over an instructor's items. */
  teaching: 'Teaching',
} as const;

/** Learner spec §2 and admin spec §9: the navigation dropdown is at most 300 px high. */
export const USER_MENU_MAX_HEIGHT_PX = 300;

/** Raised by the navbar's warning icon on /dashboard (learner spec §2 navigation bar). */
export const DASHBOARD_NOTICE_EVENT = 'dashboard-notice';
