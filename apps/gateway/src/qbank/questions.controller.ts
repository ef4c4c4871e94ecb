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
} from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import {
  type Actor,
  type Course,
  type CoursesResponse,
  QidParamDto,
  type Question,
  type QuestionFacets,
  QuestionFiltersDto,
  QuestionInputDto,
  type QuestionListResponse,
  type QuestionsExport,
  Subjects,
  TopicFlagsDto,
  TopicParamsDto,
} from '@examprep/contracts';
import { NatsRpcClient } from '@examprep/nest-kit';
import { AdminOnly, CurrentActor } from '../auth/auth.decorators';
import { AUTHZ, Authz } from '../auth/authz.decorator';

/** Admin spec §2.3-2.5, §7: the question bank. Thin handlers; the qbank service decides. */
@ApiTags('questions (admin)')
@AdminOnly()
@Controller('questions')
export class QuestionsController {
  constructor(@Inject(NatsRpcClient) private readonly rpc: NatsRpcClient) {}

  @Get()
  @Authz(AUTHZ.adminOnly(200))
  @ApiOperation({ summary: 'Questions matching the search and filters of the question list.' })
  list(
    @CurrentActor() actor: Actor,
    @Query() filters: QuestionFiltersDto,
  ): Promise<QuestionListResponse> {
    return this.rpc.request(Subjects.qbank.listQuestions, { actor, filters });
  }

  @Get('export')
  @Authz(AUTHZ.adminOnly(200))
  @ApiOperation({
    summary: 'Export Questions: exportDate, totalQuestions, filters, questions (404 when none).',
  })
  export(
    @CurrentActor() actor: Actor,
    @Query() filters: QuestionFiltersDto,
  ): Promise<QuestionsExport> {
    return this.rpc.request(Subjects.qbank.exportQuestions, { actor, filters });
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
