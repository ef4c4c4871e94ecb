import { Body, Controller, HttpCode, Inject, Post } from '@nestjs/common';
import { ApiForbiddenResponse, ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { Throttle } from '@nestjs/throttler';
import {
  type Actor,
  PumpCheckDto,
  type PumpCheckResult,
  PumpGenerateDto,
  type PumpQuestion,
  Subjects,
} from '@examprep/contracts';
import { NatsRpcClient } from '@examprep/nest-kit';
import { Authenticated, CurrentActor } from '../auth/auth.decorators';
import { perMinute } from '../http/rate-limit';
import { Authz } from '../auth/authz.decorator';

/**
 * Learner spec §2, §5 (ADR 0021): the IV infusion-pump simulator. Verified learners (admins
 * exempt); the qbank asks the catalog for simulation access (Med Dosage QBank, admins always)
 * and gives everyone else the preview. Limits per user, generous: a learner clicks fast.
 */
@ApiTags('simulations')
@Authenticated()
@Controller('simulations/pump')
export class SimulationsController {
  constructor(@Inject(NatsRpcClient) private readonly rpc: NatsRpcClient) {}

  @Post('generate')
  @Authz({ anonymous: 401, unverified: 403, learner: 200, otherLearner: 200, admin: 200 })
  @HttpCode(200)
  @Throttle(perMinute(120))
  @ApiOperation({
    summary:
      'A pump problem for the controls (what to calculate, time format, pump count), without its answer. Without simulation access: single pump with a given duration only (preview).',
  })
  @ApiOkResponse({ description: 'PumpQuestion (libs/contracts types/simulations.ts).' })
  @ApiForbiddenResponse({ description: 'Email not verified, or a combination beyond the preview.' })
  generate(@CurrentActor() actor: Actor, @Body() input: PumpGenerateDto): Promise<PumpQuestion> {
    return this.rpc.request(Subjects.qbank.pumpGenerate, { actor, input });
  }

  @Post('check')
  @Authz({ anonymous: 401, unverified: 403, learner: 200, otherLearner: 200, admin: 200 })
  @HttpCode(200)
  @Throttle(perMinute(300))
  @ApiOperation({
    summary:
      "Checks what the pump reads (typed strings compared exactly): 'Correct!' with the worked explanation, or 'Incorrect. Try again.' with a hint.",
  })
  @ApiOkResponse({ description: 'PumpCheckResult { correct, message, hint, explanation }' })
  @ApiForbiddenResponse({ description: 'Email not verified, or a problem beyond the preview.' })
  check(@CurrentActor() actor: Actor, @Body() input: PumpCheckDto): Promise<PumpCheckResult> {
    return this.rpc.request(Subjects.qbank.pumpCheck, { actor, input });
  }
}
