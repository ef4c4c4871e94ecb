import { Controller, Get, Inject, Query } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import {
  type Actor,
  Subjects,
  type TestExport,
  TestExportQuery,
  type UserTestsAnswer,
  UserTestsQuery,
} from '@examprep/contracts';
import { NatsRpcClient } from '@examprep/nest-kit';
import { AdminOnly, CurrentActor } from '../auth/auth.decorators';
import { AUTHZ, Authz } from '../auth/authz.decorator';

/** Admin spec §2.1: View Gradebook's list of a user's tests and the export of one test. */
@ApiTags('admin')
@AdminOnly()
@Controller()
export class AdminTestsController {
  constructor(@Inject(NatsRpcClient) private readonly rpc: NatsRpcClient) {}

  @Get('admin/user-tests')
  @Authz(AUTHZ.adminOnly(200))
  @ApiOperation({ summary: 'Every test of a user (finished or not), newest first.' })
  @ApiOkResponse({ description: '{ tests: TestSummary[] }' })
  userTests(
    @CurrentActor() actor: Actor,
    @Query() { uid }: UserTestsQuery,
  ): Promise<UserTestsAnswer> {
    return this.rpc.request(Subjects.testing.userTests, { actor, uid });
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
