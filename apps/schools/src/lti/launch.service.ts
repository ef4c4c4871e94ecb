import { createHash, randomBytes, randomUUID, timingSafeEqual } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import { decodeJwt, errors as joseErrors, jwtVerify } from 'jose';
import {
  DEEP_LINK_MESSAGES,
  type BridgeAuthorizeAnswer,
  type BridgeTokenAnswer,
  type LtiLaunchAnswer,
  type LtiLoginAnswer,
  type LtiLoginParams,
} from '@examprep/contracts';
import { rootLogger, ServiceError } from '@examprep/nest-kit';
import { Clock } from '../clock';
import { LicencesService } from '../licences/licences.service';
import { SchoolsEnv } from '../config/schools.env';
import { SCHOOLS_CALLS, type SchoolsCalls } from './peers';
import { LtiRepository, onceId } from './lti.repository';
import type { PlatformRecord } from './lti.schema';
import { PlatformKeys } from './platform-keys';
import { DEPLOYMENT_MESSAGE, type Launch, LaunchError, readLaunch } from './protocol/launch';
import { Scopes } from './protocol/claims';
import { pathOf, resourceOf } from './protocol/resources';
import { ToolKeys } from './tool-keys.service';
import { toolUrls } from './tool-urls';

/** A login in flight: from the LMS's login initiation to its launch (LTI Core: minutes). */
export const LOGIN_TTL_MS = 10 * 60_000;
/** A launch's sign-in ticket: from the launch to Keycloak asking the bridge (seconds). */
export const TICKET_TTL_MS = 2 * 60_000;
/** A bridge code: from the bridge's redirect to Keycloak redeeming it. */
export const CODE_TTL_MS = 60_000;
/** An instructor's deep linking request: from the launch to their pick (LMSs allow about this). */
export const DEEP_LINK_TTL_MS = 60 * 60_000;
/** A launch token older than this is refused, whatever its `exp` (LTI Core §5.1.3 step 7). */
export const MAX_TOKEN_AGE_SECONDS = 10 * 60;
/** Clock difference allowed with a platform (`iat` in the future, `exp` just passed). */
export const CLOCK_TOLERANCE_SECONDS = 60;
/** Algorithms a platform may sign with (never `none`, never HMAC with a public value). */
export const PLATFORM_ALGS = ['RS256', 'RS384', 'RS512', 'ES256', 'PS256'];
/** The bridge's id_token lifetime. */
const BRIDGE_TOKEN_SECONDS = 300;

export const LAUNCH_MESSAGES = {
  unknownPlatform:
    'This LMS is not registered with ExamPrep. Ask your site administrator to register it.',
  severalPlatforms:
    'Several registrations share this LMS issuer: the LMS must send its client_id with the login.',
  inactive: 'This LMS registration is not active yet. Ask your site administrator to activate it.',
  badLogin:
    'The LMS sent an incomplete login request (iss, login_hint and target_link_uri are required).',
  foreignTarget: 'The link does not point to this tool.',
  stateUnknown:
    'This launch has expired or was already used. Open the link again from your course.',
  stateCookie:
    'Your browser did not keep this launch’s cookie, so it cannot be trusted. Open the link again from your course; if this repeats, open it in a new window.',
  badToken: 'The launch could not be verified. Open the link again from your course.',
  expired: 'The launch has expired. Open the link again from your course.',
  replay: 'This launch was already used. Open the link again from your course.',
  nonce: 'The launch does not belong to this login. Open the link again from your course.',
  ticket:
    'Your sign-in link has expired or was already used. Open the link again from your course.',
  bridgeClient: 'Unknown client or redirect URI.',
  bridgeCode: 'The code is unknown, expired or already used.',
} as const;

const secret = () => randomBytes(32).toString('base64url');
const sha256 = (s: string) => createHash('sha256').update(s).digest();
/** Whether two secrets are equal, in time independent of where they differ. */
const sameSecret = (a: string, b: string) => timingSafeEqual(sha256(a), sha256(b));

function launchError(code: string, message: string, status: 400 | 401 = 400) {
  return new ServiceError({ status, code, message });
}

/**
 * LTI 1.3 launches (ADR 0040): the OIDC login initiation, the launch's checks, the account and
 * course bookkeeping, and the sign-in bridge Keycloak's identity provider `lti` talks to.
 */
@Injectable()
export class LaunchService {
  constructor(
    private readonly repo: LtiRepository,
    private readonly env: SchoolsEnv,
    private readonly keys: ToolKeys,
    private readonly platformKeys: PlatformKeys,
    @Inject(SCHOOLS_CALLS) private readonly peers: SchoolsCalls,
    private readonly clock: Clock,
    @Inject(LicencesService) private readonly licences: Pick<LicencesService, 'takeSeats'>,
  ) {}

