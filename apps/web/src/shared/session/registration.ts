/**
 * Was this sign-in the end of the account's own sign-up? Keycloak signs a learner in at the
 * end of its sign-up form, whichever way the form was reached (the app's /signup, the 'Sign up'
 * link of the themed login page, a bookmarked registration address), and returns to whatever
 * address that sign-in started with. The ID token tells it: `auth_time` (seconds) is when this
 * session signed in, `account_created_ms` (realm mapper on the `web` client, ADR 0014) when the
 * account was made. A sign-up signs in right after creating the account; an existing account
 * signs in long after.
 */

/** Claims of the ID token read here. */
export interface RegistrationClaims {
  auth_time?: unknown;
  account_created_ms?: unknown;
}

/**
 * How long after the account's creation the sign-in may end and still be its sign-up. Keycloak
 * signs in within the same request as the sign-up form's post (the realm has no required
 * actions; measured with 26.5.6: auth_time is the second of the creation); the margin covers a
 * slow server. An account made by someone else is not signed into by its owner this fast.
 */
export const SIGNUP_SIGN_IN_WINDOW_MS = 60_000;

/**
 * auth_time has whole seconds (so it may read up to 1 s before the creation), and the nodes of
 * a Keycloak cluster may disagree by a little more.
 */
const CLOCK_SLACK_MS = 2_000;

/**
 * true: signed in by its own sign-up; false: an existing account signed in; null: the token
 * does not say (a realm without the mapper), so the caller falls back on what it knows.
 */
export function signedInBySignup(claims: RegistrationClaims | undefined): boolean | null {
  const authTime = claims?.auth_time;
  const created = claims?.account_created_ms;
  if (typeof authTime !== 'number' || typeof created !== 'number') return null;
  if (!Number.isFinite(authTime) || !Number.isFinite(created)) return null;
  const sinceCreation = authTime * 1000 - created;
  return sinceCreation >= -CLOCK_SLACK_MS && sinceCreation <= SIGNUP_SIGN_IN_WINDOW_MS;
}

/**
 * What the session does after sign-in about the user document and the sign-up screens
 * (learner spec §2, §4):
 * - 'complete-signup': a sign-up of an unverified account without its document yet: the app
 *   shows the sign-up completion screen, which calls POST /api/create-user (once) and shows the
 *   spec's sequence ('Signup successful! Please verify your email inbox...');
 * - 'create-silently': an account without a document that is not such a sign-up (seeded, made
 *   by staff, a sign-up whose completion never ran): the session creates it quietly;
 * - 'none': the document exists, or GET /api/me failed for an account that is not new.
 * An account whose email is already verified (staff make accounts verified) is never a sign-up
 * to complete, however soon after its creation it signs in: it must not be told to verify
 * (issue 24 #10a).
 */
export type AfterSignIn = 'complete-signup' | 'create-silently' | 'none';

export function afterSignIn(input: {
  /** signedInBySignup(), with the caller's fallback applied when the token did not say. */
  bySignup: boolean;
  /** GET /api/me's hasDocument; null when the call failed. */
  hasDocument: boolean | null;
  /** The token's email_verified. */
  emailVerified: boolean;
}): AfterSignIn {
  if (input.hasDocument === true) return 'none';
  if (input.bySignup && !input.emailVerified) return 'complete-signup';
  return input.hasDocument === false ? 'create-silently' : 'none';
}
