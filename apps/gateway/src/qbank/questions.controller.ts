import {
  Body,
  Controller,
  Delete,
  Get,
  HttpCode,
  Inject,
  Param,
  Patch,
  Post,
  Put,
  Query,
  Req,
  Res,
} from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import type { FastifyReply, FastifyRequest } from 'fastify';
import {
  type Actor,
  type Course,
  type CoursesResponse,
  QidParamDto,
  type Question,
  type QuestionFacets,
  QuestionFiltersDto,
  QuestionInputDto,
  QuestionListQueryDto,
  type QuestionListResponse,
  type QuestionsExport,
  type QuestionsExportPage,
  Subjects,
  TopicFlagsDto,
  TopicParamsDto,
} from '@examprep/contracts';
import { NatsRpcClient } from '@examprep/nest-kit';
import { AdminOnly, CurrentActor } from '../auth/auth.decorators';
import { AUTHZ, Authz } from '../auth/authz.decorator';
import { jsonExportStream, setNextLink, STREAMED, type StreamedJson } from '../http/pages';

/** What the streamed export answers (ADR 0026): one JSON value, one question a line. */
const EXPORT_DESCRIPTION =
  'QuestionsExport {exportDate, totalQuestions, filters, questions}, written as the pages are read; header x-total-count = totalQuestions.';

/** Admin spec §2.3-2.5, §7: the question bank. Thin handlers; the qbank service decides. */
@ApiTags('questions (admin)')
@AdminOnly()
@Controller('questions')
export class QuestionsController {
  constructor(@Inject(NatsRpcClient) private readonly rpc: NatsRpcClient) {}

  @Get()
  @Authz(AUTHZ.adminOnly(200))
  @ApiOperation({
    summary:
      'A page of the questions matching the search and filters (ADR 0026: `cursor`, `limit` 1..100 default 50; the next page is the `Link: rel="next"` header); `total` counts them all.',
  })
  async list(
    @CurrentActor() actor: Actor,
    @Query() { cursor, limit, ...filters }: QuestionListQueryDto,
    @Req() request: FastifyRequest,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<QuestionListResponse> {
    const page = await this.rpc.request(Subjects.qbank.listQuestions, {
      actor,
      filters,
      page: { cursor, limit },
    });
    setNextLink(reply, request.url, page.next);
    return { questions: page.questions, total: page.total };
  }

  @Get('export')
  @Authz(AUTHZ.adminOnly(200))
  @ApiOperation({
    summary:
      'Export Questions: exportDate, totalQuestions, filters, questions (404 when none), streamed in pages of 100.',
  })
  @ApiOkResponse({ description: EXPORT_DESCRIPTION })
  async export(
    @CurrentActor() actor: Actor,
    @Query() filters: QuestionFiltersDto,
    @Res() reply: FastifyReply,
  ): Promise<StreamedJson<QuestionsExport>> {
    // the first page before any header: 'No questions to export.' is still a 404
    const first = await this.rpc.request(Subjects.qbank.exportQuestions, { actor, filters });
    const nextPage = (page: QuestionsExportPage) =>
      page.next === null
        ? null
        : this.rpc.request(Subjects.qbank.exportQuestions, { actor, filters, cursor: page.next });
    // a search or a media filter has no maintained count: a first pass counts the pages (one
    // at a time, nothing kept), so the file keeps the spec's order with its count up front
    let total = first.totalQuestions;
    if (total === null) {
      total = 0;
      for (let page: QuestionsExportPage | null = first; page !== null;) {
        total += page.questions.length;
        const after = nextPage(page);
        page = after === null ? null : await after;
      }
    }
    const body = jsonExportStream<QuestionsExportPage>({
      head: { exportDate: first.exportDate, totalQuestions: total, filters: first.filters },
      key: 'questions',
      first,
      rows: (page) => page.questions,
      next: nextPage,
    });
    await reply
      .status(200)
      .header('content-type', 'application/json; charset=utf-8')
      .header('x-total-count', String(total))
      .header('cache-control', 'no-store')
      .send(body);
    return STREAMED;
  }

  @Get('facets')
  @Authz(AUTHZ.adminOnly(200))
  @ApiOperation({ summary: 'Course and objective names in use, for the editor pickers.' })
  facets(@CurrentActor() actor: Actor): Promise<QuestionFacets> {
    return this.rpc.request(Subjects.qbank.facets, { actor });
  }

  @Get(':qid')
  @Authz(AUTHZ.adminOnly(404))
  get(@CurrentActor() actor: Actor, @Param() { qid }: QidParamDto): Promise<Question> {
    return this.rpc.request(Subjects.qbank.getQuestion, { actor, qid });
  }

  @Post()
  @Authz(AUTHZ.adminOnly(400))
  @ApiOperation({ summary: 'Creates a question under a new random qid (save rules of §5).' })
  create(@CurrentActor() actor: Actor, @Body() input: QuestionInputDto): Promise<Question> {
    return this.rpc.request(Subjects.qbank.createQuestion, { actor, input });
  }

  @Put(':qid')
  @Authz(AUTHZ.adminOnly(400))
  update(
    @CurrentActor() actor: Actor,
    @Param() { qid }: QidParamDto,
    @Body() input: QuestionInputDto,
  ): Promise<Question> {
    return this.rpc.request(Subjects.qbank.updateQuestion, { actor, qid, input });
  }

  @Post(':qid/duplicate')
  @Authz(AUTHZ.adminOnly(404))
  @ApiOperation({ summary: 'Copies a question under a new qid.' })
  duplicate(@CurrentActor() actor: Actor, @Param() { qid }: QidParamDto): Promise<Question> {
    return this.rpc.request(Subjects.qbank.duplicateQuestion, { actor, qid });
  }

  @Delete(':qid')
  @Authz(AUTHZ.adminOnly(404))
  @HttpCode(200)
  delete(@CurrentActor() actor: Actor, @Param() { qid }: QidParamDto): Promise<{ deleted: true }> {
    return this.rpc.request(Subjects.qbank.deleteQuestion, { actor, qid });
  }
}

/** Admin spec §2.6: the course topic catalogue. */
@ApiTags('courses (admin)')
@AdminOnly()
@Controller('courses')
export class CoursesController {
  constructor(@Inject(NatsRpcClient) private readonly rpc: NatsRpcClient) {}

  @Get()
  @Authz(AUTHZ.adminOnly(200))
  @ApiOperation({ summary: 'Fetch courses: success and a courses map keyed by course id.' })
  list(@CurrentActor() actor: Actor): Promise<CoursesResponse> {
    return this.rpc.request(Subjects.qbank.listCourses, { actor });
  }

  @Patch(':courseId/topics/:topicKey')
  @Authz(AUTHZ.adminOnly(400))
  @ApiOperation({
    summary: "Sets a topic's Free and/or Available flag (needs a generator to turn on).",
  })
  setTopicFlags(
    @CurrentActor() actor: Actor,
    @Param() { courseId, topicKey }: TopicParamsDto,
    @Body() input: TopicFlagsDto,
  ): Promise<Course> {
    return this.rpc.request(Subjects.qbank.setTopicFlags, { actor, courseId, topicKey, input });
  }
}
