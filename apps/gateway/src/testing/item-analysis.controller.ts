import { Readable } from 'node:stream';
import { Controller, Get, Inject, Param, Query, Req, Res } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiProduces, ApiTags } from '@nestjs/swagger';
import { Throttle } from '@nestjs/throttler';
// content-disposition 3 is ESM only (see admin-users.controller.ts)
import { create as contentDisposition } from 'content-disposition';
import type { FastifyReply, FastifyRequest } from 'fastify';
import {
  type Actor,
  csvCell,
  csvHeader,
  ITEM_STATS_CSV_COLUMNS,
  ITEM_STATS_CSV_FILE_NAME,
  type ItemErrorRates,
  ItemStatsExportQueryDto,
  ItemStatsFiltersDto,
  type ItemStatsDetail,
  type ItemStatsListAnswer,
  ItemStatsListQueryDto,
  type ItemStatsPage,
  ItemStatsQidDto,
  type ItemStatsRow,
  Subjects,
} from '@examprep/contracts';
import { NatsRpcClient, rootLogger } from '@examprep/nest-kit';
import { AdminOnly, CurrentActor } from '../auth/auth.decorators';
import { AUTHZ, Authz } from '../auth/authz.decorator';
import { setNextLink, STREAMED, type StreamedJson } from '../http/pages';
import { perMinute } from '../http/rate-limit';

/** Rows per page of the streamed CSV export. */
export const ITEM_STATS_EXPORT_PAGE = 100;

/**
 * One CSV line of a row: numbers as they are (a negative discrimination is a number, not a
 * formula), empty for null, text through csvCell (its formula guard and quoting).
 */
export function itemStatsCsvLine(row: ItemStatsRow): string {
  const cell = (v: unknown) => (typeof v === 'number' ? String(v) : csvCell(v));
  return `${ITEM_STATS_CSV_COLUMNS.map((c) => cell(row[c])).join(',')}\r\n`;
}

/** item_analysis.csv written as the testing service's pages are read (ADR 0026). */
export function itemStatsCsvStream(
  first: ItemStatsPage,
  next: (cursor: string) => Promise<ItemStatsPage>,
): Readable {
  async function* write(): AsyncGenerator<string> {
    yield csvHeader(ITEM_STATS_CSV_COLUMNS);
    for (let page: ItemStatsPage | null = first; page !== null;) {
      if (page.items.length > 0) yield page.items.map(itemStatsCsvLine).join('');
      page = page.next === null ? null : await next(page.next);
    }
  }
  const stream = Readable.from(write(), { objectMode: false });
  stream.on('error', (err) => {
    rootLogger().error({ err: String(err) }, 'item analysis export broke off after the headers');
  });
  return stream;
}

/** Item analysis (issue 28 part 4, ADR 0037): the testing service's statistics, admins only. */
@ApiTags('admin')
@AdminOnly()
@Controller('admin/item-analysis')
export class ItemAnalysisController {
  constructor(@Inject(NatsRpcClient) private readonly rpc: NatsRpcClient) {}

  @Get()
  @Authz(AUTHZ.adminOnly(200))
  @ApiOperation({
    summary:
      'A page of the per-question statistics (facility, discrimination, n, flag rate, median time) under course/objective, in the order asked (ADR 0026: `cursor`, `limit` 1..100 default 50; the next page is the `Link: rel="next"` header).',
  })
  async list(
    @CurrentActor() actor: Actor,
    @Query() { cursor, limit, course, objective, sort, dir }: ItemStatsListQueryDto,
    @Req() request: FastifyRequest,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<ItemStatsListAnswer> {
    const page = await this.rpc.request(Subjects.testing.itemStatsList, {
      actor,
      query: { course, objective, sort, dir },
      page: { cursor, limit },
    });
    setNextLink(reply, request.url, page.next);
    return { items: page.items };
  }

  @Get('error-rates')
  @Authz(AUTHZ.adminOnly(200))
  @ApiOperation({
    summary: 'Error rates per generator topic and per named misconception under course/objective.',
  })
  errorRates(
    @CurrentActor() actor: Actor,
    @Query() { course, objective }: ItemStatsFiltersDto,
  ): Promise<ItemErrorRates> {
    return this.rpc.request(Subjects.testing.itemErrorRates, {
      actor,
      filters: { course, objective },
    });
  }

  @Get('export')
  @Authz(AUTHZ.adminOnly(200))
  @Throttle(perMinute(10))
  @ApiOperation({
    summary: `Export: ${ITEM_STATS_CSV_FILE_NAME} (${ITEM_STATS_CSV_COLUMNS.join(', ')}) under the filters, in the order asked, streamed in pages (the header line only when none).`,
  })
  @ApiProduces('text/csv')
  @ApiOkResponse({ description: 'text/csv; charset=utf-8, CRLF line ends.' })
  async export(
    @CurrentActor() actor: Actor,
    @Query() { course, objective, sort, dir }: ItemStatsExportQueryDto,
    @Res() reply: FastifyReply,
  ): Promise<StreamedJson<string>> {
    const page = (cursor?: string) =>
      this.rpc.request(Subjects.testing.itemStatsList, {
        actor,
        query: { course, objective, sort, dir },
        page: { cursor, limit: ITEM_STATS_EXPORT_PAGE },
      });
    // the first page before any header: a refusal (400, 403) is still a status of its own; no
    // rows is a file with its header only (the screen says there was nothing to export)
    const first = await page();
    await reply
      .status(200)
      .header('content-type', 'text/csv; charset=utf-8')
      .header(
        'content-disposition',
        contentDisposition(ITEM_STATS_CSV_FILE_NAME, { type: 'attachment' }),
      )
      .header('cache-control', 'no-store')
      .send(itemStatsCsvStream(first, (cursor) => page(cursor)));
    return STREAMED;
  }

  @Get('questions/:qid')
  @Authz(AUTHZ.adminOnly(404))
  @ApiOperation({
    summary:
      "One question's statistics: its row, how often each option was chosen (with the misconception a wrong option stands for), and the time histogram.",
  })
  get(@CurrentActor() actor: Actor, @Param() { qid }: ItemStatsQidDto): Promise<ItemStatsDetail> {
    return this.rpc.request(Subjects.testing.itemStatsGet, { actor, qid });
  }
}
