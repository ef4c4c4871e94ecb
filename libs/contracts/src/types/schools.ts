/**
 * Schools (issue 30, ADR 0040): LTI 1.3 platform registrations, launches and what the tool
 * shows an admin to copy into an LMS. Web-safe: no decorators.
 */

/**
 * The domain of the address a school account gets when its LMS sends no email, or one another
 * account has (identity's LTI provisioning; `.invalid` is reserved: nothing is ever sent there).
 */
export const LTI_PLACEHOLDER_EMAIL_DOMAIN = 'lti.invalid';

/** Whether an address is a school account's placeholder (shown as the person's name instead). */
export function isPlaceholderEmail(email: string): boolean {
  return email.toLowerCase().endsWith(`@${LTI_PLACEHOLDER_EMAIL_DOMAIN}`);
}

/** `pending`: made by a dynamic registration, waiting for a site admin; only `active` launches. */
export const LTI_PLATFORM_STATUSES = ['active', 'pending', 'disabled'] as const;
export type LtiPlatformStatus = (typeof LTI_PLATFORM_STATUSES)[number];

export const LTI_LIMITS = {
  name: 120,
  url: 2048,
  clientId: 255,
  deploymentId: 255,
  deployments: 50,
} as const;

export const LTI_MESSAGES = {
  nameRequired: 'Name is required.',
  nameTooLong: `Name must be at most ${LTI_LIMITS.name} characters.`,
  issuerInvalid: 'Issuer must be an https URL.',
  clientIdRequired: 'Client ID is required.',
  clientIdTooLong: `Client ID must be at most ${LTI_LIMITS.clientId} characters.`,
  deploymentsRequired: 'Add at least one deployment ID.',
  deploymentsTooMany: `At most ${LTI_LIMITS.deployments} deployment IDs.`,
  deploymentInvalid: `Each deployment ID must be 1 to ${LTI_LIMITS.deploymentId} characters.`,
  authUrlInvalid: 'Authentication request URL must be an https URL.',
  tokenUrlInvalid: 'Access token URL must be an https URL.',
  jwksUrlInvalid: 'Keyset URL must be an https URL.',
  statusInvalid: `Status must be one of: ${LTI_PLATFORM_STATUSES.join(', ')}.`,
  duplicate: 'A platform with this issuer and client ID is already registered.',
  notFound: 'No such platform registration.',
} as const;

/** A platform (an LMS installation) registered with the tool, as admins see it. */
export interface LtiPlatform {
  id: string;
  name: string;
  /** The LMS's `iss`. */
  issuer: string;
  /** The client id the LMS gave the tool. */
  clientId: string;
  deploymentIds: string[];
  /** OIDC authentication request URL (the LMS's authorization endpoint). */
  authUrl: string;
  /** OAuth 2 token endpoint (client credentials, for grades and rosters). */
  tokenUrl: string;
  /** The LMS's public keys. */
  jwksUrl: string;
  status: LtiPlatformStatus;
  /** How it was made. */
  registeredBy: 'admin' | 'dynamic';
  /** ISO 8601 */
  createdAt: string;
  updatedAt: string;
}

/** Body of POST /api/admin/lti/platforms and PUT /api/admin/lti/platforms/{id}. */
export interface LtiPlatformInput {
  name: string;
  issuer: string;
  clientId: string;
  deploymentIds: string[];
  authUrl: string;
  tokenUrl: string;
  jwksUrl: string;
  status: LtiPlatformStatus;
}

/** What an LMS admin needs from us (shown to copy on the registration screen). */
export interface LtiToolConfiguration {
  /** OIDC login initiation URL. */
  loginUrl: string;
  /** Redirect (launch) URL: resource links and deep linking requests. */
  launchUrl: string;
  /** Our public keys. */
  jwksUrl: string;
  /** LTI Dynamic Registration 1.0: paste into the LMS. */
  registrationUrl: string;
  /** The host name LMSs ask for. */
  domain: string;
}

/** GET /api/admin/lti/platforms */
export interface LtiPlatformsAnswer {
  platforms: LtiPlatform[];
  tool: LtiToolConfiguration;
}

/**
 * A URL an admin may register: https; http too where the schools service allows it (the local
 * LMS stand-in of the dev and test systems, LTI_ALLOW_HTTP). No credentials or fragment.
 */
export function isLtiUrl(value: unknown, allowHttp: boolean): value is string {
  if (typeof value !== 'string' || value.length === 0 || value.length > LTI_LIMITS.url)
    return false;
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return false;
  }
  if (url.username || url.password || url.hash) return false;
  return url.protocol === 'https:' || (allowHttp && url.protocol === 'http:');
}

