import { Body, Controller, Get, HttpCode, Inject, Post, Query, Req, Res } from '@nestjs/common';
import {
  ApiExcludeEndpoint,
  ApiOkResponse,
  ApiOperation,
  ApiResponse,
  ApiTags,
} from '@nestjs/swagger';
import { Throttle } from '@nestjs/throttler';
import { parseCookie, stringifySetCookie } from 'cookie';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { type JsonWebKeySet, type LtiLoginParams, Subjects } from '@examprep/contracts';
import { NatsRpcClient, RpcCallError } from '@examprep/nest-kit';
import { Public } from '../auth/auth.decorators';
import { AUTHZ, Authz } from '../auth/authz.decorator';
import { perMinute } from '../http/rate-limit';
import { FormBody } from '../http/raw-body';
import { HTML_PAGE, registeredPage, sendRefusal } from './lti-pages';

/**
 * Launches a minute from one address: a whole class behind a campus NAT opens the same link at
 * the start of a lesson (every step is checked by signature, state and one-time secrets anyway).
 */
const LAUNCHES_PER_MINUTE = 600;

/** The documented answer of the login initiation (a redirect, no body). */
const LOGIN_REDIRECT = {
  status: 302,
  description:
    'To the platform’s OIDC authentication request (Location), with the state cookie; a refused login is a page saying why.',
} as const;

const GRANT_ONLY = 'Only the authorization_code grant is taken here.';

/**
 * An OAuth error answer (RFC 6749 §5.2: `error`, `error_description`), with the gateway's own
 * `code` and `message` beside them as every error body of ours has.
 */
function oauthError(error: string, code: string, message: string) {
  return { error, error_description: message, code, message };
}

/** A login's state cookie: per login (a learner may open two links at once), 10 minutes. */
const STATE_COOKIE_PREFIX = 'lti_state_';
const STATE_COOKIE_SECONDS = 600;
/** The launch's sign-in ticket, read by the bridge only (its path), 2 minutes. */
export const TICKET_COOKIE = 'lti_ticket';
const TICKET_COOKIE_SECONDS = 120;
const LAUNCH_PATH = '/api/lti/launch';
/**
 * The web app's page a taken launch opens: it sends the browser on to Keycloak's identity
 * provider `lti` without booting the app (apps/web/lti-start.html).
 */
export const LTI_START_PAGE = '/lti-start.html';
const BRIDGE_PATH = '/api/lti/bridge';

type Form = Record<string, string | undefined>;

/** The cookie name of a login's state: its first 16 characters (the state is 43). */
export const stateCookieName = (state: string) => `${STATE_COOKIE_PREFIX}${state.slice(0, 16)}`;

/**
 * A cookie of the LTI flow. The launch arrives as a cross-site form post from the LMS, which
 * carries only `SameSite=None` cookies, and those must be `Secure`: on https (deployments) they
 * are both; on plain http (the local stand-in, same site as the app) `Lax` does.
 */
function ltiCookie(req: FastifyRequest, name: string, value: string, path: string, maxAge: number) {
  const secure = req.protocol === 'https';
  return stringifySetCookie({
    name,
    value,
    path,
    maxAge,
    httpOnly: true,
    secure,
    sameSite: secure ? 'none' : 'lax',
  });
}

function cookiesOf(req: FastifyRequest): Record<string, string | undefined> {
  const header = req.headers.cookie;
  return typeof header === 'string' ? parseCookie(header) : {};
}

/**
 * LTI 1.3 endpoints an LMS and Keycloak call (issue 30, ADR 0040): our keys, the OIDC login
 * initiation, the launch, and the sign-in bridge of Keycloak's identity provider `lti`. All public
 * (the protocol authenticates them: signatures, state, one-time tickets and codes); rate-limited.
 */
@ApiTags('lti')
@Controller('lti')
export class LtiController {
  constructor(@Inject(NatsRpcClient) private readonly rpc: NatsRpcClient) {}

