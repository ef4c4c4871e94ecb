import { Body, Controller, Delete, Get, HttpCode, Inject, Post } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import {
  type Actor,
  type AdminUserRow,
  type AuthUser,
  DeleteUserDataDto,
  DeleteUserDto,
  GenerateTestTokenDto,
  SetAllowSignupDto,
  type SignupStatus,
  Subjects,
  type TestTokenResponse,
} from '@examprep/contracts';
import { NatsRpcClient, rootLogger } from '@examprep/nest-kit';
import { AdminOnly, CurrentActor } from '../auth/auth.decorators';
import { Throttle } from '@nestjs/throttler';
import { perMinute } from '../http/rate-limit';
import { AUTHZ, Authz } from '../auth/authz.decorator';

/** How long the user list waits for the testing service's counts before showing none. */
export const TEST_COUNTS_TIMEOUT_MS = 2_000;

/**
 * Admin spec §2.1 Tests column: each row's number of tests from the testing service (0 when it
 * has none); null in every row when the counts could not be had.
 */
export function withTestCounts(
  rows: AdminUserRow[],
  counts: Record<string, number> | null,
): AdminUserRow[] {
  return rows.map((row) => ({
    ...row,
    tests: counts === null ? null : Object.hasOwn(counts, row.uid) ? (counts[row.uid] ?? 0) : 0,
  }));
}

/** Admin spec §2.1 and §7: user management. */
@ApiTags('admin')
@AdminOnly()
@Controller()
export class AdminUsersController {
  constructor(@Inject(NatsRpcClient) private readonly rpc: NatsRpcClient) {}

  @Get('list-auth-users')
  @Authz(AUTHZ.adminOnly(200))
  @ApiOperation({
    summary: 'Accounts of the identity provider: uid, email, emailVerified, isAdmin.',
  })
  listAuthUsers(@CurrentActor() actor: Actor): Promise<AuthUser[]> {
    return this.rpc.request(Subjects.identity.listAuthUsers, { actor });
  }

  @Get('admin/users')
  @Authz(AUTHZ.adminOnly(200))
  @ApiOperation({
    summary:
      'Accounts and user documents merged, admins first then by email; `tests` = the user’s tests (null when the testing service did not answer).',
  })
  async listUsers(@CurrentActor() actor: Actor): Promise<AdminUserRow[]> {
    // asked together; the list must load even when the testing service does not answer
    const [rows, counts] = await Promise.all([
      this.rpc.request(Subjects.identity.listUsers, { actor }),
      this.rpc
        .request(Subjects.testing.testCounts, { actor }, { timeoutMs: TEST_COUNTS_TIMEOUT_MS })
        .then((r) => r.counts)
        .catch((err: unknown) => {
          rootLogger().warn({ err }, 'admin users: test counts unavailable');
          return null;
        }),
    ]);
    return withTestCounts(rows, counts);
  }

  @Delete('delete-user')
  @Authz(AUTHZ.adminOnly(404))
  @HttpCode(200)
  @ApiOperation({ summary: 'Deletes the account in the identity provider (not admins).' })
  deleteUser(
    @CurrentActor() actor: Actor,
    @Body() { userId }: DeleteUserDto,
  ): Promise<{ deleted: true }> {
    return this.rpc.request(Subjects.identity.deleteUser, { actor, userId });
  }

  @Post('admin/allow-signup')
  @Authz(AUTHZ.adminOnly(400))
  @HttpCode(200)
  @ApiOperation({
    summary: "Opens or closes sign-ups (stored, and applied to Keycloak's registration).",
  })
  setAllowSignup(
    @CurrentActor() actor: Actor,
    @Body() { allowSignup }: SetAllowSignupDto,
  ): Promise<SignupStatus> {
    return this.rpc.request(Subjects.identity.setAllowSignup, { actor, allowSignup });
  }

  @Post('admin/generate-test-token')
  @Authz(AUTHZ.adminOnly(404))
  @HttpCode(200)
  @Throttle(perMinute(20))
  @ApiOperation({
    summary:
      'An access token of that user (Keycloak token exchange) to test the API as them; logged.',
  })
  generateTestToken(
    @CurrentActor() actor: Actor,
    @Body() { uid }: GenerateTestTokenDto,
  ): Promise<TestTokenResponse> {
    return this.rpc.request(Subjects.identity.generateTestToken, { actor, uid });
  }

  @Delete('delete-user-data')
  @Authz(AUTHZ.adminOnly(200))
  @HttpCode(200)
  @ApiOperation({ summary: "Deletes the user's data everywhere (publishes user.deleted)." })
  deleteUserData(
    @CurrentActor() actor: Actor,
    @Body() { uid }: DeleteUserDataDto,
  ): Promise<{ deleted: true }> {
    return this.rpc.request(Subjects.identity.deleteUserData, { actor, uid });
  }
}
