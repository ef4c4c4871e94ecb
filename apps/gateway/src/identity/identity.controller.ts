import {
  Body,
  Controller,
  ForbiddenException,
  Get,
  HttpCode,
  Inject,
  Post,
  Sse,
  type MessageEvent,
} from '@nestjs/common';
import {
  ApiCreatedResponse,
  ApiOkResponse,
  ApiOperation,
  ApiProduces,
  ApiTags,
} from '@nestjs/swagger';
import { EVENT_STREAM_SCHEMA, USER_DOCUMENT_SCHEMA } from '../http/api-schemas';
import { Throttle } from '@nestjs/throttler';
import { perMinute } from '../http/rate-limit';
import {
  type Actor,
  CreateUserDto,
  DefaultDashboardDto,
  type Me,
  type PasswordResetAnswer,
  PasswordResetDto,
  type VerificationMailAnswer,
  type SignupStatus,
  Subjects,
  type UserDocument,
} from '@examprep/contracts';
import { NatsRpcClient } from '@examprep/nest-kit';
import { Observable } from 'rxjs';
import { Authenticated, CurrentActor, Public } from '../auth/auth.decorators';
import { AUTHZ, Authz } from '../auth/authz.decorator';
import { meEvents } from './me-events';

const STAGING_DENIED =
  'Staging Access Restricted: this environment is only for authorised personnel and your account does not have staging access.';

/** Learner spec §3-4, §7 identity calls: thin handlers, the identity service decides. */
@ApiTags('identity')
@Controller()
export class IdentityController {
  constructor(@Inject(NatsRpcClient) private readonly rpc: NatsRpcClient) {}

  @Get('allow-signup')
  @Authz(AUTHZ.everyone(200))
  @Public()
  @Throttle(perMinute(30))
  @ApiOperation({ summary: 'Whether sign-up is open (allowSignup: true or the string "true").' })
  allowSignup(): Promise<SignupStatus> {
    return this.rpc.request(Subjects.identity.allowSignup, { actor: null });
  }

  @Post('create-user')
  @Authz({
    anonymous: 401,
    unverified: 403,
    learner: [201, 409],
    otherLearner: 403,
    admin: [201, 409],
  })
  @Authenticated({ allowUnverified: true })
  @Throttle(perMinute(10))
  @ApiOperation({
    summary: 'Registers the user document after sign-up (admins: for another Keycloak user).',
  })
  @ApiCreatedResponse({
    description: 'The user document (made, or the one there).',
    schema: USER_DOCUMENT_SCHEMA,
  })
  createUser(@CurrentActor() actor: Actor, @Body() input: CreateUserDto): Promise<UserDocument> {
    return this.rpc.request(Subjects.identity.createUser, { actor, input });
  }

  @Post('resend-verification')
  @Authz({ anonymous: 401, unverified: 200, learner: 400, otherLearner: 400, admin: 400 })
  @Authenticated({ allowUnverified: true })
  @HttpCode(200)
  @Throttle(perMinute(3))
  @ApiOperation({
    summary: 'Sends the email-verification mail again (signed in, not yet verified).',
  })
  resendVerification(@CurrentActor() actor: Actor): Promise<VerificationMailAnswer> {
    return this.rpc.request(Subjects.identity.resendVerification, { actor });
  }

  @Post('password-reset')
  @Authz(AUTHZ.everyone(200))
  @Public()
  @HttpCode(200)
  @Throttle(perMinute(5))
  @ApiOperation({
    summary:
      'Mails a password-reset link when the account exists; the answer is the same either way.',
  })
  passwordReset(@Body() input: PasswordResetDto): Promise<PasswordResetAnswer> {
    return this.rpc.request(Subjects.identity.passwordReset, { actor: null, input });
  }

  /** Learner spec §4: on the staging host the web app asks this after sign-in. */
  @Post('verify-staging-access')
  @Authz({ anonymous: 401, unverified: 403, learner: 403, otherLearner: 403, admin: 200 })
  @Authenticated({ allowUnverified: true })
  @HttpCode(200)
  @ApiOperation({
    summary: 'Whether the caller may use the staging environment (role staging-access).',
  })
  @ApiOkResponse({ description: 'The caller may use staging.' })
  verifyStagingAccess(@CurrentActor() actor: Actor): { authorized: true } {
    if (!actor.stagingAccess) {
      throw new ForbiddenException({ message: STAGING_DENIED, code: 'STAGING_ACCESS_DENIED' });
    }
    return { authorized: true };
  }

  @Get('me')
  @Authz({ anonymous: 401, unverified: 200, learner: 200, otherLearner: 200, admin: 200 })
  @Authenticated({ allowUnverified: true })
  @ApiOperation({ summary: 'Session state: isAdmin, emailVerified, defaultDashboard, purchases.' })
  @ApiOkResponse({ description: 'The session state.' })
  me(@CurrentActor() actor: Actor): Promise<Me> {
    return this.rpc.request(Subjects.identity.me, { actor });
  }

  @Post('update-user-default-dashboard')
  @Authz({ anonymous: 401, unverified: 403, learner: 200, otherLearner: 200, admin: 200 })
  @Authenticated()
  @HttpCode(200)
  @ApiOkResponse({ description: 'The session state after the change.' })
  updateDefaultDashboard(
    @CurrentActor() actor: Actor,
    @Body() input: DefaultDashboardDto,
  ): Promise<Me> {
    return this.rpc.request(Subjects.identity.updateDefaultDashboard, { actor, input });
  }

  /**
   * Server-Sent Events: a `me` event with the session state at once and whenever the user
   * document changes (e.g. purchases), `ping` every 25 s. Replaces the spec's live listener.
   * After the first, the state comes from the identity service's notices (me-events.ts).
   */
  @Sse('me/events')
  @Authz({ anonymous: 401, unverified: 200, learner: 200, otherLearner: 200, admin: 200 })
  @Authenticated({ allowUnverified: true })
  @ApiOperation({
    summary: 'Stream of the session state (text/event-stream; send the bearer token).',
  })
  @ApiProduces('text/event-stream')
  @ApiOkResponse({
    description: '`me` events (data: the session state) and `ping` every 25 s.',
    content: { 'text/event-stream': { schema: EVENT_STREAM_SCHEMA } },
  })
  events(@CurrentActor() actor: Actor): Observable<MessageEvent> {
    return meEvents(this.rpc.connection, actor, () =>
      this.rpc.request(Subjects.identity.me, { actor }),
    );
  }
}
