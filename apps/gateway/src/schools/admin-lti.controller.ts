import {
  Body,
  Controller,
  Delete,
  Get,
  HttpCode,
  Inject,
  Param,
  Post,
  Put,
  Query,
} from '@nestjs/common';
import {
  ApiCreatedResponse,
  ApiNoContentResponse,
  ApiOkResponse,
  ApiOperation,
  ApiTags,
} from '@nestjs/swagger';
import {
  type Actor,
  type Licence,
  LicenceDto,
  LicenceIdParam,
  type LicenceSeatsAnswer,
  LicenceSeatParam,
  type LicencesAnswer,
  LicencesQuery,
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

/** Seat licences of schools (issue 30, ADR 0040): site admins only. */
@ApiTags('lti')
@Controller('admin/lti/licences')
export class AdminLicencesController {
  constructor(@Inject(NatsRpcClient) private readonly rpc: NatsRpcClient) {}

  @Get()
  @Authz(AUTHZ.adminOnly(200))
  @AdminOnly()
  @ApiOperation({ summary: 'The seat licences (of one LMS registration with ?platformId=).' })
  @ApiOkResponse({ description: 'LicencesAnswer' })
  list(
    @CurrentActor() actor: Actor,
    @Query() { platformId }: LicencesQuery,
  ): Promise<LicencesAnswer> {
    return this.rpc.request(Subjects.schools.listLicences, {
      actor,
      ...(platformId ? { platformId } : {}),
    });
  }

  @Post()
  @Authz(AUTHZ.adminOnly(400))
  @AdminOnly()
  @ApiOperation({
    summary:
      "Makes a licence: seats of chosen products for a term, on a school's LMS registration.",
  })
  @ApiCreatedResponse({ description: 'Licence' })
  create(@CurrentActor() actor: Actor, @Body() input: LicenceDto): Promise<Licence> {
    return this.rpc.request(Subjects.schools.createLicence, { actor, input });
  }

  @Put(':id')
  @Authz(AUTHZ.adminOnly(404))
  @AdminOnly()
  @ApiOperation({
    summary: 'Changes a licence: name, products, seats (never below the seats taken), term.',
  })
  @ApiOkResponse({ description: 'Licence' })
  update(
    @CurrentActor() actor: Actor,
    @Param() { id }: LicenceIdParam,
    @Body() input: LicenceDto,
  ): Promise<Licence> {
    return this.rpc.request(Subjects.schools.updateLicence, { actor, id, input });
  }

  @Get(':id/seats')
  @Authz(AUTHZ.adminOnly(404))
  @AdminOnly()
  @ApiOperation({ summary: "The licence's taken seats: who holds one and since when." })
  @ApiOkResponse({ description: 'LicenceSeatsAnswer' })
  seats(
    @CurrentActor() actor: Actor,
    @Param() { id }: LicenceIdParam,
  ): Promise<LicenceSeatsAnswer> {
    return this.rpc.request(Subjects.schools.licenceSeats, { actor, id });
  }

  @Delete(':id/seats/:uid')
  @Authz(AUTHZ.adminOnly(404))
  @AdminOnly()
  @HttpCode(204)
  @ApiOperation({
    summary: "Frees a learner's seat: the products it gave are taken back, the seat is free again.",
  })
  @ApiNoContentResponse()
  async release(
    @CurrentActor() actor: Actor,
    @Param() { id, uid }: LicenceSeatParam,
  ): Promise<void> {
    await this.rpc.request(Subjects.schools.releaseSeat, { actor, id, uid });
  }
}
