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
  type Announcement,
  AnnouncementDto,
  AnnouncementIdParam,
  AnnouncementInputDto,
  Subjects,
} from '@examprep/contracts';
import { NatsRpcClient } from '@examprep/nest-kit';
import { AdminOnly, Authenticated, CurrentActor } from '../auth/auth.decorators';
import { AUTHZ, Authz } from '../auth/authz.decorator';

/** Learner spec §2 Updates, admin spec §2.7: one line per handler, the service decides. */
@ApiTags('announcements')
@Controller('announcements')
export class AnnouncementsController {
  constructor(@Inject(NatsRpcClient) private readonly rpc: NatsRpcClient) {}

  @Get()
  @Authz({ anonymous: 401, unverified: 403, learner: 200, otherLearner: 200, admin: 200 })
  @Authenticated()
  @ApiOperation({
    summary:
      'Announcements, ordered by `order` then newest date; non-admins see visible ones only.',
  })
  @ApiOkResponse({ type: [AnnouncementDto] })
  list(@CurrentActor() actor: Actor): Promise<Announcement[]> {
    return this.rpc.request(Subjects.announcements.list, { actor });
  }

  @Post()
  @Authz(AUTHZ.adminOnly(400))
  @AdminOnly()
  @ApiCreatedResponse({ type: AnnouncementDto })
  create(@CurrentActor() actor: Actor, @Body() input: AnnouncementInputDto): Promise<Announcement> {
    return this.rpc.request(Subjects.announcements.create, { actor, input });
  }

  @Put(':id')
  @Authz(AUTHZ.adminOnly(404))
  @AdminOnly()
  @ApiOkResponse({ type: AnnouncementDto })
  update(
    @CurrentActor() actor: Actor,
    @Param() { id }: AnnouncementIdParam,
    @Body() input: AnnouncementInputDto,
  ): Promise<Announcement> {
    return this.rpc.request(Subjects.announcements.update, { actor, id, input });
  }

  @Delete(':id')
  @Authz(AUTHZ.adminOnly(404))
  @AdminOnly()
  @HttpCode(204)
  @ApiNoContentResponse()
  async delete(@CurrentActor() actor: Actor, @Param() { id }: AnnouncementIdParam): Promise<void> {
    await this.rpc.request(Subjects.announcements.delete, { actor, id });
  }
}
