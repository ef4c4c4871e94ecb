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

export const DASHBOARD_MESSAGES = {
  productsComing: 'Products arrive with the catalog capability.',
  productsComingDetail:
    'Question banks, workbooks and downloads will be listed here once the catalog is available.',
  updatesLink: 'See the latest updates',
} as const;