  /**
   * LTI Core 1.3 §5.1.1: the LMS starts a launch here; we answer with its authentication request
   * URL, carrying a fresh `state` (also the browser's cookie) and `nonce`.
   */
  async login(params: LtiLoginParams): Promise<LtiLoginAnswer> {
    const iss = str(params.iss);
    const loginHint = str(params.login_hint);
    const target = str(params.target_link_uri);
    if (!iss || !loginHint || !target) throw launchError('LTI_LOGIN', LAUNCH_MESSAGES.badLogin);
    const urls = toolUrls(this.env.WEB_URL);
    if (!sameOrigin(target, urls.origin)) {
      throw launchError('LTI_LOGIN', LAUNCH_MESSAGES.foreignTarget);
    }
    const platform = await this.platformFor(iss, str(params.client_id));
    const deployment = str(params.lti_deployment_id);
    if (deployment && !platform.deploymentIds.includes(deployment)) {
      throw launchError('LTI_DEPLOYMENT', DEPLOYMENT_MESSAGE, 401);
    }
    const state = secret();
    const nonce = secret();
    const now = this.clock.now();
    await this.repo.insertOnce(
      onceId('login', state),
      'login',
      { platformId: platform._id, nonce },
      new Date(now + LOGIN_TTL_MS),
    );
    const auth = new URL(platform.authUrl);
    const query: Record<string, string> = {
      scope: 'openid',
      response_type: 'id_token',
      response_mode: 'form_post',
      prompt: 'none',
      client_id: platform.clientId,
      redirect_uri: urls.launchUrl,
      login_hint: loginHint,
      state,
      nonce,
    };
    const messageHint = str(params.lti_message_hint);
    if (messageHint) query['lti_message_hint'] = messageHint;
    for (const [k, v] of Object.entries(query)) auth.searchParams.set(k, v);
    return { redirectUrl: auth.toString(), state };
  }

  /**
   * The launch (LTI Core §5.1.3): the state is ours, unused and this browser's; the id_token is
   * signed by the platform of that login, for us, fresh, with the login's nonce, seen once; its
   * claims are a launch we take. Then the account (by platform and `sub` only), the course, the
   * link, and a one-time ticket for the sign-in.
   */
  async launch(input: {
    idToken: string;
    state: string;
    cookieState: string | null;
  }): Promise<LtiLaunchAnswer> {
    const now = this.clock.now();
    const state = str(input.state);
    const idToken = str(input.idToken, 64 * 1024);
    if (!state || !idToken) throw launchError('LTI_STATE', LAUNCH_MESSAGES.stateUnknown);
    // the cookie first: a state from another browser is not even taken (it stays usable by its own)
    if (!input.cookieState || !sameSecret(input.cookieState, state)) {
      throw launchError('LTI_STATE', LAUNCH_MESSAGES.stateCookie, 401);
    }
    const login = await this.repo.takeOnce(onceId('login', state), new Date(now));
    if (!login) throw launchError('LTI_STATE', LAUNCH_MESSAGES.stateUnknown);
    const platform = await this.repo.findPlatform(String(login.data['platformId']));
    if (!platform) throw launchError('LTI_UNKNOWN_PLATFORM', LAUNCH_MESSAGES.unknownPlatform);
    if (platform.status !== 'active') {
      throw launchError('LTI_PLATFORM_INACTIVE', LAUNCH_MESSAGES.inactive, 401);
    }

    const launch = await this.verify(idToken, platform, now);
    if (!sameSecret(launch.nonce, String(login.data['nonce']))) {
      throw launchError('LTI_REPLAY', LAUNCH_MESSAGES.nonce, 401);
    }
    const fresh = await this.repo.insertOnce(
      `nonce:${platform._id}:${launch.nonce}`,
      'nonce',
      {},
      new Date(Math.max(launch.exp * 1000, now) + CLOCK_TOLERANCE_SECONDS * 1000),
    );
    if (!fresh) throw launchError('LTI_REPLAY', LAUNCH_MESSAGES.replay, 401);

    // adding content is the course's teachers' (the roles are the signed token's)
    if (launch.deepLinking && !launch.instructor) {
      throw new ServiceError({
        status: 403,
        code: 'LTI_NOT_INSTRUCTOR',
        message: DEEP_LINK_MESSAGES.instructorsOnly,
      });
    }
    const uid = await this.account(platform, launch, now);
    // a learner of the school takes a seat of its licences (the launch goes on if it cannot)
    if (!launch.instructor) {
      await this.licences.takeSeats(platform._id, uid).catch((err: unknown) => {
        rootLogger().error({ err, platformId: platform._id, uid }, 'taking a licence seat failed');
      });
    }
    const target = await this.record(platform, launch, uid, now);
    const ticket = secret();
    await this.repo.insertOnce(
      onceId('ticket', ticket),
      'ticket',
      { uid },
      new Date(now + TICKET_TTL_MS),
    );
    rootLogger().info(
      {
        audit: 'lti-launch',
        platformId: platform._id,
        uid,
        messageType: launch.messageType,
        instructor: launch.instructor,
      },
      'LTI launch accepted',
    );
    return { ticket, target };
  }

