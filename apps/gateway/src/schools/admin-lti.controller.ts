import { Body, Controller, Delete, Get, HttpCode, Inject, Param, Post, Put } from '@nestjs/common';
import {
  ApiCreatedResponse,
  ApiNoContentResponse,
  ApiOkResponse,
  ApiOperation,
  ApiTags,
} from '@nestjs/swagger';
import {
  type Actor,
  type LtiPlatform,
  LtiPlatformDto,
  LtiPlatformIdParam,
  type LtiPlatformsAnswer,
  Subjects,
} from '@examprep/contracts';
import { NatsRpcClient } from '@examprep/nest-kit';
import { AdminOnly, CurrentActor } from '../auth/auth.decorators';
import { AUTHZ, Authz } from '../auth/authz.decorator';

/** LMS platform registrations (issue 30, ADR 0040): site admins only. */
@ApiTags('lti')
@Controller('admin/lti/platforms')
export class AdminLtiController {
  constructor(@Inject(NatsRpcClient) private readonly rpc: NatsRpcClient) {}

  @Get()
  @Authz(AUTHZ.adminOnly(200))
  @AdminOnly()
  @ApiOperation({
    summary:
      'The registered LMS platforms, and the tool URLs an LMS admin copies (login, launch, keys, dynamic registration).',
  })
  @ApiOkResponse({ description: 'LtiPlatformsAnswer' })
  list(@CurrentActor() actor: Actor): Promise<LtiPlatformsAnswer> {
    return this.rpc.request(Subjects.schools.listPlatforms, { actor });
  }

  @Post()
  @Authz(AUTHZ.adminOnly(400))
  @AdminOnly()
  @ApiOperation({
    summary: 'Registers an LMS platform (issuer, client id, deployments, its URLs).',
  })
  @ApiCreatedResponse({ description: 'LtiPlatform' })
  create(@CurrentActor() actor: Actor, @Body() input: LtiPlatformDto): Promise<LtiPlatform> {
    return this.rpc.request(Subjects.schools.createPlatform, { actor, input });
  }

  @Put(':id')
  @Authz(AUTHZ.adminOnly(404))
  @AdminOnly()
  @ApiOperation({ summary: 'Changes a registration (also activates or disables it).' })
  @ApiOkResponse({ description: 'LtiPlatform' })
  update(
    @CurrentActor() actor: Actor,
    @Param() { id }: LtiPlatformIdParam,
    @Body() input: LtiPlatformDto,
  ): Promise<LtiPlatform> {
    return this.rpc.request(Subjects.schools.updatePlatform, { actor, id, input });
  }

  @Delete(':id')
  @Authz(AUTHZ.adminOnly(404))
  @AdminOnly()
  @HttpCode(204)
  @ApiOperation({ summary: 'Removes a registration: its launches stop working.' })
  @ApiNoContentResponse()
  async delete(@CurrentActor() actor: Actor, @Param() { id }: LtiPlatformIdParam): Promise<void> {
    await this.rpc.request(Subjects.schools.deletePlatform, { actor, id });
  }
}
