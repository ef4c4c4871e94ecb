import { Controller, Get, Inject, Query, Req, Res } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import type { FastifyReply, FastifyRequest } from 'fastify';
import {
  type Actor,
  Subjects,
  type TestExport,
  TestExportQuery,
  type UserTestsAnswer,
  UserTestsPageQuery,
} from '@examprep/contracts';
import { NatsRpcClient } from '@examprep/nest-kit';
import { AdminOnly, CurrentActor } from '../auth/auth.decorators';
import { AUTHZ, Authz } from '../auth/authz.decorator';
import { setNextLink } from '../http/pages';

/** Admin spec §2.1: View Gradebook's list of a user's tests and the export of one test. */
@ApiTags('admin')
@AdminOnly()
@Controller()
export class AdminTestsController {
  constructor(@Inject(NatsRpcClient) private readonly rpc: NatsRpcClient) {}

  @Get('admin/user-tests')
  @Authz(AUTHZ.adminOnly(200))
  @ApiOperation({
    summary:
      'A page of the tests of a user (finished or not), newest first (ADR 0026: `cursor`, `limit` 1..100 default 50; the next page is the `Link: rel="next"` header).',
  })
  @ApiOkResponse({ description: '{ tests: TestSummary[] }' })
  async userTests(
    @CurrentActor() actor: Actor,
    @Query() { uid, cursor, limit }: UserTestsPageQuery,
    @Req() request: FastifyRequest,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<UserTestsAnswer> {
    const page = await this.rpc.request(Subjects.testing.userTests, {
      actor,
      uid,
      page: { cursor, limit },
    });
    setNextLink(reply, request.url, page.next);
    return { tests: page.tests };
  }

  @Get('admin/test-export')
  @Authz(AUTHZ.adminOnly(200))
  @ApiOperation({
    summary:
      'The whole stored test (answers and question snapshot) as the export file: path users/{uid}/tests/{id}, fetchedAt, test.',
  })
  @ApiOkResponse({ description: 'TestExport' })
  exportTest(
    @CurrentActor() actor: Actor,
    @Query() { uid, testId }: TestExportQuery,
  ): Promise<TestExport> {
    return this.rpc.request(Subjects.testing.exportTest, { actor, uid, testId });
  }
}