/**
 * What a placed link opens (Deep Linking 2.0: the instructor's pick, kept in the link's custom
 * parameters; ADR 0040).
 */
export type LtiResource =
  | { kind: 'dashboard' }
  | { kind: 'test'; productId: string; includeId: string; mode: 'full' | 'practice' }
  | { kind: 'workbook'; productId: string }
  | { kind: 'infinite' }
  | { kind: 'pump' };

/** One thing an instructor may embed, as the picker lists it. */
export interface DeepLinkOption {
  /** Stable key of the option (e.g. `test:teas_math_qbank:full`). */
  key: string;
  resource: LtiResource;
  title: string;
  /** What the learner gets there, in a sentence. */
  description: string;
  /** A test: it can post its score to the LMS gradebook (AGS). */
  gradable: boolean;
}

/** GET /api/lti/deep-links/{id}: the instructor's pending deep linking request. */
export interface DeepLinkRequestView {
  id: string;
  /** The LMS course the content goes into. */
  context: { label: string | null; title: string | null } | null;
  /** The LMS takes several items at once. */
  acceptMultiple: boolean;
  /** The LMS makes a gradebook column for a gradable item (AGS line items offered). */
  acceptLineItem: boolean;
  options: DeepLinkOption[];
  /** ISO 8601: the request's end (the LMS's pick window). */
  expiresAt: string;
}

/** One pick: an option, with its title in the LMS and whether it is graded. */
export interface DeepLinkPick {
  key: string;
  /** The link's title in the LMS (defaults to the option's). */
  title?: string;
  /** Ask the LMS for a gradebook column (gradable options only). */
  graded?: boolean;
}

/** POST /api/lti/deep-links/{id} body. */
export interface DeepLinkResponseInput {
  picks: DeepLinkPick[];
}

/**
 * The answer to a deep linking request: the browser opens `sendUrl` (ours, one-time, two
 * minutes), a page that posts the signed response to the LMS (form field `JWT`) under a
 * Content-Security-Policy allowing that one form action.
 */
export interface DeepLinkResponseAnswer {
  sendUrl: string;
}

/** Where a deep linking answer is sent from (GET, `?token=`). */
export const DEEP_LINK_SEND_PATH = '/api/lti/deep-links/send';

export const DEEP_LINK_MESSAGES = {
  notFound:
    'This content request has expired or was already answered. Start again from your course.',
  notYours: 'This content request belongs to another user.',
  instructorsOnly: 'Only instructors of the course can add content to it.',
  nothingPicked: 'Choose at least one item to add.',
  oneOnly: 'Your LMS takes one item at a time: choose one.',
  unknownOption: 'One of the chosen items is not offered.',
  titleTooLong: 'A title must be at most 120 characters.',
  gradedInvalid: 'Graded must be true or false.',
} as const;

/** GET /api/lti/assignments/{linkKey}: an LMS assignment that opens a test. */
export interface LtiAssignmentView {
  linkKey: string;
  title: string | null;
  context: { label: string | null; title: string | null } | null;
  productId: string;
  includeId: string;
  productName: string;
  mode: 'full' | 'practice';
  /** The LMS has a gradebook column for it: a submitted test's score is sent there. */
  graded: boolean;
  /** The learner's tests of this assignment, newest first. */
  attempts: LtiAttempt[];
  /**
   * The signed-in user teaches the assignment's course (they launched it as its instructor): the
   * page leads them to their class (`/instructor/classes/{contextKey}`) instead of the test.
   */
  teaching: { contextKey: string } | null;
}

export interface LtiAttempt {
  testId: string;
  status: 'in-progress' | 'submitted';
  /** 0..100 once submitted. */
  score: number | null;
  /** Where the score is with the LMS. */
  gradeSync: 'none' | 'pending' | 'sent' | 'failed';
  startedAt: string;
}

export const ASSIGNMENT_MESSAGES = {
  notFound: 'This assignment link is unknown. Open it again from your course.',
  notATest: 'This link does not open a test.',
  notMember: 'Open this assignment from your course first.',
} as const;

/**
 * Seat licences (issue 30, ADR 0040): a school (its LMS registration) holds `seats` seats of the
 * chosen products for a term; a learner launching from it takes one, and the products are theirs
 * (entitlement source `licence`) until the term ends or an admin frees the seat.
 */
export interface Licence {
  id: string;
  platformId: string;
  name: string;
  productIds: string[];
  seats: number;
  seatsUsed: number;
  /** YYYY-MM-DD, first day of the term (UTC). */
  startsOn: string;
  /** YYYY-MM-DD, last day of the term (UTC). */
  endsOn: string;
  /** scheduled: before the term; active: during it; ended: after it (its grants revoked). */
  status: 'scheduled' | 'active' | 'ended';
  createdAt: string;
  updatedAt: string;
}

