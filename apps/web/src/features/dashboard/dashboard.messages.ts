import { type Dashboard } from '../../shared/session/session-context';

/** Learner spec §2 Dashboard. */
export const DASHBOARD_TITLES: Record<Dashboard, string> = {
  math: 'Your Math Dashboard',
  design: 'Your Design and Droid Dashboard',
};

export const DASHBOARD_SWITCH_LABELS: Record<Dashboard, string> = {
  math: 'Switch to Math Dashboard',
  design: 'Switch to Design and Droid Dashboard',
};

export const DASHBOARD_PAGE_TITLES: Record<Dashboard, string> = {
  math: 'Math Dashboard',
  design: 'Design and Droid Dashboard',
};

/** The welcome modal (learner spec §2 Dashboard). */
export const WELCOME_MESSAGES = {
  title: (productName: string) => `Welcome to ${productName}!`,
  latestUpdate: 'Latest update',
  loadingUpdate: 'Loading the latest update…',
  updateFailed: 'The latest update could not be loaded.',
  noUpdates: 'No announcements at this time.',
  allUpdates: 'See all updates',
  chooseDashboard: 'Your default dashboard',
  chooseDashboardHelp:
    'This is the dashboard you see when you sign in. You can change it any time.',
  saving: 'Saving…',
  saved: 'Saved.',
  tipsTitle: 'Finding your way around',
  tips: [
    'Your email address at the top right opens the menu: Dashboard, Gradebook, Readiness, Study plan and Updates.',
    'The button next to the dashboard heading switches between the Math and the Design and Droid dashboard.',
    'Your graded tests are kept in the Gradebook, where you can review every question.',
    'The warning icon in the top bar opens this window again.',
  ],
  close: 'Got it',
} as const;

/** Descriptions of both dashboards for the welcome modal's choice. */
export const DASHBOARD_CHOICES: Record<Dashboard, { label: string; description: string }> = {
  math: {
    label: 'Math Dashboard',
    description:
      'TEAS Math and Med Dosage: question banks, workbooks with videos, full and practice tests, the Infinite QBank and the IV pump simulator.',
  },
  design: {
    label: 'Design and Droid Dashboard',
    description:
      'Free and premium 3D assets and Android resources to download, with tutoring and contact options.',
  },
};
