import { Body, Controller, Get, HttpCode, Inject, Post, Query } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { Throttle } from '@nestjs/throttler';
import {
  type Actor,
  GenerateBatchQueryDto,
  type GenerateBatchResponse,
  InfiniteCheckDto,
  type InfiniteCheckResult,
  type InfiniteCoursesResponse,
  Subjects,
  type ViewMode,
  ViewModeDto,
} from '@examprep/contracts';
import { NatsRpcClient } from '@examprep/nest-kit';
import { AdminOnly, CurrentActor, OptionalAuth } from '../auth/auth.decorators';
import { perMinute } from '../http/rate-limit';
import { AUTHZ, Authz } from '../auth/authz.decorator';

/** Learner spec §7 Infinite QBank calls (optional auth) and the admin view mode. */
@ApiTags('infinite qbank')
@Controller('infiniteqbank')
export class InfiniteQbankController {
  constructor(@Inject(NatsRpcClient) private readonly rpc: NatsRpcClient) {}

  @Get('courses')
  @Authz(AUTHZ.everyone(200))
  @OptionalAuth()
  @ApiOperation({ summary: 'Courses, objectives and topics the caller may practise.' })
  courses(@CurrentActor() actor: Actor | null): Promise<InfiniteCoursesResponse> {
    return this.rpc.request(Subjects.qbank.infiniteCourses, { actor });
  }

  @Get('generate-batch')
  @Authz(AUTHZ.everyone(200))
  @OptionalAuth()
  @Throttle(perMinute(60))
  @ApiOperation({
    summary: 'Generated questions (default 5, at most 20) without answers; check each to see it.',
  })
  generateBatch(
    @CurrentActor() actor: Actor | null,
    @Query() query: GenerateBatchQueryDto,
  ): Promise<GenerateBatchResponse> {
    return this.rpc.request(Subjects.qbank.generateBatch, { actor, query });
  }

  @Post('check')
  @Authz(AUTHZ.everyone(200))
  @OptionalAuth()
  @HttpCode(200)
  @Throttle(perMinute(240))
  @ApiOperation({ summary: 'Checks an answer of a generated question; returns the explanation.' })
  check(
    @CurrentActor() actor: Actor | null,
    @Body() input: InfiniteCheckDto,
  ): Promise<InfiniteCheckResult> {
    return this.rpc.request(Subjects.qbank.check, { actor, input });
  }

  @Get('admin/view-mode')
  @Authz(AUTHZ.adminOnly(200))
  @AdminOnly()
  @ApiOkResponse({ description: "The admin's view mode." })
  viewMode(@CurrentActor() actor: Actor): Promise<{ mode: ViewMode }> {
    return this.rpc.request(Subjects.qbank.getViewMode, { actor });
  }

  @Post('admin/set-view-mode')
  @Authz(AUTHZ.adminOnly(200))
  @AdminOnly()
  @HttpCode(200)
  @ApiOperation({ summary: "Admin: 'learner' shows the Infinite QBank as learners see it." })
  @ApiOkResponse({ description: 'The view mode after the change.' })
  setViewMode(
    @CurrentActor() actor: Actor,
    @Body() { mode }: ViewModeDto,
  ): Promise<{ mode: ViewMode }> {
    return this.rpc.request(Subjects.qbank.setViewMode, { actor, mode });
  }
}
