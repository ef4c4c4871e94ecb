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
  Req,
  Res,
} from '@nestjs/common';
import {
  ApiCreatedResponse,
  ApiNoContentResponse,
  ApiOkResponse,
  ApiOperation,
  ApiTags,
} from '@nestjs/swagger';
import type { FastifyReply, FastifyRequest } from 'fastify';
import {
  type Actor,
  type Announcement,
  AnnouncementDto,
  AnnouncementIdParam,
  AnnouncementInputDto,
  type LatestAnnouncementAnswer,
  LatestAnnouncementDto,
  PageQueryDto,
  Subjects,
} from '@examprep/contracts';
import { NatsRpcClient } from '@examprep/nest-kit';
import { AdminOnly, Authenticated, CurrentActor } from '../auth/auth.decorators';
import { AUTHZ, Authz, type AuthzRow } from '../auth/authz.decorator';
import { setNextLink } from '../http/pages';

const READERS: AuthzRow = {
  anonymous: 401,
  unverified: 403,
  learner: 200,
  otherLearner: 200,
  admin: 200,
};

/** Learner spec §2 Updates, admin spec §2.7: one line per handler, the service decides. */
@ApiTags('announcements')
@Controller('announcements')
export class AnnouncementsController {
  constructor(@Inject(NatsRpcClient) private readonly rpc: NatsRpcClient) {}

  @Get()
  @Authz(READERS)
  @Authenticated()
  @ApiOperation({
    summary:
      'A page of the announcements, ordered by `order`, then newest date, then newest write; non-admins see visible ones only (ADR 0026: `cursor`, `limit` 1..100 default 50; the next page is the `Link: rel="next"` header).',
  })
  @ApiOkResponse({ type: [AnnouncementDto] })
  async list(
    @CurrentActor() actor: Actor,
    @Query() { cursor, limit }: PageQueryDto,
    @Req() request: FastifyRequest,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<Announcement[]> {
    const page = await this.rpc.request(Subjects.announcements.list, {
      actor,
      page: { cursor, limit },
    });
    setNextLink(reply, request.url, page.next);
    return page.items;
  }

  @Get('latest')
  @Authz(READERS)
  @Authenticated()
  @ApiOperation({
    summary:
      "The welcome modal's latest visible announcement (newest by date, then the lower `order`), or null when none is visible.",
  })
  @ApiOkResponse({ type: LatestAnnouncementDto })
  async latest(@CurrentActor() actor: Actor): Promise<LatestAnnouncementAnswer> {
    const page = await this.rpc.request(Subjects.announcements.list, { actor, view: 'latest' });
    return { announcement: page.items[0] ?? null };
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
