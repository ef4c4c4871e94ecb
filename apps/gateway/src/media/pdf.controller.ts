import { Body, Controller, Get, Inject, Post, Query, Res } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiProduces, ApiTags } from '@nestjs/swagger';
import { Throttle } from '@nestjs/throttler';
import {
  type Actor,
  MEDIA_MESSAGES,
  PdfFileQuery,
  StampedPdfDto,
  Subjects,
} from '@examprep/contracts';
import { NatsRpcClient } from '@examprep/nest-kit';
import type { FastifyReply } from 'fastify';
import { Authenticated, CurrentActor } from '../auth/auth.decorators';
import { GatewayEnv } from '../config/gateway.env';
import { perMinute } from '../http/rate-limit';
import { sendPdf } from './pdf-stream';
import { Authz } from '../auth/authz.decorator';

const PDF_RESPONSE =
  'The PDF (application/pdf, Content-Length, Content-Disposition: attachment; filename, and filename* for a name beyond plain ASCII).';
const PDF_CONTENT = { 'application/pdf': { schema: { type: 'string', format: 'binary' } } };

/**
 * Learner spec §7: the PDFs streamed through the gateway (ADR 0020 §4). The media service checks
 * access and locates the object; the gateway streams it, holding no storage credentials. A
 * store that fails before the first byte is 503 STORAGE_UNAVAILABLE.
 */
@ApiTags('media')
@Authenticated({ missingMessage: MEDIA_MESSAGES.authRequired })
@Controller()
export class PdfController {
  constructor(
    @Inject(NatsRpcClient) private readonly rpc: NatsRpcClient,
    private readonly env: GatewayEnv,
  ) {}

  @Post('generate-stamped-pdf')
  @Authz({ anonymous: 401, unverified: 403, learner: 200, otherLearner: 403, admin: 400 })
  // costly (a stamped copy of a 1000-question workbook); the media service also keeps the
  // per-product limit of 10 per 24 hours (429 with the spec's text)
  @Throttle(perMinute(6))
  @ApiOperation({
    summary:
      "The workbook with the buyer's email stamped on every page and in its metadata, saved as '{Workbook-Name}-{email}.pdf' (owners, admins; 10 per product per 24 h).",
  })
  @ApiProduces('application/pdf')
  @ApiOkResponse({ description: PDF_RESPONSE, content: PDF_CONTENT })
  async stamped(
    @CurrentActor() actor: Actor,
    @Body() { workbookPath }: StampedPdfDto,
    @Res() reply: FastifyReply,
  ): Promise<void> {
    const located = await this.rpc.request(Subjects.media.stamp, { actor, workbookPath });
    await sendPdf(reply, located, this.env.STORAGE_TIMEOUT_MS);
  }

  @Get('proxy-pdf')
  @Authz({ anonymous: 401, unverified: 403, learner: 403, otherLearner: 403, admin: 404 })
  @Throttle(perMinute(20))
  @ApiOperation({ summary: 'A PDF download of a product the caller owns, by file name.' })
  @ApiProduces('application/pdf')
  @ApiOkResponse({ description: PDF_RESPONSE, content: PDF_CONTENT })
  async proxyPdf(
    @CurrentActor() actor: Actor,
    @Query() { file }: PdfFileQuery,
    @Res() reply: FastifyReply,
  ): Promise<void> {
    const located = await this.rpc.request(Subjects.media.pdf, { actor, file, tier: 'paid' });
    await sendPdf(reply, located, this.env.STORAGE_TIMEOUT_MS);
  }

  @Get('proxy-free-pdf')
  @Authz({ anonymous: 401, unverified: 403, learner: 200, otherLearner: 200, admin: 200 })
  @Throttle(perMinute(20))
  @ApiOperation({ summary: 'A PDF download of a free product, by file name.' })
  @ApiProduces('application/pdf')
  @ApiOkResponse({ description: PDF_RESPONSE, content: PDF_CONTENT })
  async proxyFreePdf(
    @CurrentActor() actor: Actor,
    @Query() { file }: PdfFileQuery,
    @Res() reply: FastifyReply,
  ): Promise<void> {
    const located = await this.rpc.request(Subjects.media.pdf, { actor, file, tier: 'free' });
    await sendPdf(reply, located, this.env.STORAGE_TIMEOUT_MS);
  }
}