  /** The id_token verified with the platform's keys, and its claims read as a launch. */
  private async verify(idToken: string, platform: PlatformRecord, now: number): Promise<Launch> {
    try {
      const { payload } = await jwtVerify(idToken, this.platformKeys.keySet(platform.jwksUrl), {
        issuer: platform.issuer,
        audience: platform.clientId,
        algorithms: PLATFORM_ALGS,
        maxTokenAge: MAX_TOKEN_AGE_SECONDS,
        clockTolerance: CLOCK_TOLERANCE_SECONDS,
        currentDate: new Date(now),
        requiredClaims: ['iat', 'exp', 'sub', 'nonce'],
      });
      return readLaunch(payload, {
        id: platform._id,
        clientId: platform.clientId,
        deploymentIds: platform.deploymentIds,
      });
    } catch (err) {
      if (err instanceof LaunchError) throw launchError(err.code, err.message, err.status);
      if (err instanceof joseErrors.JWTExpired)
        throw launchError('LTI_TOKEN', LAUNCH_MESSAGES.expired, 401);
      rootLogger().warn(
        { platformId: platform._id, reason: (err as Error).message, claims: peek(idToken) },
        'LTI launch refused: the id_token does not verify',
      );
      throw launchError('LTI_TOKEN', LAUNCH_MESSAGES.badToken, 401);
    }
  }

  /** Our user for the launch's (platform, sub): the link, or a new account made by identity. */
  private async account(platform: PlatformRecord, launch: Launch, now: number): Promise<string> {
    const key = `${platform._id}:${launch.sub}`;
    const known = await this.repo.findAccount(key);
    let uid = known?.uid;
    if (!uid || (launch.instructor && !known?.instructor)) {
      const made = await this.peers.provision({
        key,
        name: launch.name,
        givenName: launch.givenName,
        familyName: launch.familyName,
        email: launch.email,
        instructor: launch.instructor,
      });
      uid = made.uid;
    }
    await this.repo.saveAccount(
      key,
      {
        uid,
        platformId: platform._id,
        instructor: launch.instructor,
        name: launch.name,
        email: launch.email,
      },
      new Date(now),
    );
    return uid;
  }

  /** The course, the membership and the link of the launch; answers the path it opens. */
  private async record(
    platform: PlatformRecord,
    launch: Launch,
    uid: string,
    now: number,
  ): Promise<string> {
    const at = new Date(now);
    const contextKey = launch.context ? `${platform._id}:${launch.context.id}` : null;
    if (launch.context && contextKey) {
      await this.repo.saveContext({
        _id: contextKey,
        platformId: platform._id,
        contextId: launch.context.id,
        label: launch.context.label,
        title: launch.context.title,
        deploymentId: launch.deploymentId,
        membershipsUrl: launch.nrps?.membershipsUrl ?? null,
        lineItemsUrl: launch.ags?.lineItemsUrl ?? null,
        updatedAt: at,
      });
      await this.repo.saveMember({
        _id: `${contextKey}|${uid}`,
        contextKey,
        uid,
        instructor: launch.instructor,
        roles: launch.roles.slice(0, 50),
        lastLaunchAt: at,
      });
    }
    if (launch.deepLinking) {
      const id = randomUUID();
      const settings = launch.deepLinking;
      await this.repo.insertOnce(
        `deeplink:${id}`,
        'deeplink',
        {
          uid,
          platformId: platform._id,
          deploymentId: launch.deploymentId,
          returnUrl: settings.returnUrl,
          data: settings.data,
          acceptMultiple: settings.acceptMultiple,
          acceptLtiLinks: settings.acceptTypes.includes('ltiResourceLink'),
          acceptLineItem: launch.ags?.scopes.includes(Scopes.lineItem) ?? false,
          contextLabel: launch.context?.label ?? null,
          contextTitle: launch.context?.title ?? null,
        },
        new Date(now + DEEP_LINK_TTL_MS),
      );
      return `/lti/deep-link/${id}`;
    }
    if (launch.resourceLink) {
      const linkKey = `${platform._id}:${launch.resourceLink.id}`;
      await this.repo.saveLink({
        _id: linkKey,
        platformId: platform._id,
        contextKey,
        title: launch.resourceLink.title,
        custom: launch.custom,
        lineItemUrl: launch.ags?.lineItemUrl ?? null,
        updatedAt: at,
      });
      return pathOf(resourceOf(launch.custom), linkKey);
    }
    return '/dashboard';
  }

