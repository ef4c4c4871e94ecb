import {
  Body,
  Controller,
  Get,
  HttpCode,
  Inject,
  Param,
  Post,
  Query,
  Req,
  Res,
} from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { Throttle } from '@nestjs/throttler';
import {
  type Actor,
  DeepLinkIdParam,
  type DeepLinkRequestView,
  type DeepLinkResponseAnswer,
  DeepLinkResponseDto,
  LinkKeyParam,
  type LtiAssignmentView,
  type StartAssignmentAnswer,
  Subjects,
} from '@examprep/contracts';
import { NatsRpcClient } from '@examprep/nest-kit';
import { Authenticated, CurrentActor, Public } from '../auth/auth.decorators';
import { AUTHZ, Authz } from '../auth/authz.decorator';
import { perMinute } from '../http/rate-limit';
import { deepLinkSendPage, HTML_PAGE, sendRefusal } from './lti-pages';

/**
 * A signed-in user on ids that are not theirs: the probes use ids nobody has, so every verified
 * caller gets the service's 404.
 */
const NOT_FOUND_FOR_ALL = {
  anonymous: 401,
  unverified: 403,
  learner: 404,
  otherLearner: 404,
  admin: 404,
} as const;

/**
 * What a user launched from an LMS opens (issue 30, ADR 0040): the instructor's deep linking
 * picker and its signed answer; the learner's assignment that opens a test. Only the launch's
 * own user reaches them (the schools service checks the actor against the launch).
 */
@ApiTags('lti')
@Controller('lti')
export class LtiLearnersController {
  constructor(@Inject(NatsRpcClient) private readonly rpc: NatsRpcClient) {}

  @Get('deep-links/:id')
  @Authenticated()
  @Authz(NOT_FOUND_FOR_ALL)
  @Throttle(perMinute(60))
  @ApiOperation({
    summary:
      "The instructor's pending deep linking request: the course and what may be embedded (tests, workbooks, Infinite QBank, the pump simulator).",
  })
  @ApiOkResponse({ description: 'DeepLinkRequestView' })
  deepLink(
    @CurrentActor() actor: Actor,
    @Param() { id }: DeepLinkIdParam,
  ): Promise<DeepLinkRequestView> {
    return this.rpc.request(Subjects.schools.getDeepLink, { actor, id });
  }

  @Post('deep-links/:id')
  @Authenticated()
  @Authz({
    anonymous: 401,
    unverified: 403,
    learner: [400, 404],
    otherLearner: [400, 404],
    admin: [400, 404],
  })
  @HttpCode(200)
  @Throttle(perMinute(30))
  @ApiOperation({
    summary:
      'Answers the deep linking request with the picked items: the signed response (JWT) and the LMS URL the browser posts it to. Once.',
  })
  @ApiOkResponse({ description: 'DeepLinkResponseAnswer' })
  respond(
    @CurrentActor() actor: Actor,
    @Param() { id }: DeepLinkIdParam,
    @Body() input: DeepLinkResponseDto,
  ): Promise<DeepLinkResponseAnswer> {
    return this.rpc.request(Subjects.schools.respondDeepLink, { actor, id, input });
  }

  @Get('deep-links/send')
  @Public()
  @Authz(AUTHZ.everyone(404))
  @Throttle(perMinute(30))
  @ApiOperation({
    summary:
      "The page that posts an answered deep linking request's signed response to the LMS (once: the token of the answer).",
  })
  @ApiOkResponse(HTML_PAGE)
  async send(
    @Query() query: Record<string, string | undefined>,
    @Req() req: FastifyRequest,
    @Res() reply: FastifyReply,
  ) {
    try {
      const { returnUrl, jwt } = await this.rpc.request(Subjects.schools.sendDeepLink, {
        actor: null,
        token: typeof query['token'] === 'string' ? query['token'] : '',
      });
      const page = deepLinkSendPage(returnUrl, jwt);
      reply
        .status(200)
        .header('Content-Security-Policy', page.csp)
        .header('Cache-Control', 'no-store')
        .type('text/html; charset=utf-8')
        .send(page.html);
    } catch (err) {
      sendRefusal(req, reply, 'This content was not sent', err);
    }
  }

  @Get('assignments/:linkKey')
  @Authenticated()
  @Authz(NOT_FOUND_FOR_ALL)
  @Throttle(perMinute(120))
  @ApiOperation({
    summary:
      "An LMS assignment that opens a test, as the learner who launched it sees it: the test, whether it is graded in the LMS, the learner's attempts and their grades' delivery.",
  })
  @ApiOkResponse({ description: 'LtiAssignmentView' })
  assignment(
    @CurrentActor() actor: Actor,
    @Param() { linkKey }: LinkKeyParam,
  ): Promise<LtiAssignmentView> {
    return this.rpc.request(Subjects.schools.getAssignment, { actor, linkKey });
  }

  @Post('assignments/:linkKey/start')
  @Authenticated()
  @Authz(NOT_FOUND_FOR_ALL)
  @HttpCode(200)
  @Throttle(perMinute(30))
  @ApiOperation({
    summary:
      "Starts the assignment's test (or resumes the learner's unfinished one); its score goes to the LMS gradebook when submitted.",
  })
  @ApiOkResponse({ description: 'StartAssignmentAnswer' })
  start(
    @CurrentActor() actor: Actor,
    @Param() { linkKey }: LinkKeyParam,
  ): Promise<StartAssignmentAnswer> {
    return this.rpc.request(Subjects.schools.startAssignment, { actor, linkKey });
  }
}
