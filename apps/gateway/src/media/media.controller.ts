import { Body, Controller, Get, HttpCode, Inject, Param, Post, Query } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { Throttle } from '@nestjs/throttler';
import {
  type Actor,
  CreateUploadDto,
  DownloadFileQuery,
  MEDIA_MESSAGES,
  type SignedMediaAnswer,
  SignedUrlQuery,
  Subjects,
  type UploadTicket,
  type WorkbookManifest,
  WorkbookParam,
  WorkbookVideoQuery,
} from '@examprep/contracts';
import { NatsRpcClient } from '@examprep/nest-kit';
import { AdminOnly, Authenticated, CurrentActor } from '../auth/auth.decorators';
import { perMinute } from '../http/rate-limit';
import { AUTHZ, Authz } from '../auth/authz.decorator';

/**
 * Learner spec §3-§4, §7 and admin spec §7: signed media URLs, workbooks and their videos,
 * downloads, and the admin's upload tickets (ADR 0020). The media service decides who may have
 * which file (its policy table); these routes only authenticate, validate and pass the actor.
 */
@ApiTags('media')
@Controller()
export class MediaController {
  constructor(@Inject(NatsRpcClient) private readonly rpc: NatsRpcClient) {}

  @Get('getSignedUrl')
  @Authz({ anonymous: 401, unverified: 403, learner: 200, otherLearner: 403, admin: 200 })
  @Authenticated()
  @Throttle(perMinute(600))
  @ApiOperation({
    summary:
      "A presigned GET (60 min) for a question image or video, a workbook, a workbook video or a download. Admins: any; learners: a question of one of their tests (explanation image and video once its answer may be shown) and products they own or that are free. Else 403 'You do not have access to this file.', whether or not the file exists; malformed paths 400.",
  })
  @ApiOkResponse({ description: '{ signedUrl, expiresAt } (SignedMediaAnswer)' })
  signedUrl(
    @CurrentActor() actor: Actor,
    @Query() { path }: SignedUrlQuery,
  ): Promise<SignedMediaAnswer> {
    return this.rpc.request(Subjects.media.sign, { actor, path });
  }

  @Get('getWorkbookVideoUrl')
  @Authz({ anonymous: 401, unverified: 403, learner: 200, otherLearner: 403, admin: 200 })
  @Authenticated()
  @Throttle(perMinute(120))
  @ApiOperation({
    summary:
      "A presigned GET for a workbook's chapter video (owners of the workbook, free products, admins).",
  })
  @ApiOkResponse({ description: '{ signedUrl, expiresAt } (SignedMediaAnswer)' })
  workbookVideoUrl(
    @CurrentActor() actor: Actor,
    @Query() { videoPath }: WorkbookVideoQuery,
  ): Promise<SignedMediaAnswer> {
    return this.rpc.request(Subjects.media.workbookVideo, { actor, videoPath });
  }

  @Get('download-file-free')
  @Authz({ anonymous: 401, unverified: 403, learner: 200, otherLearner: 200, admin: 200 })
  @Authenticated({ missingMessage: MEDIA_MESSAGES.authRequired })
  @Throttle(perMinute(30))
  @ApiOperation({
    summary:
      'A presigned GET (attachment) for a download of a free product, for every signed-in user; opened in a new tab.',
  })
  @ApiOkResponse({ description: '{ signedUrl, expiresAt } (SignedMediaAnswer)' })
  downloadFree(
    @CurrentActor() actor: Actor,
    @Query() { filePath }: DownloadFileQuery,
  ): Promise<SignedMediaAnswer> {
    return this.rpc.request(Subjects.media.download, { actor, filePath, tier: 'free' });
  }

  @Get('download-file-paid')
  @Authz({ anonymous: 401, unverified: 403, learner: 200, otherLearner: 403, admin: 200 })
  @Authenticated({ missingMessage: MEDIA_MESSAGES.authRequired })
  @Throttle(perMinute(30))
  @ApiOperation({
    summary:
      'A presigned GET (attachment) for a download of a paid product, for its owners; opened in a new tab.',
  })
  @ApiOkResponse({ description: '{ signedUrl, expiresAt } (SignedMediaAnswer)' })
  downloadPaid(
    @CurrentActor() actor: Actor,
    @Query() { filePath }: DownloadFileQuery,
  ): Promise<SignedMediaAnswer> {
    return this.rpc.request(Subjects.media.download, { actor, filePath, tier: 'paid' });
  }

  @Get('workbooks/:productId')
  @Authz({ anonymous: 401, unverified: 403, learner: 200, otherLearner: 403, admin: 200 })
  @Authenticated()
  @Throttle(perMinute(60))
  @ApiOperation({
    summary:
      "A workbook's manifest: its PDF path, page and question counts, chapters with their videos (owners, free products, admins).",
  })
  @ApiOkResponse({ description: 'WorkbookManifest' })
  workbook(
    @CurrentActor() actor: Actor,
    @Param() { productId }: WorkbookParam,
  ): Promise<WorkbookManifest> {
    return this.rpc.request(Subjects.media.workbook, { actor, productId });
  }

  @Post('admin/media/uploads')
  @Authz(AUTHZ.adminOnly(201))
  @AdminOnly()
  @HttpCode(201)
  @Throttle(perMinute(60))
  @ApiOperation({
    summary:
      'Announces an upload (slot, contentType, size, fileName): a presigned PUT (15 min) to staging, checked by content when the question save names its uploadId. Images PNG/JPEG/WebP up to 5 MB, videos MP4 up to 100 MB.',
  })
  @ApiOkResponse({
    description: 'UploadTicket { uploadId, url, method, headers, expiresAt, maxBytes }',
  })
  createUpload(
    @CurrentActor() actor: Actor,
    @Body() input: CreateUploadDto,
  ): Promise<UploadTicket> {
    return this.rpc.request(Subjects.media.createUpload, { actor, input });
  }
}
