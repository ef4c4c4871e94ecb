import { Body, Controller, Get, HttpCode, Inject, Post, Query, Req, Res } from '@nestjs/common';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import {
  type Actor,
  Subjects,
  UpdateUserPurchasesDto,
  type UserPurchasesAnswer,
  UserPurchasesQuery,
} from '@examprep/contracts';
import { NatsRpcClient } from '@examprep/nest-kit';
import { AdminOnly, CurrentActor } from '../auth/auth.decorators';
import { AUTHZ, Authz } from '../auth/authz.decorator';
import { setNextLink } from '../http/pages';

/** Admin spec §2.8, §4, §7: the purchases editor (grants and revocations in the ledger). */
@ApiTags('admin')
@AdminOnly()
@Controller()
export class AdminPurchasesController {
  constructor(@Inject(NatsRpcClient) private readonly rpc: NatsRpcClient) {}

  @Post('update-user-purchases')
  @Authz(AUTHZ.adminOnly(200))
  @HttpCode(200)
  @ApiOperation({
    summary:
      "Sets a user's purchases (product id -> owned, products priced above 0): grants and revocations recorded with the admin as author.",
  })
  @ApiOkResponse({
    description: 'UserPurchasesAnswer: { uid, purchases, history (its first page, newest first) }.',
  })
  updateUserPurchases(
    @CurrentActor() actor: Actor,
    @Body() input: UpdateUserPurchasesDto,
  ): Promise<UserPurchasesAnswer> {
    return this.rpc.request(Subjects.catalog.updateUserPurchases, { actor, input });
  }

  @Get('admin/user-purchases')
  @Authz(AUTHZ.adminOnly(200))
  @ApiOperation({
    summary:
      'A user\'s purchases (all) and a page of their grant/revocation history, newest first (ADR 0026: `cursor`, `limit` 1..100 default 50; the history\'s next page is the `Link: rel="next"` header).',
  })
  @ApiOkResponse({ description: 'UserPurchasesAnswer: { uid, purchases, history }.' })
  async userPurchases(
    @CurrentActor() actor: Actor,
    @Query() { uid, cursor, limit }: UserPurchasesQuery,
    @Req() request: FastifyRequest,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<UserPurchasesAnswer> {
    const { next, ...answer } = await this.rpc.request(Subjects.catalog.userPurchases, {
      actor,
      uid,
      page: { cursor, limit },
    });
    setNextLink(reply, request.url, next);
    return answer;
  }
}
