import { createHash } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import { Injectable } from '@nestjs/common';
import { LTI_PLACEHOLDER_EMAIL_DOMAIN, type LtiProvisionAnswer } from '@examprep/contracts';
import { rootLogger, ServiceError, validatePayload } from '@examprep/nest-kit';
import type { AccountFacts } from '../directory/directory-entry';
import {
  KeycloakAdminClient,
  type KeycloakUser,
  type NewKeycloakUser,
} from '../keycloak/keycloak-admin.client';
import { UsersService } from '../users/users.service';
import { LtiAccountDto } from './lti-account.dto';

/** The realm's identity provider of school launches (deploy/keycloak/realm; ADR 0040). */
export const LTI_IDENTITY_PROVIDER = 'lti';
/** The realm role of an LMS course's instructor (ADR 0040). */
export const INSTRUCTOR_ROLE = 'instructor';
/** Keycloak keeps the account's key in this user attribute (admins only, the realm's profile). */
export const LTI_KEY_ATTRIBUTE = 'lti_key';
/**
 * The attribute the account is found by: its id derived from the key. Not the username: the
 * realm takes the email as the username (registrationEmailAsUsername), so Keycloak replaces
 * any username we give. Not lti_key itself: a key may hold characters Keycloak's search
 * syntax gives a meaning to (spaces, quotes, backslashes); the id is hex.
 */
export const LTI_ID_ATTRIBUTE = 'lti_id';
const ID_PREFIX = 'lti-';
/** 160 bits of the key's SHA-256: an id that says nothing about the LMS user. */
const ID_HASH_CHARS = 40;
/**
 * The email of an account whose LMS gave none, or one another account has: the realm's user
 * profile requires an email (Keycloak refuses a user without one, 400, and would ask for one
 * at sign-in), and user documents need a unique one. `<id>@lti.invalid`: a reserved domain
 * (RFC 2606), so nothing is ever delivered to it, and unique as the id is. As the email it is
 * also the username, which Keycloak keeps unique: two racing launches make one account.
 */
const NO_EMAIL_DOMAIN = LTI_PLACEHOLDER_EMAIL_DOMAIN;
/**
 * After a 409, how long a racing launch's account may take to show in Keycloak's search (its
 * transaction commits after our create failed), looked for every RACE_STEP_MS.
 */
const RACE_WAIT_MS = 2_000;
const RACE_STEP_MS = 100;
/**
 * What Keycloak's person-name validator (the realm's user profile: firstName, lastName)
 * refuses; an LMS name keeps the rest rather than failing the launch.
 */