  @Get('jwks')
  @Public()
  @Authz(AUTHZ.everyone(200))
  @Throttle(perMinute(600))
  @ApiOperation({ summary: "The tool's public keys (JWKS): LMSs verify our signatures with them." })
  @ApiOkResponse({ description: 'JsonWebKeySet' })
  async jwks(@Res({ passthrough: true }) reply: FastifyReply): Promise<JsonWebKeySet> {
    const keys = await this.rpc.request(Subjects.schools.jwks, { actor: null });
    reply.header('Cache-Control', 'public, max-age=300');
    return keys;
  }

  @Get('login')
  @Public()
  @Authz(AUTHZ.everyone(400))
  @Throttle(perMinute(LAUNCHES_PER_MINUTE))
  @ApiOperation({
    summary:
      'LTI 1.3 OIDC login initiation (GET): redirects to the platform with a fresh state and nonce.',
  })
  @ApiResponse(LOGIN_REDIRECT)
  loginByQuery(
    @Query() query: Form,
    @Req() req: FastifyRequest,
    @Res() reply: FastifyReply,
  ): Promise<void> {
    return this.login(query, req, reply);
  }

  @Post('login')
  @Public()
  @FormBody()
  @Authz(AUTHZ.everyone(400))
  @Throttle(perMinute(LAUNCHES_PER_MINUTE))
  @ApiOperation({ summary: 'LTI 1.3 OIDC login initiation (form post).' })
  @ApiResponse(LOGIN_REDIRECT)
  loginByForm(
    @Body() body: Form,
    @Req() req: FastifyRequest,
    @Res() reply: FastifyReply,
  ): Promise<void> {
    return this.login(body, req, reply);
  }

  private async login(form: Form, req: FastifyRequest, reply: FastifyReply): Promise<void> {
    const params: LtiLoginParams = {};
    for (const name of [
      'iss',
      'login_hint',
      'target_link_uri',
      'lti_message_hint',
      'client_id',
      'lti_deployment_id',
    ] as const) {
      const value = form?.[name];
      if (typeof value === 'string') params[name] = value;
    }
    try {
      const answer = await this.rpc.request(Subjects.schools.login, { actor: null, params });
      reply
        .header(
          'Set-Cookie',
          ltiCookie(
            req,
            stateCookieName(answer.state),
            answer.state,
            LAUNCH_PATH,
            STATE_COOKIE_SECONDS,
          ),
        )
        .header('Cache-Control', 'no-store')
        .redirect(answer.redirectUrl, 302);
    } catch (err) {
      sendRefusal(req, reply, 'This launch cannot start', err);
    }
  }

  @Post('launch')
  @Public()
  @FormBody()
  @HttpCode(303)
  @Authz(AUTHZ.everyone(400))
  @Throttle(perMinute(LAUNCHES_PER_MINUTE))
  @ApiOperation({
    summary:
      'LTI 1.3 launch (form post of id_token and state): checked, then the browser signs in through Keycloak and lands on the linked resource.',
  })
  @ApiResponse({
    status: 303,
    description:
      'To the web app’s start page (Location), with the one-time sign-in ticket as a cookie for the bridge; a refused launch is a page saying why (400/401/403).',
  })
  async launch(
    @Body() body: Form,
    @Req() req: FastifyRequest,
    @Res() reply: FastifyReply,
  ): Promise<void> {
    const state = typeof body?.['state'] === 'string' ? body['state'] : '';
    const idToken = typeof body?.['id_token'] === 'string' ? body['id_token'] : '';
    const cookieState = state ? (cookiesOf(req)[stateCookieName(state)] ?? null) : null;
    try {
      const answer = await this.rpc.request(Subjects.schools.launch, {
        actor: null,
        idToken,
        state,
        cookieState,
      });
      reply
        .header('Set-Cookie', [
          ltiCookie(req, TICKET_COOKIE, answer.ticket, BRIDGE_PATH, TICKET_COOKIE_SECONDS),
          // the state is used up
          ltiCookie(req, stateCookieName(state), '', LAUNCH_PATH, 0),
        ])
        .header('Cache-Control', 'no-store')
        .redirect(`${LTI_START_PAGE}?to=${encodeURIComponent(answer.target)}`, 303);
    } catch (err) {
      sendRefusal(req, reply, 'This launch was refused', err);
    }
  }

