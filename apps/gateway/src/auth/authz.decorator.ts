import { ApiExtension } from '@nestjs/swagger';

/**
 * The authorization matrix (issue 15): next to every route, the status each kind of caller gets
 * for the route's probe in apps/gateway/test/authz-matrix.int-spec.ts, written into the OpenAPI
 * document as the vendor extension `x-authz`. The matrix spec reads the live document, fails on an
 * operation without a row and calls every operation as each caller.
 */
export const AUTHZ_EXTENSION = 'x-authz';

/**
 * - anonymous: no token;
 * - unverified: a learner whose email is not verified;
 * - learner: a verified learner, owner of the ids in the probe (tests, answers, orders...);
 * - otherLearner: a second verified learner acting on the FIRST learner's ids;
 * - admin: realm role `admin`;
 * - instructor: realm role `instructor` (issue 30), teaching no class of the probes' ids.
 */
export const AUTHZ_CALLERS = [
  'anonymous',
  'unverified',
  'learner',
  'otherLearner',
  'admin',
  'instructor',
] as const;
export type AuthzCaller = (typeof AUTHZ_CALLERS)[number];

/** The statuses a cell may name. */
export type AuthzStatus = 200 | 201 | 204 | 400 | 401 | 403 | 404 | 409 | 429;
/** One status, or a small set of acceptable ones (e.g. [200, 201]). */
export type AuthzCell = AuthzStatus | readonly [AuthzStatus, AuthzStatus, ...AuthzStatus[]];
/**
 * A row: every caller, no other key. The instructor's cell may be left out where an instructor
 * is just another verified user there: it is then the otherLearner's (someone else's ids).
 */
export type AuthzRow = { readonly [C in Exclude<AuthzCaller, 'instructor'>]: AuthzCell } & {
  readonly instructor?: AuthzCell;
};
/** What the document holds: each caller's acceptable statuses. */
export type AuthzExtension = { [C in AuthzCaller]: AuthzStatus[] };

/** The row as the document holds it (every cell a sorted list of statuses). */
export function authzExtension(row: AuthzRow): AuthzExtension {
  const out = {} as AuthzExtension;
  for (const caller of AUTHZ_CALLERS) {
    const cell = caller === 'instructor' ? (row.instructor ?? row.otherLearner) : row[caller];
    out[caller] = (typeof cell === 'number' ? [cell] : [...new Set(cell)]).sort((a, b) => a - b);
  }
  return out;
}

/** Declares the route's row of the authorization matrix (see AuthzCaller for the callers). */
export const Authz = (row: AuthzRow): MethodDecorator =>
  ApiExtension(AUTHZ_EXTENSION, authzExtension(row)) as MethodDecorator;

/** Rows shared by many routes: the guard answers before the handler does. */
export const AUTHZ = {
  /** @Public() routes that answer everyone alike. */
  everyone: (status: AuthzStatus): AuthzRow => ({
    anonymous: status,
    unverified: status,
    learner: status,
    otherLearner: status,
    admin: status,
  }),
  /** @AdminOnly(): 401 without a token, 403 for every non-admin. */
  adminOnly: (admin: AuthzCell): AuthzRow => ({
    anonymous: 401,
    unverified: 403,
    learner: 403,
    otherLearner: 403,
    admin,
    instructor: 403,
  }),
  /** @InstructorOnly(): 401 without a token, 403 for everyone without the role. */
  instructorOnly: (instructor: AuthzCell): AuthzRow => ({
    anonymous: 401,
    unverified: 403,
    learner: 403,
    otherLearner: 403,
    admin: 403,
    instructor,
  }),
} as const;