const NAME_REFUSED = /[<>&"\v$%!#?§;*~/\\|^=[\]{}()\p{Cc}]/gu;

/** The id of the account with this key: `lti-` and 40 hex chars of its SHA-256. */
export function ltiAccountId(key: string): string {
  const hash = createHash('sha256').update(key, 'utf8').digest('hex');
  return ID_PREFIX + hash.slice(0, ID_HASH_CHARS);
}

/** The stand-in email (and username) of the account with this id (see NO_EMAIL_DOMAIN). */
export function noEmailAddress(accountId: string): string {
  return `${accountId}@${NO_EMAIL_DOMAIN}`;
}

/** A name as Keycloak takes it, or undefined when nothing is left. */
export function personName(name: string | null | undefined): string | undefined {
  const kept = (name ?? '').replace(NAME_REFUSED, '').trim();
  return kept === '' ? undefined : kept;
}

interface Account {
  uid: string;
  created: boolean;
  facts: AccountFacts;
}

/**
 * The account of an LMS user (schools → identity, ADR 0040), found or made by its key only:
 * never linked to an existing account by name or email. Idempotent, and safe when two first
 * launches of the same user race (Keycloak's unique email/username decides; the loser finds
 * the winner's account).
 */
@Injectable()
export class LtiProvisionService {
  constructor(
    private readonly keycloak: KeycloakAdminClient,
    private readonly users: UsersService,
  ) {}

  async provision(input: unknown): Promise<LtiProvisionAnswer> {
    const account = validatePayload(LtiAccountDto, input ?? {});
    const accountId = ltiAccountId(account.key);
    const found = await this.find(accountId);
    const { uid, created, facts } = found ? existing(found) : await this.create(accountId, account);

    if (!(await this.keycloak.hasFederatedIdentity(uid, LTI_IDENTITY_PROVIDER))) {
      await this.keycloak.linkFederatedIdentity(uid, LTI_IDENTITY_PROVIDER, {
        userId: uid,
        userName: accountId,
      });
    }
    // given, never taken away here: a learner's launch does not demote an instructor
    if (account.instructor && !(await this.keycloak.hasRealmRole(uid, INSTRUCTOR_ROLE))) {
      await this.keycloak.addRealmRole(uid, INSTRUCTOR_ROLE);
    }
    await this.users.ensureDocument(uid, facts, noEmailAddress(accountId));
    if (created) rootLogger().info({ uid, instructor: account.instructor }, 'school account made');
    return { uid, created };
  }

  private find(accountId: string): Promise<KeycloakUser | null> {
    return this.keycloak.findUserByAttribute(LTI_ID_ATTRIBUTE, accountId);
  }

  /**
   * Makes the Keycloak user. The LMS's email only when no other account has it (the school
   * vouches for it: verified), else the stand-in. A 409 is a racing launch that made the
   * account first (found once it shows), or the LMS's email taken meanwhile (the stand-in
   * next).
   */
  private async create(accountId: string, account: LtiAccountDto): Promise<Account> {
    const email = account.email?.trim().toLowerCase() || null;
    let emailFree = false;
    if (email !== null) {
      emailFree = (await this.keycloak.findUserByEmail(email)) === null;
      // the email's holder may be this very account, just made by a racing launch
      const raced = emailFree ? null : await this.find(accountId);
      if (raced) return existing(raced);
    }
    const standIn = noEmailAddress(accountId);
    const user: NewKeycloakUser = {
      username: standIn,
      firstName: personName(account.givenName ?? account.name),
      lastName: personName(account.familyName),
      email: standIn,
      emailVerified: true,
      attributes: { [LTI_KEY_ATTRIBUTE]: [account.key], [LTI_ID_ATTRIBUTE]: [accountId] },
    };
    const attempts =
      email !== null && emailFree ? [{ ...user, username: email, email }, user] : [user];
    for (const attempt of attempts) {
      const id = await this.keycloak.createUser(attempt);
      if (id) return { uid: id, created: true, facts: factsOf(attempt) };
      const raced = await this.afterConflict(accountId, attempt.email ?? standIn);
      if (raced) return existing(raced);
    }
    throw new ServiceError({
      status: 503,
      code: 'IDENTITY_PROVIDER_UNAVAILABLE',
      message: `The identity provider is not available (user create answered 409 for ${accountId}, which it does not have).`,
    });
  }

  /**
   * After a 409 for `email`: the account a racing launch made, once Keycloak shows it; null when
   * the email's holder shows and is not this account (another's: nothing to wait for).
   */
  private async afterConflict(accountId: string, email: string): Promise<KeycloakUser | null> {
    for (let waited = 0; ; waited += RACE_STEP_MS) {
      // the holder first: once it shows, so does the account if the holder is it
      const holder = await this.keycloak.findUserByEmail(email);
      const found = await this.find(accountId);
      if (found || holder || waited >= RACE_WAIT_MS) return found;
      await sleep(RACE_STEP_MS);
    }
  }
}

function existing(user: KeycloakUser): Account {
  return { uid: user.id, created: false, facts: factsOf(user) };
}

function factsOf(user: { email?: string; emailVerified?: boolean }): AccountFacts {
  return { email: user.email ?? '', emailVerified: user.emailVerified === true };
}