  @Get('register')
  @Public()
  @Authz(AUTHZ.everyone(400))
  // each registration makes the service fetch from the LMS: few, from few addresses
  @Throttle(perMinute(10))
  @ApiOperation({
    summary:
      'LTI Dynamic Registration 1.0: the LMS opens this with its openid_configuration and registration_token; the platform is registered as pending until a site admin activates it.',
  })
  @ApiOkResponse(HTML_PAGE)
  async register(
    @Query() query: Form,
    @Req() req: FastifyRequest,
    @Res() reply: FastifyReply,
  ): Promise<void> {
    try {
      const { platform } = await this.rpc.request(Subjects.schools.register, {
        actor: null,
        openidConfiguration: query['openid_configuration'] ?? '',
        registrationToken: query['registration_token'] ?? null,
      });
      const page = registeredPage(platform.name, platform.issuer);
      reply
        .status(200)
        .header('Content-Security-Policy', page.csp)
        .header('Cache-Control', 'no-store')
        .type('text/html; charset=utf-8')
        .send(page.html);
    } catch (err) {
      sendRefusal(req, reply, 'ExamPrep was not registered', err);
    }
  }

  @Get('bridge/authorize')
  @Public()
  @Authz(AUTHZ.everyone(400))
  @Throttle(perMinute(LAUNCHES_PER_MINUTE))
  @ApiExcludeEndpoint()
  async bridgeAuthorize(
    @Query() query: Form,
    @Req() req: FastifyRequest,
    @Res() reply: FastifyReply,
  ): Promise<void> {
    try {
      const redirectUri = query['redirect_uri'] ?? '';
      const { code } = await this.rpc.request(Subjects.schools.bridgeAuthorize, {
        actor: null,
        ticket: cookiesOf(req)[TICKET_COOKIE] ?? null,
        clientId: query['client_id'] ?? '',
        redirectUri,
        nonce: query['nonce'] ?? null,
      });
      // the service answers a code only for Keycloak's own broker endpoint
      const target = new URL(redirectUri);
      target.searchParams.set('code', code);
      if (query['state']) target.searchParams.set('state', query['state']);
      reply
        .header('Set-Cookie', ltiCookie(req, TICKET_COOKIE, '', BRIDGE_PATH, 0))
        .header('Cache-Control', 'no-store')
        .redirect(target.toString(), 302);
    } catch (err) {
      sendRefusal(req, reply, 'Sign-in from your course failed', err);
    }
  }

  @Post('bridge/token')
  @Public()
  @FormBody()
  @HttpCode(200)
  @Authz(AUTHZ.everyone(400))
  @Throttle(perMinute(600))
  @ApiExcludeEndpoint()
  async bridgeToken(@Body() body: Form, @Res() reply: FastifyReply): Promise<void> {
    reply.header('Cache-Control', 'no-store').header('Pragma', 'no-cache');
    if (body?.['grant_type'] !== 'authorization_code') {
      reply.status(400).send(oauthError('unsupported_grant_type', 'LTI_BRIDGE_GRANT', GRANT_ONLY));
      return;
    }
    try {
      const answer = await this.rpc.request(Subjects.schools.bridgeToken, {
        actor: null,
        code: body['code'] ?? '',
        clientId: body['client_id'] ?? '',
        clientSecret: body['client_secret'] ?? '',
        redirectUri: body['redirect_uri'] ?? '',
      });
      reply.status(200).send({
        access_token: answer.accessToken,
        token_type: 'Bearer',
        expires_in: answer.expiresIn,
        id_token: answer.idToken,
      });
    } catch (err) {
      if (!(err instanceof RpcCallError) || err.payload.status >= 500) throw err;
      // RFC 6749 §5.2
      const client = err.payload.status === 401;
      reply
        .status(client ? 401 : 400)
        .send(
          oauthError(
            client ? 'invalid_client' : 'invalid_grant',
            err.payload.code,
            err.payload.message,
          ),
        );
    }
  }
}
