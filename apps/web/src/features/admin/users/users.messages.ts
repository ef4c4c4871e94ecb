import { ADMIN_USER_MESSAGES, CATALOG_LABELS, CATALOG_MESSAGES } from '@examprep/contracts/types';

/** Admin spec §9: the token preview shows the first 50 characters. */
export const TOKEN_PREVIEW_LENGTH = 50;

/** The CSV file of Export Filtered List (admin spec §2.1). */
export const USERS_CSV_FILE_NAME = 'filtered_users.csv';

/** Texts of /user-list (admin spec §2.1, §4, §6, §8). */
export const USERS_MESSAGES = {
  ...ADMIN_USER_MESSAGES,
  title: 'Admin User List',
  accessDenied: 'Access Denied: Admins only.',
  loading: 'Loading users...',
  loadFailed: 'Failed to load users.',
  tryAgain: 'Try Again',
  empty: 'No users found.',
  noMatches: 'No users match the current filters.',
  total: (n: number) => `Total Users: ${n}`,
  showing: (shown: number, total: number) => `Showing ${shown} of ${total}`,

  filtersHeading: 'Filters',
  emailFilter: 'Email',
  emailFilterPlaceholder: 'Filter by email',
  emailVerifiedFilter: 'Email verified',
  inDatabaseFilter: 'In database',
  inAuthFilter: 'Authenticated',
  isAdminFilter: 'Admin',
  premiumFilter: 'Premium',
  testsFilter: 'Tests',
  qbankFilter: 'QBank',
  all: 'All',
  yes: 'Yes',
  no: 'No',
  qbankAboveZero: '> 0',
  qbankZero: '= 0',
  testsLater: 'Arrives with the testing capability',

  resetFilters: 'Reset Filters',
  exportFiltered: 'Export Filtered List',
  showDuplicates: 'Show Duplicates Only',
  showAll: 'Show All Users',
  copyToken: 'Copy ID Token (Admins Only)',
  previewModal: 'Preview Modal',
  toolbar: 'User list actions',

  tableCaption: 'Users in the identity provider and the database',
  colUser: 'User',
  colUid: 'UID',
  colEmailVerified: 'Email?',
  colDatabase: 'Database?',
  colAuth: 'Auth?',
  colAdmin: 'Admin?',
  colPremium: 'Premium',
  colTests: 'Tests',
  colQbank: 'QBank',
  colActions: 'Actions',
  qbankCount: (n: number) => `${n} QBank generations`,

  createDocument: 'Create User Document in Database',
  creatingDocument: 'Creating…',
  createSuccess: (email: string) => `Successfully created database document for ${email}!`,
  createFailed: (email: string, message: string) =>
    `Failed to create user document for ${email}: ${message}`,

  generateToken: 'Generate & Copy Token',
  generatingToken: 'Generating…',
  generateTokenSuccess: (email: string) =>
    `ID Token generated and copied to clipboard for ${email}!`,
  generateTokenFailed: (email: string, message: string) =>
    `Failed to generate token for ${email}: ${message}`,

  deleteUser: 'Delete User',
  adminDeleteTooltip: 'Admin users cannot be deleted',
  deleteTitle: 'Delete User',
  deleteConfirm: (email: string) => `Are you sure you want to delete the user ${email}?`,
  deleteExplain:
    "This deletes the account from authentication and then all of the user's data. It cannot be undone.",
  deleting: 'Deleting…',
  cancel: 'Cancel',
  deleteSuccess: (email: string) => `User ${email} has been successfully deleted.`,
  deleteFailed: (message: string) => `Failed to delete user: ${message}`,

  tokenCopied: 'Admin ID Token copied to clipboard!',
  tokenPreview: 'Token preview (first 50 characters):',
  tokenMissing: 'No ID token is available. Please sign in again.',
  tokenCopyFailed: (message: string) => `Could not copy the ID token: ${message}`,
  clipboardUnavailable: 'The clipboard is not available in this browser.',

  viewPurchases: 'View Purchases',
  purchasesTitle: (email: string) => `Purchases of ${email}`,
  purchasesLoading: 'Loading purchases…',
  purchasesLoadFailed: 'Failed to load purchases.',
  purchasesProducts: 'Products priced above $0',
  purchasesNoProducts: 'There are no paid products in the catalogue.',
  saveChanges: CATALOG_LABELS.savePurchases,
  noChangesMade: CATALOG_MESSAGES.noChangesMade,
  confirmPurchasesTitle: 'Confirm the changes',
  productsToAdd: 'Products to add',
  productsToRemove: 'Products to remove',
  confirmAndSave: CATALOG_LABELS.confirmAndSave,
  savingPurchases: 'Saving…',
  back: 'Back',
  purchasesUpdated: CATALOG_MESSAGES.purchasesUpdated,
  purchasesUpdateFailed: CATALOG_MESSAGES.purchasesUpdateFailed,
  historyTitle: 'Grants and revocations',
  historyCaption: 'Every grant and revocation of this user, newest first',
  historyEmpty: 'No grants or revocations yet.',
  historyColumns: ['Action', 'Product', 'Source', 'By', 'Date'],
  historyActions: { grant: 'Granted', revoke: 'Revoked' },
  historySources: { payment: 'Payment', admin: 'Admin', refund: 'Refund' },
  historyOrder: (orderId: string) => `Order ${orderId}`,

  previewTitle: 'Sample Notification',
  previewNote:
    'This is only a preview of how a notification looks. Nothing is saved and nothing is sent to any user.',
  previewSampleHeading: 'New resources available',
  previewSampleBody: 'New practice questions have been added to your question bank. Good luck!',
  close: 'Close',
  dismiss: 'Dismiss',
} as const;
