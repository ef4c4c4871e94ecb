import { Body, Controller, Delete, Get, HttpCode, Inject, Post, Put, Query } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { Throttle } from '@nestjs/throttler';
import {
  type Actor,
  type LearningExport,
  type LearningSummary,
  type Readiness,
  StudyPlanSettingsDto,
  type StudyPlanView,
  Subjects,
  UnsubscribeDto,
  type UserLearning,
  UserTestsQuery,
  type WeakSpotsBatch,
  WeakSpotsQueryDto,
} from '@examprep/contracts';
import { NatsRpcClient } from '@examprep/nest-kit';
import { AdminOnly, Authenticated, CurrentActor, Public } from '../auth/auth.decorators';
import { AUTHZ, Authz } from '../auth/authz.decorator';
import { OneClickUnsubscribe } from '../http/raw-body';
import { perMinute } from '../http/rate-limit';

/** Every verified learner on their own data (admins too, on theirs). */
const OWN = {
  anonymous: 401,
  unverified: 403,
  learner: 200,
  otherLearner: 200,
  admin: 200,
} as const;

/**
 * The learning engine (issue 29, ADR 0039): the learner's mastery, readiness, weak-spots
 * practice with the review queue, study plan, and their export and delete. The learner is
 * always the token's.
 */
@ApiTags('learning')
@Controller('learning')
export class LearningController {
  constructor(@Inject(NatsRpcClient) private readonly rpc: NatsRpcClient) {}

  @Get('summary')
  @Authenticated()
  @Authz(OWN)
  @Throttle(perMinute(120))
  @ApiOperation({
    summary:
      "The learner's mastery per course, objective and topic, weak spots and the review queue's due count.",
  })
  @ApiOkResponse({ description: 'LearningSummary' })
  summary(@CurrentActor() actor: Actor): Promise<LearningSummary> {
    return this.rpc.request(Subjects.testing.learningSummary, { actor });
  }

  @Get('readiness')
  @Authenticated()
  @Authz(OWN)
  @Throttle(perMinute(60))
  @ApiOperation({
    summary:
      'Readiness: the TEAS Math predicted score on the 34 scored items with its 80 % interval and per-section breakdown, Med Dosage per topic family, and the score trend.',
  })
  @ApiOkResponse({ description: 'Readiness' })
  readiness(@CurrentActor() actor: Actor): Promise<Readiness> {
    return this.rpc.request(Subjects.testing.learningReadiness, { actor });
  }

  @Post('weak-spots')
  @Authenticated()
  @Authz({ anonymous: 401, unverified: 403, learner: 200, otherLearner: 200, admin: 200 })
  @HttpCode(200)
  @Throttle(perMinute(30))
  @ApiOperation({
    summary:
      'A batch of practice for my weak spots in a course: due reviews of missed items first, then the topics with the most to gain.',
  })
  @ApiOkResponse({ description: '{ questions: InfiniteQuestion[], reviewIds: string[] }' })
  weakSpots(
    @CurrentActor() actor: Actor,
    @Body() query: WeakSpotsQueryDto,
  ): Promise<WeakSpotsBatch> {
    return this.rpc.request(Subjects.testing.weakSpots, { actor, query });
  }

  @Get('plan')
  @Authenticated()
  @Authz(OWN)
  @Throttle(perMinute(60))
  @ApiOperation({
    summary:
      'The study plan: the settings and the plan from the mastery now (null without an exam date).',
  })
  @ApiOkResponse({ description: '{ settings, plan }' })
  getPlan(@CurrentActor() actor: Actor): Promise<StudyPlanView> {
    return this.rpc.request(Subjects.testing.getStudyPlan, { actor });
  }

  @Put('plan')
  @Authenticated()
  @Authz({ anonymous: 401, unverified: 403, learner: 200, otherLearner: 200, admin: 200 })
  @Throttle(perMinute(30))
  @ApiOperation({ summary: 'Sets the exam date, minutes per day and the opt-in reminder mail.' })
  @ApiOkResponse({ description: '{ settings, plan }' })
  setPlan(
    @CurrentActor() actor: Actor,
    @Body() input: StudyPlanSettingsDto,
  ): Promise<StudyPlanView> {
    return this.rpc.request(Subjects.testing.setStudyPlan, { actor, input });
  }

  @Get('export')
  @Authenticated({ allowUnverified: true })
  @Authz({ anonymous: 401, unverified: 200, learner: 200, otherLearner: 200, admin: 200 })
  @Throttle(perMinute(10))
  @ApiOperation({
    summary: "Everything the learning engine holds of me, as JSON (the learner's own data).",
  })
  @ApiOkResponse({ description: 'LearningExport' })
  export(@CurrentActor() actor: Actor): Promise<LearningExport> {
    return this.rpc.request(Subjects.testing.learningExport, { actor });
  }

  @Delete()
  @Authenticated({ allowUnverified: true })
  @Authz({ anonymous: 401, unverified: 200, learner: 200, otherLearner: 200, admin: 200 })
  @Throttle(perMinute(10))
  @ApiOperation({
    summary: 'Deletes my mastery, review queue, study plan and trend (tests and purchases stay).',
  })
  @ApiOkResponse({ description: '{ deleted: true }' })
  remove(@CurrentActor() actor: Actor): Promise<{ deleted: true }> {
    return this.rpc.request(Subjects.testing.learningDelete, { actor });
  }

  @Post('unsubscribe')
  @Public()
  @OneClickUnsubscribe()
  @Authz(AUTHZ.everyone(404))
  @HttpCode(200)
  @Throttle(perMinute(20))
  @ApiOperation({
    summary:
      "The reminder mail's one-click unsubscribe (RFC 8058: the mail client POSTs to the List-Unsubscribe URL; the app's page POSTs the same). The token is the key.",
  })
  @ApiOkResponse({ description: '{ unsubscribed: true }' })
  unsubscribe(@Query() { token }: UnsubscribeDto): Promise<{ unsubscribed: true }> {
    return this.rpc.request(Subjects.testing.unsubscribeReminders, { actor: null, token });
  }
}

/** Admin spec §2.1 beside View Gradebook: a user's mastery and readiness, read-only. */
@ApiTags('admin')
@AdminOnly()
@Controller()
export class AdminLearningController {
  constructor(@Inject(NatsRpcClient) private readonly rpc: NatsRpcClient) {}

  @Get('admin/user-learning')
  @Authz(AUTHZ.adminOnly(200))
  @ApiOperation({ summary: "A user's mastery and readiness, read-only (the learner's own view)." })
  @ApiOkResponse({ description: '{ summary, readiness }' })
  userLearning(
    @CurrentActor() actor: Actor,
    @Query() { uid }: UserTestsQuery,
  ): Promise<UserLearning> {
    return this.rpc.request(Subjects.testing.userLearning, { actor, uid });
  }
}
