/** Identity shapes shared by web and services (learner spec §3, admin spec §3). */

export const DASHBOARDS = ['math', 'design'] as const;
export type Dashboard = (typeof DASHBOARDS)[number];
export const DEFAULT_DASHBOARD: Dashboard = 'math';

/** Map of product key to owned (true; legacy documents may hold 'true' or 1). */
export type Purchases = Record<string, boolean>;

/** The user document the identity service owns (users/{uid}). */
export interface UserDocument {
  uid: string;
  email: string;
  purchases: Purchases;
  defaultDashboard: Dashboard;
  infiniteQbankGenerations: number;
  /** ISO 8601 */
  createdAt: string;
}

/** GET /api/me: the session state of learner spec §3. */
export interface Me {
  uid: string;
  email: string;
  isAdmin: boolean;
  emailVerified: boolean;
  defaultDashboard: Dashboard;
  purchases: Purchases;
  /** False until POST /api/create-user made the document (defaults are used meanwhile). */
  hasDocument: boolean;
}

/** GET /api/allow-signup */
export interface SignupStatus {
  allowSignup: boolean | 'true';
}

/** Body of POST /api/create-user. */
export interface CreateUserInput {
  uid?: string;
  email?: string;
}

/** Body of POST /api/update-user-default-dashboard. */
export interface DefaultDashboardInput {
  defaultDashboard: Dashboard;
}

export const IDENTITY_CODES = {
  EMAIL_ALREADY_EXISTS: 'EMAIL_ALREADY_EXISTS',
  USER_DOCUMENT_EXISTS: 'USER_DOCUMENT_EXISTS',
  NOT_IN_IDENTITY_PROVIDER: 'NOT_IN_IDENTITY_PROVIDER',
} as const;

/** Body of POST /api/password-reset. */
export interface PasswordResetInput {
  email: string;
}

/** The same answer whether or not the account exists (no account enumeration, ADR 0006). */
export interface PasswordResetAnswer {
  sent: true;
}

export interface VerificationMailAnswer {
  sent: true;
}

export const IDENTITY_MESSAGES = {
  emailAlreadyExists:
    'An account with this email already exists. Please log in instead or use a different email.',
  documentExists: 'User already has a database document.',
  notInIdentityProvider: 'User must exist in the identity provider (Keycloak) first.',
  notYourAccount: 'You can only register your own account.',
  signupsDisabled: 'Signups are currently disabled.',
  dashboardInvalid: "The default dashboard must be 'math' or 'design'.",
  mustBeLoggedIn: 'You must be logged in.',
  alreadyVerified: 'Your email is already verified.',
  resetEmailRequired: 'Please enter your email address.',
  invalidEmail: 'Please enter a valid email address.',
} as const;

/** allowSignup is true when the setting is true or the string 'true' (learner spec §3, §5). */
export function isSignupAllowed(status: Partial<SignupStatus> | null | undefined): boolean {
  return status?.allowSignup === true || status?.allowSignup === 'true';
}

/** Premium products (admin spec §3, §9). */
export const PREMIUM_PRODUCT_IDS = [
  'med_dosage_qbank',
  'med_dosage_workbook',
  'teas_math_qbank',
  'teas_math_workbook',
] as const;

/** GET /api/list-auth-users: the identity provider's accounts (admin spec §7). */
export interface AuthUser {
  uid: string;
  email: string;
  emailVerified: boolean;
  isAdmin: boolean;
}

/**
 * POST /api/admin/generate-test-token: an access token of that user, minted by Keycloak
 * token exchange (impersonation) for testing the API as them. `idToken` is the spec's name.
 */
export interface TestTokenResponse {
  idToken: string;
  /** Seconds until it expires. */
  expiresIn: number;
}

/** GET /api/admin/users: auth accounts and user documents merged (admin spec §2.1, §4). */
export interface AdminUserRow extends AuthUser {
  inAuth: boolean;
  inDatabase: boolean;
  /** Holds at least one premium product. */
  premium: boolean;
  purchases: Purchases;
  qbankGenerations: number;
  /**
   * Tests of the user (finished or not; admin spec §2.1 Tests column), as the identity
   * service's user directory last heard from the testing service (`events.user.testsCounted`);
   * null only where a client has no count.
   */
  tests: number | null;
}

/** A yes/no filter of the admin user list (left out: all). */
export const YES_NO = ['yes', 'no'] as const;
export type YesNo = (typeof YES_NO)[number];
/** The QBank filter: more than zero generations, or none (left out: all). */
export const QBANK_FILTERS = ['gt0', 'eq0'] as const;
export type QbankFilter = (typeof QBANK_FILTERS)[number];

/**
 * The filters of GET /api/admin/users and its export (admin spec §2.1), answered on the server
 * from the identity service's user directory (issue 26). `email`: the start of the address
 * (case ignored), or `@domain` for every address of exactly that domain.
 */
export interface AdminUserFilters {
  email?: string;
  emailVerified?: YesNo;
  inDatabase?: YesNo;
  inAuth?: YesNo;
  isAdmin?: YesNo;
  premium?: YesNo;
  /** yes: at least one test; no: none. */
  tests?: YesNo;
  qbank?: QbankFilter;
  /** Only users whose email another user has too (case ignored). */
  duplicates?: boolean;
}

/** The yes/no filters and the row flag each one reads. */
export const ADMIN_USER_FLAG_FILTERS = [
  'emailVerified',
  'inDatabase',
  'inAuth',
  'isAdmin',
  'premium',
] as const satisfies readonly (keyof AdminUserFilters & keyof AdminUserRow)[];

/** The longest `email` filter (an address is at most 254 characters). */
export const ADMIN_USER_EMAIL_FILTER_MAX = 254;

/**
 * GET /api/admin/users: one page of the list (admins first, then by email; ADR 0026: the next
 * page is the `Link: rel="next"` header). `total`: every user in auth or the database;
 * `matching`: those the filters let through, or null when no maintained count answers them
 * (an email filter).
 */
export interface AdminUsersPage {
  users: AdminUserRow[];
  total: number;
  matching: number | null;
}

/**
 * POST /api/admin/users/refresh: the user directory rebuilt from Keycloak and the database
 * now (otherwise every hour): users listed, entries written and removed, milliseconds.
 */
export interface UsersRefreshReport {
  entries: number;
  written: number;
  removed: number;
  ms: number;
}

/** Admin spec §2.1 Export Filtered List: the columns of filtered_users.csv, in this order. */
export const USERS_CSV_COLUMNS = [
  'uid',
  'email',
  'emailVerified',
  'inDatabase',
  'inAuth',
  'isAdmin',
  'premium',
  'qbankGenerations',
] as const satisfies readonly (keyof AdminUserRow)[];
export const USERS_CSV_FILE_NAME = 'filtered_users.csv';

/** Published on JetStream when an admin deletes a user's data: every service drops theirs. */
export interface UserDeletedEvent {
  uid: string;
  at: string;
}

export const ADMIN_USER_MESSAGES = {
  adminCannotBeDeleted: 'Admin users cannot be deleted.',
  userNotFound: 'User not found.',
  documentNotFound: 'User has no database document.',
  accountDisabled: 'This account is disabled.',
  nothingToExport: 'No users match the filters.',
  emailFilter: `The email filter must be text of at most ${ADMIN_USER_EMAIL_FILTER_MAX} characters.`,
  yesNo: (field: string) => `${field} must be yes or no.`,
  qbankFilter: 'The QBank filter must be gt0 or eq0.',
  duplicatesFilter: 'The duplicates filter must be true or false.',
} as const;