  /**
   * The bridge's authorization endpoint (ADR 0040): Keycloak's identity provider `lti` sends the
   * browser here with the launch's ticket cookie; the ticket is used up and becomes a code for
   * Keycloak's own broker endpoint only.
   */
  async bridgeAuthorize(input: {
    ticket: string | null;
    clientId: string;
    redirectUri: string;
    nonce: string | null;
  }): Promise<BridgeAuthorizeAnswer> {
    const urls = toolUrls(this.env.WEB_URL);
    if (input.clientId !== urls.bridgeClientId || input.redirectUri !== this.brokerRedirectUri()) {
      throw launchError('LTI_BRIDGE_CLIENT', LAUNCH_MESSAGES.bridgeClient);
    }
    const now = this.clock.now();
    const ticket = input.ticket
      ? await this.repo.takeOnce(onceId('ticket', input.ticket), new Date(now))
      : null;
    if (!ticket) throw launchError('LTI_TICKET', LAUNCH_MESSAGES.ticket, 401);
    const code = secret();
    await this.repo.insertOnce(
      onceId('code', code),
      'code',
      { uid: ticket.data['uid'], nonce: input.nonce, redirectUri: input.redirectUri },
      new Date(now + CODE_TTL_MS),
    );
    return { code };
  }

  /** The bridge's token endpoint: Keycloak redeems the code with its client secret. */
  async bridgeToken(input: {
    code: string;
    clientId: string;
    clientSecret: string;
    redirectUri: string;
  }): Promise<BridgeTokenAnswer> {
    const urls = toolUrls(this.env.WEB_URL);
    if (
      input.clientId !== urls.bridgeClientId ||
      !sameSecret(str(input.clientSecret) ?? '', this.env.LTI_BRIDGE_CLIENT_SECRET)
    ) {
      throw launchError('LTI_BRIDGE_CLIENT', LAUNCH_MESSAGES.bridgeClient, 401);
    }
    const now = this.clock.now();
    const code = str(input.code)
      ? await this.repo.takeOnce(onceId('code', input.code), new Date(now))
      : null;
    if (!code || code.data['redirectUri'] !== input.redirectUri) {
      throw launchError('LTI_BRIDGE_CODE', LAUNCH_MESSAGES.bridgeCode);
    }
    const claims: Record<string, unknown> = {
      iss: urls.bridgeIssuer,
      aud: urls.bridgeClientId,
      sub: String(code.data['uid']),
    };
    if (typeof code.data['nonce'] === 'string') claims['nonce'] = code.data['nonce'];
    return {
      idToken: await this.keys.sign(claims, BRIDGE_TOKEN_SECONDS),
      accessToken: secret(),
      expiresIn: BRIDGE_TOKEN_SECONDS,
    };
  }

  /** Keycloak's broker endpoint of the identity provider `lti` (its exact redirect URI). */
  private brokerRedirectUri(): string {
    return `${this.env.KEYCLOAK_PUBLIC_URL}/realms/${this.env.KEYCLOAK_REALM}/broker/lti/endpoint`;
  }

  /**
   * The registration a login names: by issuer and, when the LMS sends it, client id. An issuer
   * shared by several registrations needs the client id.
   */
  private async platformFor(issuer: string, clientId: string | null): Promise<PlatformRecord> {
    const found = (await this.repo.platformsOfIssuer(issuer)).filter(
      (p) => clientId === null || p.clientId === clientId,
    );
    if (found.length === 0)
      throw launchError('LTI_UNKNOWN_PLATFORM', LAUNCH_MESSAGES.unknownPlatform);
    if (found.length > 1)
      throw launchError('LTI_UNKNOWN_PLATFORM', LAUNCH_MESSAGES.severalPlatforms);
    const platform = found[0]!;
    if (platform.status !== 'active')
      throw launchError('LTI_PLATFORM_INACTIVE', LAUNCH_MESSAGES.inactive, 401);
    return platform;
  }
}

/** A non-empty string of at most `max` characters, else null. */
function str(value: unknown, max = 2048): string | null {
  return typeof value === 'string' && value.length > 0 && value.length <= max ? value : null;
}

function sameOrigin(url: string, origin: string): boolean {
  try {
    return new URL(url).origin === origin;
  } catch {
    return false;
  }
}

/** A refused token's claims for the log, without the signature (never the token itself). */
function peek(idToken: string): Record<string, unknown> | null {
  try {
    const { iss, aud, exp, iat } = decodeJwt(idToken);
    return { iss, aud, exp, iat };
  } catch {
    return null;
  }
}