/** Body of POST /api/admin/lti/licences (and PUT /api/admin/lti/licences/{id}, platformId ignored). */
export interface LicenceInput {
  platformId: string;
  name: string;
  productIds: string[];
  seats: number;
  startsOn: string;
  endsOn: string;
}

/** GET /api/admin/lti/licences */
export interface LicencesAnswer {
  licences: Licence[];
}

/** A taken seat, as admins see it. */
export interface LicenceSeat {
  uid: string;
  email: string;
  takenAt: string;
}
export interface LicenceSeatsAnswer {
  seats: LicenceSeat[];
}

export const LICENCE_LIMITS = { seats: 100_000, products: 50, name: 120 } as const;

export const LICENCE_MESSAGES = {
  nameRequired: 'Name is required.',
  nameTooLong: `Name must be at most ${LICENCE_LIMITS.name} characters.`,
  platformRequired: 'Choose the LMS platform the licence is for.',
  productsRequired: 'Choose at least one product.',
  unknownProduct: 'One of the products does not exist.',
  freeProduct: 'Free products need no licence.',
  seatsInvalid: `Seats must be a whole number from 1 to ${LICENCE_LIMITS.seats.toLocaleString('en-US')}.`,
  seatsBelowUsed: 'Seats cannot be fewer than the seats already taken.',
  datesInvalid: 'Start and end must be dates (YYYY-MM-DD), the end on or after the start.',
  notFound: 'No such licence.',
  seatNotFound: 'This learner holds no seat of the licence.',
  full: 'All seats of your school’s licence are taken. Ask your instructor or school administrator.',
} as const;

/** A class (an LMS course) an instructor teaches, from their launches (issue 30). */
export interface InstructorClass {
  /** `<platform id>:<LMS context id>` */
  contextKey: string;
  label: string | null;
  title: string | null;
  /** The LMS registration's name. */
  platformName: string;
  /** Learners who have launched ExamPrep from it. */
  learners: number;
  lastLaunchAt: string;
}

/** GET /api/instructor/classes */
export interface InstructorClassesAnswer {
  classes: InstructorClass[];
}

/** The TEAS Math readiness of a learner, as the class view shows it. */
export interface ClassLearnerReadiness {
  enough: boolean;
  percent: number;
  percentLow: number;
  percentHigh: number;
}

/** One learner of a class: the LMS roster's entry and what they did in ExamPrep. */
export interface ClassLearner {
  /** The LMS's id of the user (null for a launch the roster does not list). */
  lmsUserId: string | null;
  name: string | null;
  email: string | null;
  /** Our user, once they have launched. */
  uid: string | null;
  /** The roster's (NRPS) membership status. */
  status: 'active' | 'inactive' | 'deleted';
  lastLaunchAt: string | null;
  testsSubmitted: number;
  /** 0..100 */
  averageScore: number | null;
  lastScore: number | null;
  lastSubmittedAt: string | null;
  teas: ClassLearnerReadiness | null;
}

/** GET /api/instructor/classes/{contextKey} */
export interface ClassGradebook {
  class: InstructorClass;
  /** lms: the LMS's roster (NRPS) with everyone enrolled; launches: only who launched. */
  roster: 'lms' | 'launches';
  /** Why the LMS roster is not shown (the LMS offers none, or did not answer). */
  rosterNote: string | null;
  learners: ClassLearner[];
}

/** One question of the class's item analysis (their submitted tests only). */
export interface ClassItem {
  qid: string;
  stem: string;
  course: string;
  objective: string;
  /** Answers of the class's learners. */
  n: number;
  correct: number;
  /** correct / n */
  facility: number;
}

/** GET /api/instructor/classes/{contextKey}/items */
export interface ClassItemsAnswer {
  /** Submitted tests folded. */
  tests: number;
  items: ClassItem[];
}

export const INSTRUCTOR_MESSAGES = {
  notYourClass: 'This class is not one you teach, or it does not exist.',
  rosterUnavailable:
    'Your LMS did not send the class roster just now: showing the learners who have opened ExamPrep.',
  rosterNotOffered:
    'Your LMS does not share the class roster with ExamPrep: showing the learners who have opened it.',
} as const;

/** The class gradebook's CSV columns. */
export const CLASS_CSV_COLUMNS = [
  'name',
  'email',
  'status',
  'lastLaunchAt',
  'testsSubmitted',
  'averageScore',
  'lastScore',
  'lastSubmittedAt',
  'teasPercent',
  'teasPercentLow',
  'teasPercentHigh',
] as const;
