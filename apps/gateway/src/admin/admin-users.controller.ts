import { Readable } from 'node:stream';
import {
  Body,
  Controller,
  Delete,
  Get,
  HttpCode,
  Inject,
  NotFoundException,
  Post,
  Query,
  Req,
  Res,
} from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiProduces, ApiTags } from '@nestjs/swagger';
// content-disposition 3 is ESM only: tsc's require() of it runs on Node >= 22 (require(esm));
// Jest has it transformed (ESM_PACKAGES in jest.preset.cjs)
import { create as contentDisposition } from 'content-disposition';
import type { FastifyReply, FastifyRequest } from 'fastify';
import {
  type Actor,
  ADMIN_USER_MESSAGES,
  AdminUserFiltersDto,
  type AdminUsersPage,
  type AdminUsersPageReply,
  AdminUsersQueryDto,
  AuthUsersQueryDto,
  type AuthUser,
  csvHeader,
  csvLine,
  ErrorCodes,
  USERS_CSV_COLUMNS,
  USERS_CSV_FILE_NAME,
  type UsersRefreshReport,
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
import { setNextLink, STREAMED, type StreamedJson } from '../http/pages';

/** How long a Refresh may take (a rebuild reads every account and document: ADR 0030). */
export const USERS_REFRESH_TIMEOUT_MS = 120_000;

/** Rows per page of the streamed CSV export. */
export const USERS_EXPORT_PAGE = 100;

/**
 * Export Filtered List (admin spec §2.1): filtered_users.csv, the header then one line per
 * user, written as the identity service's pages are read (ADR 0026: memory holds one page).
 */
export function usersCsvStream(
  first: AdminUsersPageReply,
  next: (cursor: string) => Promise<AdminUsersPageReply>,
): Readable {
  async function* write(): AsyncGenerator<string> {
    yield csvHeader(USERS_CSV_COLUMNS);
    for (let page: AdminUsersPageReply | null = first; page !== null;) {
      if (page.users.length > 0)
        yield page.users.map((r) => csvLine(USERS_CSV_COLUMNS, r)).join('');
      page = page.next === null ? null : await next(page.next);
    }
  }
  const stream = Readable.from(write(), { objectMode: false });
  stream.on('error', (err) => {
    // too late for a status: the connection is cut, and the browser says the export failed
    rootLogger().error({ err: String(err) }, 'users export broke off after the headers');
  });
  return stream;
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
    summary:
      'A page of the identity provider’s accounts: uid, email, emailVerified, isAdmin (ADR 0026: `cursor`, `limit`; the next page is the `Link: rel="next"` header).',
  })
  async listAuthUsers(
    @CurrentActor() actor: Actor,
    @Query() { cursor, limit }: AuthUsersQueryDto,
    @Req() request: FastifyRequest,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<AuthUser[]> {
    const page = await this.rpc.request(Subjects.identity.listAuthUsers, {
      actor,
      page: { cursor, limit },
    });
    setNextLink(reply, request.url, page.next);
    return page.users;
  }

  @Get('admin/users')
  @Authz(AUTHZ.adminOnly(200))
  @ApiOperation({
    summary:
      'A page of the users in auth, in the database or both, admins first then by email, under the filters (ADR 0026: `cursor`, `limit` 1..100 default 50; the next page is the `Link: rel="next"` header); `total` = every user, `matching` = those the filters let through (null with an email filter).',
  })
  async listUsers(
    @CurrentActor() actor: Actor,
    @Query() { cursor, limit, ...filters }: AdminUsersQueryDto,
    @Req() request: FastifyRequest,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<AdminUsersPage> {
    const page = await this.rpc.request(Subjects.identity.listUsers, {
      actor,
      filters,
      page: { cursor, limit },
    });
    setNextLink(reply, request.url, page.next);
    return { users: page.users, total: page.total, matching: page.matching };
  }

  @Get('admin/users/export')
  @Authz(AUTHZ.adminOnly(200))
  @Throttle(perMinute(10))
  @ApiOperation({
    summary:
      'Export Filtered List: filtered_users.csv (uid, email, emailVerified, inDatabase, inAuth, isAdmin, premium, qbankGenerations) of the users the filters let through, streamed in pages (404 when none); header x-total-count when the count is known.',
  })
  @ApiProduces('text/csv')
  @ApiOkResponse({ description: 'text/csv; charset=utf-8, CRLF line ends.' })
  async exportUsers(
    @CurrentActor() actor: Actor,
    @Query() filters: AdminUserFiltersDto,
    @Res() reply: FastifyReply,
  ): Promise<StreamedJson<string>> {
    const page = (cursor?: string) =>
      this.rpc.request(Subjects.identity.listUsers, {
        actor,
        filters,
        page: { cursor, limit: USERS_EXPORT_PAGE },
      });
    // the first page before any header: 'No users match the filters.' is still a 404
    const first = await page();
    if (first.users.length === 0)
      throw new NotFoundException({
        code: ErrorCodes.NOT_FOUND,
        message: ADMIN_USER_MESSAGES.nothingToExport,
      });
    if (first.matching !== null) void reply.header('x-total-count', String(first.matching));
    await reply
      .status(200)
      .header('content-type', 'text/csv; charset=utf-8')
      .header(
        'content-disposition',
        contentDisposition(USERS_CSV_FILE_NAME, { type: 'attachment' }),
      )
      .header('cache-control', 'no-store')
      .send(usersCsvStream(first, (cursor) => page(cursor)));
    return STREAMED;
  }

  @Post('admin/users/refresh')
  @Authz(AUTHZ.adminOnly(200))
  @HttpCode(200)
  @Throttle(perMinute(6))
  @ApiOperation({
    summary:
      'Rebuilds the user list from Keycloak and the database now (otherwise every hour): accounts and documents made outside the app appear.',
  })
  refreshUsers(@CurrentActor() actor: Actor): Promise<UsersRefreshReport> {
    return this.rpc.request(
      Subjects.identity.refreshUsers,
      { actor },
      { timeoutMs: USERS_REFRESH_TIMEOUT_MS },
    );
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
